import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import type { WithdrawalView } from '@wps/contracts';
import { changeLimits, exceededPeriod, NO_LIMITS, settleLimits } from './limits.js';
import {
  adjustmentAmount,
  checkAmountRange,
  checkProofsAccepted,
  depositMethodUsable,
  isPaymentId,
  pageOf,
  pageWindow,
  positiveAmount,
  receiptNote,
  receiptOutcome,
  requestedLimits,
  requiredText,
  withdrawalAfter,
  type WithdrawalDecision,
} from './payment-rules.js';
import { decodeProofs } from './proofs.js';
import { transferRefusal } from './transfer-rules.js';

const DAY_MS = 86_400_000;
const t0 = new Date('2026-01-10T12:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

describe('deposit limits', () => {
  it('applies a first limit and a decrease at once', () => {
    const first = changeLimits(NO_LIMITS, { daily: 50_000n }, t0, DAY_MS);
    expect(first).toEqual({ current: { daily: 50_000n, weekly: null, monthly: null } });
    const lower = changeLimits(first, { daily: 20_000n }, t0, DAY_MS);
    expect(lower.current.daily).toBe(20_000n);
    expect(lower.pending).toBeUndefined();
  });

  it('holds an increase or a removal for the cooling-off, then applies it', () => {
    const start = changeLimits(NO_LIMITS, { daily: 10_000n, weekly: 30_000n }, t0, DAY_MS);
    const raised = changeLimits(start, { daily: 90_000n, weekly: null }, t0, DAY_MS);
    expect(raised.current).toEqual({ daily: 10_000n, weekly: 30_000n, monthly: null });
    expect(raised.pending).toEqual({ values: { daily: 90_000n, weekly: null }, effectiveAt: later(DAY_MS) });
    expect(settleLimits(raised, later(DAY_MS - 1)).current.daily).toBe(10_000n);
    expect(settleLimits(raised, later(DAY_MS))).toEqual({ current: { daily: 90_000n, weekly: null, monthly: null } });
  });

  it('a decrease cancels a pending increase of the same period', () => {
    const start = changeLimits(NO_LIMITS, { daily: 10_000n }, t0, DAY_MS);
    const raised = changeLimits(start, { daily: 90_000n }, t0, DAY_MS);
    const lowered = changeLimits(raised, { daily: 5_000n }, later(1_000), DAY_MS);
    expect(lowered).toEqual({ current: { daily: 5_000n, weekly: null, monthly: null } });
  });

  it('finds the first period a credit would pass', () => {
    const limits = { daily: 10_000n, weekly: null, monthly: 100_000n };
    expect(exceededPeriod(limits, { daily: 9_000n, weekly: 0n, monthly: 0n }, 1_000n)).toBeUndefined();
    expect(exceededPeriod(limits, { daily: 9_000n, weekly: 0n, monthly: 0n }, 1_001n)).toBe('daily');
    expect(exceededPeriod(limits, { daily: 0n, weekly: 0n, monthly: 99_500n }, 1_000n)).toBe('monthly');
  });
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]);
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as AppError).code;
  }
  return undefined;
};

describe('proof files', () => {
  it('accepts png and jpeg by their magic bytes', () => {
    const decoded = decodeProofs([
      { name: 'a.png', contentType: 'image/png', dataBase64: PNG.toString('base64') },
      { name: 'b.jpg', contentType: 'image/jpeg', dataBase64: JPEG.toString('base64') },
    ]);
    expect(decoded.map((file) => file.bytes.length)).toEqual([PNG.length, JPEG.length]);
  });

  it.each([
    ['a declared png that is a jpeg', [{ name: 'x.png', contentType: 'image/png' as const, dataBase64: JPEG.toString('base64') }]],
    ['a text file', [{ name: 'x.png', contentType: 'image/png' as const, dataBase64: Buffer.from('hello').toString('base64') }]],
    ['broken base64', [{ name: 'x.png', contentType: 'image/png' as const, dataBase64: '@@@@' }]],
    ['more than 5 MB', [{ name: 'x.png', contentType: 'image/png' as const, dataBase64: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]).toString('base64') }]],
    ['four files', Array.from({ length: 4 }, () => ({ name: 'x.png', contentType: 'image/png' as const, dataBase64: PNG.toString('base64') }))],
  ])('refuses %s', (_label, files) => {
    expect(codeOf(() => decodeProofs(files))).toBe('PROOF_FILE_INVALID');
  });
});

