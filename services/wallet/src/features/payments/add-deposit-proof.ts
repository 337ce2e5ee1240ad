import { AppError } from '@wps/platform';
import type { ProofFile } from '@wps/contracts';
import type { MemberRef, PaymentsDeps } from './deps.js';
import { checkProofsAccepted, isPaymentId } from './payment-rules.js';
import { decodeProofs } from './proofs.js';
import { memberDeposit, recordAction, storeProofs } from './repository.js';

/** The member's receipt images for a manual bank transfer, for the operator who checks the bank statement. */
export async function addDepositProof(deps: Pick<PaymentsDeps, 'db' | 'clock'>, input: MemberRef & { depositId: string; files: ProofFile[] }): Promise<{ id: string; proofCount: number }> {
  if (!isPaymentId(input.depositId)) throw new AppError('NOT_FOUND');
  if (input.files.length === 0) throw new AppError('PROOF_REQUIRED', { field: 'files' });
  const proofs = decodeProofs(input.files);
  return deps.db.transaction(async (tx) => {
    const deposit = await memberDeposit(tx, input, input.depositId, true);
    if (!deposit) throw new AppError('NOT_FOUND');
    const proofCount = Number(deposit.proof_count);
    checkProofsAccepted({ kind: deposit.method_kind, status: deposit.status, proofCount }, proofs.length);
    await storeProofs(tx, 'deposit', deposit.id, proofs);
    await recordAction(tx, { subjectType: 'deposit', subjectId: deposit.id, action: 'proof_uploaded', actor: `member:${input.memberId}`, at: deps.clock() });
    return { id: deposit.id, proofCount: proofCount + proofs.length };
  });
}
