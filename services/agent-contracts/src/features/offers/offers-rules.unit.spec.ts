import { describe, expect, it } from 'vitest';
import type { ContractTier } from '@wps/contracts';
import { brandTiersProblem, contractFlag, DEMO_TERMS, exceedsCap, firstRateAbove, tiersMismatch, tiersWithinCap } from '../../domain/offers.js';

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
