/** One side of a movement: a signed amount on one account. Debits of the source are negative. */
export interface Leg {
  accountId: string;
  currency: string;
  amountMinor: bigint;
}

export class UnbalancedTransactionError extends Error {}

/**
 * A transaction is valid when it moves money (no zero legs), touches each account at most once, and sums to zero in
 * every currency. Legs come back ordered by account id, the order rows are locked in, so two transactions over the
 * same accounts cannot deadlock.
 */
export function checkLegs(legs: readonly Leg[]): Leg[] {
  if (legs.length < 2) throw new UnbalancedTransactionError('a transaction needs at least two legs');
  const sums = new Map<string, bigint>();
  const seen = new Set<string>();
  for (const leg of legs) {
    if (leg.amountMinor === 0n) throw new UnbalancedTransactionError('a leg must move money');
    if (seen.has(leg.accountId)) throw new UnbalancedTransactionError(`account ${leg.accountId} appears twice`);
    seen.add(leg.accountId);
    sums.set(leg.currency, (sums.get(leg.currency) ?? 0n) + leg.amountMinor);
  }
  for (const [currency, sum] of sums) if (sum !== 0n) throw new UnbalancedTransactionError(`legs sum to ${sum} in ${currency}`);
  return [...legs].sort((a, b) => (BigInt(a.accountId) < BigInt(b.accountId) ? -1 : 1));
}

/** A transfer of a positive amount from one account to another in one currency. */
export const transferLegs = (fromAccountId: string, toAccountId: string, currency: string, amountMinor: bigint): Leg[] => {
  if (amountMinor <= 0n) throw new UnbalancedTransactionError('amount must be positive');
  return [
    { accountId: fromAccountId, currency, amountMinor: -amountMinor },
    { accountId: toAccountId, currency, amountMinor },
  ];
};