describe('transfer directions', () => {
  const parties = { fromMemberId: '1', toMemberId: '2', toIsDirectUplineOfFrom: false, toIsInDownlineOfFrom: false };
  it.each([
    [{ ...parties, fromType: 1, toType: 0, toIsInDownlineOfFrom: true }, undefined],
    [{ ...parties, fromType: 42, toType: 1, toIsInDownlineOfFrom: true }, undefined],
    [{ ...parties, fromType: 1, toType: 0 }, 'TRANSFER_DOWNLINE_ONLY'],
    [{ ...parties, fromType: 1, toType: 1, toIsDirectUplineOfFrom: true }, 'TRANSFER_DOWNLINE_ONLY'],
    [{ ...parties, fromType: 0, toType: 1, toIsDirectUplineOfFrom: true }, undefined],
    [{ ...parties, fromType: 0, toType: 0 }, 'TRANSFER_UPLINE_ONLY'],
    [{ ...parties, fromType: 0, toType: 0, toIsInDownlineOfFrom: true }, 'TRANSFER_UPLINE_ONLY'],
    [{ ...parties, fromType: 4, toType: 1, toIsDirectUplineOfFrom: true }, 'TRIAL_ACCOUNT_REFUSED'],
    [{ ...parties, fromType: 1, toType: 4, toIsInDownlineOfFrom: true }, 'TRANSFER_DOWNLINE_ONLY'],
    [{ ...parties, fromType: 0, toType: 4, toIsDirectUplineOfFrom: true }, 'TRANSFER_UPLINE_ONLY'],
    [{ ...parties, toMemberId: '1', fromType: 1, toType: 1, toIsInDownlineOfFrom: true }, 'TRANSFER_DOWNLINE_ONLY'],
  ])('%j → %s', (input, expected) => {
    expect(transferRefusal(input)).toBe(expected);
  });
});

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const appError = error as AppError;
    return { code: appError.code, field: appError.options.field, message: appError.message };
  }
  return undefined;
};

describe('amounts', () => {
  it('reads a positive amount in minor units, exactly', () => {
    expect(positiveAmount('120.50', 'MXN')).toBe(12_050n);
    expect(positiveAmount(' 7 ', 'MXN')).toBe(700n);
  });

  it.each([['0.00'], ['-3.00'], ['10.001'], ['1e3'], ['lots'], [undefined]])('refuses %s as AMOUNT_INVALID on its field', (text) => {
    expect(refusalOf(() => positiveAmount(text, 'MXN', 'daily'))).toMatchObject({ code: 'AMOUNT_INVALID', field: 'daily' });
  });

  it('keeps an amount inside the method bounds, both ends included, and names them in the message', () => {
    expect(refusalOf(() => checkAmountRange(1_000n, 1_000n, 2_000_000n, 'MXN'))).toBeUndefined();
    expect(refusalOf(() => checkAmountRange(2_000_000n, 1_000n, 2_000_000n, 'MXN'))).toBeUndefined();
    expect(refusalOf(() => checkAmountRange(999n, 1_000n, 2_000_000n, 'MXN'))).toEqual({
      code: 'AMOUNT_OUT_OF_RANGE',
      field: 'amount',
      message: 'The amount must be between 10.00 and 20000.00',
    });
    expect(refusalOf(() => checkAmountRange(2_000_001n, 1_000n, 2_000_000n, 'MXN'))?.code).toBe('AMOUNT_OUT_OF_RANGE');
  });

  it('signs an adjustment by its leading minus and refuses zero', () => {
    expect(adjustmentAmount(' 75.00 ', 'MXN')).toEqual({ amountMinor: 7_500n, magnitude: 7_500n, debit: false });
    expect(adjustmentAmount('-25.00', 'MXN')).toEqual({ amountMinor: -2_500n, magnitude: 2_500n, debit: true });
    expect(refusalOf(() => adjustmentAmount('0.00', 'MXN'))?.code).toBe('AMOUNT_INVALID');
    expect(refusalOf(() => adjustmentAmount('-0', 'MXN'))?.code).toBe('AMOUNT_INVALID');
    expect(refusalOf(() => adjustmentAmount('--5', 'MXN'))?.code).toBe('AMOUNT_INVALID');
  });

  it('reads a limits request: left out stays, null or empty removes, anything else is an amount', () => {
    expect(requestedLimits({ daily: '100.00', weekly: null, monthly: '' }, 'MXN')).toEqual({ daily: 10_000n, weekly: null, monthly: null });
    expect(requestedLimits({ weekly: undefined }, 'MXN')).toEqual({});
    expect(refusalOf(() => requestedLimits({ daily: '50.00', monthly: 'lots' }, 'MXN'))).toMatchObject({ code: 'AMOUNT_INVALID', field: 'monthly' });
    expect(refusalOf(() => requestedLimits({ daily: '0' }, 'MXN'))?.code).toBe('AMOUNT_INVALID');
  });
});

