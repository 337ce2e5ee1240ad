import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { carryIn, carryOver, cappedRate, netMinor, payInOrder, selectTier, settlePeriod, share, type SettlementInput, type Tier } from './settlement.js';

const tier = (minBase: number, minActive: number, rateBp: number): Tier => ({ minBaseMinor: BigInt(minBase), minActive, rateBp });
/** The domain notes' dividend table: loss ≥ 50,000 and ≥ 5 active → 10 %; ≥ 200,000 and ≥ 15 → 20 %; ≥ 1,000,000 and ≥ 40 → 30 %. */
const dividendTiers = [tier(50_000, 5, 1_000), tier(200_000, 15, 2_000), tier(1_000_000, 40, 3_000)];
const flat = (base: bigint) => () => base;

const input = (agentId: string, payerId: string | null, tiers: Tier[], baseMinor: bigint, activeMembers: number, carryInMinor = 0n): SettlementInput => ({
  contractId: `c${agentId}`,
  agentId,
  payerId,
  tiers,
  baseMinor,
  activeMembers,
  carryInMinor,
});

describe('tier selection', () => {
  it('counts a threshold met exactly, and needs every threshold of a tier', () => {
    expect(selectTier(dividendTiers, 15, flat(200_000n))).toBe(1);
    expect(selectTier(dividendTiers, 14, flat(200_000n))).toBe(0);
    expect(selectTier(dividendTiers, 40, flat(199_999n))).toBe(0);
    expect(selectTier(dividendTiers, 4, flat(5_000_000n))).toBeNull();
    expect(selectTier(dividendTiers, 100, flat(49_999n))).toBeNull();
    expect(selectTier(dividendTiers, 40, flat(1_000_000n))).toBe(2);
  });

  it('picks the highest reached tier, whatever order the table is in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(dividendTiers, { minLength: 1 }), fc.bigInt({ min: 0n, max: 3_000_000n }), fc.integer({ min: 0, max: 60 }), (tiers, base, active) => {
        const chosen = selectTier(tiers, active, flat(base));
        const reached = tiers.filter((t) => base >= t.minBaseMinor && active >= t.minActive);
        if (reached.length === 0) return chosen === null;
        return chosen !== null && tiers[chosen]!.rateBp === Math.max(...reached.map((t) => t.rateBp));
      }),
    );
  });

  it('never pays less for a larger base or more active members (shares are monotone in tiers)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 3_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 10 }),
        (base, more, active, moreActive) => {
          const rateOf = (b: bigint, a: number) => cappedRate(dividendTiers, null, selectTier(dividendTiers, a, flat(b)));
          const low = share(base, rateOf(base, active));
          const high = share(base + more, rateOf(base + more, active + moreActive));
          return high >= low && rateOf(base + more, active + moreActive) >= rateOf(base, active);
        },
      ),
    );
  });
});

describe('differential payout (domain notes example)', () => {
  it('300,000 loss with 20 active earns 60,000; D at 10 % on 120,000 earns 12,000, paid by A, who keeps 48,000', () => {
    const aTiers = dividendTiers;
    const dTiers = [tier(50_000, 5, 1_000), tier(200_000, 15, 1_000), tier(1_000_000, 40, 1_000)];
    const [a, d] = settlePeriod([input('A', null, aTiers, 300_000n, 20), input('D', 'A', dTiers, 120_000n, 8)], dividendTiers);
    expect(a).toMatchObject({ tierIndex: 1, rateBp: 2_000, grossMinor: 60_000n, downlineMinor: 12_000n });
    expect(d).toMatchObject({ tierIndex: 0, rateBp: 1_000, grossMinor: 12_000n, downlineMinor: 0n });
    expect(netMinor(a!)).toBe(48_000n);
  });

  it('caps a downline rate above its upline’s for that tier, and lets an equal rate through', () => {
    const upline = [tier(50_000, 5, 1_000), tier(200_000, 15, 1_500)];
    const tooHigh = [tier(50_000, 5, 1_200), tier(200_000, 15, 1_500)];
    const [, d] = settlePeriod([input('A', null, upline, 500_000n, 30), input('D', 'A', tooHigh, 100_000n, 6)], null);
    expect(d).toMatchObject({ tierIndex: 0, rateBp: 1_000, grossMinor: 10_000n });
    const [, e] = settlePeriod([input('A', null, upline, 500_000n, 30), input('D', 'A', tooHigh, 300_000n, 16)], null);
    expect(e).toMatchObject({ tierIndex: 1, rateBp: 1_500, grossMinor: 45_000n });
  });

  it('caps a top agent at the brand’s table, and floors each amount to the minor unit', () => {
    const [a] = settlePeriod([input('A', null, [tier(0, 0, 333)], 1_001n, 0)], [tier(0, 0, 300)]);
    expect(a).toMatchObject({ rateBp: 300, grossMinor: 30n }); // 30.03 → 30
    expect(share(9_999n, 1)).toBe(0n);
    expect(share(-5n, 1_000)).toBe(0n);
  });

  it('gives nothing to a downline whose payer has no contract in the period', () => {
    const [d] = settlePeriod([input('D', 'A', dividendTiers, 500_000n, 30)], dividendTiers);
    expect(d!.grossMinor).toBe(0n);
  });
});

