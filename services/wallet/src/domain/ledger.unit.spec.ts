import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkLegs, transferLegs, UnbalancedTransactionError } from './ledger.js';
import { requestHash } from './idempotency.js';

describe('checkLegs', () => {
  it('accepts a balanced transfer and orders legs by account', () => {
    expect(checkLegs(transferLegs('9', '3', 'MXN', 500n)).map((leg) => leg.accountId)).toEqual(['3', '9']);
  });

  it('refuses unbalanced, zero, duplicate and one-legged transactions', () => {
    expect(() =>
      checkLegs([
        { accountId: '1', currency: 'MXN', amountMinor: -5n },
        { accountId: '2', currency: 'MXN', amountMinor: 4n },
      ]),
    ).toThrow(UnbalancedTransactionError);
    expect(() =>
      checkLegs([
        { accountId: '1', currency: 'MXN', amountMinor: 0n },
        { accountId: '2', currency: 'MXN', amountMinor: 0n },
      ]),
    ).toThrow(UnbalancedTransactionError);
    expect(() =>
      checkLegs([
        { accountId: '1', currency: 'MXN', amountMinor: -5n },
        { accountId: '1', currency: 'MXN', amountMinor: 5n },
      ]),
    ).toThrow(UnbalancedTransactionError);
    expect(() => checkLegs([{ accountId: '1', currency: 'MXN', amountMinor: 5n }])).toThrow(UnbalancedTransactionError);
    expect(() => transferLegs('1', '2', 'MXN', -1n)).toThrow(UnbalancedTransactionError);
  });

  it('refuses legs that balance overall but not per currency', () => {
    expect(() =>
      checkLegs([
        { accountId: '1', currency: 'MXN', amountMinor: -5n },
        { accountId: '2', currency: 'USD', amountMinor: 5n },
      ]),
    ).toThrow(/MXN|USD/);
  });

  it('accepts exactly the leg sets that sum to zero (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.bigInt({ min: -10_000n, max: 10_000n }).filter((n) => n !== 0n),
          { minLength: 1, maxLength: 8 },
        ),
        (amounts) => {
          const legs = amounts.map((amountMinor, index) => ({ accountId: String(index + 1), currency: 'MXN', amountMinor }));
          const balancing = -amounts.reduce((sum, n) => sum + n, 0n);
          if (balancing !== 0n) legs.push({ accountId: '99', currency: 'MXN', amountMinor: balancing });
          expect(checkLegs(legs).reduce((sum, leg) => sum + leg.amountMinor, 0n)).toBe(0n);
          const broken = [...legs];
          broken[0] = { ...broken[0]!, amountMinor: broken[0]!.amountMinor + 1n || 2n };
          expect(() => checkLegs(broken)).toThrow(UnbalancedTransactionError);
        },
      ),
    );
  });
});

describe('requestHash', () => {
  it('ignores key order and tells different bodies apart', () => {
    expect(requestHash({ a: 1, b: '2' })).toBe(requestHash({ b: '2', a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });
});
