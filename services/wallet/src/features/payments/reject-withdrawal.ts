import { sql } from 'drizzle-orm';
import { AppError } from '@wps/platform';
import type { WithdrawalView } from '@wps/contracts';
import { wakeRelay, type PaymentsDeps } from './deps.js';
import { announceMainBalances, memberAccounts, movePaymentMoney } from './ledger-moves.js';
import { isPaymentId, requiredText, withdrawalAfter } from './payment-rules.js';
import { recordAction, withdrawalById } from './repository.js';
import { withdrawalView } from './views.js';

/** The operator refuses a pending or approved withdrawal: the held money goes back to the main balance, with the reason. */
export async function rejectWithdrawal(deps: Pick<PaymentsDeps, 'db' | 'outbox' | 'relay' | 'clock'>, input: { withdrawalId: string; reason?: string; operator: string }): Promise<WithdrawalView> {
  if (!isPaymentId(input.withdrawalId)) throw new AppError('NOT_FOUND');
  const reason = requiredText(input.reason, 'reason');
  const actor = `operator:${input.operator}`;
  const view = await deps.db.transaction(async (tx) => {
    const withdrawal = await withdrawalById(tx, input.withdrawalId, true);
    if (!withdrawal) throw new AppError('NOT_FOUND');
    const member = { merchantCode: withdrawal.merchant_code, memberId: withdrawal.member_id, currency: withdrawal.currency };
    const status = withdrawalAfter(withdrawal.status, 'reject');
    const { main, held } = await memberAccounts(tx, member);
    const posted = await movePaymentMoney(tx, {
      merchantCode: member.merchantCode,
      cause: 'withdrawal_release',
      causeRef: `withdrawal:${withdrawal.id}`,
      actor,
      fromAccountId: held.id,
      toAccountId: main.id,
      currency: member.currency,
      amountMinor: BigInt(withdrawal.amount_minor),
    });
    await tx.execute(sql`UPDATE wallet.withdrawals SET status = ${status}, reason = ${reason}, settle_transaction_id = ${posted.transactionId} WHERE id = ${withdrawal.id}`);
    await recordAction(tx, { subjectType: 'withdrawal', subjectId: withdrawal.id, action: 'rejected', actor, reason, at: deps.clock() });
    await announceMainBalances(deps.outbox, tx, member.merchantCode, posted, 'withdrawal_release', [main.id]);
    return withdrawalView((await withdrawalById(tx, withdrawal.id))!);
  });
  wakeRelay(deps);
  return view;
}
