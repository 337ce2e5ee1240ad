import { formatMinor, type DepositView, type WithdrawalView } from '@wps/contracts';
import type { DepositRow, WithdrawalRow } from './repository.js';

/** Stored payment rows as the contract shows them: amounts in major units, times in ISO 8601. */

export const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

export function depositView(row: DepositRow): DepositView {
  return {
    id: row.id,
    status: row.status,
    method: row.method_code,
    amount: formatMinor(BigInt(row.amount_minor), row.currency),
    currency: row.currency,
    createdAt: iso(row.created_at),
    // Only an open sandbox deposit has a page to pay on; a decided one must not be offered again.
    ...(row.method_kind === 'sandbox_gateway' && row.status === 'pending' ? { paymentUrl: `/sandbox-pay/${row.id}` } : {}),
    reason: row.reason,
    proofCount: Number(row.proof_count),
    decidedAt: isoOrNull(row.decided_at),
  };
}

export function withdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    status: row.status,
    amount: formatMinor(BigInt(row.amount_minor), row.currency),
    currency: row.currency,
    createdAt: iso(row.created_at),
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_number,
    reason: row.reason,
    paidAt: isoOrNull(row.paid_at),
    confirmResult: row.confirm_result,
    receivedAmount: row.received_amount_minor === null ? null : formatMinor(BigInt(row.received_amount_minor), row.currency),
    autoConfirmed: row.auto_confirmed,
  };
}
