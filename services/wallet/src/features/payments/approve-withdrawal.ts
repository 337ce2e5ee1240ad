import { sql } from 'drizzle-orm';
import { AppError } from '@wps/platform';
import type { WithdrawalView } from '@wps/contracts';
import { wakeRelay, type PaymentsDeps } from './deps.js';
import { isPaymentId, withdrawalAfter } from './payment-rules.js';
import { recordAction, withdrawalById } from './repository.js';
import { withdrawalView } from './views.js';

/** The operator accepts a pending withdrawal for payout; the money stays held until it is marked paid or rejected. */
export async function approveWithdrawal(deps: Pick<PaymentsDeps, 'db' | 'relay' | 'clock'>, input: { withdrawalId: string; reason?: string; operator: string }): Promise<WithdrawalView> {
  if (!isPaymentId(input.withdrawalId)) throw new AppError('NOT_FOUND');
  const note = input.reason?.trim();
  const view = await deps.db.transaction(async (tx) => {
    const withdrawal = await withdrawalById(tx, input.withdrawalId, true);
    if (!withdrawal) throw new AppError('NOT_FOUND');
    const status = withdrawalAfter(withdrawal.status, 'approve');
    await tx.execute(sql`UPDATE wallet.withdrawals SET status = ${status} WHERE id = ${withdrawal.id}`);
    await recordAction(tx, { subjectType: 'withdrawal', subjectId: withdrawal.id, action: 'approved', actor: `operator:${input.operator}`, reason: note, at: deps.clock() });
    return withdrawalView((await withdrawalById(tx, withdrawal.id))!);
  });
  wakeRelay(deps);
  return view;
}