describe('deposits', () => {
  it('offers a method in the member currency only, and the sandbox only while it is on', () => {
    const bank = { kind: 'manual_bank', currency: 'MXN' };
    const sandbox = { kind: 'sandbox_gateway', currency: 'MXN' };
    expect(depositMethodUsable(bank, 'MXN', false)).toBe(true);
    expect(depositMethodUsable(bank, 'USD', true)).toBe(false);
    expect(depositMethodUsable(sandbox, 'MXN', true)).toBe(true);
    expect(depositMethodUsable(sandbox, 'MXN', false)).toBe(false);
    expect(depositMethodUsable(undefined, 'MXN', true)).toBe(false);
  });

  it('takes proofs for a pending manual transfer up to three in all', () => {
    const open = { kind: 'manual_bank', status: 'pending' as const, proofCount: 2 };
    expect(refusalOf(() => checkProofsAccepted(open, 1))).toBeUndefined();
    expect(refusalOf(() => checkProofsAccepted(open, 2))).toMatchObject({ code: 'PROOF_FILE_INVALID', field: 'files' });
    expect(refusalOf(() => checkProofsAccepted({ ...open, status: 'approved' }, 1))?.code).toBe('PAYMENT_STATE_CONFLICT');
    expect(refusalOf(() => checkProofsAccepted({ ...open, kind: 'sandbox_gateway' }, 1))?.code).toBe('PAYMENT_STATE_CONFLICT');
  });

  it('knows a payment id by its shape', () => {
    expect(isPaymentId('0b6c3c5e-8f7d-4a1b-9c2e-3d4f5a6b7c8d')).toBe(true);
    expect(isPaymentId('0B6C3C5E-8F7D-4A1B-9C2E-3D4F5A6B7C8D')).toBe(true);
    expect(isPaymentId("1' OR '1'='1")).toBe(false);
    expect(isPaymentId('')).toBe(false);
  });

  it('needs a reason to reject, trimmed', () => {
    expect(requiredText('  No funds arrived ', 'reason')).toBe('No funds arrived');
    expect(refusalOf(() => requiredText('   ', 'reason'))).toMatchObject({ code: 'INPUT_EMPTY', field: 'reason' });
    expect(refusalOf(() => requiredText(undefined, 'reason'))?.code).toBe('INPUT_EMPTY');
  });
});

