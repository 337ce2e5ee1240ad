import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './packs/es-first';
import { DEFAULT_LANGUAGE, i18nextName, intlLocale, normaliseLanguage, textDirection, UI_LANGUAGES, type UiLanguage } from './languages';
import { setNumberLocale } from '../money';
import { readStoredLanguage, storeLanguage } from '../session';

export { DEFAULT_LANGUAGE, intlLocale, LANGUAGE_TABLE, languageInfo, normaliseLanguage, textDirection, UI_LANGUAGES, type UiLanguage } from './languages';

/** The stored choice wins; otherwise ES (the spec's default). */
export const initialLanguage: UiLanguage = normaliseLanguage(readStoredLanguage()) ?? DEFAULT_LANGUAGE;

/**
 * Spanish, the default (spec §1), comes with the page; every other pack loads when it is first chosen, so a visitor
 * downloads one language.
 */
type Pack = { default: Record<string, string> };
/** One JSON file per language in `packs/` (`pt-br.json`), each its own chunk. */
const JSON_PACKS = import.meta.glob<Pack>('./packs/*.json');
const LATER_PACKS: Partial<Record<UiLanguage, () => Promise<Pack>>> = {
  EN: () => import('./packs/en'),
  ...Object.fromEntries(
    Object.entries(JSON_PACKS).flatMap(([file, load]) => {
      const language = normaliseLanguage(file.replace(/^.*\/|\.json$/g, ''));
      return language ? [[language, load]] : [];
    }),
  ),
};
const loading = new Map<UiLanguage, Promise<void>>();

/** Loads a language's pack once (a failed load is tried again on the next choice). */
export function loadLanguage(language: UiLanguage): Promise<void> {
  const load = LATER_PACKS[language];
  if (!load) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = load().then(({ default: pack }) => {
      i18n.addResourceBundle(i18nextName(language), 'translation', pack, true, true);
    });
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

void i18n.use(initReactI18next).init({
  resources: { ES: { translation: es } },
  partialBundledLanguages: true,
  lng: i18nextName(initialLanguage),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: UI_LANGUAGES.map(i18nextName),
  interpolation: { escapeValue: false },
  initAsync: false,
});

let areaTexts: Promise<void> | undefined;

/**
 * The Spanish texts of the areas that load later (the fallback of every language, and the texts of Spanish itself):
 * loaded once, with the first such area (`lazyArea`). A failed load is tried again with the next area.
 */
export function loadAreaTexts(): Promise<void> {
  areaTexts ??= import('./packs/es-areas').then(({ default: pack }) => {
    i18n.addResourceBundle(i18nextName(DEFAULT_LANGUAGE), 'translation', pack, true, false);
  });
  areaTexts.catch(() => (areaTexts = undefined));
  return areaTexts;
}

/** Settles when the first language's pack is in (at once for Spanish); the app renders after it. */
export const languageReady: Promise<void> = loadLanguage(initialLanguage);

export function currentLanguage(): UiLanguage {
  return normaliseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

let wanted: UiLanguage = initialLanguage;

/** What the page says about its language: `lang` (its BCP 47 tag), the writing direction, and how numbers are written. */
function applyToPage(language: UiLanguage): void {
  document.documentElement.lang = Intl.getCanonicalLocales(language)[0]!;
  document.documentElement.dir = textDirection(language);
  setNumberLocale(intlLocale(language));
}

/** Switches the interface once the language's pack is in; of several quick choices, the last one wins. */
export function changeLanguage(language: UiLanguage, persist = true): Promise<void> {
  if (persist) storeLanguage(language);
  wanted = language;
  return loadLanguage(language).then(async () => {
    if (wanted !== language) return;
    applyToPage(language);
    await i18n.changeLanguage(i18nextName(language));
  });
}

applyToPage(initialLanguage);

export default i18n;
