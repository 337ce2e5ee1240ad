import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_PRICE, MIN_PRICE, type OutcomeSettlement } from './sportsbook-core.js';
import {
  capPayout,
  cashOutOffer,
  legReturn,
  parlayPayout,
  partialCashOut,
  potentialPayout,
  singlePayout,
  systemBetCount,
  systemCombinations,
  systemPayout,
  type CashOutLeg,
  type ParlayLeg,
} from './sportsbook-settle.js';

const WON: OutcomeSettlement = { outcome: 'home', result: 1, voidFactor: 0 };
const LOST: OutcomeSettlement = { outcome: 'home', result: 0, voidFactor: 0 };
const VOID: OutcomeSettlement = { outcome: 'home', result: 0, voidFactor: 1 };
const HALF_WON: OutcomeSettlement = { outcome: 'home', result: 1, voidFactor: 0.5 };
const HALF_LOST: OutcomeSettlement = { outcome: 'home', result: 0, voidFactor: 0.5 };
const deadHeat = (n: number): OutcomeSettlement => ({ ...WON, deadHeat: [1, n] });

const stake = fc.integer({ min: 1, max: 100_000_000 });
/** Most prices are low; long prices are sampled too. */
const price = fc.oneof(fc.integer({ min: MIN_PRICE, max: 10_000 }), fc.integer({ min: MIN_PRICE, max: MAX_PRICE }));
const settlement: fc.Arbitrary<OutcomeSettlement> = fc.oneof(fc.constantFrom(WON, LOST, VOID, HALF_WON, HALF_LOST), fc.integer({ min: 2, max: 5 }).map(deadHeat));
const settledLeg: fc.Arbitrary<ParlayLeg> = fc.record({ price, settlement });
const won = (price: number): ParlayLeg => ({ price, settlement: WON });
const open = (placedPrice: number, currentPrice = placedPrice): CashOutLeg => ({ placedPrice, currentPrice, marketActive: true });

