import { sql } from 'drizzle-orm';
import { AppError } from '@wps/platform';
import { formatMinor, parseMajor, type DepositView } from '@wps/contracts';
import { creditDeposit } from './credit-deposit.js';
import { wakeRelay, type PaymentsDeps } from './deps.js';
import { isPaymentId } from './payment-rules.js';
import { depositById, markDepositRejected, sandboxDeposit } from './repository.js';
import { depositView } from './views.js';

/**
 * The sandbox payment provider's side of a deposit: the page it shows and its callback. While SANDBOX_PAY_ENABLED is
 * off its deposits do not exist to callers, even ones left from when it was on.
 */

const ACTOR = 'provider:sandbox';

/** What the provider's page shows; no member data beyond the amount. */
export async function getSandboxDeposit(deps: Pick<PaymentsDeps, 'db' | 'config'>, depositId: string): Promise<{ id: string; amount: string; currency: string; status: DepositView['status'] } | null> {
  if (!isPaymentId(depositId) || !deps.config.SANDBOX_PAY_ENABLED) return null;
  const deposit = await sandboxDeposit(deps.db.orm, depositId);
  return deposit ? { id: deposit.id, amount: formatMinor(BigInt(deposit.amount_minor), deposit.currency), currency: deposit.currency, status: deposit.status } : null;
}

/** The provider's (signature-checked) answer. A repeated callback finds the deposit decided and changes nothing. */
export async function settleSandboxDeposit(
  deps: Pick<PaymentsDeps, 'db' | 'outbox' | 'relay' | 'config' | 'clock'>,
  input: { depositId: string; outcome: 'paid' | 'declined'; amount: string; providerReference: string },
): Promise<DepositView> {
  if (!isPaymentId(input.depositId) || !deps.config.SANDBOX_PAY_ENABLED) throw new AppError('NOT_FOUND');
  const view = await deps.db.transaction(async (tx) => {
    const deposit = await sandboxDeposit(tx, input.depositId, true);
    if (!deposit) throw new AppError('NOT_FOUND');
    if (deposit.status !== 'pending') return depositView(deposit);
    if (parseMajor(input.amount, deposit.currency) !== BigInt(deposit.amount_minor)) throw new AppError('AMOUNT_INVALID', { field: 'amount' });
    await tx.execute(sql`UPDATE wallet.deposits SET provider_reference = ${input.providerReference.slice(0, 200)} WHERE id = ${deposit.id}`);
    if (input.outcome === 'paid') await creditDeposit(deps, tx, deposit, ACTOR);
    else await markDepositRejected(tx, { id: deposit.id, reason: 'DECLINED_BY_PROVIDER', actor: ACTOR, at: deps.clock() });
    return depositView((await depositById(tx, deposit.id))!);
  });
  wakeRelay(deps);
  return view;
}
