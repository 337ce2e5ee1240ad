import { PRICE_SCALE, type OutcomeSettlement } from './sportsbook-core.js';

/**
 * What a sportsbook bet pays. Stakes and payouts are integer minor units (safe integers); prices are decimal odds in
 * thousandths. Every return is worked out exactly, as a fraction of big integers, and a payout is rounded down to the
 * minor unit once, at the very end: the house never pays a fraction of a minor unit that the odds did not earn, and
 * rounding never compounds leg by leg. Payouts include the stake (a void single pays its stake back).
 *
 * A payout beyond the safe integers (about 9 × 10^15 minor units, as a long parlay at long prices can reach) is held
 * at `Number.MAX_SAFE_INTEGER`, far above any book's maximum payout, so that {@link capPayout} still gives the maximum.
 */

/** A non-negative fraction: numerator and denominator, the denominator positive. */
type Ratio = readonly [bigint, bigint];

const SCALE = BigInt(PRICE_SCALE);
const ONE: Ratio = [1n, 1n];

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};
const reduce = ([n, d]: Ratio): Ratio => {
  const g = gcd(n, d);
  return g > 1n ? [n / g, d / g] : [n, d];
};
const times = (a: Ratio, b: Ratio): Ratio => reduce([a[0] * b[0], a[1] * b[1]]);
const product = (ratios: readonly Ratio[]): Ratio => ratios.reduce(times, ONE);

const MAX_MINOR = BigInt(Number.MAX_SAFE_INTEGER);
/** An amount of minor units as a number, held at the largest safe integer. */
const toMinor = (amount: bigint): number => Number(amount > MAX_MINOR ? MAX_MINOR : amount);
/** stake × ratio, rounded down to the minor unit, exactly. */
const floorMinor = (stakeMinor: number, ratio: Ratio): bigint => (BigInt(stakeMinor) * ratio[0]) / ratio[1];
const floorPayout = (stakeMinor: number, ratio: Ratio): number => toMinor(floorMinor(stakeMinor, ratio));

