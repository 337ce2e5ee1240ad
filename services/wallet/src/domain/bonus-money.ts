/**
 * The rules of bonus money as pure functions: how a stake is split between cash and bonus (cash first), what share of
 * a round's credits is bonus money (the share its stakes were), what a bet counts toward a wagering requirement, and
 * the requirement itself. All amounts are integer minor units; shares round down, so bonus money is never created by
 * rounding.
 */

export interface StakeSplit {
  cashMinor: bigint;
  bonusMinor: bigint;
}

/**
 * Cash first: a stake takes what it can from cash and the rest from the bonus balance, which only counts when a bonus
 * is wagering (`bonusSpendable`). Undefined when cash and bonus together do not cover it.
 */
export function splitStake(amountMinor: bigint, cashMinor: bigint, bonusMinor: bigint, bonusSpendable: boolean): StakeSplit | undefined {
  if (amountMinor < 0n) throw new RangeError('a stake is not negative');
  const fromCash = amountMinor <= cashMinor ? amountMinor : cashMinor > 0n ? cashMinor : 0n;
  const rest = amountMinor - fromCash;
  if (rest === 0n) return { cashMinor: fromCash, bonusMinor: 0n };
  if (!bonusSpendable || rest > bonusMinor) return undefined;
  return { cashMinor: fromCash, bonusMinor: rest };
}

/** The bonus part of a round's credit (or debit): the share of its stakes that was bonus money, rounded down. */
export function bonusShareOf(amountMinor: bigint, roundBonusBetMinor: bigint, roundBetTotalMinor: bigint): bigint {
  if (amountMinor <= 0n || roundBonusBetMinor <= 0n || roundBetTotalMinor <= 0n) return 0n;
  const bonusBet = roundBonusBetMinor > roundBetTotalMinor ? roundBetTotalMinor : roundBonusBetMinor;
  return (amountMinor * bonusBet) / roundBetTotalMinor;
}

/** What a settled bet counts toward wagering: its valid bet times its game type's weight in percent, rounded down. */
export const weightedMinor = (validBetMinor: bigint, weightPercent: number): bigint =>
  validBetMinor <= 0n || weightPercent <= 0 ? 0n : (validBetMinor * BigInt(Math.min(100, Math.trunc(weightPercent)))) / 100n;

/** The wagering requirement: `multiple` × the bonus, or × (bonus + deposit). */
export function requirementMinor(amountMinor: bigint, multiple: number, base: 'bonus' | 'bonus_deposit', depositMinor: bigint): bigint {
  const onto = base === 'bonus_deposit' ? amountMinor + depositMinor : amountMinor;
  return onto * BigInt(multiple);
}

/** Progress after a bet moved by `deltaMinor` (negative for a cancellation): within [0, required]. */
export function nextWagered(wageredMinor: bigint, deltaMinor: bigint, requiredMinor: bigint): bigint {
  const next = wageredMinor + deltaMinor;
  return next < 0n ? 0n : next > requiredMinor ? requiredMinor : next;
}

/** Percent of the requirement met, rounded down; a requirement of zero is met. */
export const progressPercent = (wageredMinor: bigint, requiredMinor: bigint): number => (requiredMinor <= 0n ? 100 : Number((wageredMinor * 100n) / requiredMinor));
