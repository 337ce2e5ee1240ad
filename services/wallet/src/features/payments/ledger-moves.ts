import type { Executor, Outbox } from '@wps/platform';
import { transferLegs } from '../../domain/ledger.js';
import { ensureAccount, postTransaction, type AccountRow, type Cause, type PostedLeg } from '../../infra/ledger-store.js';
import { announceBalances } from '../balances.js';
import type { MemberRef } from './deps.js';

/** The ledger side of a payment: the member's spendable and held accounts, and one move between two accounts. */

export async function memberAccounts(tx: Executor, member: MemberRef): Promise<{ main: AccountRow; held: AccountRow }> {
  const main = await ensureAccount(tx, { merchantCode: member.merchantCode, ownerType: 'member', ownerId: member.memberId, currency: member.currency });
  const held = await ensureAccount(tx, { merchantCode: member.merchantCode, ownerType: 'member', ownerId: member.memberId, currency: member.currency, kind: 'held' });
  return { main, held };
}

/** The payment row keeps the answer for replays, so the ledger transaction takes no idempotency key. */
export function movePaymentMoney(
  tx: Executor,
  move: { merchantCode: string; cause: Cause; causeRef: string; actor: string; fromAccountId: string; toAccountId: string; currency: string; amountMinor: bigint },
) {
  return postTransaction(tx, {
    merchantCode: move.merchantCode,
    cause: move.cause,
    causeRef: move.causeRef,
    actor: move.actor,
    legs: transferLegs(move.fromAccountId, move.toAccountId, move.currency, move.amountMinor),
  });
}

/** Only the spendable (main) balance is pushed as "balance"; held money is shown through GCS_merchantWallet. */
export async function announceMainBalances(
  outbox: Outbox,
  tx: Executor,
  merchantCode: string,
  posted: { transactionId: string; legs: PostedLeg[] },
  cause: Cause,
  mainAccountIds: readonly string[],
): Promise<void> {
  const legs = posted.legs.filter((leg) => mainAccountIds.includes(leg.accountId));
  await announceBalances(outbox, tx, merchantCode, posted.transactionId, cause, legs);
}
