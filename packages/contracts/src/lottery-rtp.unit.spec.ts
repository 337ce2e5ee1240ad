import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DrawStream } from './fairness.js';
import {
  drawLottery,
  exactPayoutDistribution,
  exactReturn,
  exactRtp,
  LOTTERY_BET_TYPES,
  LOTTERY_FAMILIES,
  LOTTERY_FAMILY_INFO,
  lotteryBetType,
  lotteryBetTypesOf,
  parseLotterySelection,
  vnAppearChances,
  type LotteryFamily,
  type LotterySelection,
} from './lottery-rules.js';

/** Two-sided 99.9 % quantile of the normal distribution. */
const Z_999 = 3.2905;
/** The largest half-width a check may have: a payout 10 % off (0.09 of return at 90 %) must fall outside it. */
const MAX_HALF_WIDTH = 0.045;

const digits = (count: number, width: number, step = 1) => Array.from({ length: count }, (_, n) => String(n * step).padStart(width, '0'));

/**
 * Selections the simulation measures, one per bet type: wide enough to win often, so that a return 10 % off shows
 * within the number of draws below (the rare single bets are covered by the exact checks).
 */
const SIMULATED: Record<string, unknown> = {
  'ssc.position': { position: 3, digits: [0, 2, 4, 6, 8] },
  'ssc.position_bsoe': { position: 5, picks: ['big', 'odd'] },
  'ssc.sum_bsoe': { picks: ['big', 'odd'] },
  'ssc.dragon_tiger': { picks: ['dragon', 'tie'] },
  'k3.sum': { sums: [4, 7, 10, 13, 16] },
  'k3.big_small': { picks: ['big'] },
  'k3.any_triple': {},
  'k3.triple': { faces: [1, 2, 3, 4, 5, 6] },
  'k3.pair': { faces: [1, 2, 3] },
  'pk10.position': { position: 4, cars: [1, 2, 3, 4, 5] },
  'pk10.position_bsoe': { position: 7, picks: ['small', 'even'] },
  'pk10.top2_sum': { sums: [3, 5, 7, 9, 11, 13, 15] },
  'pk10.dragon_tiger': { position: 2, picks: ['dragon'] },
  'x115.any1': { numbers: [1, 2, 3, 4, 5] },
  'x115.any2': { numbers: [1, 2, 3, 4, 5, 6] },
  'x115.any3': { numbers: [1, 2, 3, 4, 5, 6, 7] },
  'x115.any4': { numbers: [1, 2, 3, 4, 5, 6, 7, 8] },
  'x115.any5': { numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
  'x115.first': { numbers: [2, 4, 6, 8, 10] },
  ...Object.fromEntries(
    (['vn_north', 'vn_central', 'vn_south'] as const).flatMap((family) => [
      [`${family}.lo`, { numbers: digits(family === 'vn_north' ? 37 : 55, 2, 1) }],
      [`${family}.de`, { numbers: digits(50, 2, 2) }],
      [`${family}.3cang`, { numbers: digits(500, 3, 2) }],
      [`${family}.xien2`, { numbers: digits(30, 2, 3) }],
      [`${family}.xien3`, { numbers: digits(18, 2, 5) }],
      [`${family}.xien4`, { numbers: digits(13, 2, 7) }],
    ]),
  ),
  'sea_4d.big': { numbers: digits(1_000, 4, 7) },
  'sea_4d.small': { numbers: digits(1_000, 4, 9) },
  'sea_4d.4a': { numbers: digits(1_000, 4, 10) },
};

/** Draws per family: enough for every simulated selection's 99.9 % interval to be under `MAX_HALF_WIDTH`. */
const DRAWS: Record<LotteryFamily, number> = { ssc: 40_000, k3: 170_000, pk10: 40_000, x115: 40_000, vn_north: 48_000, vn_central: 112_000, vn_south: 112_000, sea_4d: 45_000 };

/**
 * A fast deterministic stream for the simulation: the AES-256-CTR keystream under SHA-256(label), produced 64 KiB at a
 * time and read 32 bytes a block; the draws of a family follow one another on it.
 */
function counterStream(label: string): DrawStream {
  const cipher = createCipheriv('aes-256-ctr', createHash('sha256').update(label).digest(), Buffer.alloc(16));
  const zeros = Buffer.alloc(65_536);
  let buffer = Buffer.alloc(0);
  let offset = 0;
  return new DrawStream(() => {
    if (offset + 32 > buffer.length) {
      buffer = cipher.update(zeros);
      offset = 0;
    }
    offset += 32;
    return buffer.subarray(offset - 32, offset);
  });
}

describe('lottery return to player: exact', () => {
  it('returns between 88 % and 92 % for every bet type, for every single bet of its odds table', () => {
    for (const betType of LOTTERY_BET_TYPES) {
      for (const selection of [betType.example, ...betType.singles]) {
        const rtp = exactRtp(betType, selection);
        expect(rtp, `${betType.code} ${JSON.stringify(selection)}`).toBeGreaterThanOrEqual(0.88);
        expect(rtp, `${betType.code} ${JSON.stringify(selection)}`).toBeLessThanOrEqual(0.92);
      }
      const distribution = exactPayoutDistribution(betType);
      expect(distribution.reduce((sum, { probability }) => sum + probability, 0)).toBeCloseTo(1, 10);
    }
  });

  it('computes the published returns', () => {
    expect(exactRtp('ssc.dragon_tiger', { picks: ['tie'] })).toBeCloseTo(0.9, 12);
    expect(exactRtp('k3.sum', { sums: [8] })).toBeCloseTo((92_500 * 21) / 216 / 10_000, 12);
    expect(exactRtp('k3.big_small')).toBeCloseTo((18_500 * 105) / 216 / 10_000, 12);
    expect(exactRtp('pk10.top2_sum', { sums: [9] })).toBeCloseTo((101_200 * 8) / 90 / 10_000, 12);
    expect(exactRtp('x115.any5')).toBeCloseTo(415.8 / 462, 12);
    expect(exactRtp('vn_north.lo')).toBeCloseTo(0.9, 12);
    expect(exactRtp('sea_4d.big')).toBeCloseTo((3_500 + 1_400 + 700 + 10 * 255 + 10 * 85) / 10_000, 12);
  });

  it('adds up: a selection of many single bets returns as much as its singles on average', () => {
    for (const [code, selection] of Object.entries(SIMULATED)) {
      const betType = lotteryBetType(code)!;
      const { rtp, combinations } = exactReturn(betType, selection);
      // Single bets of the same kind with one odds entry return the same; mixed tables are checked pick by pick.
      if (Object.keys(betType.oddsBp).length === 1) expect(rtp, code).toBeCloseTo(exactRtp(betType), 9);
      expect(combinations).toBeLessThanOrEqual(1_000);
    }
    // k3 sums 4, 7, 10, 13, 16: the average of their single returns weighted by nothing (each single staked once).
    const sums = [4, 7, 10, 13, 16];
    const average = sums.reduce((sum, value) => sum + exactRtp('k3.sum', { sums: [value] }), 0) / sums.length;
    expect(exactRtp('k3.sum', { sums })).toBeCloseTo(average, 12);
  });

  it('matches a brute-force count for the chance that chosen endings appear among the prizes', () => {
    // Three prizes, three chosen endings (00, 01, 02): count every one of the 100^3 boards.
    const counts = [0, 0, 0, 0];
    for (let a = 0; a < 100; a++) {
      for (let b = 0; b < 100; b++) {
        for (let c = 0; c < 100; c++) {
          const seen = new Set([a, b, c].filter((ending) => ending < 3));
          counts[seen.size]! += 1;
        }
      }
    }
    vnAppearChances(3, 3).forEach((chance, m) => expect(chance).toBeCloseTo(counts[m]! / 1_000_000, 12));
    // And the north xiên 2 chance from its definition: 1 − 2·0.99^27 + 0.98^27.
    expect(vnAppearChances(27, 2)[2]).toBeCloseTo(1 - 2 * 0.99 ** 27 + 0.98 ** 27, 12);
  });

  it('gives 4D the hypergeometric chance of no hit and a mean linear in the numbers chosen', () => {
    const selection = { numbers: digits(1_000, 4, 7) };
    const distribution = exactPayoutDistribution('sea_4d.big', selection);
    let none = 1;
    for (let slot = 0; slot < 23; slot++) none *= (10_000 - 1_000 - slot) / (10_000 - slot);
    expect(distribution[0]).toEqual({ payoutBp: 0, probability: expect.closeTo(none, 12) });
    const mean = distribution.reduce((sum, { payoutBp, probability }) => sum + payoutBp * probability, 0);
    expect(mean).toBeCloseTo((1_000 * (35_000_000 + 14_000_000 + 7_000_000 + 10 * 2_550_000 + 10 * 850_000)) / 10_000, 3);
    // Lô occurrences are binomial: mean 27 × n / 100 occurrences of 90.
    const lo = exactPayoutDistribution('vn_north.lo', { numbers: ['01', '02'] });
    expect(lo.reduce((sum, { payoutBp, probability }) => sum + payoutBp * probability, 0)).toBeCloseTo(27 * 0.02 * 900_000, 6);
  });
});

describe('lottery return to player: simulated draws', { timeout: 60_000 }, () => {
  for (const family of LOTTERY_FAMILIES) {
    it(`${family}: the measured return of every bet type lies in its 99.9 % interval around the table return`, () => {
      const betTypes = lotteryBetTypesOf(family);
      const cases = betTypes.map((betType) => {
        expect(SIMULATED, betType.code).toHaveProperty([betType.code]);
        const selection: LotterySelection = parseLotterySelection(betType, SIMULATED[betType.code]);
        return { betType, selection, ...exactReturn(betType, selection), paidBp: 0 };
      });
      const draws = DRAWS[family];
      const stream = counterStream(`rtp-${family}`);
      for (let draw = 0; draw < draws; draw++) {
        const outcome = drawLottery(family, stream);
        for (const entry of cases) entry.paidBp += entry.betType.settle(entry.selection, outcome).payoutBp;
      }
      for (const { betType, rtp, variance, combinations, paidBp } of cases) {
        const measured = paidBp / (draws * combinations * 10_000);
        const halfWidth = Z_999 * Math.sqrt(variance / draws);
        const label = `${betType.code}: measured ${measured.toFixed(4)}, table ${rtp.toFixed(4)} ± ${halfWidth.toFixed(4)}`;
        expect(halfWidth, label).toBeLessThanOrEqual(MAX_HALF_WIDTH);
        expect(Math.abs(measured - rtp), label).toBeLessThanOrEqual(halfWidth);
        // The check has the power it claims: payouts 10 % higher or lower would land outside the interval.
        expect(Math.abs(measured * 1.1 - rtp), label).toBeGreaterThan(halfWidth);
        expect(Math.abs(measured * 0.9 - rtp), label).toBeGreaterThan(halfWidth);
      }
    });
  }

  it('simulates every bet type', () => {
    expect(Object.keys(SIMULATED).sort()).toEqual(LOTTERY_BET_TYPES.map((betType) => betType.code).sort());
    expect(LOTTERY_FAMILY_INFO.vn_north.prizeCount! * 37).toBeLessThanOrEqual(1_000);
  });
});
