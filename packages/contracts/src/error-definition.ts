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

export interface ErrorDefinition {
  status: number;
  message: Record<Language, string>;
}

export const def = (status: number, EN: string, ES: string): ErrorDefinition => ({ status, message: { EN, ES } });
