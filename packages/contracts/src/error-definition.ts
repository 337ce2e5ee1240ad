/** The shape of an error catalogue entry; the catalogue itself is in errors.ts and its area files. */
export type Language = 'ES' | 'EN';
export const LANGUAGES: readonly Language[] = ['ES', 'EN'] as const;
export const DEFAULT_LANGUAGE: Language = 'ES';

/** The interface languages of the spec (§1), in its order, by the code a brand configures and a member chooses. */
export const INTERFACE_LANGUAGES = [
  'ZH',
  'EN',
  'JA',
  'TH',
  'VI',
  'MY',
  'ES',
  'HI',
  'ID',
  'KM',
  'KO',
  'MS',
  'PT',
  'TA',
  'ZH-TW',
  'TL',
  'UR',
  'UR-LATN',
  'PT-BR',
  'TR',
  'BN',
  'AR',
  'FA',
  'RU',
  'KK',
  'UZ',
  'LO',
  'NE',
  'FR',
  'TE',
  'SW',
] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

const INTERFACE_CODES = new Set<string>(INTERFACE_LANGUAGES);
/** Tags a browser or a brand may use for a language the list names otherwise. */
const INTERFACE_ALIASES: Record<string, InterfaceLanguage> = { 'ZH-HANT': 'ZH-TW', 'ZH-HK': 'ZH-TW', 'ZH-MO': 'ZH-TW', 'ZH-HANS': 'ZH', 'ZH-CN': 'ZH', FIL: 'TL', 'UR-PK': 'UR' };

/**
 * Reads a code or a language tag ("pt-br", "zh_Hant", "fr-CA", "es", the first of an Accept-Language list) as an
 * interface language, if it is one: the longest known prefix of its subtags.
 */
export function interfaceLanguageOf(raw: string | null | undefined): InterfaceLanguage | undefined {
  if (!raw) return undefined;
  const tag = raw.split(',')[0]!.split(';')[0]!.trim().replaceAll('_', '-').toUpperCase();
  if (!tag) return undefined;
  const parts = tag.split('-');
  for (let length = parts.length; length >= 1; length--) {
    const candidate = parts.slice(0, length).join('-');
    if (INTERFACE_CODES.has(candidate)) return candidate as InterfaceLanguage;
    if (INTERFACE_ALIASES[candidate]) return INTERFACE_ALIASES[candidate];
  }
  return undefined;
}

export interface ErrorDefinition {
  status: number;
  message: Record<Language, string>;
}

export const def = (status: number, EN: string, ES: string): ErrorDefinition => ({ status, message: { EN, ES } });