/** A random tree of agents with capped tiers: each agent's team base covers its downline teams' bases. */
const treeArbitrary = fc
  .array(
    fc.record({
      parent: fc.nat(),
      ownBase: fc.bigInt({ min: 0n, max: 2_000_000n }),
      ownActive: fc.integer({ min: 0, max: 20 }),
      rates: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 3, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((nodes) => {
    // Node i's parent is an earlier node, or nobody (a top agent) for node 0 and when the draw says so.
    const parents = nodes.map((node, i) => (i === 0 || node.parent % (i + 1) === i ? null : node.parent % i));
    const base = nodes.map((node) => node.ownBase);
    const active = nodes.map((node) => node.ownActive);
    for (let i = nodes.length - 1; i >= 0; i--) {
      const p = parents[i];
      if (p !== null && p !== undefined) {
        base[p]! += base[i]!;
        active[p]! += active[i]!;
      }
    }
    const tiersOf = (rates: number[]) => [tier(50_000, 2, rates[0]!), tier(200_000, 8, rates[1]!), tier(1_000_000, 20, rates[2]!)];
    return nodes.map((node, i) => input(String(i), parents[i] === null ? null : String(parents[i]), tiersOf([...node.rates].sort((x, y) => x - y)), base[i]!, active[i]!));
  });

describe('settlement properties', () => {
  it('the platform pays out exactly the top agents’ gross, which is what every agent keeps in total', () => {
    fc.assert(
      fc.property(treeArbitrary, (inputs) => {
        const lines = settlePeriod(inputs, dividendTiers);
        const platform = lines.filter((line) => line.payerId === null).reduce((sum, line) => sum + line.grossMinor, 0n);
        const kept = lines.reduce((sum, line) => sum + netMinor(line), 0n);
        const paidDown = lines.reduce((sum, line) => sum + line.downlineMinor, 0n);
        const paidByUplines = lines.filter((line) => line.payerId !== null).reduce((sum, line) => sum + line.grossMinor, 0n);
        return platform === kept && paidDown === paidByUplines;
      }),
    );
  });

  it('leaves every agent a net of at least zero when rates are capped', () => {
    fc.assert(
      fc.property(treeArbitrary, (inputs) => {
        const lines = settlePeriod(inputs, dividendTiers);
        return lines.every((line) => netMinor(line) >= 0n && line.grossMinor >= 0n);
      }),
    );
  });
});

describe('negative carry-over', () => {
  it('carries a won period into the next period of the month, and resets at the month start', () => {
    const first = carryOver(-30_000n, 0n);
    expect(first).toEqual({ effectiveBaseMinor: -30_000n, carryOutMinor: -30_000n });
    const second = carryOver(100_000n, carryIn(first.carryOutMinor, true, true));
    expect(second).toEqual({ effectiveBaseMinor: 70_000n, carryOutMinor: 0n });
    expect(carryIn(-30_000n, false, true)).toBe(0n);
    expect(carryIn(-30_000n, false, false)).toBe(-30_000n);
    const [a] = settlePeriod([input('A', null, dividendTiers, 80_000n, 10, -40_000n)], dividendTiers);
    expect(a).toMatchObject({ baseMinor: 40_000n, tierIndex: null, grossMinor: 0n, carryInMinor: -40_000n, carryOutMinor: 0n });
  });

  it('sums: over a run of periods, what is carried out equals the running sum while it stays negative', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -500_000n, max: 500_000n }), { minLength: 1, maxLength: 20 }), (bases) => {
        let carry = 0n;
        let running = 0n;
        for (const base of bases) {
          const { effectiveBaseMinor, carryOutMinor } = carryOver(base, carryIn(carry, true, true));
          running = (running < 0n ? running : 0n) + base;
          if (effectiveBaseMinor !== running || carryOutMinor !== (running < 0n ? running : 0n)) return false;
          carry = carryOutMinor;
        }
        return true;
      }),
    );
  });
});

describe('debts', () => {
  it('pays what is there, oldest first, and the rest stays owed', () => {
    expect(payInOrder(0n, [5_000n])).toEqual({ paidMinor: [0n], debtMinor: [5_000n], leftMinor: 0n });
    expect(payInOrder(7_000n, [5_000n, 4_000n, 1n])).toEqual({ paidMinor: [5_000n, 2_000n, 0n], debtMinor: [0n, 2_000n, 1n], leftMinor: 0n });
  });

  it('paid plus debt is what was owed, nothing is paid beyond the balance, and a later one waits for the earlier', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -1_000n, max: 1_000_000n }), fc.array(fc.bigInt({ min: 0n, max: 300_000n }), { maxLength: 10 }), (balance, owed) => {
        const { paidMinor, debtMinor, leftMinor } = payInOrder(balance, owed);
        const paid = paidMinor.reduce((a, b) => a + b, 0n);
        const ordered = owed.every((_, i) => i === 0 || paidMinor[i] === 0n || debtMinor[i - 1] === 0n);
        return owed.every((o, i) => paidMinor[i]! + debtMinor[i]! === o && paidMinor[i]! >= 0n) && paid + leftMinor === (balance > 0n ? balance : 0n) && ordered;
      }),
    );
  });
});
