import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cashbackAmount, countsAsAvailable, depositMatchBonus, promotionState, weekNetLoss, type CashbackBet, type StateInputs } from './rules.js';

const MATCH = { percent: 100, maxBonusMinor: '200000', minDepositMinor: '10000' };
const CASHBACK = { rateBasisPoints: 1_000, maxMinor: '500000', minLossMinor: '10000' };

describe('the deposit match', () => {
  it('gives the percentage of the deposit, rounded down, up to the cap, and nothing below the minimum', () => {
    expect(depositMatchBonus(9_999n, MATCH)).toBe(0n);
    expect(depositMatchBonus(10_000n, MATCH)).toBe(10_000n);
    expect(depositMatchBonus(150_000n, MATCH)).toBe(150_000n);
    expect(depositMatchBonus(500_000n, MATCH)).toBe(200_000n);
    expect(depositMatchBonus(20_001n, { percent: 50, maxBonusMinor: '100000', minDepositMinor: '20000' })).toBe(10_000n);
    expect(depositMatchBonus(333n, { percent: 33, maxBonusMinor: '1000', minDepositMinor: '1' })).toBe(109n);
  });

  it('never gives more than the cap or the percentage, never less for a larger deposit, and nothing below the minimum (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 500 }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (deposit, more, percent, cap, min) => {
          const terms = { percent, maxBonusMinor: cap.toString(), minDepositMinor: min.toString() };
          const bonus = depositMatchBonus(deposit, terms);
          expect(bonus >= 0n).toBe(true);
          expect(bonus <= cap).toBe(true);
          expect(bonus * 100n <= deposit * BigInt(percent)).toBe(true);
          if (deposit < min) expect(bonus).toBe(0n);
          else expect(bonus === cap || (bonus + 1n) * 100n > deposit * BigInt(percent)).toBe(true);
          expect(depositMatchBonus(deposit + more, terms) >= bonus).toBe(true);
        },
      ),
    );
  });
});

describe('the weekly cashback', () => {
  it('counts each bet at its highest revision, a cancelled one as nothing, and pays the rate within the minimum and the cap', () => {
    const bets: CashbackBet[] = [
      { betId: 'a', revision: 0, state: 'settled', betMinor: 50_000n, winMinor: 0n },
      { betId: 'a', revision: 1, state: 'settled', betMinor: 50_000n, winMinor: 20_000n },
      { betId: 'b', revision: 0, state: 'settled', betMinor: 10_000n, winMinor: 25_000n },
      { betId: 'c', revision: 1, state: 'cancelled', betMinor: 0n, winMinor: 0n },
      { betId: 'c', revision: 0, state: 'settled', betMinor: 90_000n, winMinor: 0n },
    ];
    // a: 50,000 − 20,000; b: a win of 15,000; c: cancelled.
    expect(weekNetLoss(bets)).toBe(15_000n);
    expect(cashbackAmount(15_000n, CASHBACK)).toBe(1_500n);
    expect(cashbackAmount(9_999n, CASHBACK)).toBe(0n);
    expect(cashbackAmount(-50_000n, CASHBACK)).toBe(0n);
    expect(cashbackAmount(100_000_000n, CASHBACK)).toBe(500_000n);
    expect(cashbackAmount(10_009n, CASHBACK)).toBe(1_000n);
  });

  const revision = fc.record({ cancelled: fc.boolean(), betMinor: fc.bigInt({ min: 0n, max: 10n ** 9n }), winMinor: fc.bigInt({ min: 0n, max: 10n ** 9n }) });
  const week = fc.array(fc.array(revision, { minLength: 1, maxLength: 4 }), { minLength: 0, maxLength: 12 });

  it('is the same whatever order the revisions arrive in, and equals the sum over bets of their last revision (property)', () => {
    fc.assert(
      fc.property(week, fc.integer(), (betsRevisions, seed) => {
        const messages: CashbackBet[] = betsRevisions.flatMap((revisions, bet) =>
          revisions.map((one, number) => ({
            betId: `bet-${bet}`,
            revision: number,
            state: one.cancelled ? ('cancelled' as const) : ('settled' as const),
            betMinor: one.betMinor,
            winMinor: one.winMinor,
          })),
        );
        // Any delivery order (a shuffle from the seed), with some revisions delivered twice.
        const shuffled = [...messages, ...messages.filter((_, index) => (index + seed) % 3 === 0)];
        let state = seed >>> 0;
        for (let index = shuffled.length - 1; index > 0; index--) {
          state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
          const other = state % (index + 1);
          [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
        }
        const expected = betsRevisions.reduce((sum, revisions) => {
          const last = revisions.at(-1)!;
          return last.cancelled ? sum : sum + last.betMinor - last.winMinor;
        }, 0n);
        expect(weekNetLoss(shuffled)).toBe(expected);
        const amount = cashbackAmount(expected, CASHBACK);
        expect(amount >= 0n && amount <= 500_000n).toBe(true);
        if (expected < 10_000n) expect(amount).toBe(0n);
        else expect(amount === 500_000n || amount === (expected * 1_000n) / 10_000n).toBe(true);
      }),
    );
  });
});

describe("a member's state in a promotion", () => {
  const now = new Date('2025-06-10T12:00:00Z');
  const open = (kind: StateInputs['kind'], fields: Partial<StateInputs> = {}): StateInputs => ({
    kind,
    enabled: true,
    startsAt: new Date('2025-06-01T00:00:00Z'),
    endsAt: null,
    currency: 'MXN',
    ...fields,
  });

  it('asks to join, claim or apply by kind while open, and counts those', () => {
    expect(promotionState(open('deposit_match'), null, now)).toBe('join');
    expect(promotionState(open('cashback'), null, now)).toBe('join');
    expect(promotionState(open('cash_bonus'), null, now)).toBe('claim');
    expect(promotionState(open('application'), null, now)).toBe('applying');
    expect(countsAsAvailable('cash_bonus', 'claim')).toBe(true);
    // Referral and raffle act in their own parts: shown, not counted.
    expect(promotionState(open('referral'), null, now)).toBe('join');
    expect(countsAsAvailable('referral', 'join')).toBe(false);
    expect(countsAsAvailable('raffle', 'join')).toBe(false);
    expect(countsAsAvailable('cash_bonus', 'claimed')).toBe(false);
  });

  it('is coming soon before the start, close once over, disabled or in another currency', () => {
    expect(promotionState(open('tournament', { startsAt: new Date('2025-06-15T00:00:00Z') }), null, now)).toBe('coming_soon');
    expect(promotionState(open('cash_bonus', { endsAt: now }), null, now)).toBe('close');
    expect(promotionState(open('cash_bonus', { enabled: false }), null, now)).toBe('close');
    expect(promotionState(open('cash_bonus'), null, now, 'USD')).toBe('close');
    expect(promotionState(open('cash_bonus'), null, now, 'MXN')).toBe('claim');
  });

  it("follows the member's participation: process while its bonus is being given", () => {
    expect(promotionState(open('deposit_match'), { state: 'signed', granting: false }, now)).toBe('signed');
    expect(promotionState(open('deposit_match'), { state: 'issued', granting: true }, now)).toBe('process');
    expect(promotionState(open('deposit_match'), { state: 'issued', granting: false }, now)).toBe('issued');
    expect(promotionState(open('cash_bonus'), { state: 'claimed', granting: false }, now)).toBe('claimed');
    expect(promotionState(open('application'), { state: 'process', granting: false }, now)).toBe('process');
    expect(promotionState(open('application', { endsAt: now }), { state: 'rejected', granting: false }, now)).toBe('rejected');
  });
});
