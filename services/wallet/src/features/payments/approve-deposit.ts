import { AppError } from '@wps/platform';
import type { DepositView } from '@wps/contracts';
import { creditDeposit } from './credit-deposit.js';
import { wakeRelay, type PaymentsDeps } from './deps.js';
import { checkDepositPending, isPaymentId } from './payment-rules.js';
import { depositById } from './repository.js';
import { depositView } from './views.js';

/** The operator found the money on the bank statement: the deposit is credited, unless it passes the member's limits. */
export async function approveDeposit(deps: Pick<PaymentsDeps, 'db' | 'outbox' | 'relay' | 'clock'>, input: { depositId: string; operator: string }): Promise<DepositView> {
  if (!isPaymentId(input.depositId)) throw new AppError('NOT_FOUND');
  const view = await deps.db.transaction(async (tx) => {
    const deposit = await depositById(tx, input.depositId, true);
    if (!deposit) throw new AppError('NOT_FOUND');
    checkDepositPending(deposit.status);
    await creditDeposit(deps, tx, deposit, `operator:${input.operator}`);
    return depositView((await depositById(tx, deposit.id))!);
  });
  wakeRelay(deps);
  return view;
}