function checkMinor(name: string, amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${name} is a whole number of minor units, not ${amount}`);
}
function checkPrice(price: number): void {
  if (!Number.isSafeInteger(price) || price < PRICE_SCALE) throw new RangeError(`a price is an integer number of thousandths from ${PRICE_SCALE}, not ${price}`);
}

/** A leg lost outright: nothing of its stake comes back, so a parlay holding it loses. */
const isLost = (settlement: OutcomeSettlement | undefined): boolean => settlement !== undefined && settlement.result === 0 && settlement.voidFactor === 0;

/**
 * The return per unit stake of a settled selection, stake included, as an exact fraction:
 * (1 − voidFactor) × result × deadHeat × price + voidFactor. A win returns the price, a loss 0, a void 1, a half-win
 * (price + 1) ÷ 2, a half-loss 1 ÷ 2 and a dead heat at 1/n the price ÷ n.
 */
export function legReturn(price: number, settlement: OutcomeSettlement): [bigint, bigint] {
  checkPrice(price);
  const { result, voidFactor } = settlement;
  const [heatShare, heatOf] = settlement.deadHeat ?? [1, 1];
  if (result !== 0 && result !== 1) throw new RangeError(`a result is 0 or 1, not ${String(result)}`);
  if (voidFactor !== 0 && voidFactor !== 0.5 && voidFactor !== 1) throw new RangeError(`a void factor is 0, 0.5 or 1, not ${String(voidFactor)}`);
  if (!Number.isSafeInteger(heatShare) || !Number.isSafeInteger(heatOf) || heatShare < 1 || heatOf < heatShare) {
    throw new RangeError(`a dead-heat factor is a fraction from 0 to 1, not ${heatShare}/${heatOf}`);
  }
  // With the void factor in halves (0, 1, 2): [(2 − v) × result × share × price + v × of × 1000] ÷ (2 × of × 1000).
  const halves = BigInt(voidFactor * 2);
  const numerator = (2n - halves) * BigInt(result) * BigInt(heatShare) * BigInt(price) + halves * BigInt(heatOf) * SCALE;
  const [n, d] = reduce([numerator, 2n * BigInt(heatOf) * SCALE]);
  return [n, d];
}

/** What a single pays: the stake times the selection's return, rounded down. */
export function singlePayout(stakeMinor: number, price: number, settlement: OutcomeSettlement): number {
  checkMinor('a stake', stakeMinor);
  return floorPayout(stakeMinor, legReturn(price, settlement));
}

export interface ParlayLeg {
  price: number;
  /** Absent while the leg is open. */
  settlement?: OutcomeSettlement;
}

function checkLegs(legs: readonly unknown[]): void {
  if (legs.length === 0) throw new RangeError('a bet has at least one leg');
}

/**
 * What a parlay pays: the stake times the product of its legs' returns, rounded down once. A void leg counts as a
 * price of 1.00, a half-won leg (price + 1) ÷ 2, a half-lost leg 1 ÷ 2. 0 as soon as one leg is lost, even with other
 * legs open; null while a leg is open and none is lost.
 */
export function parlayPayout(stakeMinor: number, legs: readonly ParlayLeg[]): number | null {
  checkMinor('a stake', stakeMinor);
  checkLegs(legs);
  for (const leg of legs) checkPrice(leg.price);
  if (legs.some((leg) => isLost(leg.settlement))) return 0;
  const returns: Ratio[] = [];
  for (const { price, settlement } of legs) {
    if (!settlement) return null;
    returns.push(legReturn(price, settlement));
  }
  return floorPayout(stakeMinor, product(returns));
}

/** The number of ways to choose k of n, exactly. */
function choose(n: number, k: number): number {
  let count = 1n;
  for (let i = 0; i < k; i++) count = (count * BigInt(n - i)) / BigInt(i + 1);
  return Number(count);
}

function checkSystem(n: number, k: number): void {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(k) || k < 1 || k > n) throw new RangeError(`a system bet is k of n legs with 1 ≤ k ≤ n, not ${k}/${n}`);
}

/** How many parlays a system bet k/n is: every combination of k of its n legs (2/3 → 3, 3/4 → 4, 2/4 → 6). */
export function systemBetCount(n: number, k: number): number {
  checkSystem(n, k);
  return choose(n, k);
}

/** The combinations of a system bet k/n, as the legs' indexes, each ascending and all in lexicographic order. */
export function systemCombinations(n: number, k: number): number[][] {
  checkSystem(n, k);
  const combinations: number[][] = [];
  const current: number[] = [];
  const extend = (from: number): void => {
    if (current.length === k) {
      combinations.push([...current]);
      return;
    }
    for (let index = from; index <= n - (k - current.length); index++) {
      current.push(index);
      extend(index + 1);
      current.pop();
    }
  };
  extend(0);
  return combinations;
}

/**
 * What a system bet k/n pays: each of its combinations is a parlay staked with the unit stake (the bet's stake is the
 * unit stake times {@link systemBetCount}), each rounded down on its own, summed. Null while any leg is open.
 */
export function systemPayout(unitStakeMinor: number, legs: readonly ParlayLeg[], k: number): number | null {
  checkMinor('a unit stake', unitStakeMinor);
  const combinations = systemCombinations(legs.length, k);
  for (const leg of legs) checkPrice(leg.price);
  if (legs.some((leg) => !leg.settlement)) return null;
  let total = 0n;
  for (const combination of combinations)
    total += BigInt(
      parlayPayout(
        unitStakeMinor,
        combination.map((index) => legs[index]!),
      ) ?? 0,
    );
  return toMinor(total);
}

/** What a single or parlay pays if every leg wins at the prices it was placed at, rounded down. */
export function potentialPayout(stakeMinor: number, prices: readonly number[]): number {
  checkMinor('a stake', stakeMinor);
  checkLegs(prices);
  for (const price of prices) checkPrice(price);
  return floorPayout(stakeMinor, product(prices.map((price): Ratio => [BigInt(price), SCALE])));
}

/** A single's or parlay's total price: the product of its prices, in thousandths, rounded down once. */
export function parlayPrice(prices: readonly number[]): number {
  return potentialPayout(PRICE_SCALE, prices);
}

/** A payout held to the book's maximum payout per bet. */
export function capPayout(payoutMinor: number, maxPayoutMinor: number): number {
  checkMinor('a payout', payoutMinor);
  checkMinor('a maximum payout', maxPayoutMinor);
  return Math.min(payoutMinor, maxPayoutMinor);
}

export interface CashOutLeg {
  placedPrice: number;
  /** The open selection's price now; required for an open leg. */
  currentPrice?: number;
  /** Whether the leg's market takes bets now (not suspended by a bet stop). */
  marketActive: boolean;
  /** Absent while the leg is open. */
  settlement?: OutcomeSettlement;
}

const BASIS_POINTS = 10_000n;

/**
 * The cash-out offer for a single or a parlay: its fair value now, less the margin, rounded down. The fair value is
 * the stake × the product of the settled legs' returns × the product of each open leg's placed price ÷ its current
 * price (a single at unchanged prices is worth its stake). The offer is never above what the bet can still pay (the
 * stake × the settled legs' returns × the open legs' placed prices), so never above its potential payout either.
 *
 * No offer (null) while an open leg's market is not active or has no current price, once a leg is lost, or when no leg
 * is open (the bet is settled, not cashed out). `marginBp` is the house's margin in basis points, 0 to 10 000.
 */
export function cashOutOffer({ stakeMinor, legs, marginBp }: { stakeMinor: number; legs: readonly CashOutLeg[]; marginBp: number }): number | null {
  checkMinor('a stake', stakeMinor);
  checkLegs(legs);
  if (!Number.isSafeInteger(marginBp) || marginBp < 0 || marginBp > 10_000) throw new RangeError(`a margin is 0 to 10 000 basis points, not ${marginBp}`);
  const settled: Ratio[] = [];
  const drift: Ratio[] = [];
  const placed: Ratio[] = [];
  for (const leg of legs) {
    checkPrice(leg.placedPrice);
    if (isLost(leg.settlement)) return null;
    if (leg.settlement) {
      settled.push(legReturn(leg.placedPrice, leg.settlement));
      continue;
    }
    if (!leg.marketActive || leg.currentPrice === undefined) return null;
    checkPrice(leg.currentPrice);
    drift.push([BigInt(leg.placedPrice), BigInt(leg.currentPrice)]);
    placed.push([BigInt(leg.placedPrice), SCALE]);
  }
  if (drift.length === 0) return null;
  const sure = product(settled);
  const offer = floorMinor(stakeMinor, times(times(sure, product(drift)), [BASIS_POINTS - BigInt(marginBp), BASIS_POINTS]));
  const most = floorMinor(stakeMinor, times(sure, product(placed)));
  return toMinor(offer < most ? offer : most);
}

/**
 * Splits a bet for a partial cash-out of `amountMinor` out of an offer of `offerMinor` for the whole stake. The stake
 * cashed is stake × amount ÷ offer rounded up, so the house never buys back more of the bet than it pays for; the rest
 * of the stake stays on the bet at the prices it was placed at. The amount is more than 0 and less than the offer, and
 * at least one minor unit of stake must stay on the bet; a RangeError otherwise.
 */
export function partialCashOut(stakeMinor: number, offerMinor: number, amountMinor: number): { cashedStakeMinor: number; remainingStakeMinor: number } {
  checkMinor('a stake', stakeMinor);
  checkMinor('an offer', offerMinor);
  checkMinor('an amount', amountMinor);
  if (amountMinor <= 0 || amountMinor >= offerMinor) throw new RangeError(`a partial cash-out takes more than 0 and less than the offer of ${offerMinor}, not ${amountMinor}`);
  const stake = BigInt(stakeMinor);
  const offer = BigInt(offerMinor);
  const cashedStakeMinor = Number((stake * BigInt(amountMinor) + offer - 1n) / offer);
  const remainingStakeMinor = stakeMinor - cashedStakeMinor;
  if (remainingStakeMinor < 1) throw new RangeError(`a partial cash-out of ${amountMinor} out of ${offerMinor} leaves no stake on the bet`);
  return { cashedStakeMinor, remainingStakeMinor };
}
