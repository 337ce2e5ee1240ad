import { sql } from 'drizzle-orm';
import { AppError } from '@wps/platform';
import type { WithdrawalView } from '@wps/contracts';
import { ensureAccount } from '../../infra/ledger-store.js';
import { wakeRelay, type PaymentsDeps } from './deps.js';
import { movePaymentMoney, memberAccounts } from './ledger-moves.js';
import { isPaymentId, withdrawalAfter } from './payment-rules.js';
import { recordAction, withdrawalById } from './repository.js';
import { withdrawalView } from './views.js';

/**
 * The operator sent an approved withdrawal to the bank: the held money leaves for the payout clearing account, and
 * the player's confirmation (or the auto-confirm sweep) closes it. `withdrawal.paid` tells the member (an inbox letter).
 */
export async function markWithdrawalPaid(deps: Pick<PaymentsDeps, 'db' | 'relay' | 'clock' | 'outbox'>, input: { withdrawalId: string; reason?: string; operator: string }): Promise<WithdrawalView> {
  if (!isPaymentId(input.withdrawalId)) throw new AppError('NOT_FOUND');
  const note = input.reason?.trim();
  const actor = `operator:${input.operator}`;
  const view = await deps.db.transaction(async (tx) => {
    const withdrawal = await withdrawalById(tx, input.withdrawalId, true);
    if (!withdrawal) throw new AppError('NOT_FOUND');
    const member = { merchantCode: withdrawal.merchant_code, memberId: withdrawal.member_id, currency: withdrawal.currency };
    const paidAt = deps.clock().toISOString();
    const status = withdrawalAfter(withdrawal.status, 'paid');
    const { held } = await memberAccounts(tx, member);
    const payout = await ensureAccount(tx, { merchantCode: member.merchantCode, ownerType: 'clearing', ownerId: 'payout:BANK', currency: member.currency });
    const posted = await movePaymentMoney(tx, {
      merchantCode: member.merchantCode,
      cause: 'withdrawal',
      causeRef: `withdrawal:${withdrawal.id}`,
      actor,
      fromAccountId: held.id,
      toAccountId: payout.id,
      currency: member.currency,
      amountMinor: BigInt(withdrawal.amount_minor),
    });
    await tx.execute(sql`UPDATE wallet.withdrawals SET status = ${status}, paid_at = ${paidAt}::timestamptz, settle_transaction_id = ${posted.transactionId} WHERE id = ${withdrawal.id}`);
    await recordAction(tx, { subjectType: 'withdrawal', subjectId: withdrawal.id, action: 'paid', actor, reason: note, at: deps.clock() });
    await deps.outbox.add(tx, 'withdrawal.paid', member.memberId, {
      withdrawalId: withdrawal.id,
      memberId: member.memberId,
      merchantCode: member.merchantCode,
      currency: member.currency,
      amountMinor: String(withdrawal.amount_minor),
      paidAt,
    });
    return withdrawalView((await withdrawalById(tx, withdrawal.id))!);
  });
  wakeRelay(deps);
  return view;
}
