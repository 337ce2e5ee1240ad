import { describe, expect, it } from 'vitest';
import type { ContractTier } from '@wps/contracts';
import { brandTiersProblem, contractFlag, DEMO_TERMS, exceedsCap, firstRateAbove, tiersMismatch, tiersWithinCap } from '../../domain/offers.js';
import { localParts, nextPeriodStart, periodBounds, zonedTime } from '../../domain/offers-periods.js';

const MX = 'America/Mexico_City';
const brand = DEMO_TERMS.dividend.tiers;
const withRates = (tiers: readonly ContractTier[], rates: number[]): ContractTier[] => tiers.map((tier, index) => ({ ...tier, rateBp: rates[index]! }));

describe('contract tiers', () => {
  it('accepts tiers on the brand’s thresholds in its order, and says what is wrong otherwise', () => {
    expect(tiersMismatch(withRates(brand, [500, 1000, 1500]), brand)).toBeNull();
    expect(tiersMismatch(withRates(brand, [500, 1000]), brand.slice(0, 3))).toBeNull();
    expect(tiersMismatch(brand.slice(0, 2), brand)).toBe('3 tiers expected, 2 given');
    expect(tiersMismatch([brand[1]!, brand[0]!, brand[2]!], brand)).toMatch(/^tier 1 must be base 5000000, 5 active$/);
    expect(tiersMismatch([{ ...brand[0]!, minActive: 4 }, brand[1]!, brand[2]!], brand)).toMatch(/^tier 1/);
  });

  it('caps every rate by the upline’s on the same tier: equal is allowed, one basis point more is not', () => {
    const upline = withRates(brand, [800, 1500, 2500]);
    expect(firstRateAbove(withRates(brand, [800, 1500, 2500]), upline)).toBeNull();
    expect(firstRateAbove(withRates(brand, [800, 1501, 2500]), upline)).toEqual({ tier: 2, max: 1500 });
    expect(firstRateAbove(withRates(brand, [0, 0, 2501]), upline)).toEqual({ tier: 3, max: 2500 });
    // Without a contract above, nothing but zero fits.
    expect(exceedsCap(withRates(brand, [0, 0, 0]), null)).toBe(false);
    expect(exceedsCap(withRates(brand, [0, 1, 0]), null)).toBe(true);
  });

  it('keeps an invitation’s tiers that are on the brand’s thresholds and within the upline’s rates, dropping the rest', () => {
    const upline = withRates(brand, [800, 1500, 2500]);
    const offered = [...withRates(brand, [800, 1600, 2000]), { minBaseMinor: '1', minActive: 1, rateBp: 1 }];
    expect(tiersWithinCap(offered, brand, upline)).toEqual([
      { ...brand[0]!, rateBp: 800 },
      { ...brand[2]!, rateBp: 2000 },
    ]);
  });

  it('checks a brand’s tier table: growing thresholds, and real-time tiers naming their bets', () => {
    expect(brandTiersProblem('dividend', brand)).toBeNull();
    expect(brandTiersProblem('dividend', [brand[1]!, brand[0]!])).toBe('tier 2 must need more than tier 1');
    expect(brandTiersProblem('realtime', DEMO_TERMS.realtime.tiers)).toBeNull();
    expect(brandTiersProblem('realtime', [{ minBaseMinor: '0', minActive: 0, rateBp: 1 }])).toMatch(/names the bets/);
    expect(brandTiersProblem('daily', DEMO_TERMS.realtime.tiers)).toMatch(/only real-time/);
  });

  it('has the demo tables of the domain notes, in minor units', () => {
    expect(DEMO_TERMS.dividend.tiers[0]).toEqual({ minBaseMinor: '5000000', minActive: 5, rateBp: 1000 });
    expect(DEMO_TERMS.daily.tiers[2]).toEqual({ minBaseMinor: '200000000', minActive: 30, rateBp: 80 });
    expect(DEMO_TERMS.hourly.tiers[0]!.minBaseMinor).toBe(String(BigInt(DEMO_TERMS.daily.tiers[0]!.minBaseMinor) / 10n));
    expect(DEMO_TERMS.realtime.tiers.map((tier) => [tier.on, tier.rateBp])).toEqual([
      ['loss', 50],
      ['win', 20],
      ['single', 10],
    ]);
  });

  it('derives the consolidated flag of a kind', () => {
    expect(contractFlag({ enabled: false, agent: true, pendingToMe: true, contracted: true })).toBe(0);
    expect(contractFlag({ enabled: true, agent: false, pendingToMe: false, contracted: true })).toBe(0);
    expect(contractFlag({ enabled: true, agent: true, pendingToMe: false, contracted: false })).toBe(1);
    expect(contractFlag({ enabled: true, agent: true, pendingToMe: true, contracted: true })).toBe(2);
    expect(contractFlag({ enabled: true, agent: true, pendingToMe: false, contracted: true })).toBe(3);
  });
});