describe('withdrawal states', () => {
  const statuses: WithdrawalView['status'][] = ['pending', 'approved', 'paid', 'confirmed', 'disputed', 'rejected'];
  const allowed: Record<WithdrawalDecision, Partial<Record<WithdrawalView['status'], WithdrawalView['status']>>> = {
    approve: { pending: 'approved' },
    reject: { pending: 'rejected', approved: 'rejected' },
    paid: { approved: 'paid' },
  };
  for (const decision of ['approve', 'reject', 'paid'] as const) {
    it.each(statuses)(`${decision} from %s`, (status) => {
      const next = allowed[decision][status];
      if (next) expect(withdrawalAfter(status, decision)).toBe(next);
      else expect(refusalOf(() => withdrawalAfter(status, decision))?.code).toBe('PAYMENT_STATE_CONFLICT');
    });
  }
});

describe("the player's receipt of a paid withdrawal", () => {
  it('confirms all or part of the amount, and disputes nothing received', () => {
    expect(receiptOutcome('paid', 'received', 20_000n, undefined, 'MXN')).toEqual({ status: 'confirmed', receivedMinor: 20_000n });
    expect(receiptOutcome('paid', 'partial', 30_000n, '250.00', 'MXN')).toEqual({ status: 'confirmed', receivedMinor: 25_000n });
    expect(receiptOutcome('paid', 'not_received', 15_000n, '99.00', 'MXN')).toEqual({ status: 'disputed', receivedMinor: 0n });
  });

  it('takes a partial amount only below what was paid', () => {
    expect(refusalOf(() => receiptOutcome('paid', 'partial', 30_000n, undefined, 'MXN'))).toMatchObject({ code: 'INPUT_EMPTY', field: 'receivedAmount' });
    expect(refusalOf(() => receiptOutcome('paid', 'partial', 30_000n, '300.00', 'MXN'))).toMatchObject({ code: 'AMOUNT_INVALID', field: 'receivedAmount' });
    expect(refusalOf(() => receiptOutcome('paid', 'partial', 30_000n, '0.00', 'MXN'))).toMatchObject({ code: 'AMOUNT_INVALID', field: 'receivedAmount' });
    expect(receiptOutcome('paid', 'partial', 30_000n, '299.99', 'MXN').receivedMinor).toBe(29_999n);
  });

  it.each(['pending', 'approved', 'confirmed', 'disputed', 'rejected'] as const)('refuses a receipt for a %s withdrawal', (status) => {
    expect(refusalOf(() => receiptOutcome(status, 'received', 20_000n, undefined, 'MXN'))?.code).toBe('PAYMENT_STATE_CONFLICT');
  });

  it('needs a comment and proof to say nothing arrived, and keeps comments short', () => {
    expect(receiptNote('received', '  ', 0)).toBeNull();
    expect(receiptNote('partial', ' short ', 0)).toBe('short');
    expect(receiptNote('not_received', 'Nothing arrived', 1)).toBe('Nothing arrived');
    expect(refusalOf(() => receiptNote('not_received', 'Nothing arrived', 0))).toMatchObject({ code: 'PROOF_REQUIRED', field: 'files' });
    expect(refusalOf(() => receiptNote('not_received', ' ', 2))).toMatchObject({ code: 'INPUT_EMPTY', field: 'comment' });
    expect(refusalOf(() => receiptNote('received', 'x'.repeat(141), 0))).toMatchObject({ code: 'COMMENT_TOO_LONG', field: 'comment' });
    expect(receiptNote('received', 'x'.repeat(140), 0)).toHaveLength(140);
  });
});

describe('pages', () => {
  it('counts pages from 1 and holds 1 to 100 rows', () => {
    expect(pageWindow(1, 10)).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow(3, 10)).toEqual({ limit: 10, offset: 20 });
    expect(pageWindow(0, 0)).toEqual({ limit: 1, offset: 0 });
    expect(pageWindow(2, 1000)).toEqual({ limit: 100, offset: 100 });
    expect(pageOf(['a'], 201, 3, 1000)).toEqual({ content: ['a'], pageNum: 3, totalPages: 3, total: 201 });
    expect(pageOf([], 0, 1, 20)).toEqual({ content: [], pageNum: 1, totalPages: 0, total: 0 });
  });
});