describe('sportsbook payouts', () => {
  it('returns the price for a win, nothing for a loss, the stake for a void and halves for half results', () => {
    expect(legReturn(1952, WON)).toEqual([244n, 125n]);
    expect(legReturn(1952, LOST)).toEqual([0n, 1n]);
    expect(legReturn(1952, VOID)).toEqual([1n, 1n]);
    expect(legReturn(1900, HALF_WON)).toEqual([29n, 20n]);
    expect(legReturn(1900, HALF_LOST)).toEqual([1n, 2n]);
    expect(legReturn(3000, deadHeat(3))).toEqual([1n, 1n]);
    expect(legReturn(3500, deadHeat(2))).toEqual([7n, 4n]);
  });

  it('pays a single rounded down to the minor unit', () => {
    expect(singlePayout(1000, 1952, WON)).toBe(1952);
    expect(singlePayout(333, 1952, WON)).toBe(650); // 650.016
    expect(singlePayout(1000, 1952, LOST)).toBe(0);
    expect(singlePayout(1000, 1952, VOID)).toBe(1000);
    expect(singlePayout(1001, 1950, HALF_WON)).toBe(1476); // 1001 × 2.95 ÷ 2 = 1476.475
    expect(singlePayout(1001, 1950, HALF_LOST)).toBe(500); // 500.5
    expect(singlePayout(1001, 3500, deadHeat(2))).toBe(1751); // 1751.75
  });

  it('refuses stakes, prices and settlements that are not whole and in range', () => {
    expect(() => singlePayout(-1, 2000, WON)).toThrow(RangeError);
    expect(() => singlePayout(10.5, 2000, WON)).toThrow(RangeError);
    expect(() => singlePayout(10, 999, WON)).toThrow(RangeError);
    expect(() => legReturn(2000, { ...WON, deadHeat: [3, 2] })).toThrow(RangeError);
    expect(() => legReturn(2000, { ...WON, deadHeat: [0, 2] })).toThrow(RangeError);
    expect(() => parlayPayout(10, [])).toThrow(RangeError);
    expect(() => potentialPayout(10, [])).toThrow(RangeError);
  });

  it('pays a parlay on the product of its legs, a void leg at 1.00, rounding once', () => {
    expect(parlayPayout(100, [won(1500), won(2000), won(1800)])).toBe(540);
    expect(parlayPayout(100, [won(1500), { price: 2000, settlement: VOID }, won(1800)])).toBe(270);
    expect(parlayPayout(100, [won(1500), won(1800)])).toBe(270);
    // 333 × 1.333 × 1.333 × 1.333 = 788.7…: rounded once, not leg by leg.
    expect(parlayPayout(333, [won(1333), won(1333), won(1333)])).toBe(788);
    // Half-won at 1.90 → 1.45, half-lost → 0.5: 1000 × 1.45 × 0.5 × 2 = 1450.
    expect(parlayPayout(1000, [{ price: 1900, settlement: HALF_WON }, { price: 1900, settlement: HALF_LOST }, won(2000)])).toBe(1450);
    expect(
      parlayPayout(1000, [
        { price: 1900, settlement: VOID },
        { price: 1900, settlement: VOID },
      ]),
    ).toBe(1000);
  });

  it('loses a parlay on its first lost leg and waits for the rest otherwise', () => {
    expect(parlayPayout(100, [won(1500), { price: 2000 }, { price: 1800, settlement: LOST }])).toBe(0);
    expect(parlayPayout(100, [won(1500), { price: 2000 }, { price: 1800, settlement: HALF_LOST }])).toBeNull();
    expect(parlayPayout(100, [{ price: 2000 }])).toBeNull();
  });

  it('lists the combinations of a system bet in lexicographic order', () => {
    expect(systemCombinations(3, 2)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(systemCombinations(4, 3)).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
    expect(systemCombinations(3, 1)).toEqual([[0], [1], [2]]);
    expect(systemCombinations(2, 2)).toEqual([[0, 1]]);
    expect([systemBetCount(3, 2), systemBetCount(4, 2), systemBetCount(5, 3), systemBetCount(12, 6), systemBetCount(8, 8)]).toEqual([3, 6, 10, 924, 1]);
    for (const [n, k] of [
      [3, 0],
      [3, 4],
      [2.5, 1],
    ] as const) {
      expect(() => systemCombinations(n, k)).toThrow(RangeError);
      expect(() => systemBetCount(n, k)).toThrow(RangeError);
    }
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), (n, k) => {
        fc.pre(k <= n);
        expect(systemCombinations(n, k)).toHaveLength(systemBetCount(n, k));
      }),
    );
  });

  it('pays a 2/3 system bet as three doubles of the unit stake', () => {
    const legs = [won(1500), won(2000), won(3000)];
    // 1.5 × 2 + 1.5 × 3 + 2 × 3 = 3 + 4.5 + 6, each on 100.
    expect(systemPayout(100, legs, 2)).toBe(1350);
    expect(systemPayout(100, [legs[0]!, legs[1]!, { price: 3000, settlement: LOST }], 2)).toBe(300);
    expect(systemPayout(100, [legs[0]!, legs[1]!, { price: 3000, settlement: VOID }], 2)).toBe(300 + 150 + 200);
    expect(systemPayout(100, [legs[0]!, legs[1]!, { price: 3000 }], 2)).toBeNull();
    // Each double is rounded down on its own: 333 × 1.333 × 1.333 = 591.7 three times.
    expect(systemPayout(333, [won(1333), won(1333), won(1333)], 2)).toBe(3 * 591);
    expect(() => systemPayout(100, legs, 4)).toThrow(RangeError);
  });

  it('works out the potential payout at the placed prices and caps a payout, holding an overflow at the safe integers', () => {
    expect(potentialPayout(100, [1500, 2000, 1800])).toBe(540);
    expect(potentialPayout(333, [1333, 1333, 1333])).toBe(788);
    expect(capPayout(540, 500)).toBe(500);
    expect(capPayout(540, 1000)).toBe(540);
    expect(() => capPayout(-1, 1000)).toThrow(RangeError);
    // Twelve legs at 1000.00 overflow the safe integers: held there, then capped.
    const longShots = new Array<number>(12).fill(MAX_PRICE);
    expect(potentialPayout(100, longShots)).toBe(Number.MAX_SAFE_INTEGER);
    expect(capPayout(potentialPayout(100, longShots), 50_000_000)).toBe(50_000_000);
    expect(parlayPayout(100, longShots.map(won))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('offers the stake less the margin at unchanged prices and more as an open leg shortens', () => {
    expect(cashOutOffer({ stakeMinor: 1000, legs: [open(2000)], marginBp: 500 })).toBe(950);
    // 1000 × 2.00 ÷ 1.60 × 0.95 = 1187.5
    expect(cashOutOffer({ stakeMinor: 1000, legs: [open(2000, 1600)], marginBp: 500 })).toBe(1187);
    expect(cashOutOffer({ stakeMinor: 1000, legs: [open(2000, 2500)], marginBp: 500 })).toBe(760);
    // A won leg at 1.50 and an open leg at 2.00 now 1.25: 1000 × 1.5 × 1.6 × 0.95 = 2280.
    expect(cashOutOffer({ stakeMinor: 1000, legs: [{ placedPrice: 1500, marketActive: false, settlement: WON }, open(2000, 1250)], marginBp: 500 })).toBe(2280);
    // A void leg counts 1.00.
    expect(cashOutOffer({ stakeMinor: 1000, legs: [{ placedPrice: 1500, marketActive: false, settlement: VOID }, open(2000)], marginBp: 0 })).toBe(1000);
    // At 1.00 and no margin, the offer is the whole potential payout.
    expect(cashOutOffer({ stakeMinor: 1000, legs: [open(2000, 1000)], marginBp: 0 })).toBe(2000);
  });

  it('makes no offer on a suspended market, a lost leg, a missing price or a decided bet', () => {
    expect(cashOutOffer({ stakeMinor: 1000, legs: [{ ...open(2000), marketActive: false }], marginBp: 500 })).toBeNull();
    expect(cashOutOffer({ stakeMinor: 1000, legs: [{ placedPrice: 2000, marketActive: true }], marginBp: 500 })).toBeNull();
    expect(cashOutOffer({ stakeMinor: 1000, legs: [open(2000), { placedPrice: 1500, marketActive: true, settlement: LOST }], marginBp: 500 })).toBeNull();
    expect(cashOutOffer({ stakeMinor: 1000, legs: [{ placedPrice: 1500, marketActive: false, settlement: WON }], marginBp: 500 })).toBeNull();
    expect(() => cashOutOffer({ stakeMinor: 1000, legs: [open(2000)], marginBp: 10_001 })).toThrow(RangeError);
  });

  it('splits a bet for a partial cash-out, the cashed stake rounded up', () => {
    // 1000 × 500 ÷ 1500 = 333.3 → 334.
    expect(partialCashOut(1000, 1500, 500)).toEqual({ cashedStakeMinor: 334, remainingStakeMinor: 666 });
    expect(partialCashOut(1000, 2000, 1000)).toEqual({ cashedStakeMinor: 500, remainingStakeMinor: 500 });
    expect(() => partialCashOut(1000, 1500, 0)).toThrow(RangeError);
    expect(() => partialCashOut(1000, 1500, 1500)).toThrow(RangeError);
    expect(() => partialCashOut(1000, 1500, 2000)).toThrow(RangeError);
    // 1 × 5 ÷ 10 rounds up to the whole stake: nothing would stay on the bet.
    expect(() => partialCashOut(1, 10, 5)).toThrow(RangeError);
  });

  it('pays a parlay with a void leg as the parlay without it', () => {
    fc.assert(
      fc.property(stake, fc.array(settledLeg, { minLength: 1, maxLength: 6 }), price, fc.nat(), (stake, legs, voidPrice, at) => {
        const withVoid = [...legs];
        withVoid.splice(at % (legs.length + 1), 0, { price: voidPrice, settlement: VOID });
        expect(parlayPayout(stake, withVoid)).toBe(parlayPayout(stake, legs));
      }),
    );
  });

  it('returns exactly (price + 1) ÷ 2 of the stake on a half-win before rounding', () => {
    fc.assert(
      fc.property(stake, price, (stake, price) => {
        const [n, d] = legReturn(price, HALF_WON);
        expect(n * 2000n).toBe(BigInt(price + 1000) * d);
        expect(singlePayout(stake, price, HALF_WON)).toBe(Number((BigInt(stake) * BigInt(price + 1000)) / 2000n));
      }),
    );
  });

  it('pays a dead heat at 1/n the stake × the price', () => {
    fc.assert(
      fc.property(stake, price, fc.integer({ min: 1, max: 20 }), (stake, price, n) => {
        expect(singlePayout(stake, price, deadHeat(n))).toBe(Number((BigInt(stake) * BigInt(price)) / BigInt(1000 * n)));
      }),
    );
  });

  it('never pays more than the stake × the product of the prices', () => {
    fc.assert(
      fc.property(stake, fc.array(settledLeg, { minLength: 1, maxLength: 8 }), (stake, legs) => {
        const payout = parlayPayout(stake, legs)!;
        expect(payout).toBeGreaterThanOrEqual(0);
        expect(payout).toBeLessThanOrEqual(
          potentialPayout(
            stake,
            legs.map((leg) => leg.price),
          ),
        );
      }),
    );
  });

  it('pays a system 1/n as the sum of its singles', () => {
    fc.assert(
      fc.property(stake, fc.array(settledLeg, { minLength: 1, maxLength: 8 }), (stake, legs) => {
        const singles = legs.reduce((sum, leg) => sum + singlePayout(stake, leg.price, leg.settlement!), 0);
        expect(systemPayout(stake, legs, 1)).toBe(singles);
      }),
    );
  });

  it('offers at most the stake at unchanged prices, the stake less the margin', () => {
    fc.assert(
      fc.property(stake, fc.array(price, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 10_000 }), (stake, prices, marginBp) => {
        const offer = cashOutOffer({ stakeMinor: stake, legs: prices.map((placed) => open(placed)), marginBp })!;
        expect(offer).toBeLessThanOrEqual(stake);
        expect(offer).toBe(Math.floor((stake * (10_000 - marginBp)) / 10_000));
      }),
    );
  });

  it('never offers less when an open leg shortens, nor more than the potential payout', () => {
    const cashOutLeg: fc.Arbitrary<CashOutLeg> = fc.oneof(
      fc.record({ placedPrice: price, currentPrice: price, marketActive: fc.constant(true) }),
      fc.record({ placedPrice: price, marketActive: fc.boolean(), settlement: fc.constantFrom(WON, VOID, HALF_WON, HALF_LOST, deadHeat(2)) }),
    );
    fc.assert(
      fc.property(stake, price, price, fc.array(cashOutLeg, { maxLength: 5 }), fc.integer({ min: 0, max: 3_000 }), (stake, placed, current, others, marginBp) => {
        const offerAt = (now: number) => cashOutOffer({ stakeMinor: stake, legs: [open(placed, now), ...others], marginBp })!;
        const shorter = Math.max(1000, current - 100);
        expect(offerAt(shorter)).toBeGreaterThanOrEqual(offerAt(current));
        expect(offerAt(current)).toBeLessThanOrEqual(potentialPayout(stake, [placed, ...others.map((leg) => leg.placedPrice)]));
      }),
    );
  });

  it('offers strictly more on a single whose price shortens by a tenth', () => {
    const shortPrice = fc.integer({ min: 1200, max: 10_000 });
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 100_000_000 }), shortPrice, shortPrice, fc.integer({ min: 0, max: 5_000 }), (stake, placed, current, marginBp) => {
        const offerAt = (now: number) => cashOutOffer({ stakeMinor: stake, legs: [open(placed, now)], marginBp })!;
        expect(offerAt(Math.floor(current * 0.9))).toBeGreaterThan(offerAt(current));
      }),
    );
  });

  it('never cashes more of the stake than the share of the offer taken', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1e9 }), fc.integer({ min: 2, max: 1e9 }), fc.nat(), (stake, offer, pick) => {
        const amount = 1 + (pick % (offer - 1));
        const share = BigInt(stake) * BigInt(amount);
        let split: ReturnType<typeof partialCashOut>;
        try {
          split = partialCashOut(stake, offer, amount);
        } catch (error) {
          // Refused only when the rounded-up share is the whole stake.
          expect(error).toBeInstanceOf(RangeError);
          expect(share > BigInt(stake - 1) * BigInt(offer)).toBe(true);
          return;
        }
        expect(split.cashedStakeMinor + split.remainingStakeMinor).toBe(stake);
        expect(split.remainingStakeMinor).toBeGreaterThanOrEqual(1);
        expect(BigInt(split.cashedStakeMinor) * BigInt(offer) >= share).toBe(true);
        expect(BigInt(split.cashedStakeMinor - 1) * BigInt(offer) < share).toBe(true);
      }),
    );
  });
});
