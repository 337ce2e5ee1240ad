import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bonusShareOf, nextWagered, progressPercent, requirementMinor, splitStake, weightedMinor } from './bonus-money.js';

const minor = (max = 10_000_000n) => fc.bigInt({ min: 0n, max });

describe('bonus money rules', () => {
  it('spends cash first, and bonus money only while a bonus is wagering', () => {
    fc.assert(
      fc.property(minor(), minor(), minor(), fc.boolean(), (amount, cash, bonus, spendable) => {
        const split = splitStake(amount, cash, bonus, spendable);
        const covered = amount <= cash || (spendable && amount <= cash + bonus);
        expect(split !== undefined).toBe(covered);
        if (!split) return;
        expect(split.cashMinor + split.bonusMinor).toBe(amount);
        expect(split.cashMinor).toBe(amount < cash ? amount : cash);
        expect(split.bonusMinor <= bonus).toBe(true);
        if (!spendable) expect(split.bonusMinor).toBe(0n);
      }),
    );
  });

  it('pays a credit back in the share the stakes were bonus money, never more than the credit', () => {
    fc.assert(
      fc.property(minor(), minor(), minor(), (credit, bonusBet, betTotal) => {
        const share = bonusShareOf(credit, bonusBet, betTotal);
        expect(share >= 0n && share <= credit).toBe(true);
        if (bonusBet === 0n || betTotal === 0n) expect(share).toBe(0n);
        if (bonusBet >= betTotal && betTotal > 0n) expect(share).toBe(credit);
      }),
    );
    expect(bonusShareOf(24_000n, 2_000n, 12_000n)).toBe(4_000n);
  });

  it('keeps wagering progress within [0, requirement] whatever the bets and cancellations, and a met requirement reads 100 %', () => {
    fc.assert(
      fc.property(minor(), fc.array(fc.record({ valid: minor(1_000_000n), weight: fc.integer({ min: 0, max: 100 }), cancel: fc.boolean() }), { maxLength: 40 }), (required, bets) => {
        let wagered = 0n;
        for (const bet of bets) {
          const counted = weightedMinor(bet.valid, bet.weight);
          expect(counted <= bet.valid).toBe(true);
          wagered = nextWagered(wagered, counted, required);
          if (bet.cancel) wagered = nextWagered(wagered, -counted, required);
          expect(wagered >= 0n && wagered <= required).toBe(true);
          const percent = progressPercent(wagered, required);
          expect(percent >= 0 && percent <= 100).toBe(true);
          if (required > 0n && wagered === required) expect(percent).toBe(100);
        }
      }),
    );
  });

  it('sets the requirement on the bonus, or on bonus and deposit', () => {
    expect(requirementMinor(10_000n, 20, 'bonus_deposit', 10_000n)).toBe(400_000n);
    expect(requirementMinor(10_000n, 20, 'bonus', 10_000n)).toBe(200_000n);
    expect(requirementMinor(10_000n, 0, 'bonus', 0n)).toBe(0n);
    expect(weightedMinor(10_000n, 10)).toBe(1_000n);
    expect(weightedMinor(999n, 10)).toBe(99n);
  });
});
