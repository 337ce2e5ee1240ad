import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, oncePerKey, sameRequest } from '@wps/platform';
import { formatMinor } from '@wps/contracts';
import { requestHash } from '../../domain/idempotency.js';
import { ensureAccount } from '../../infra/ledger-store.js';
import { wakeRelay, type PaymentsDeps } from './deps.js';
import { announceMainBalances, movePaymentMoney } from './ledger-moves.js';
import { adjustmentAmount, requiredText } from './payment-rules.js';
import { fromJsonb, recordAction } from './repository.js';

type AdjustmentAnswer = { adjustmentId: string; transactionId: string; balance: string; currency: string };

/**
 * An operator's correction of a member balance against the brand's adjustments house account, once per key. The
 * house side may go negative; the member's may not, so a debit larger than the balance is INSUFFICIENT_FUNDS.
 */
export async function adjustBalance(
  deps: Pick<PaymentsDeps, 'db' | 'outbox' | 'relay' | 'clock'>,
  input: { memberId: string; currency: string; amount: string; reason: string; operator: string; idempotencyKey: string },
): Promise<AdjustmentAnswer> {
  const reason = requiredText(input.reason, 'reason');
  const { amountMinor, magnitude, debit } = adjustmentAmount(input.amount, input.currency);
  const [account] = await rows<{ merchant_code: string }>(
    deps.db.orm,
    sql`SELECT merchant_code FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${input.memberId} AND kind = 'main' AND currency = ${input.currency}`,
  );
  if (!account) throw new AppError('NOT_FOUND');
  const merchantCode = account.merchant_code;
  const hash = requestHash({ op: 'adjust', memberId: input.memberId, currency: input.currency, amountMinor: amountMinor.toString(), reason });
  const result = await oncePerKey<AdjustmentAnswer>({
    answered: async () => {
      const [row] = await rows<{ request_hash: string; response: unknown }>(deps.db.orm, sql`SELECT request_hash, response FROM wallet.adjustments WHERE idempotency_key = ${input.idempotencyKey}`);
      return sameRequest(row && { hash: row.request_hash, answer: fromJsonb<AdjustmentAnswer>(row.response) }, hash);
    },
    run: () =>
      deps.db.transaction(async (tx) => {
        const adjustmentId = randomUUID();
        const actor = `operator:${input.operator}`;
        const house = await ensureAccount(tx, { merchantCode, ownerType: 'house', ownerId: 'adjustments', currency: input.currency }, true);
        const main = await ensureAccount(tx, { merchantCode, ownerType: 'member', ownerId: input.memberId, currency: input.currency });
        const posted = await movePaymentMoney(tx, {
          merchantCode,
          cause: 'adjustment',
          causeRef: `adjustment:${adjustmentId}`,
          actor,
          fromAccountId: debit ? main.id : house.id,
          toAccountId: debit ? house.id : main.id,
          currency: input.currency,
          amountMinor: magnitude,
        });
        const balance = posted.legs.find((leg) => leg.accountId === main.id)!.balanceAfterMinor;
        const answer: AdjustmentAnswer = { adjustmentId, transactionId: posted.transactionId, balance: formatMinor(balance, input.currency), currency: input.currency };
        await tx.execute(
          sql`INSERT INTO wallet.adjustments (id, merchant_code, member_id, currency, amount_minor, reason, operator, transaction_id, idempotency_key, request_hash, response, created_at)
              VALUES (${adjustmentId}, ${merchantCode}, ${input.memberId}, ${input.currency}, ${amountMinor.toString()}::bigint, ${reason}, ${input.operator},
                      ${posted.transactionId}, ${input.idempotencyKey}, ${hash}, ${JSON.stringify(answer)}::jsonb, ${deps.clock().toISOString()}::timestamptz)`,
        );
        await recordAction(tx, { subjectType: 'adjustment', subjectId: adjustmentId, action: debit ? 'debit' : 'credit', actor, reason, at: deps.clock() });
        await announceMainBalances(deps.outbox, tx, merchantCode, posted, 'adjustment', [main.id]);
        return answer;
      }),
  });
  wakeRelay(deps);
  return result;
}
