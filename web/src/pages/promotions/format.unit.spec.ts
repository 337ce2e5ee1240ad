import { describe, expect, it } from 'vitest';
import { freeRoundsPlayBy, headline, isAction, money, percent, periodText, slotName, slotPath, termLines } from './format';
import type { PromotionCardValue } from './promotionsState';

const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? ` ${JSON.stringify(params)}` : ''}`;
const base = {
  promotionId: '1',
  category: 'deposit',
  title: 'T',
  summary: '',
  bannerUrl: null,
  currency: 'MXN',
  startsAt: '2025-01-01T00:00:00Z',
  endsAt: null,
  participation: null,
  sort: 0,
} as const;

describe('promotion figures', () => {
  it('writes minor units as amounts with the currency, and basis points as a percentage', () => {
    expect(money('200000', 'MXN')).toBe('2,000.00 MXN');
    expect(money('5', 'MXN')).toBe('0.05 MXN');
    expect(percent(1_000)).toBe('10%');
    expect(percent(250)).toBe('2.5%');
  });

  it('gives each kind its headline and term lines', () => {
    const match = {
      ...base,
      kind: 'deposit_match',
      state: 'join',
      terms: { percent: 100, maxBonusMinor: '200000', minDepositMinor: '10000', multiple: 20, base: 'bonus_deposit', days: 30 },
    } as PromotionCardValue;
    expect(headline(match, t)).toBe('100% · 2,000.00 MXN');
    expect(termLines(match, t, 'EN')).toEqual([
      'promo_term_match {"percent":100,"max":"2,000.00 MXN"}',
      'promo_term_min_deposit {"amount":"100.00 MXN"}',
      'promo_term_wagering_bonus_deposit {"multiple":20}',
      'promo_term_days {"days":30}',
    ]);
    const raffle = {
      ...base,
      kind: 'raffle',
      state: 'join',
      terms: {
        ticketPerMinor: '100000',
        drawAt: '2025-02-01T02:00:00Z',
        multiple: 1,
        prizes: [
          { rank: 2, amountMinor: '500' },
          { rank: 1, amountMinor: '1000' },
        ],
      },
    } as PromotionCardValue;
    expect(headline(raffle, t)).toBe('15.00 MXN');
    expect(termLines(raffle, t, 'EN').slice(2)).toEqual(['promo_term_raffle_prize {"rank":1,"amount":"10.00 MXN"}', 'promo_term_raffle_prize {"rank":2,"amount":"5.00 MXN"}']);
  });

  it('writes free rounds with the slot by name, the stake, the wagering of what they win and the days to play them', () => {
    const names: Record<string, string> = { house_title_slot_fruits: 'Fruit Party' };
    const named = (key: string, params?: Record<string, unknown>) => names[key] ?? t(key, params && Object.keys(params).some((name) => name !== 'defaultValue') ? params : undefined);
    const rounds = (terms: Record<string, unknown>) =>
      ({ ...base, kind: 'free_rounds', state: 'claim', terms: { game: 'house-slot-fruits', rounds: 20, stakeMinor: '50', playDays: 7, base: 'bonus', days: 14, ...terms } }) as PromotionCardValue;
    const wagered = rounds({ multiple: 10, maxBetMinor: '2000' });
    expect(headline(wagered, named)).toBe('promo_figure_free_rounds {"count":20,"game":"Fruit Party"}');
    expect(termLines(wagered, named, 'EN')).toEqual([
      'promo_term_free_rounds {"count":20,"game":"Fruit Party","stake":"0.50 MXN","multiple":10,"days":7}',
      'promo_term_max_bet {"amount":"20.00 MXN"}',
      'promo_term_free_rounds_bonus_days {"days":14}',
    ]);
    expect(termLines(rounds({ multiple: 0, maxBetMinor: '2000' }), named, 'EN')).toEqual(['promo_term_free_rounds_cash {"count":20,"game":"Fruit Party","stake":"0.50 MXN","multiple":0,"days":7}']);
    expect(slotName('house-slot-unknown', (key, params) => (params?.defaultValue as string) ?? key)).toBe('house-slot-unknown');
    expect(slotPath('house-slot-fruits')).toBe('/house/house-slot-fruits');
    expect(freeRoundsPlayBy('2025-01-01T10:00:00.000Z', 7)).toBe('2025-01-08T10:00:00.000Z');
  });

  it('says when a promotion runs, and which states are actions', () => {
    const now = new Date('2025-06-01T00:00:00Z');
    expect(periodText({ startsAt: '2025-01-01T00:00:00Z', endsAt: null, state: 'join' }, t, 'EN', now)).toBe('promo_period_ongoing');
    expect(periodText({ startsAt: '2025-07-01T00:00:00Z', endsAt: null, state: 'coming_soon' }, t, 'EN', now)).toMatch(/^promo_period_starts/);
    expect(periodText({ startsAt: '2025-01-01T00:00:00Z', endsAt: '2025-12-31T00:00:00Z', state: 'claim' }, t, 'EN', now)).toMatch(/^promo_period_until/);
    expect(['join', 'claim', 'applying', 'signed', 'process'].map((state) => isAction(state as PromotionCardValue['state']))).toEqual([true, true, true, false, false]);
  });
});
