import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  birthdayAccepted,
  birthdaysOn,
  checkLevels,
  levelAfterActivity,
  levelAfterReview,
  levelReached,
  levelsPassed,
  localDay,
  monthOf,
  rebateMinor,
  windowStart,
  type Level,
} from './rules.js';
import { DEMO_LEVELS } from './demo.js';

const level = (n: number, upgrade: [bigint, bigint], keep: [bigint, bigint], rebateBasisPoints = 0): Level => ({
  level: n,
  labelName: `L${n}`,
  upgradeDeposit: upgrade[0],
  upgradeValidBet: upgrade[1],
  keepDeposit: keep[0],
  keepValidBet: keep[1],
  upgradeBonus: n === 0 ? 0n : 100n * BigInt(n),
  monthlyBonus: n === 0 ? 0n : 10n * BigInt(n),
  birthdayBonus: 0n,
  rebateBasisPoints,
  withdrawalLimit: '',
});
const LADDER: Level[] = [level(0, [0n, 0n], [0n, 0n]), level(1, [100n, 200n], [50n, 100n], 10), level(2, [300n, 600n], [150n, 300n], 20), level(3, [600n, 1200n], [300n, 600n], 50)];

/** Ladders that pass the checks: thresholds that never fall, keep at most upgrade. */
const ladderArbitrary = fc.integer({ min: 1, max: 9 }).chain((top) =>
  fc
    .array(fc.tuple(fc.bigInt({ min: 0n, max: 1_000n }), fc.bigInt({ min: 0n, max: 1_000n }), fc.bigInt({ min: 0n, max: 100n }), fc.bigInt({ min: 0n, max: 100n })), { minLength: top, maxLength: top })
    .map((steps) => {
      const levels: Level[] = [level(0, [0n, 0n], [0n, 0n])];
      let [deposit, bet] = [0n, 0n];
      for (const [index, [stepDeposit, stepBet, keepDepositPct, keepBetPct]] of steps.entries()) {
        deposit += stepDeposit;
        bet += stepBet;
        levels.push(level(index + 1, [deposit, bet], [(deposit * keepDepositPct) / 100n, (bet * keepBetPct) / 100n]));
      }
      // Keep thresholds must not fall from one level to the next either.
      for (let i = 1; i < levels.length; i++) {
        const below = levels[i - 1]!;
        const here = levels[i]!;
        if (here.keepDeposit < below.keepDeposit) here.keepDeposit = below.keepDeposit;
        if (here.keepValidBet < below.keepValidBet) here.keepValidBet = below.keepValidBet;
      }
      return levels;
    }),
);
const sumsArbitrary = fc.record({ deposit: fc.bigInt({ min: 0n, max: 12_000n }), validBet: fc.bigInt({ min: 0n, max: 12_000n }) });

