import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from '../state/theme';
import { MoonIcon, SunIcon } from './Icons';

/** Switches between the light and the dark theme; its name says what a press does. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'light' ? 'header_theme_light' : 'header_theme_dark');
  return (
    <button type="button" className="icon-button theme-toggle" data-testid="theme-toggle" data-theme-now={theme} aria-label={label} title={label} onClick={() => setTheme(next)}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