describe('contract periods in the brand’s time zone', () => {
  // Mexico City is UTC-6 all year (no daylight saving since 2022).
  it('starts a day at local midnight', () => {
    const late = new Date('2026-03-10T05:59:59Z'); // 23:59:59 on the 9th, local
    expect(periodBounds('daily', late, MX)).toEqual({ start: new Date('2026-03-09T06:00:00Z'), end: new Date('2026-03-10T06:00:00Z') });
    expect(nextPeriodStart('daily', new Date('2026-03-10T06:00:00Z'), MX)).toEqual(new Date('2026-03-11T06:00:00Z'));
  });

  it('splits a month on the 1st and the 16th, the second half running to the month’s end', () => {
    expect(periodBounds('semi-monthly', new Date('2026-02-15T23:00:00Z'), MX)).toEqual({
      start: new Date('2026-02-01T06:00:00Z'),
      end: new Date('2026-02-16T06:00:00Z'),
    });
    // 00:30 local on the 16th is already the second half.
    expect(periodBounds('semi-monthly', new Date('2026-02-16T06:30:00Z'), MX)).toEqual({
      start: new Date('2026-02-16T06:00:00Z'),
      end: new Date('2026-03-01T06:00:00Z'),
    });
    // 23:00 local on 31 December is still December: the next half starts on 1 January.
    expect(nextPeriodStart('semi-monthly', new Date('2027-01-01T05:00:00Z'), MX)).toEqual(new Date('2027-01-01T06:00:00Z'));
    expect(nextPeriodStart('monthly', new Date('2026-12-20T00:00:00Z'), MX)).toEqual(new Date('2027-01-01T06:00:00Z'));
  });

  it('starts a week on Monday, local time', () => {
    // Sunday 1 March 2026, 23:00 local = Monday 05:00 UTC: still the week that began Monday 23 February.
    const sundayNight = new Date('2026-03-02T05:00:00Z');
    expect(localParts(sundayNight, MX)).toMatchObject({ day: 1, hour: 23, weekday: 6 });
    expect(periodBounds('weekly', sundayNight, MX)).toEqual({ start: new Date('2026-02-23T06:00:00Z'), end: new Date('2026-03-02T06:00:00Z') });
    expect(nextPeriodStart('weekly', new Date('2026-03-02T06:00:00Z'), MX)).toEqual(new Date('2026-03-09T06:00:00Z'));
  });

  it('counts hours and 5-minute slices', () => {
    expect(periodBounds('hourly', new Date('2026-03-10T12:34:56Z'), MX)).toEqual({ start: new Date('2026-03-10T12:00:00Z'), end: new Date('2026-03-10T13:00:00Z') });
    expect(periodBounds('hourly', new Date('2026-03-10T12:34:56Z'), 'Asia/Kolkata')).toEqual({
      start: new Date('2026-03-10T12:30:00Z'),
      end: new Date('2026-03-10T13:30:00Z'),
    });
    expect(periodBounds('5min', new Date('2026-03-10T12:34:56Z'), MX)).toEqual({ start: new Date('2026-03-10T12:30:00Z'), end: new Date('2026-03-10T12:35:00Z') });
  });

  it('follows daylight saving where the zone has it', () => {
    // New York springs forward on 8 March 2026: that day has 23 hours.
    const day = periodBounds('daily', new Date('2026-03-08T15:00:00Z'), 'America/New_York');
    expect(day).toEqual({ start: new Date('2026-03-08T05:00:00Z'), end: new Date('2026-03-09T04:00:00Z') });
    expect(zonedTime('America/New_York', 2026, 3, 8, 2, 30).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
});
