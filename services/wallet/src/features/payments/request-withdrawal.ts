import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, oncePerKey, sameRequest } from '@wps/platform';
import { formatMinor, type WithdrawalView } from '@wps/contracts';
import { requestHash } from '../../domain/idempotency.js';
import { wakeRelay, type MemberRef, type PaymentsDeps } from './deps.js';
import { announceMainBalances, memberAccounts, movePaymentMoney } from './ledger-moves.js';
import { checkAmountRange, positiveAmount } from './payment-rules.js';
import { fromJsonb, recordAction } from './repository.js';

/**
 * A withdrawal request moves the amount from the main balance to the held balance at once, so held money cannot be
 * spent or withdrawn twice; the payout or a rejection settles the hold. The payment password was checked upstream.
 */
export async function requestWithdrawal(
  deps: Pick<PaymentsDeps, 'db' | 'outbox' | 'relay' | 'clock' | 'bonuses'>,
  input: MemberRef & { amount: string; bankName: string; accountName: string; accountNumber: string; idempotencyKey: string; forfeitBonus?: boolean },
): Promise<WithdrawalView> {
  const [settings] = await rows<{ min_minor: string; max_minor: string }>(
    deps.db.orm,
    sql`SELECT min_minor, max_minor FROM wallet.withdrawal_settings WHERE merchant_code = ${input.merchantCode} AND currency = ${input.currency}`,
  );
  if (!settings) throw new AppError('FEATURE_DISABLED');
  const amountMinor = positiveAmount(input.amount, input.currency);
  checkAmountRange(amountMinor, BigInt(settings.min_minor), BigInt(settings.max_minor), input.currency);
  const payee = { bankName: input.bankName.trim(), accountName: input.accountName.trim(), accountNumber: input.accountNumber.trim() };
  const hash = requestHash({ op: 'withdraw', amountMinor: amountMinor.toString(), ...payee });
  const actor = `member:${input.memberId}`;
  const result = await oncePerKey({
    answered: async () => {
      const [row] = await rows<{ request_hash: string; response: unknown }>(
        deps.db.orm,
        sql`SELECT request_hash, response FROM wallet.withdrawals WHERE merchant_code = ${input.merchantCode} AND member_id = ${input.memberId} AND idempotency_key = ${input.idempotencyKey}`,
      );
      return sameRequest(row && { hash: row.request_hash, answer: fromJsonb<WithdrawalView>(row.response) }, hash);
    },
    run: () =>
      deps.db.transaction(async (tx) => {
        const id = randomUUID();
        // A bonus still wagering is forfeited by a withdrawal, once the member has confirmed it (else nothing moves).
        await deps.bonuses?.().forfeitForWithdrawal(tx, input, input.forfeitBonus === true);
        const { main, held } = await memberAccounts(tx, input);
        const posted = await movePaymentMoney(tx, {
          merchantCode: input.merchantCode,
          cause: 'withdrawal_hold',
          causeRef: `withdrawal:${id}`,
          actor,
          fromAccountId: main.id,
          toAccountId: held.id,
          currency: input.currency,
          amountMinor,
        });
        const createdAt = deps.clock().toISOString();
        const view: WithdrawalView = {
          id,
          status: 'pending',
          amount: formatMinor(amountMinor, input.currency),
          currency: input.currency,
          createdAt,
          ...payee,
          reason: null,
          paidAt: null,
          confirmResult: null,
          receivedAmount: null,
          autoConfirmed: false,
        };
        await tx.execute(
          sql`INSERT INTO wallet.withdrawals (id, merchant_code, member_id, currency, amount_minor, bank_name, account_name, account_number, hold_transaction_id,
                                              idempotency_key, request_hash, response, created_at)
              VALUES (${id}, ${input.merchantCode}, ${input.memberId}, ${input.currency}, ${amountMinor.toString()}::bigint, ${payee.bankName}, ${payee.accountName},
                      ${payee.accountNumber}, ${posted.transactionId}, ${input.idempotencyKey}, ${hash}, ${JSON.stringify(view)}::jsonb, ${createdAt}::timestamptz)`,
        );
        await recordAction(tx, { subjectType: 'withdrawal', subjectId: id, action: 'requested', actor, at: deps.clock() });
        await announceMainBalances(deps.outbox, tx, input.merchantCode, posted, 'withdrawal_hold', [main.id]);
        return view;
      }),
  });
  wakeRelay(deps);
  return result;
}
