import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@wps/contracts';
import { OTHER_LANGUAGE_TITLES, type OtherLanguage, type PlatformTitleKind } from './title-languages.js';
import { rewardTitle, type RewardTitleParams } from './titles.js';

const OTHER_LANGUAGES = INTERFACE_LANGUAGES.filter((code): code is OtherLanguage => code !== 'ES' && code !== 'EN');
/** Every kind the file must name; the compiler holds this record to exactly the kinds of `PlatformTitleKind`. */
const KIND_SET: Record<PlatformTitleKind, true> = {
  vip_upgrade: true,
  vip_monthly: true,
  vip_birthday: true,
  rebate: true,
  leaderboard: true,
  manual_rebate: true,
  referral: true,
  referee: true,
  raffle: true,
};
const KINDS = Object.keys(KIND_SET) as PlatformTitleKind[];

/** Distinctive facts, none of which a template's own words could contain by chance. */
const SAMPLE: RewardTitleParams = { label: 'Oro-7', month: '2031-04', day: '2031-04-09', rank: '17', week: '2031-04-07', friend: 'amigo_x' };
const MAX = 120;

/** The Spanish or English name titles.ts writes for a grant of `kind` with the sample facts. */
const reference = (kind: PlatformTitleKind, language: 'ES' | 'EN') => rewardTitle({ title: '', title_kind: kind, title_params: SAMPLE }, language);
const occurrences = (text: string, value: string) => text.split(value).length - 1;

/** Every name of the file, with the Spanish and English names of the same grant. */
const entries = OTHER_LANGUAGES.flatMap((code) =>
  KINDS.map((kind) => {
    const template = OTHER_LANGUAGE_TITLES[code]?.[kind];
    return { at: `${code} ${kind}`, text: template ? template(SAMPLE) : undefined, spanish: reference(kind, 'ES'), english: reference(kind, 'EN') };
  }),
);

describe('the platform’s reward names in every other interface language', () => {
  it('covers the 29 languages besides Spanish and English, and nothing else', () => {
    expect(OTHER_LANGUAGES).toHaveLength(29);
    expect(Object.keys(OTHER_LANGUAGE_TITLES).sort()).toEqual([...OTHER_LANGUAGES].sort());
  });

  it('names every kind the platform writes (all of titles.ts’s but a mission), and nothing else, in each', () => {
    for (const kind of KINDS) expect(reference(kind, 'ES'), kind).toBeTruthy();
    for (const code of OTHER_LANGUAGES) expect(Object.keys(OTHER_LANGUAGE_TITLES[code] ?? {}).sort(), code).toEqual([...KINDS].sort());
  });

  it('writes a short name, trimmed, never with a missing fact', () => {
    for (const { at, text } of entries) {
      expect(text?.trim(), at).toBeTruthy();
      expect(text!.length, at).toBeLessThanOrEqual(MAX);
      expect(text, at).toBe(text!.trim());
      expect(text, at).not.toContain('undefined');
    }
  });

  it('carries the facts the Spanish name carries, each as often, and no other', () => {
    for (const { at, text, spanish } of entries) {
      for (const [name, value] of Object.entries(SAMPLE)) expect(occurrences(text!, value), `${at}: ${name}`).toBe(occurrences(spanish, value));
    }
  });

  it('is written in the language, never the English name', () => {
    for (const { at, text, english } of entries) expect(text!.trim().toLowerCase(), at).not.toBe(english.trim().toLowerCase());
  });

  it('are what a stored grant reads as in its reader’s language; an operator’s name missing in it reads in Spanish', () => {
    const row = (kind: string, params: RewardTitleParams) => ({ title: 'kept', title_kind: kind, title_params: JSON.stringify(params) });
    expect(rewardTitle(row('vip_upgrade', SAMPLE), 'FR')).toBe(OTHER_LANGUAGE_TITLES.FR.vip_upgrade(SAMPLE));
    expect(rewardTitle(row('raffle', SAMPLE), 'AR')).toBe(OTHER_LANGUAGE_TITLES.AR.raffle(SAMPLE));
    expect(rewardTitle(row('mission', { ES: 'Gira 20 veces', EN: 'Spin 20 times', JA: '20回スピン' }), 'JA')).toBe('20回スピン');
    expect(rewardTitle(row('mission', { ES: 'Gira 20 veces', EN: 'Spin 20 times' }), 'KO')).toBe('Gira 20 veces');
    expect(rewardTitle({ title: 'Sobre rojo', title_kind: null, title_params: null }, 'FR')).toBe('Sobre rojo');
  });
});
