import { AppError } from '@wps/platform';
import { formatMinor, parseMajor, CONFIRM_COMMENT_MAX, PROOF_FILES_MAX, type DepositView, type WithdrawalView } from '@wps/contracts';
import { LIMIT_PERIODS, type LimitPeriod, type LimitValues } from './limits.js';

/** Payment decisions that need no I/O: amounts, state transitions, the player's receipt, paging. Refusals throw AppError. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deposits and withdrawals have uuid ids; anything else cannot exist, and the database is not asked. */
export const isPaymentId = (id: string): boolean => UUID.test(id);

/** A positive amount in the currency's minor units; more decimals than the currency has is invalid, not rounded. */
export function positiveAmount(text: string | undefined, currency: string, field = 'amount'): bigint {
  const amountMinor = text === undefined ? undefined : parseMajor(text, currency);
  if (amountMinor === undefined || amountMinor <= 0n) throw new AppError('AMOUNT_INVALID', { field });
  return amountMinor;
}

export function checkAmountRange(amountMinor: bigint, min: bigint, max: bigint, currency: string): void {
  if (amountMinor < min || amountMinor > max) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', { field: 'amount', params: { min: formatMinor(min, currency), max: formatMinor(max, currency) } });
  }
}

/** An operator's adjustment: a leading minus debits, and zero moves nothing so it is refused. */
export function adjustmentAmount(text: string, currency: string): { amountMinor: bigint; magnitude: bigint; debit: boolean } {
  const trimmed = text.trim();
  const debit = trimmed.startsWith('-');
  const magnitude = parseMajor(trimmed.replace(/^-/, ''), currency);
  if (magnitude === undefined || magnitude === 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' });
  return { amountMinor: debit ? -magnitude : magnitude, magnitude, debit };
}

/** Text a decision cannot go without, such as the reason for a rejection that the member will read. */
export function requiredText(value: string | undefined, field: string): string {
  const text = value?.trim();
  if (!text) throw new AppError('INPUT_EMPTY', { field });
  return text;
}

/** A limits request: a missing period is left alone, null or '' removes the limit, anything else must be an amount. */
export function requestedLimits(input: Partial<Record<LimitPeriod, string | null>>, currency: string): Partial<LimitValues> {
  const requested: Partial<LimitValues> = {};
  for (const period of LIMIT_PERIODS) {
    if (!(period in input) || input[period] === undefined) continue;
    const text = input[period];
    requested[period] = text === null || text === '' ? null : positiveAmount(text, currency, period);
  }
  return requested;
}

export interface DepositMethodOffer {
  kind: string;
  currency: string;
}

/** A method is usable in the member's currency only, and the sandbox only while the sandbox provider is switched on. */
export const depositMethodUsable = <M extends DepositMethodOffer>(method: M | undefined, currency: string, sandboxEnabled: boolean): method is M =>
  method !== undefined && method.currency === currency && (method.kind !== 'sandbox_gateway' || sandboxEnabled);

/** An operator decides a deposit once, while it is pending; a second decision is a conflict, not a repeat. */
export function checkDepositPending(status: DepositView['status']): void {
  if (status !== 'pending') throw new AppError('PAYMENT_STATE_CONFLICT');
}

/** Proofs belong to a pending manual bank transfer, and one deposit holds at most PROOF_FILES_MAX of them. */
export function checkProofsAccepted(deposit: { kind: string; status: DepositView['status']; proofCount: number }, adding: number): void {
  if (deposit.kind !== 'manual_bank' || deposit.status !== 'pending') throw new AppError('PAYMENT_STATE_CONFLICT');
  if (deposit.proofCount + adding > PROOF_FILES_MAX) throw new AppError('PROOF_FILE_INVALID', { field: 'files' });
}

export type WithdrawalDecision = 'approve' | 'reject' | 'paid';

const WITHDRAWAL_STEPS: Record<WithdrawalDecision, { from: readonly WithdrawalView['status'][]; to: WithdrawalView['status'] }> = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending', 'approved'], to: 'rejected' },
  paid: { from: ['approved'], to: 'paid' },
};

/** pending → approved → paid; rejected from pending or approved. Anything else is a conflict. */
export function withdrawalAfter(status: WithdrawalView['status'], decision: WithdrawalDecision): WithdrawalView['status'] {
  const step = WITHDRAWAL_STEPS[decision];
  if (!step.from.includes(status)) throw new AppError('PAYMENT_STATE_CONFLICT');
  return step.to;
}

export type ReceiptResult = NonNullable<WithdrawalView['confirmResult']>;

/**
 * The player's note on a paid withdrawal. Saying nothing arrived needs both a comment and proof images, since an
 * operator has to take it up with the bank.
 */
export function receiptNote(result: ReceiptResult, comment: string | undefined, fileCount: number): string | null {
  const note = comment?.trim() || null;
  if (note && note.length > CONFIRM_COMMENT_MAX) throw new AppError('COMMENT_TOO_LONG', { field: 'comment' });
  if (result === 'not_received') {
    if (fileCount === 0) throw new AppError('PROOF_REQUIRED', { field: 'files' });
    if (!note) throw new AppError('INPUT_EMPTY', { field: 'comment' });
  }
  return note;
}

/**
 * What the player's answer does to a paid withdrawal. A partial receipt names a positive amount below the one paid;
 * nothing received is a dispute for an operator.
 */
export function receiptOutcome(
  status: WithdrawalView['status'],
  result: ReceiptResult,
  paidMinor: bigint,
  receivedAmount: string | undefined,
  currency: string,
): { status: 'confirmed' | 'disputed'; receivedMinor: bigint } {
  if (status !== 'paid') throw new AppError('PAYMENT_STATE_CONFLICT');
  if (result === 'received') return { status: 'confirmed', receivedMinor: paidMinor };
  if (result === 'not_received') return { status: 'disputed', receivedMinor: 0n };
  if (!receivedAmount) throw new AppError('INPUT_EMPTY', { field: 'receivedAmount' });
  const receivedMinor = positiveAmount(receivedAmount, currency, 'receivedAmount');
  if (receivedMinor >= paidMinor) throw new AppError('AMOUNT_INVALID', { field: 'receivedAmount' });
  return { status: 'confirmed', receivedMinor };
}

export interface Page<T> {
  content: T[];
  pageNum: number;
  totalPages: number;
  total: number;
}

const PAGE_SIZE_MAX = 100;
const clampedSize = (pageSize: number): number => Math.min(Math.max(pageSize, 1), PAGE_SIZE_MAX);

/** LIMIT and OFFSET of a page; pages count from 1 and hold 1 to 100 rows whatever the caller asks. */
export const pageWindow = (pageNo: number, pageSize: number): { limit: number; offset: number } => ({
  limit: clampedSize(pageSize),
  offset: (Math.max(pageNo, 1) - 1) * clampedSize(pageSize),
});

export const pageOf = <T>(content: T[], total: number, pageNo: number, pageSize: number): Page<T> => ({
  content,
  pageNum: pageNo,
  totalPages: Math.ceil(total / clampedSize(pageSize)),
  total,
});
