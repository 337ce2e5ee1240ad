import { sql } from 'drizzle-orm';
import { formatMinor } from '@wps/contracts';
import { rows, type Executor, type Outbox } from '@wps/platform';
import type { PostedLeg } from '../infra/ledger-store.js';

/** Every member leg of a posted transaction announces the new balance through the outbox (the gateway pushes it). */
export async function announceBalances(outbox: Outbox, tx: Executor, merchantCode: string, transactionId: string, cause: string, legs: PostedLeg[]): Promise<void> {
  for (const leg of legs) {
    if (leg.ownerType !== 'member') continue;
    await outbox.add(tx, 'balance.changed', leg.ownerId, {
      memberId: leg.ownerId,
      merchantCode,
      currency: leg.currency,
      balanceMinor: leg.balanceAfterMinor.toString(),
      balance: formatMinor(leg.balanceAfterMinor, leg.currency),
      version: leg.version,
      transactionId,
      cause,
      amountMinor: leg.amountMinor.toString(),
    });
  }
}

/**
 * The spendable (main) balances of many members of one brand in one currency, in one read; a member without an
 * account has a zero balance. Answered in the order asked, each id once.
 */
export async function memberBalances(
  db: Executor,
  input: { merchantCode: string; currency: string; memberIds: readonly string[] },
): Promise<{ currency: string; balances: Array<{ memberId: string; balance: string; balanceMinor: string }> }> {
  const ids = [...new Set(input.memberIds)];
  const found =
    ids.length === 0
      ? []
      : await rows<{ owner_id: string; balance_minor: string }>(
          db,
          sql`SELECT owner_id, balance_minor::text AS balance_minor FROM wallet.accounts
               WHERE merchant_code = ${input.merchantCode} AND owner_type = 'member' AND kind = 'main' AND currency = ${input.currency}
                 AND owner_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
        );
  const byId = new Map(found.map((row) => [row.owner_id, BigInt(row.balance_minor)]));
  return {
    currency: input.currency,
    balances: ids.map((memberId) => {
      const minor = byId.get(memberId) ?? 0n;
      return { memberId, balance: formatMinor(minor, input.currency), balanceMinor: minor.toString() };
    }),
  };
}
