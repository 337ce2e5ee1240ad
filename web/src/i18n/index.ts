import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './packs/es';
import { readStoredLanguage, storeLanguage } from '../session';

export type UiLanguage = 'ES' | 'EN';
export const UI_LANGUAGES: readonly UiLanguage[] = ['ES', 'EN'];
export const DEFAULT_LANGUAGE: UiLanguage = 'ES';

export function normaliseLanguage(raw: string | null | undefined): UiLanguage | undefined {
  if (!raw) return undefined;
  const code = raw.trim().slice(0, 2).toUpperCase();
  return (UI_LANGUAGES as readonly string[]).includes(code) ? (code as UiLanguage) : undefined;
}

/** The stored choice wins; otherwise ES (the spec's default). */
export const initialLanguage: UiLanguage = normaliseLanguage(readStoredLanguage()) ?? DEFAULT_LANGUAGE;

/**
 * Spanish, the default (spec §1), comes with the page; every other pack loads when it is first chosen, so a visitor
 * downloads one language.
 */
const LATER_PACKS: Partial<Record<UiLanguage, () => Promise<{ default: Record<string, string> }>>> = {
  EN: () => import('./packs/en'),
};
const loading = new Map<UiLanguage, Promise<void>>();

/** Loads a language's pack once (a failed load is tried again on the next choice). */
export function loadLanguage(language: UiLanguage): Promise<void> {
  const load = LATER_PACKS[language];
  if (!load) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = load().then(({ default: pack }) => {
      i18n.addResourceBundle(language, 'translation', pack, true, true);
    });
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

void i18n.use(initReactI18next).init({
  resources: { ES: { translation: es } },
  partialBundledLanguages: true,
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...UI_LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Settles when the first language's pack is in (at once for Spanish); the app renders after it. */
export const languageReady: Promise<void> = loadLanguage(initialLanguage);

export function currentLanguage(): UiLanguage {
  return normaliseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

let wanted: UiLanguage = initialLanguage;

/** Switches the interface once the language's pack is in; of several quick choices, the last one wins. */
export function changeLanguage(language: UiLanguage, persist = true): Promise<void> {
  if (persist) storeLanguage(language);
  wanted = language;
  return loadLanguage(language).then(async () => {
    if (wanted !== language) return;
    document.documentElement.lang = language.toLowerCase();
    await i18n.changeLanguage(language);
  });
}

document.documentElement.lang = initialLanguage.toLowerCase();

export default i18n;
