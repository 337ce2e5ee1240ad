/** The shape of an error catalogue entry; the catalogue itself is in errors.ts and its area files. */
export type Language = 'ES' | 'EN';
export const LANGUAGES: readonly Language[] = ['ES', 'EN'] as const;
export const DEFAULT_LANGUAGE: Language = 'ES';

export interface ErrorDefinition {
  status: number;
  message: Record<Language, string>;
}

export const def = (status: number, EN: string, ES: string): ErrorDefinition => ({ status, message: { EN, ES } });
