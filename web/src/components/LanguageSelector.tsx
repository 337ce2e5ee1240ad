import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TABLE, normaliseLanguage, type UiLanguage } from '../i18n';
import { usePreferences } from '../state/preferences';
import { systemStatusQuery } from '../state/queries';
import { GlobeIcon } from './Icons';

/** The brand's configured languages the interface has a pack for, in the spec's order; every one while the brand is unknown. */
export function useBrandLanguages(): ReadonlyArray<(typeof LANGUAGE_TABLE)[number]> {
  const { data } = useQuery(systemStatusQuery);
  const configured = new Set((data?.info?.merchant?.languages ?? []).map((code) => normaliseLanguage(code)).filter((code): code is UiLanguage => Boolean(code)));
  return configured.size > 0 ? LANGUAGE_TABLE.filter((language) => configured.has(language.code)) : LANGUAGE_TABLE;
}

/** Each language under its own name, so a reader finds theirs whatever the page is in. */
export function LanguageSelector() {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  const languages = useBrandLanguages();
  const listed = languages.some((entry) => entry.code === language) ? languages : [...languages, LANGUAGE_TABLE.find((entry) => entry.code === language)!];
  return (
    <label className="lang-select" title={t('header_language')}>
      <GlobeIcon />
      <span className="sr-only">{t('header_language')}</span>
      <select data-testid="language-select" value={language} onChange={(event) => setLanguage(event.target.value as UiLanguage)}>
        {listed.map((entry) => (
          <option key={entry.code} value={entry.code} lang={entry.locale} dir={entry.dir}>
            {entry.name}
          </option>
        ))}
      </select>
    </label>
  );
}
