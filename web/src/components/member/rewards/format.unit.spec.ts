import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMinor, minorToAmount, rewardValue } from './format';

describe('reward amounts as the member reads them', () => {
  it('turns minor units into the amount with two decimals, without floating point', () => {
    expect(minorToAmount('0')).toBe('0.00');
    expect(minorToAmount('5')).toBe('0.05');
    expect(minorToAmount('2500')).toBe('25.00');
    expect(minorToAmount('000123456789012345678')).toBe('1234567890123456.78');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (minor) => {
        const [whole, cents] = minorToAmount(minor.toString()).split('.');
        expect(BigInt(whole!) * 100n + BigInt(cents!)).toBe(minor);
        expect(cents).toHaveLength(2);
      }),
    );
  });

  it('shows money with its currency and thousands, and points as points', () => {
    expect(formatMinor('123456789', 'MXN')).toBe('1,234,567.89 MXN');
    expect(rewardValue({ kind: 'bonus', amountMinor: '2500', points: '0', currency: 'MXN' }, 'points')).toBe('25.00 MXN');
    expect(rewardValue({ kind: 'points', amountMinor: '0', points: '12000', currency: 'MXN' }, 'puntos')).toBe('12,000 puntos');
  });
});
