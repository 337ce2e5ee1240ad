import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, oncePerKey, sameRequest } from '@wps/platform';
import type { DepositView } from '@wps/contracts';
import { requestHash } from '../../domain/idempotency.js';
import type { MemberRef, PaymentsDeps } from './deps.js';
import { checkAmountRange, depositMethodUsable, positiveAmount } from './payment-rules.js';
import { depositById, depositByKey } from './repository.js';
import { depositView } from './views.js';

/**
 * Opens a pending deposit, once per idempotency key. No money moves yet: the operator (manual bank transfer) or the
 * provider's callback (sandbox gateway) credits it later.
 */
export async function requestDeposit(deps: Pick<PaymentsDeps, 'db' | 'config' | 'clock'>, input: MemberRef & { methodCode: string; amount: string; idempotencyKey: string }): Promise<DepositView> {
  const [method] = await rows<{ kind: string; currency: string; min_minor: string; max_minor: string }>(
    deps.db.orm,
    sql`SELECT kind, currency, min_minor, max_minor FROM wallet.deposit_methods WHERE merchant_code = ${input.merchantCode} AND code = ${input.methodCode} AND enabled`,
  );
  if (!depositMethodUsable(method, input.currency, deps.config.SANDBOX_PAY_ENABLED)) throw new AppError('DEPOSIT_METHOD_INVALID', { field: 'methodCode' });
  const amountMinor = positiveAmount(input.amount, input.currency);
  checkAmountRange(amountMinor, BigInt(method.min_minor), BigInt(method.max_minor), input.currency);
  const hash = requestHash({ op: 'deposit', methodCode: input.methodCode, amountMinor: amountMinor.toString() });
  return oncePerKey({
    answered: async () => {
      const row = await depositByKey(deps.db.orm, input, input.idempotencyKey);
      return sameRequest(row && { hash: row.request_hash, answer: depositView(row) }, hash);
    },
    run: async () => {
      const id = randomUUID();
      await deps.db.orm.execute(
        sql`INSERT INTO wallet.deposits (id, merchant_code, member_id, method_code, method_kind, currency, amount_minor, idempotency_key, request_hash, created_at)
            VALUES (${id}, ${input.merchantCode}, ${input.memberId}, ${input.methodCode}, ${method.kind}, ${input.currency}, ${amountMinor.toString()}::bigint,
                    ${input.idempotencyKey}, ${hash}, ${deps.clock().toISOString()}::timestamptz)`,
      );
      return depositView((await depositById(deps.db.orm, id))!);
    },
  });
}
