import { interfaceLanguageOf, type InterfaceLanguage } from '@wps/contracts/error-definition';

/**
 * The interface languages (spec §1, in its order): the code the platform stores and sends, the name a speaker
 * knows it by, the locale `Intl` formats numbers and dates with, and the writing direction.
 */
export const LANGUAGE_TABLE = [
  { code: 'ZH', name: '简体中文', locale: 'zh-CN', dir: 'ltr' },
  { code: 'EN', name: 'English', locale: 'en', dir: 'ltr' },
  { code: 'JA', name: '日本語', locale: 'ja', dir: 'ltr' },
  { code: 'TH', name: 'ไทย', locale: 'th', dir: 'ltr' },
  { code: 'VI', name: 'Tiếng Việt', locale: 'vi', dir: 'ltr' },
  { code: 'MY', name: 'မြန်မာ', locale: 'my', dir: 'ltr' },
  { code: 'ES', name: 'Español', locale: 'es-MX', dir: 'ltr' },
  { code: 'HI', name: 'हिन्दी', locale: 'hi', dir: 'ltr' },
  { code: 'ID', name: 'Bahasa Indonesia', locale: 'id', dir: 'ltr' },
  { code: 'KM', name: 'ខ្មែរ', locale: 'km', dir: 'ltr' },
  { code: 'KO', name: '한국어', locale: 'ko', dir: 'ltr' },
  { code: 'MS', name: 'Bahasa Melayu', locale: 'ms', dir: 'ltr' },
  { code: 'PT', name: 'Português', locale: 'pt-PT', dir: 'ltr' },
  { code: 'TA', name: 'தமிழ்', locale: 'ta', dir: 'ltr' },
  { code: 'ZH-TW', name: '繁體中文', locale: 'zh-TW', dir: 'ltr' },
  { code: 'TL', name: 'Tagalog', locale: 'fil', dir: 'ltr' },
  { code: 'UR', name: 'اردو', locale: 'ur', dir: 'rtl' },
  { code: 'UR-LATN', name: 'Roman Urdu', locale: 'ur-Latn', dir: 'ltr' },
  { code: 'PT-BR', name: 'Português (Brasil)', locale: 'pt-BR', dir: 'ltr' },
  { code: 'TR', name: 'Türkçe', locale: 'tr', dir: 'ltr' },
  { code: 'BN', name: 'বাংলা', locale: 'bn', dir: 'ltr' },
  { code: 'AR', name: 'العربية', locale: 'ar', dir: 'rtl' },
  { code: 'FA', name: 'فارسی', locale: 'fa', dir: 'rtl' },
  { code: 'RU', name: 'Русский', locale: 'ru', dir: 'ltr' },
  { code: 'KK', name: 'Қазақ тілі', locale: 'kk', dir: 'ltr' },
  { code: 'UZ', name: 'Oʻzbekcha', locale: 'uz', dir: 'ltr' },
  { code: 'LO', name: 'ລາວ', locale: 'lo', dir: 'ltr' },
  { code: 'NE', name: 'नेपाली', locale: 'ne', dir: 'ltr' },
  { code: 'FR', name: 'Français', locale: 'fr', dir: 'ltr' },
  { code: 'TE', name: 'తెలుగు', locale: 'te', dir: 'ltr' },
  { code: 'SW', name: 'Kiswahili', locale: 'sw', dir: 'ltr' },
] as const satisfies ReadonlyArray<{ code: InterfaceLanguage; name: string; locale: string; dir: 'ltr' | 'rtl' }>;

export type UiLanguage = (typeof LANGUAGE_TABLE)[number]['code'];
export type LanguageInfo = (typeof LANGUAGE_TABLE)[number];

export const UI_LANGUAGES: readonly UiLanguage[] = LANGUAGE_TABLE.map((language) => language.code);
export const DEFAULT_LANGUAGE: UiLanguage = 'ES';

const BY_CODE = new Map<string, LanguageInfo>(LANGUAGE_TABLE.map((language) => [language.code, language]));

/** Reads a code or a language tag ("pt-br", "zh_Hant", "fr-CA", "es") as an interface language, if it is one. */
export function normaliseLanguage(raw: string | null | undefined): UiLanguage | undefined {
  return interfaceLanguageOf(raw);
}

export function languageInfo(language: string): LanguageInfo {
  return BY_CODE.get(normaliseLanguage(language) ?? DEFAULT_LANGUAGE)!;
}

/** The locale `Intl` formats with in a language (es-MX for the default Spanish). */
export function intlLocale(language: string): string {
  return languageInfo(language).locale;
}

export function textDirection(language: string): 'ltr' | 'rtl' {
  return languageInfo(language).dir;
}

/** The name i18next keeps a language under (it writes tags with a region or script in their canonical case). */
export function i18nextName(language: UiLanguage): string {
  return language.includes('-') ? Intl.getCanonicalLocales(language)[0]! : language;
}
