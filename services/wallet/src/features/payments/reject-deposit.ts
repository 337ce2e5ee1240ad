import { AppError } from '@wps/platform';
import type { DepositView } from '@wps/contracts';
import { wakeRelay, type PaymentsDeps } from './deps.js';
import { checkDepositPending, isPaymentId, requiredText } from './payment-rules.js';
import { depositById, markDepositRejected } from './repository.js';
import { depositView } from './views.js';

/** The operator refuses a deposit; the reason is shown to the member, so it cannot be left out. No money has moved. */
export async function rejectDeposit(deps: Pick<PaymentsDeps, 'db' | 'relay' | 'clock'>, input: { depositId: string; reason?: string; operator: string }): Promise<DepositView> {
  if (!isPaymentId(input.depositId)) throw new AppError('NOT_FOUND');
  const reason = requiredText(input.reason, 'reason');
  const actor = `operator:${input.operator}`;
  const view = await deps.db.transaction(async (tx) => {
    const deposit = await depositById(tx, input.depositId, true);
    if (!deposit) throw new AppError('NOT_FOUND');
    checkDepositPending(deposit.status);
    await markDepositRejected(tx, { id: deposit.id, reason, actor, at: deps.clock() });
    return depositView((await depositById(tx, deposit.id))!);
  });
  wakeRelay(deps);
  return view;
}
