import { z } from 'zod';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from './error-definition.js';

/**
 * Brand content written per language (notices, banners, popups, the help centre, promotions): any of the spec's
 * interface languages, each optional, read in the reader's language with the brand's fallbacks.
 */

export const interfaceLanguageSchema = z.enum(INTERFACE_LANGUAGES);

type PerLanguageShape<T extends z.ZodType> = { [Code in InterfaceLanguage]: z.ZodOptional<T> };

/** The fields of a text per interface language, every language optional (a shape to spread or to wrap). */
export function perInterfaceLanguageShape<T extends z.ZodType>(entry: T): PerLanguageShape<T> {
  return Object.fromEntries(INTERFACE_LANGUAGES.map((code) => [code, entry.optional()])) as PerLanguageShape<T>;
}

/** A text per interface language, every language optional; a key that is not one of them is refused. */
export const perInterfaceLanguage = <T extends z.ZodType>(entry: T) => z.strictObject(perInterfaceLanguageShape(entry));

/**
 * The text to show a reader of `language`: its own, else the first of `fallbacks` that has one (the brand's default
 * language, say), else any language's in a fixed order, so that every reader sees the same fallback.
 */
export function textForReader<T>(texts: Partial<Record<string, T>>, language: string, ...fallbacks: string[]): T | undefined {
  for (const code of [language, ...fallbacks]) {
    const text = texts[code];
    if (text !== undefined && text !== null && text !== '') return text;
  }
  const first = Object.keys(texts)
    .filter((code) => texts[code] !== undefined && texts[code] !== null && texts[code] !== '')
    .sort()[0];
  return first === undefined ? undefined : texts[first];
}
