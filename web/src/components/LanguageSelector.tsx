import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES, type UiLanguage } from '../i18n';
import { usePreferences } from '../state/preferences';
import { GlobeIcon } from './Icons';

export function LanguageSelector() {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <label className="lang-select" title={t('header_language')}>
      <GlobeIcon />
      <span className="sr-only">{t('header_language')}</span>
      <select data-testid="language-select" value={language} onChange={(event) => setLanguage(event.target.value as UiLanguage)}>
        {UI_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {code} · {t(`lang_${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
