import { rebateMinor } from '../vip/rules.js';

/**
 * How a day's rebate is split between the member's own claims and the daily run. A claim covers the day's valid bet
 * not covered by an earlier claim; the run pays the rebate of what no claim covered. Valid bet taken back after a
 * claim (a cancelled bet) leaves the run nothing: what was claimed stays claimed. Each part is rounded down to the
 * minor unit, so the parts together never exceed the rebate of the whole day's valid bet.
 */

/** The valid bet no claim has covered yet (never below zero). */
export const unclaimedValidBet = (validBet: bigint, claimedValidBet: bigint): bigint => (validBet > claimedValidBet ? validBet - claimedValidBet : 0n);

/** What a claim pays now, and the valid bet it covers. */
export function claimNow(validBet: bigint, claimedValidBet: bigint, basisPoints: number): { validBet: bigint; amount: bigint } {
  const covered = unclaimedValidBet(validBet, claimedValidBet);
  const amount = rebateMinor(covered, basisPoints);
  return amount > 0n ? { validBet: covered, amount } : { validBet: 0n, amount: 0n };
}

/** What the daily run grants for a finished day, after the member's claims. */
export const dailyRest = (validBet: bigint, claimedValidBet: bigint, basisPoints: number): bigint => rebateMinor(unclaimedValidBet(validBet, claimedValidBet), basisPoints);
