import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { changeLimits, exceededPeriod, NO_LIMITS, settleLimits } from './limits.js';
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
    [{ ...parties, fromType: 1, toType: 4, toIsInDownlineOfFrom: true }, 'TRIAL_ACCOUNT_REFUSED'],
    [{ ...parties, toMemberId: '1', fromType: 1, toType: 1, toIsInDownlineOfFrom: true }, 'TRANSFER_DOWNLINE_ONLY'],
  ])('%j → %s', (input, expected) => {
    expect(transferRefusal(input)).toBe(expected);
  });
});
