import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import es from './packs/es';
import en from './packs/en';

const here = path.dirname(fileURLToPath(import.meta.url));
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]!).sort();

describe('the language packs', () => {
  const packs: Record<string, Record<string, string>> = { ES: es, EN: en };

  it('have every key of the Spanish pack, and no other', () => {
    for (const [language, pack] of Object.entries(packs)) {
      expect(
        Object.keys(pack).filter((key) => !(key in es)),
        `${language}: keys Spanish lacks`,
      ).toEqual([]);
      expect(
        Object.keys(es).filter((key) => !(key in pack)),
        `${language}: keys missing`,
      ).toEqual([]);
    }
  });

  it('name the same placeholders as the Spanish text, and leave no text empty', () => {
    for (const [language, pack] of Object.entries(packs)) {
      for (const [key, text] of Object.entries(pack)) {
        expect(typeof text === 'string' && text.trim().length > 0, `${language} ${key}: empty`).toBe(true);
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(es[key as keyof typeof es] ?? ''));
      }
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
