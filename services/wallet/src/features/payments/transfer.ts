import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, oncePerKey, sameRequest } from '@wps/platform';
import { transferLegs } from '../../domain/ledger.js';
import { requestHash } from '../../domain/idempotency.js';
import { answeredBalance, ensureAccount, findIdempotent, postTransaction, type PostingAnswer } from '../../infra/ledger-store.js';
import { wakeRelay, type PaymentsDeps } from './deps.js';
import { announceMainBalances } from './ledger-moves.js';
import { positiveAmount } from './payment-rules.js';
import { transferRefusal, type TransferParties } from './transfer-rules.js';

type TransferAnswer = { transferId: string; balance: string; currency: string };
type StoredTransfer = PostingAnswer<{ transferId: string; currency: string }>;

const transferAnswer = (stored: StoredTransfer): TransferAnswer => ({
  transferId: stored.transferId,
  balance: answeredBalance(stored, stored.currency),
  currency: stored.currency,
});

/**
 * Member money to the upline or an agent's money into its downline (identity supplies the tree facts), once per key.
 * Unlike a payment, the ledger transaction itself carries the key and the stored answer.
 */
export async function transfer(
  deps: Pick<PaymentsDeps, 'db' | 'outbox' | 'relay' | 'clock'>,
  input: TransferParties & { merchantCode: string; currency: string; amount: string; idempotencyKey: string },
): Promise<TransferAnswer> {
  const refusal = transferRefusal(input);
  if (refusal) throw new AppError(refusal);
  const amountMinor = positiveAmount(input.amount, input.currency);
  const actor = `member:${input.fromMemberId}`;
  const hash = requestHash({ op: 'transfer', toMemberId: input.toMemberId, amountMinor: amountMinor.toString() });
  const result = await oncePerKey<TransferAnswer>({
    answered: async () => {
      const stored = await findIdempotent(deps.db.orm, input.merchantCode, actor, input.idempotencyKey);
      return sameRequest(stored && { hash: stored.requestHash, answer: transferAnswer(stored.response as StoredTransfer) }, hash);
    },
    run: () =>
      deps.db.transaction(async (tx) => {
        const transferId = randomUUID();
        const from = await ensureAccount(tx, { merchantCode: input.merchantCode, ownerType: 'member', ownerId: input.fromMemberId, currency: input.currency });
        const to = await ensureAccount(tx, { merchantCode: input.merchantCode, ownerType: 'member', ownerId: input.toMemberId, currency: input.currency });
        const posted = await postTransaction(tx, {
          merchantCode: input.merchantCode,
          cause: 'transfer',
          causeRef: `transfer:${transferId}`,
          actor,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          legs: transferLegs(from.id, to.id, input.currency, amountMinor),
          answer: { transferId, currency: input.currency },
          answerAccountId: from.id,
        });
        const completedAt = deps.clock().toISOString();
        await tx.execute(
          sql`INSERT INTO wallet.transfers (id, merchant_code, from_member_id, to_member_id, currency, amount_minor, transaction_id, created_at)
              VALUES (${transferId}, ${input.merchantCode}, ${input.fromMemberId}, ${input.toMemberId}, ${input.currency}, ${amountMinor.toString()}::bigint, ${posted.transactionId}, ${completedAt}::timestamptz)`,
        );
        await announceMainBalances(deps.outbox, tx, input.merchantCode, posted, 'transfer', [from.id, to.id]);
        await deps.outbox.add(tx, 'transfer.completed', transferId, {
          transferId,
          merchantCode: input.merchantCode,
          fromMemberId: input.fromMemberId,
          toMemberId: input.toMemberId,
          currency: input.currency,
          amountMinor: amountMinor.toString(),
          completedAt,
        });
        return transferAnswer(posted.answer);
      }),
  });
  wakeRelay(deps);
  return result;
}