describe('VIP level rules', () => {
  it('accepts the demo ladder and refuses gaps, falling thresholds, keep above upgrade and bonuses at level 0', () => {
    expect(checkLevels([...DEMO_LEVELS].reverse()).map((l) => l.level)).toEqual([0, 1, 2, 3, 4, 5]);
    const refused = (levels: Level[]) => {
      let caught: unknown;
      try {
        checkLevels(levels);
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ code: 'VIP_LEVELS_INVALID' });
    };
    refused([LADDER[0]!, LADDER[2]!]);
    refused([LADDER[1]!, LADDER[2]!]);
    refused([LADDER[0]!]);
    refused([LADDER[0]!, LADDER[1]!, LADDER[1]!]);
    refused([LADDER[0]!, LADDER[1]!, { ...LADDER[2]!, upgradeValidBet: 150n }]);
    refused([LADDER[0]!, { ...LADDER[1]!, keepDeposit: 101n }]);
    refused([{ ...LADDER[0]!, monthlyBonus: 1n }, LADDER[1]!]);
    refused([{ ...LADDER[0]!, upgradeDeposit: 1n }, LADDER[1]!]);
    refused([LADDER[0]!, LADDER[1]!, { ...LADDER[2]!, keepDeposit: 40n }]);
  });

  it('upgrades only when deposits and valid bet both reach the thresholds, to the highest level reached', () => {
    expect(levelReached(LADDER, { deposit: 99n, validBet: 10_000n })).toBe(0);
    expect(levelReached(LADDER, { deposit: 10_000n, validBet: 199n })).toBe(0);
    expect(levelReached(LADDER, { deposit: 100n, validBet: 200n })).toBe(1);
    expect(levelReached(LADDER, { deposit: 700n, validBet: 1_199n })).toBe(2);
    expect(levelReached(LADDER, { deposit: 600n, validBet: 1_200n })).toBe(3);
    expect(levelAfterActivity(LADDER, 3, { deposit: 0n, validBet: 0n })).toBe(3);
    expect(levelsPassed(0, 3)).toEqual([1, 2, 3]);
    expect(levelsPassed(2, 2)).toEqual([]);
    expect(levelsPassed(3, 1)).toEqual([]);
  });

  it('never lowers a level on activity, and reaches a level only when both its thresholds are met', () => {
    fc.assert(
      fc.property(ladderArbitrary, fc.integer({ min: 0, max: 9 }), sumsArbitrary, (ladder, start, sums) => {
        const current = Math.min(start, ladder.length - 1);
        expect(checkLevels(ladder)).toHaveLength(ladder.length);
        const after = levelAfterActivity(ladder, current, sums);
        expect(after).toBeGreaterThanOrEqual(current);
        if (after > current) {
          const reached = ladder[after]!;
          expect(sums.deposit >= reached.upgradeDeposit && sums.validBet >= reached.upgradeValidBet).toBe(true);
          const above = ladder[after + 1];
          if (above) expect(sums.deposit >= above.upgradeDeposit && sums.validBet >= above.upgradeValidBet).toBe(false);
        }
      }),
    );
  });

  it('re-evaluates one level down at most, only when a keep threshold was missed', () => {
    expect(levelAfterReview(LADDER, 3, { deposit: 300n, validBet: 600n })).toBe(3);
    expect(levelAfterReview(LADDER, 3, { deposit: 299n, validBet: 5_000n })).toBe(2);
    expect(levelAfterReview(LADDER, 3, { deposit: 5_000n, validBet: 599n })).toBe(2);
    expect(levelAfterReview(LADDER, 3, { deposit: 0n, validBet: 0n })).toBe(2);
    expect(levelAfterReview(LADDER, 0, { deposit: 0n, validBet: 0n })).toBe(0);
    fc.assert(
      fc.property(ladderArbitrary, fc.integer({ min: 0, max: 9 }), sumsArbitrary, (ladder, start, sums) => {
        const current = Math.min(start, ladder.length - 1);
        const after = levelAfterReview(ladder, current, sums);
        expect([current, Math.max(0, current - 1)]).toContain(after);
        const held = ladder[current]!;
        // Whoever reached its level by the upgrade thresholds keeps it.
        if (sums.deposit >= held.upgradeDeposit && sums.validBet >= held.upgradeValidBet) expect(after).toBe(current);
      }),
    );
  });

  it('rebates the valid bet at the rate in basis points, rounded down, never negative', () => {
    expect(rebateMinor(100_001n, 30)).toBe(300n);
    expect(rebateMinor(333n, 30)).toBe(0n);
    expect(rebateMinor(10_000n, 10_000)).toBe(10_000n);
    expect(rebateMinor(-500n, 50)).toBe(0n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 10_000 }), (bet, bp) => {
        const rebate = rebateMinor(bet, bp);
        expect(rebate >= 0n && rebate <= bet).toBe(true);
        expect(rebate * 10_000n <= bet * BigInt(bp) && bet * BigInt(bp) < (rebate + 1n) * 10_000n).toBe(true);
      }),
    );
  });

  it('keeps the brand’s calendar: days and months in its time zone, a window of thirty days ending today', () => {
    // 03:30 UTC on 1 December is still 30 November in Mexico City.
    const at = new Date('2026-12-01T03:30:00Z');
    expect(localDay(at, 'America/Mexico_City')).toBe('2026-11-30');
    expect(localDay(at, 'UTC')).toBe('2026-12-01');
    expect(monthOf(localDay(at, 'America/Mexico_City'))).toBe('2026-11');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(windowStart('2026-11-30')).toBe('2026-11-01');
  });
});

describe('birthdays', () => {
  it('celebrates 29 February on 28 February of a year without one, and on its own day in a leap year', () => {
    expect(birthdaysOn('2027-02-28')).toEqual(['02-28', '02-29']);
    expect(birthdaysOn('2028-02-28')).toEqual(['02-28']);
    expect(birthdaysOn('2028-02-29')).toEqual(['02-29']);
    expect(birthdaysOn('2026-11-26')).toEqual(['11-26']);
  });

  it('takes a real day from 1900 up to the minimum age, to the day', () => {
    expect(birthdayAccepted('2008-11-26', '2026-11-26', 18)).toBe(true);
    expect(birthdayAccepted('2008-11-27', '2026-11-26', 18)).toBe(false);
    expect(birthdayAccepted('1900-01-01', '2026-11-26', 18)).toBe(true);
    expect(birthdayAccepted('1899-12-31', '2026-11-26', 18)).toBe(false);
    // On 29 February, 18 years before has no 29th: the 28th is the youngest birthday taken.
    expect(birthdayAccepted('2010-02-28', '2028-02-29', 18)).toBe(true);
    expect(birthdayAccepted('2010-03-01', '2028-02-29', 18)).toBe(false);
  });
});
