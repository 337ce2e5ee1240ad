import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES, NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX, noticeBodySchema } from '@wps/contracts';
import { cleanTexts } from './rules.js';
import { NOTICES } from './seed.js';
import { DEMO_NOTICE_LANGUAGES, type OtherLanguage } from './seed-languages.js';

const OTHER_LANGUAGES = INTERFACE_LANGUAGES.filter((code): code is OtherLanguage => code !== 'ES' && code !== 'EN');
const PLAYER_NOTICES = NOTICES.filter((notice) => notice.type === 'PL');

/** The tags of some HTML in order, closing ones with their slash: `<p>a <strong>b</strong></p>` → p, strong, /strong, /p. */
const tagsOf = (html: string): string[] => [...html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi)].map(([, slash, name]) => `${slash}${name!.toLowerCase()}`);
/** Amounts, counts and times as written (`$5,000`, `10%`, `03:00`, `6`) and the payment method's name. */
const keptTokensOf = (text: string): string[] => [...text.replace(/<[^>]*>/g, ' ').matchAll(/\$?\d+(?:[.,:]\d+)*%?|SPEI/g)].map(([token]) => token);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Every text of the file, with where it is for the failure message. */
const entries = PLAYER_NOTICES.flatMap((notice) => OTHER_LANGUAGES.map((code) => ({ at: `${notice.key} ${code}`, english: notice.texts.EN, text: DEMO_NOTICE_LANGUAGES[notice.key]?.[code] })));

describe('the demo player notices in every interface language', () => {
  it('covers the 29 languages besides Spanish and English, for every player notice, and nothing else', () => {
    expect(OTHER_LANGUAGES).toHaveLength(29);
    expect(PLAYER_NOTICES.length).toBeGreaterThanOrEqual(6);
    for (const notice of PLAYER_NOTICES) {
      expect(Object.keys(DEMO_NOTICE_LANGUAGES[notice.key] ?? {}).sort(), notice.key).toEqual([...OTHER_LANGUAGES].sort());
    }
    // Every key is a seeded player notice: a renamed or removed notice leaves no texts behind.
    expect(Object.keys(DEMO_NOTICE_LANGUAGES).sort()).toEqual(PLAYER_NOTICES.map((notice) => notice.key).sort());
  });

  it('has a title and a content in each, within the limits', () => {
    for (const { at, text } of entries) {
      expect(text?.title.trim(), at).toBeTruthy();
      expect(text?.content.trim(), at).toBeTruthy();
      expect(text!.title.length, at).toBeLessThanOrEqual(NOTICE_TITLE_MAX);
      expect(text!.content.length, at).toBeLessThanOrEqual(NOTICE_CONTENT_MAX);
      expect(text!.title, at).not.toMatch(/[<>]/);
    }
  });

  it('keeps the English notice’s tags, in the same order', () => {
    for (const { at, english, text } of entries) expect(tagsOf(text!.content), at).toEqual(tagsOf(english.content));
  });

  it('is written in the language, never the English text', () => {
    for (const { at, english, text } of entries) {
      expect(same(text!.title, english.title), `${at} title`).toBe(false);
      expect(same(text!.content, english.content), `${at} content`).toBe(false);
    }
  });

  it('keeps the amounts, times and payment names as the English notice writes them', () => {
    for (const { at, english, text } of entries) {
      for (const token of keptTokensOf(english.content)) expect(text!.content, `${at}: ${token}`).toContain(token);
      for (const token of keptTokensOf(english.title)) expect(text!.title, `${at}: ${token}`).toContain(token);
    }
  });

  it('seeds as written: the operator’s notice schema accepts the merged texts and cleaning changes nothing', () => {
    for (const notice of PLAYER_NOTICES) {
      const body = noticeBodySchema.parse({ type: 'PL', texts: { ...notice.texts, ...DEMO_NOTICE_LANGUAGES[notice.key] } });
      const cleaned = cleanTexts(body.texts);
      expect(Object.keys(cleaned)).toHaveLength(INTERFACE_LANGUAGES.length);
      for (const code of OTHER_LANGUAGES) {
        const written = DEMO_NOTICE_LANGUAGES[notice.key]![code];
        expect(cleaned[code], `${notice.key} ${code}`).toEqual(written);
      }
    }
  });
});
