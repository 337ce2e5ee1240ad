import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@wps/contracts';
import es from './packs/es';
import en from './packs/en';
import { intlLocale, LANGUAGE_TABLE, normaliseLanguage, textDirection, UI_LANGUAGES } from './languages';

const here = path.dirname(fileURLToPath(import.meta.url));
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]!).sort();
const tags = (text: string): string[] => [...text.matchAll(/<\/?(\d+|[a-z]+)\s*\/?>/g)].map((match) => match[0]).sort();

/** Keys Spanish writes in plural forms (`_one` and `_other`); every language writes its own forms of them. */
const pluralBases = new Set(
  Object.keys(es)
    .filter((key) => key.endsWith('_one') && key.replace(/_one$/, '_other') in es)
    .map((key) => key.replace(/_one$/, '')),
);

/**
 * The keys a language must have, each with the Spanish key it translates. Spanish and English write "one" and
 * "other" (their "many" is only for compact numbers such as "1 M", which the interface does not write).
 */
function expectedKeys(language: string): Map<string, string> {
  if (language === 'ES' || language === 'EN') return new Map(Object.keys(es).map((key) => [key, key]));
  const categories = new Intl.PluralRules(intlLocale(language)).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const key of Object.keys(es)) {
    const base = key.replace(/_(one|other)$/, '');
    if (key === base || !pluralBases.has(base)) expected.set(key, key);
    else if (key.endsWith('_one')) for (const category of categories) expected.set(`${base}_${category}`, `${base}_other`);
  }
  return expected;
}

const jsonPacks = Object.fromEntries(
  readdirSync(path.join(here, 'packs'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, '').toUpperCase(), JSON.parse(readFileSync(path.join(here, 'packs', file), 'utf8')) as Record<string, string>]),
);
const packs: Record<string, Record<string, string>> = { ES: es, EN: en, ...jsonPacks };

describe('the language packs', () => {
  it('cover every interface language of the spec, one file each', () => {
    expect([...UI_LANGUAGES].sort()).toEqual([...INTERFACE_LANGUAGES].sort());
    expect(Object.keys(packs).sort()).toEqual([...INTERFACE_LANGUAGES].sort());
  });

  it('have every key of the Spanish pack, in the plural forms of their language, and no other', () => {
    for (const [language, pack] of Object.entries(packs)) {
      const expected = expectedKeys(language);
      expect(
        Object.keys(pack).filter((key) => !expected.has(key)),
        `${language}: keys Spanish lacks`,
      ).toEqual([]);
      expect(
        [...expected.keys()].filter((key) => !(key in pack)),
        `${language}: keys missing`,
      ).toEqual([]);
    }
  });

  it('name the same placeholders and tags as the Spanish text, and leave no text empty', () => {
    for (const [language, pack] of Object.entries(packs)) {
      const expected = expectedKeys(language);
      for (const [key, text] of Object.entries(pack)) {
        const source = es[expected.get(key) as keyof typeof es] ?? '';
        expect(typeof text === 'string' && text.trim().length > 0, `${language} ${key}: empty`).toBe(true);
        // A plural form may leave the number out where its language does ("one" in Arabic).
        const plural = expected.get(key) !== key;
        const named = (text: string) => placeholders(text).filter((name) => !plural || name !== 'count');
        expect(named(text), `${language} ${key}`).toEqual(named(source));
        expect(tags(text), `${language} ${key}`).toEqual(tags(source));
      }
    }
  });

  it('are translations, not copies of the English', () => {
    // Names, codes and loanwords stay as they are; a pack that is mostly English was never translated. (Spanish is no
    // test: Portuguese shares many words with it.)
    for (const [language, pack] of Object.entries(jsonPacks)) {
      const sentences = Object.entries(pack).filter(([key]) => (en as Record<string, string>)[key]?.includes(' '));
      const copied = sentences.filter(([key, text]) => text === (en as Record<string, string>)[key]);
      // Roman Urdu is written with English loanwords ("Demo deposit", "Log in") as its readers write it.
      const allowed = language === 'UR-LATN' ? 0.12 : 0.05;
      expect(copied.length / sentences.length, `${language}: ${copied.map(([key]) => key).join(', ')}`).toBeLessThan(allowed);
    }
  });

  it('take each key from one file only, so no area overwrites another', () => {
    for (const suffix of ['es', 'en']) {
      const owner = new Map<string, string>();
      for (const file of readdirSync(here).filter((name) => name === `${suffix}.json` || name.endsWith(`.${suffix}.json`))) {
        for (const key of Object.keys(JSON.parse(readFileSync(path.join(here, file), 'utf8')) as object)) {
          expect(owner.get(key), `${key} in ${file}`).toBeUndefined();
          owner.set(key, file);
        }
      }
      expect(owner.size).toBe(Object.keys(packs[suffix.toUpperCase()]!).length);
    }
  });
});

describe('the language table', () => {
  it('reads tags a browser or a brand sends', () => {
    expect(normaliseLanguage('pt-br')).toBe('PT-BR');
    expect(normaliseLanguage('pt')).toBe('PT');
    expect(normaliseLanguage('zh_Hant_TW')).toBe('ZH-TW');
    expect(normaliseLanguage('zh-CN')).toBe('ZH');
    expect(normaliseLanguage('es-419')).toBe('ES');
    expect(normaliseLanguage('ur-Latn')).toBe('UR-LATN');
    expect(normaliseLanguage('fil')).toBe('TL');
    expect(normaliseLanguage('de')).toBeUndefined();
    expect(normaliseLanguage('')).toBeUndefined();
  });

  it('writes Arabic, Persian and Urdu right to left, and Roman Urdu left to right', () => {
    expect(LANGUAGE_TABLE.filter((language) => language.dir === 'rtl').map((language) => language.code)).toEqual(['UR', 'AR', 'FA']);
    expect(textDirection('UR-LATN')).toBe('ltr');
  });

  it('gives every language a locale Intl knows', () => {
    for (const language of LANGUAGE_TABLE) expect(Intl.NumberFormat.supportedLocalesOf([language.locale]), language.code).toHaveLength(1);
  });
});
