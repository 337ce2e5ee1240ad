import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES, promotionBodySchema } from '@wps/contracts';
import { STANDING, dated } from './demo.js';
import { DEMO_PROMOTION_LANGUAGES, demoPromotionLanguages, type OtherLanguage } from './demo-languages.js';

const OTHER_LANGUAGES = INTERFACE_LANGUAGES.filter((code): code is OtherLanguage => code !== 'ES' && code !== 'EN');
const NOW = new Date('2025-06-01T12:00:00Z');
const DEMOS = [...STANDING, ...dated(NOW)];
/** The file's key for a demo promotion: its slug, a dated one's without the date. */
const keyOf = (slug: string) => slug.replace(/-\d{4}-\d{2}-\d{2}$/, '');
/** Spec limits of a promotion's card texts (`textsSchema` of the promotions contract). */
const TITLE_MAX = 80;
const SUMMARY_MAX = 160;

/** Amounts, percentages and counts as written (`$2,000`, `10%`, `20`) and the game's name. */
const keptTokensOf = (text: string): string[] => [...text.matchAll(/\$?\d+(?:[.,:]\d+)*%?|Fruit Party/g)].map(([token]) => token);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Every card text of the file, with the English one it says in another language. */
const entries = DEMOS.flatMap((demo) =>
  OTHER_LANGUAGES.flatMap((code) => {
    const text = DEMO_PROMOTION_LANGUAGES[keyOf(demo.slug)]?.[code];
    return [
      { at: `${demo.slug} ${code} title`, english: demo.titles.EN, text: text?.title, max: TITLE_MAX },
      { at: `${demo.slug} ${code} summary`, english: demo.summaries?.EN ?? '', text: text?.summary, max: SUMMARY_MAX },
    ];
  }),
);

describe('the demo promotions in every interface language', () => {
  it('covers the 29 languages besides Spanish and English, for every demo promotion, and nothing else', () => {
    expect(OTHER_LANGUAGES).toHaveLength(29);
    expect(DEMOS).toHaveLength(13);
    for (const demo of DEMOS) {
      expect(Object.keys(DEMO_PROMOTION_LANGUAGES[keyOf(demo.slug)] ?? {}).sort(), demo.slug).toEqual([...OTHER_LANGUAGES].sort());
    }
    // Every key is a demo promotion: a renamed or removed one leaves no texts behind.
    expect(Object.keys(DEMO_PROMOTION_LANGUAGES).sort()).toEqual(DEMOS.map((demo) => keyOf(demo.slug)).sort());
  });

  it('has a title and a summary in each, within the card’s limits', () => {
    for (const { at, text, max } of entries) {
      expect(text?.trim(), at).toBeTruthy();
      expect(text!.length, at).toBeLessThanOrEqual(max);
      expect(text, at).toBe(text!.trim());
    }
  });

  it('is written in the language, never the English text', () => {
    for (const { at, english, text } of entries) expect(same(text!, english), at).toBe(false);
  });

  it('keeps the amounts and the game’s name as the English card writes them', () => {
    for (const { at, english, text } of entries) {
      for (const token of keptTokensOf(english)) expect(text, `${at}: ${token}`).toContain(token);
    }
  });

  it('seeds as written: the promotion schema accepts every demo with its texts merged, in all 31 languages', () => {
    for (const demo of DEMOS) {
      const { slug, ...fields } = demo;
      const translated = demoPromotionLanguages(slug);
      const body = promotionBodySchema.parse({
        currency: 'MXN',
        startsAt: NOW.toISOString(),
        ...fields,
        titles: { ...fields.titles, ...translated.titles },
        summaries: { ...fields.summaries, ...translated.summaries },
      });
      expect(Object.keys(body.titles).sort(), slug).toEqual([...INTERFACE_LANGUAGES].sort());
      expect(Object.keys(body.summaries).sort(), slug).toEqual([...INTERFACE_LANGUAGES].sort());
      expect(body.titles.ES, slug).toBe(demo.titles.ES);
      for (const code of OTHER_LANGUAGES) {
        expect(body.titles[code], `${slug} ${code}`).toBe(DEMO_PROMOTION_LANGUAGES[keyOf(slug)]![code].title);
        expect(body.summaries[code], `${slug} ${code}`).toBe(DEMO_PROMOTION_LANGUAGES[keyOf(slug)]![code].summary);
      }
    }
  });

  it('finds a dated promotion’s texts by its slug without the date, and none for an unknown slug', () => {
    expect(demoPromotionLanguages('demo-raffle-2030-12-31').titles.FR).toBe(DEMO_PROMOTION_LANGUAGES['demo-raffle']!.FR.title);
    expect(demoPromotionLanguages('demo-unknown')).toEqual({ titles: {}, summaries: {} });
  });
});
