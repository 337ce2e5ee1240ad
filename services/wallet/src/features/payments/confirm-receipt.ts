import { sql } from 'drizzle-orm';
import { AppError } from '@wps/platform';
import type { ProofFile, WithdrawalView } from '@wps/contracts';
import type { MemberRef, PaymentsDeps } from './deps.js';
import { isPaymentId, receiptNote, receiptOutcome, type ReceiptResult } from './payment-rules.js';
import { decodeProofs } from './proofs.js';
import { memberWithdrawal, recordAction, storeProofs, withdrawalById } from './repository.js';
import { withdrawalView } from './views.js';

/**
 * The player says what reached the bank account for a paid withdrawal: all of it, part of it, or nothing (a dispute,
 * with proof). No money moves: the payout already left, and a dispute is settled by an operator.
 */
export async function confirmReceipt(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  input: MemberRef & { withdrawalId: string; result: ReceiptResult; receivedAmount?: string; comment?: string; files?: ProofFile[] },
): Promise<WithdrawalView> {
  if (!isPaymentId(input.withdrawalId)) throw new AppError('NOT_FOUND');
  const files = input.files ?? [];
  const comment = receiptNote(input.result, input.comment, files.length);
  const proofs = files.length > 0 ? decodeProofs(files) : [];
  return deps.db.transaction(async (tx) => {
    const withdrawal = await memberWithdrawal(tx, input, input.withdrawalId, true);
    if (!withdrawal) throw new AppError('NOT_FOUND');
    const outcome = receiptOutcome(withdrawal.status, input.result, BigInt(withdrawal.amount_minor), input.receivedAmount, withdrawal.currency);
    await tx.execute(
      sql`UPDATE wallet.withdrawals SET status = ${outcome.status}, confirm_result = ${input.result}, received_amount_minor = ${outcome.receivedMinor.toString()}::bigint,
            confirm_comment = ${comment}, confirmed_at = ${deps.clock().toISOString()}::timestamptz WHERE id = ${withdrawal.id}`,
    );
    await storeProofs(tx, 'withdrawal', withdrawal.id, proofs);
    await recordAction(tx, { subjectType: 'withdrawal', subjectId: withdrawal.id, action: input.result, actor: `member:${input.memberId}`, reason: comment, at: deps.clock() });
    return withdrawalView((await withdrawalById(tx, withdrawal.id))!);
  });
}
