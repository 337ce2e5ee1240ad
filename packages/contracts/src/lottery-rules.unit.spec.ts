import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DrawStream, fairnessMessage, type BlockSource } from './fairness.js';
import {
  drawLottery,
  exactRtp,
  formatLotteryOdds,
  LOTTERY_BET_TYPES,
  LOTTERY_DRAW_BLOCKS,
  LOTTERY_FAMILIES,
  LOTTERY_FAMILY_INFO,
  LOTTERY_MAX_COMBINATIONS,
  lotteryBetType,
  lotteryBetTypesOf,
  lotteryClientSeed,
  lotteryCombinations,
  lotteryDrawStream,
  lotteryOutcomeFromSeed,
  lotteryOutcomeSchema,
  lotteryPrizeTiers,
  lotteryResultNumbers,
  LotteryRuleError,
  parseLotterySelection,
  quickPick,
  safeParseLotterySelection,
  settleLottery,
  settleTicket,
  ticketMoney,
  ticketWinMinor,
  type LotteryFamily,
  type LotteryOutcome,
  type LotteryRuleReason,
  type PrizeLotteryOutcome,
} from './lottery-rules.js';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

/** The draw stream as the house service derives it (HMAC-SHA256 through node:crypto). */
const hmacBlocks =
  (serverSeedHex: string, clientSeed: string, nonce: number): BlockSource =>
  (cursor) =>
    createHmac('sha256', Buffer.from(serverSeedHex, 'hex'))
      .update(fairnessMessage(clientSeed, nonce, cursor))
      .digest();

/** A small seeded generator standing in for Math.random, so quick-pick runs are repeatable. */
const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
};

const fast = (family: 'ssc' | 'k3' | 'pk10' | 'x115', ...numbers: number[]): LotteryOutcome => ({ family, numbers });

/**
 * A results board with known numbers: prize i ends in 50 + i (north 50–76, central and south 50–67; 4D: 1000 + i), the
 * rest of its digits 5s, then `overrides` by prize index.
 */
function board(family: 'vn_north' | 'vn_central' | 'vn_south' | 'sea_4d', overrides: Record<number, string> = {}): PrizeLotteryOutcome {
  let index = 0;
  const prizes = lotteryPrizeTiers(family).map((row) => ({
    tier: row.tier,
    numbers: Array.from({ length: row.count }, () => {
      const at = index++;
      const fallback = family === 'sea_4d' ? String(1000 + at) : `${'5'.repeat(row.digits - 2)}${50 + at}`;
      return overrides[at] ?? fallback;
    }),
  }));
  return { family, prizes, numbers: prizes.flatMap((prize) => prize.numbers) };
}

const settle = (code: string, selection: unknown, outcome: LotteryOutcome) => settleLottery(code, selection, outcome);

const refusal = (code: string, selection: unknown): LotteryRuleReason | undefined => {
  const parsed = safeParseLotterySelection(code, selection);
  return parsed.ok ? undefined : parsed.error.reason;
};

describe('lottery rules: catalogue', () => {
  it('has unique codes, a label and group, positive whole odds and valid examples for every bet type of every family', () => {
    expect(new Set(LOTTERY_BET_TYPES.map((betType) => betType.code)).size).toBe(LOTTERY_BET_TYPES.length);
    for (const family of LOTTERY_FAMILIES) expect(lotteryBetTypesOf(family).length).toBeGreaterThan(0);
    for (const betType of LOTTERY_BET_TYPES) {
      expect(betType.code.startsWith(`${betType.family}.`)).toBe(true);
      expect(betType.label.length).toBeGreaterThan(0);
      expect(betType.group.length).toBeGreaterThan(0);
      for (const bp of Object.values(betType.oddsBp)) expect(Number.isInteger(bp) && bp > 10_000).toBe(true);
      for (const selection of [betType.example, ...betType.singles]) {
        expect(parseLotterySelection(betType.code, JSON.parse(JSON.stringify(selection)))).toEqual(selection);
        expect(betType.combinations(selection)).toBeGreaterThanOrEqual(1);
      }
      expect(lotteryBetType(betType.code)).toBe(betType);
    }
    expect(lotteryBetType('ssc.nothing')).toBeUndefined();
    expect(LOTTERY_FAMILY_INFO.vn_north.prizeCount).toBe(27);
    expect(LOTTERY_FAMILY_INFO.vn_central.prizeCount).toBe(18);
    expect(LOTTERY_FAMILY_INFO.vn_south.prizeCount).toBe(18);
    expect(LOTTERY_FAMILY_INFO.sea_4d.prizeCount).toBe(23);
    expect(formatLotteryOdds(18_000)).toBe('1.80');
    expect(formatLotteryOdds(4_158_000)).toBe('415.80');
  });

  it('quick-picks a valid single bet for every bet type, whatever the random numbers', () => {
    const edges = [() => 0, () => 0.999_999_999_999, () => 1];
    for (const betType of LOTTERY_BET_TYPES) {
      const random = seededRandom(betType.code.length);
      for (const source of [...edges, ...Array.from({ length: 50 }, () => random)]) {
        const selection = quickPick(betType.code, source);
        expect(parseLotterySelection(betType, selection)).toEqual(selection);
        const single = betType.family.startsWith('vn_') && betType.code.endsWith('.lo') ? LOTTERY_FAMILY_INFO[betType.family].prizeCount : 1;
        expect(betType.combinations(selection)).toBe(single);
      }
    }
    // Quick picks vary.
    const random = seededRandom(7);
    const picks = new Set(Array.from({ length: 40 }, () => JSON.stringify(quickPick('sea_4d.big', random))));
    expect(picks.size).toBeGreaterThan(35);
  });
});

describe('lottery rules: five-ball 0–9', () => {
  it('pays a position digit when the ball on that position is one of the chosen digits', () => {
    expect(settle('ssc.position', { position: 2, digits: [3, 7] }, fast('ssc', 1, 7, 0, 0, 0))).toEqual({ wins: 1, payoutBp: 90_000 });
    expect(settle('ssc.position', { position: 2, digits: [3, 7] }, fast('ssc', 7, 1, 3, 3, 3))).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('ssc.position', { position: 5, digits: [0] }, fast('ssc', 9, 9, 9, 9, 0))).toEqual({ wins: 1, payoutBp: 90_000 });
    expect(lotteryCombinations('ssc.position', { position: 1, digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] })).toBe(10);
  });

  it('splits a ball into big 5–9 and small 0–4, odd and even', () => {
    const selection = { position: 1, picks: ['big', 'small', 'odd', 'even'] };
    expect(settle('ssc.position_bsoe', { position: 1, picks: ['big', 'odd'] }, fast('ssc', 5, 0, 0, 0, 0))).toEqual({ wins: 2, payoutBp: 36_000 });
    expect(settle('ssc.position_bsoe', { position: 1, picks: ['big', 'odd'] }, fast('ssc', 4, 9, 9, 9, 9))).toEqual({ wins: 0, payoutBp: 0 });
    // Every ball is exactly one of big/small and one of odd/even.
    for (let ball = 0; ball <= 9; ball++) expect(settle('ssc.position_bsoe', selection, fast('ssc', ball, 0, 0, 0, 0)).wins).toBe(2);
  });

  it('calls a sum of 23–45 big and 0–22 small', () => {
    expect(settle('ssc.sum_bsoe', { picks: ['big'] }, fast('ssc', 9, 9, 5, 0, 0))).toEqual({ wins: 1, payoutBp: 18_000 });
    expect(settle('ssc.sum_bsoe', { picks: ['big'] }, fast('ssc', 9, 9, 4, 0, 0))).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('ssc.sum_bsoe', { picks: ['small', 'even'] }, fast('ssc', 9, 9, 4, 0, 0))).toEqual({ wins: 2, payoutBp: 36_000 });
    expect(settle('ssc.sum_bsoe', { picks: ['small', 'odd'] }, fast('ssc', 0, 0, 0, 0, 0))).toEqual({ wins: 1, payoutBp: 18_000 });
    expect(settle('ssc.sum_bsoe', { picks: ['big', 'odd'] }, fast('ssc', 9, 9, 9, 9, 9))).toEqual({ wins: 2, payoutBp: 36_000 });
  });

  it('compares the first and the fifth ball for dragon, tiger and tie; dragon and tiger lose on a tie', () => {
    const all = { picks: ['dragon', 'tiger', 'tie'] };
    expect(settle('ssc.dragon_tiger', { picks: ['dragon'] }, fast('ssc', 9, 0, 0, 0, 1))).toEqual({ wins: 1, payoutBp: 20_000 });
    expect(settle('ssc.dragon_tiger', { picks: ['dragon'] }, fast('ssc', 1, 0, 0, 0, 9))).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('ssc.dragon_tiger', { picks: ['tiger'] }, fast('ssc', 1, 9, 9, 9, 2))).toEqual({ wins: 1, payoutBp: 20_000 });
    expect(settle('ssc.dragon_tiger', { picks: ['dragon', 'tiger'] }, fast('ssc', 5, 0, 0, 0, 5))).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('ssc.dragon_tiger', all, fast('ssc', 5, 0, 0, 0, 5))).toEqual({ wins: 1, payoutBp: 90_000 });
    expect(lotteryCombinations('ssc.dragon_tiger', all)).toBe(3);
  });
});

describe('lottery rules: three dice', () => {
  it('pays each sum 4–17 at its own odds', () => {
    expect(settle('k3.sum', { sums: [6, 10] }, fast('k3', 1, 2, 3))).toEqual({ wins: 1, payoutBp: 194_400 });
    expect(settle('k3.sum', { sums: [6, 10] }, fast('k3', 4, 4, 2))).toEqual({ wins: 1, payoutBp: 72_000 });
    expect(settle('k3.sum', { sums: [4] }, fast('k3', 1, 1, 2))).toEqual({ wins: 1, payoutBp: 648_000 });
    expect(settle('k3.sum', { sums: [4, 5, 6] }, fast('k3', 6, 6, 6))).toEqual({ wins: 0, payoutBp: 0 });
    expect(lotteryBetType('k3.sum')!.oddsBp['17']).toBe(648_000);
  });

  it('voids big and small on any triple', () => {
    expect(settle('k3.big_small', { picks: ['big'] }, fast('k3', 5, 6, 6))).toEqual({ wins: 1, payoutBp: 18_500 });
    expect(settle('k3.big_small', { picks: ['big'] }, fast('k3', 1, 4, 6))).toEqual({ wins: 1, payoutBp: 18_500 });
    expect(settle('k3.big_small', { picks: ['small'] }, fast('k3', 1, 4, 5))).toEqual({ wins: 1, payoutBp: 18_500 });
    expect(settle('k3.big_small', { picks: ['small'] }, fast('k3', 1, 1, 2))).toEqual({ wins: 1, payoutBp: 18_500 });
    expect(settle('k3.big_small', { picks: ['big', 'small'] }, fast('k3', 4, 4, 4))).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('k3.big_small', { picks: ['big', 'small'] }, fast('k3', 3, 3, 3))).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('k3.big_small', { picks: ['big', 'small'] }, fast('k3', 3, 3, 4))).toEqual({ wins: 1, payoutBp: 18_500 });
  });

  it('pays any triple, a specific triple, and a specific pair (a triple counts as the pair)', () => {
    expect(settle('k3.any_triple', {}, fast('k3', 2, 2, 2))).toEqual({ wins: 1, payoutBp: 324_000 });
    expect(settle('k3.any_triple', {}, fast('k3', 2, 2, 3))).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('k3.triple', { faces: [2, 4] }, fast('k3', 4, 4, 4))).toEqual({ wins: 1, payoutBp: 1_944_000 });
    expect(settle('k3.triple', { faces: [2, 4] }, fast('k3', 4, 4, 3))).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('k3.triple', { faces: [2, 4] }, fast('k3', 5, 5, 5))).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('k3.pair', { faces: [4] }, fast('k3', 4, 3, 4))).toEqual({ wins: 1, payoutBp: 121_500 });
    expect(settle('k3.pair', { faces: [4] }, fast('k3', 4, 4, 4))).toEqual({ wins: 1, payoutBp: 121_500 });
    expect(settle('k3.pair', { faces: [3, 4] }, fast('k3', 4, 3, 4))).toEqual({ wins: 1, payoutBp: 121_500 });
    expect(settle('k3.pair', { faces: [1, 2, 3] }, fast('k3', 1, 2, 3))).toEqual({ wins: 0, payoutBp: 0 });
  });
});

describe('lottery rules: ten-car race', () => {
  const race = fast('pk10', 10, 9, 1, 2, 3, 4, 5, 6, 7, 8);
  it('pays the car on a position, big 6–10 / small 1–5 and odd / even of a position', () => {
    expect(settle('pk10.position', { position: 1, cars: [10] }, race)).toEqual({ wins: 1, payoutBp: 90_000 });
    expect(settle('pk10.position', { position: 10, cars: [1, 2, 3, 4, 5, 6, 7] }, race)).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('pk10.position', { position: 10, cars: [8] }, race)).toEqual({ wins: 1, payoutBp: 90_000 });
    expect(settle('pk10.position_bsoe', { position: 1, picks: ['big', 'even'] }, race)).toEqual({ wins: 2, payoutBp: 36_000 });
    expect(settle('pk10.position_bsoe', { position: 3, picks: ['big', 'even'] }, race)).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('pk10.position_bsoe', { position: 8, picks: ['big', 'small'] }, race)).toEqual({ wins: 1, payoutBp: 18_000 });
  });

  it('pays the sum of the first two cars at its own odds', () => {
    expect(settle('pk10.top2_sum', { sums: [19, 3] }, race)).toEqual({ wins: 1, payoutBp: 405_000 });
    expect(settle('pk10.top2_sum', { sums: [11] }, fast('pk10', 5, 6, 1, 2, 3, 4, 7, 8, 9, 10))).toEqual({ wins: 1, payoutBp: 81_000 });
    expect(settle('pk10.top2_sum', { sums: [11] }, race)).toEqual({ wins: 0, payoutBp: 0 });
  });

  it('compares position p with position 11 − p for dragon and tiger', () => {
    expect(settle('pk10.dragon_tiger', { position: 1, picks: ['dragon'] }, race)).toEqual({ wins: 1, payoutBp: 18_000 });
    expect(settle('pk10.dragon_tiger', { position: 3, picks: ['dragon'] }, race)).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('pk10.dragon_tiger', { position: 3, picks: ['tiger'] }, race)).toEqual({ wins: 1, payoutBp: 18_000 });
    expect(settle('pk10.dragon_tiger', { position: 5, picks: ['dragon', 'tiger'] }, race)).toEqual({ wins: 1, payoutBp: 18_000 });
  });
});

describe('lottery rules: 11-choose-5', () => {
  const drawn = fast('x115', 3, 7, 11, 1, 5);
  it('pays any-N once for every N-number combination of the chosen numbers that was drawn', () => {
    expect(settle('x115.any1', { numbers: [7] }, drawn)).toEqual({ wins: 1, payoutBp: 19_800 });
    expect(settle('x115.any1', { numbers: [2, 7, 11] }, drawn)).toEqual({ wins: 2, payoutBp: 39_600 });
    expect(settle('x115.any2', { numbers: [1, 3, 5] }, drawn)).toEqual({ wins: 3, payoutBp: 148_500 });
    expect(settle('x115.any2', { numbers: [1, 2, 4] }, drawn)).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('x115.any3', { numbers: [1, 3, 5, 7] }, drawn)).toEqual({ wins: 4, payoutBp: 594_000 });
    expect(settle('x115.any4', { numbers: [1, 3, 5, 7] }, drawn)).toEqual({ wins: 1, payoutBp: 594_000 });
    expect(settle('x115.any5', { numbers: [11, 7, 5, 3, 1] }, drawn)).toEqual({ wins: 1, payoutBp: 4_158_000 });
    expect(settle('x115.any5', { numbers: [11, 7, 5, 3, 2] }, drawn)).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('x115.any5', { numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, drawn)).toEqual({ wins: 1, payoutBp: 4_158_000 });
    expect(lotteryCombinations('x115.any3', { numbers: [1, 2, 3, 4, 5, 6] })).toBe(20);
    expect(lotteryCombinations('x115.any5', { numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] })).toBe(462);
  });

  it('pays first-one on the first number drawn only', () => {
    expect(settle('x115.first', { numbers: [3, 4] }, drawn)).toEqual({ wins: 1, payoutBp: 99_000 });
    expect(settle('x115.first', { numbers: [7, 11, 1, 5] }, drawn)).toEqual({ wins: 0, payoutBp: 0 });
  });
});

describe('lottery rules: Vietnamese regional draws', () => {
  // Special prize 12345; prizes 3 and 20 also end in 45 (north).
  const north = board('vn_north', { 0: '12345', 3: '67845', 20: '645' });

  it('pays lô once per prize ending in the number, against a stake of one unit per prize', () => {
    expect(settle('vn_north.lo', { numbers: ['45'] }, north)).toEqual({ wins: 3, payoutBp: 2_700_000 });
    expect(settle('vn_north.lo', { numbers: ['45', '51', '99'] }, north)).toEqual({ wins: 4, payoutBp: 3_600_000 });
    expect(settle('vn_north.lo', { numbers: ['49'] }, north)).toEqual({ wins: 0, payoutBp: 0 });
    expect(lotteryCombinations('vn_north.lo', { numbers: ['45'] })).toBe(27);
    expect(lotteryCombinations('vn_south.lo', { numbers: ['45', '46'] })).toBe(36);
    expect(lotteryCombinations('vn_central.lo', { numbers: ['45', '46', '47'] })).toBe(54);
    // One point of lô in the north: 27 units staked, 90 units per occurrence.
    const ticket = { betType: 'vn_north.lo', selection: { numbers: ['45'] }, unitStakeMinor: 1_000n, multiplier: 1 };
    expect(ticketMoney(ticket)).toEqual({ stakeMinor: 27_000n, combinations: 27 });
    expect(ticketWinMinor(ticket, north)).toBe(270_000n);
    // The eighth prize of the south is two digits and counts like any other.
    expect(settle('vn_south.lo', { numbers: ['07'] }, board('vn_south', { 17: '07', 5: '12307' }))).toEqual({ wins: 2, payoutBp: 1_800_000 });
  });

  it('pays đề on the last two and 3 càng on the last three digits of the special prize', () => {
    expect(settle('vn_north.de', { numbers: ['45', '46'] }, north)).toEqual({ wins: 1, payoutBp: 900_000 });
    expect(settle('vn_north.de', { numbers: ['51'] }, north)).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('vn_north.3cang', { numbers: ['345'] }, north)).toEqual({ wins: 1, payoutBp: 9_000_000 });
    expect(settle('vn_north.3cang', { numbers: ['245', '845'] }, north)).toEqual({ wins: 0, payoutBp: 0 });
    const south = board('vn_south', { 0: '000045' });
    expect(settle('vn_south.de', { numbers: ['45'] }, south)).toEqual({ wins: 1, payoutBp: 900_000 });
    expect(settle('vn_south.3cang', { numbers: ['045'] }, south)).toEqual({ wins: 1, payoutBp: 9_000_000 });
    expect(settle('vn_south.3cang', { numbers: ['450'] }, south)).toEqual({ wins: 0, payoutBp: 0 });
  });

  it('pays xiên when all its numbers are among the last two digits, once per combination', () => {
    expect(settle('vn_north.xien2', { numbers: ['45', '51'] }, north)).toEqual({ wins: 1, payoutBp: 163_000 });
    expect(settle('vn_north.xien2', { numbers: ['45', '49'] }, north)).toEqual({ wins: 0, payoutBp: 0 });
    // Four numbers, three of them drawn: one xiên 3 of four wins, three xiên 2 of six win.
    expect(settle('vn_north.xien3', { numbers: ['45', '51', '52', '99'] }, north)).toEqual({ wins: 1, payoutBp: 730_000 });
    expect(settle('vn_north.xien2', { numbers: ['45', '51', '52', '99'] }, north)).toEqual({ wins: 3, payoutBp: 489_000 });
    expect(lotteryCombinations('vn_north.xien3', { numbers: ['45', '51', '52', '99'] })).toBe(4);
    expect(settle('vn_north.xien4', { numbers: ['45', '51', '52', '76'] }, north)).toEqual({ wins: 1, payoutBp: 3_370_000 });
    expect(settle('vn_north.xien4', { numbers: ['45', '51', '52', '77'] }, north)).toEqual({ wins: 0, payoutBp: 0 });
    // A number on several prizes still counts once for xiên.
    expect(settle('vn_central.xien2', { numbers: ['45', '46'] }, board('vn_central', { 0: '123445', 1: '12345', 2: '99946' }))).toEqual({ wins: 1, payoutBp: 344_000 });
  });
});

describe('lottery rules: 4D', () => {
  const result = board('sea_4d', { 0: '1234', 1: '5678', 2: '9012', 3: '0007', 22: '4444' });
  it('pays big on all 23 numbers by tier, small on the top three and 4A on the first only', () => {
    expect(settle('sea_4d.big', { numbers: ['1234'] }, result)).toEqual({ wins: 1, payoutBp: 35_000_000 });
    expect(settle('sea_4d.big', { numbers: ['1234', '0007', '4444', '9999'] }, result)).toEqual({ wins: 3, payoutBp: 35_000_000 + 2_550_000 + 850_000 });
    expect(settle('sea_4d.big', { numbers: ['9012'] }, result)).toEqual({ wins: 1, payoutBp: 7_000_000 });
    expect(settle('sea_4d.small', { numbers: ['1234', '0007', '4444', '5678'] }, result)).toEqual({ wins: 2, payoutBp: 48_000_000 + 28_000_000 });
    expect(settle('sea_4d.small', { numbers: ['0007'] }, result)).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('sea_4d.4a', { numbers: ['5678', '9012'] }, result)).toEqual({ wins: 0, payoutBp: 0 });
    expect(settle('sea_4d.4a', { numbers: ['1234'] }, result)).toEqual({ wins: 1, payoutBp: 90_000_000 });
    expect(settle('sea_4d.4a', { numbers: ['4321'] }, result)).toEqual({ wins: 0, payoutBp: 0 });
  });
});

describe('lottery rules: selections', () => {
  it('refuses selections out of range, repeated, of the wrong shape or with unknown fields', () => {
    const refused: Array<[string, unknown]> = [
      ['ssc.position', { position: 0, digits: [1] }],
      ['ssc.position', { position: 6, digits: [1] }],
      ['ssc.position', { position: 1, digits: [] }],
      ['ssc.position', { position: 1, digits: [10] }],
      ['ssc.position', { position: 1, digits: [1, 1] }],
      ['ssc.position', { position: 1, digits: [1.5] }],
      ['ssc.position', { position: 1, digits: ['1'] }],
      ['ssc.position', { position: 1, digits: [1], extra: true }],
      ['ssc.position_bsoe', { position: 1, picks: ['huge'] }],
      ['ssc.position_bsoe', { position: 1, picks: ['big', 'big'] }],
      ['ssc.dragon_tiger', { picks: [] }],
      ['k3.sum', { sums: [3] }],
      ['k3.sum', { sums: [18] }],
      ['k3.triple', { faces: [0] }],
      ['k3.pair', { faces: [7] }],
      ['k3.any_triple', { faces: [1] }],
      ['pk10.position', { position: 11, cars: [1] }],
      ['pk10.position', { position: 1, cars: [0] }],
      ['pk10.top2_sum', { sums: [2] }],
      ['pk10.dragon_tiger', { position: 6, picks: ['dragon'] }],
      ['pk10.dragon_tiger', { position: 1, picks: ['tie'] }],
      ['x115.any3', { numbers: [1, 2] }],
      ['x115.any1', { numbers: [12] }],
      ['x115.first', { numbers: [0] }],
      ['vn_north.lo', { numbers: ['5'] }],
      ['vn_north.lo', { numbers: ['123'] }],
      ['vn_north.lo', { numbers: [45] }],
      ['vn_north.lo', { numbers: ['45', '45'] }],
      ['vn_north.de', { numbers: ['4a'] }],
      ['vn_north.3cang', { numbers: ['45'] }],
      ['vn_north.xien2', { numbers: ['45'] }],
      ['vn_north.xien4', { numbers: ['01', '02', '03'] }],
      ['vn_north.xien2', { numbers: Array.from({ length: 46 }, (_, n) => String(n).padStart(2, '0')) }],
      ['sea_4d.big', { numbers: ['123'] }],
      ['sea_4d.big', { numbers: ['12345'] }],
      ['sea_4d.4a', { numbers: ['1234', '1234'] }],
      ['sea_4d.small', null],
      ['sea_4d.small', 'numbers'],
    ];
    for (const [code, selection] of refused) expect(refusal(code, selection), `${code} ${JSON.stringify(selection)}`).toBe('invalid_selection');
    expect(() => parseLotterySelection('k3.sum', { sums: [20] })).toThrow(LotteryRuleError);
    expect(refusal('ssc.unknown', {})).toBe('unknown_bet_type');
  });

  it('refuses more than 1 000 single bets a ticket', () => {
    const twoDigits = (count: number) => Array.from({ length: count }, (_, n) => String(n).padStart(2, '0'));
    expect(lotteryCombinations('vn_north.lo', { numbers: twoDigits(37) })).toBe(999);
    expect(refusal('vn_north.lo', { numbers: twoDigits(38) })).toBe('too_many_combinations');
    expect(lotteryCombinations('vn_south.lo', { numbers: twoDigits(55) })).toBe(990);
    expect(refusal('vn_south.lo', { numbers: twoDigits(56) })).toBe('too_many_combinations');
    const fourDigits = (count: number) => Array.from({ length: count }, (_, n) => String(n).padStart(4, '0'));
    expect(lotteryCombinations('sea_4d.big', { numbers: fourDigits(LOTTERY_MAX_COMBINATIONS) })).toBe(1_000);
    expect(refusal('sea_4d.big', { numbers: fourDigits(LOTTERY_MAX_COMBINATIONS + 1) })).toBe('invalid_selection');
    expect(lotteryCombinations('vn_north.xien4', { numbers: twoDigits(13) })).toBe(715);
    expect(refusal('vn_north.xien4', { numbers: twoDigits(14) })).toBe('too_many_combinations');
    expect(lotteryCombinations('vn_north.xien2', { numbers: twoDigits(45) })).toBe(990);
    expect(refusal('x115.any5', { numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] })).toBeUndefined();
  });

  it('refuses to settle a result of another family', () => {
    expect(() => settle('ssc.position', { position: 1, digits: [1] }, fast('k3', 1, 2, 3))).toThrow(LotteryRuleError);
    expect(() => settle('vn_north.lo', { numbers: ['45'] }, board('vn_south'))).toThrow(/vn_north/);
  });
});

describe('lottery rules: ticket money', () => {
  it('stakes unit stake × combinations × multiplier', () => {
    expect(ticketMoney({ betType: 'ssc.position', selection: { position: 1, digits: [1, 2, 3] }, unitStakeMinor: 200n, multiplier: 5 })).toEqual({ stakeMinor: 3_000n, combinations: 3 });
    expect(ticketMoney({ betType: lotteryBetType('x115.any2')!, selection: { numbers: [1, 2, 3, 4] }, unitStakeMinor: 100n, multiplier: 999 })).toEqual({ stakeMinor: 599_400n, combinations: 6 });
    // Amounts beyond 2^53 stay exact.
    const huge = ticketMoney({ betType: 'sea_4d.big', selection: { numbers: ['0001', '0002'] }, unitStakeMinor: 9_007_199_254_740_993n, multiplier: 999 });
    expect(huge.stakeMinor).toBe(9_007_199_254_740_993n * 2n * 999n);
  });

  it('refuses multipliers outside 1–999, fractional multipliers and stakes below one minor unit', () => {
    const base = { betType: 'ssc.position', selection: { position: 1, digits: [1] }, unitStakeMinor: 100n, multiplier: 1 };
    const reasonOf = (ticket: typeof base): LotteryRuleReason | undefined => {
      try {
        ticketMoney(ticket);
        return undefined;
      } catch (error) {
        return error instanceof LotteryRuleError ? error.reason : undefined;
      }
    };
    for (const multiplier of [0, 1_000, 1.5, -1, Number.NaN]) expect(reasonOf({ ...base, multiplier })).toBe('invalid_multiplier');
    expect(reasonOf({ ...base, unitStakeMinor: 0n })).toBe('invalid_stake');
    expect(reasonOf({ ...base, unitStakeMinor: -5n })).toBe('invalid_stake');
    expect(reasonOf({ ...base, betType: 'nope.nope' })).toBe('unknown_bet_type');
    expect(reasonOf({ ...base, selection: { position: 1, digits: [] } })).toBe('invalid_selection');
    expect(reasonOf(base)).toBeUndefined();
  });

  it('pays unit stake × multiplier × odds, rounded down once for the ticket', () => {
    const drawn = fast('x115', 3, 7, 11, 1, 5);
    const ticket = { betType: 'x115.any1', selection: { numbers: [3, 7, 9] }, unitStakeMinor: 3n, multiplier: 7 };
    // Two winning singles at 1.98: 3 × 7 × 3.96 = 83.16 → 83.
    expect(settleTicket(ticket, drawn)).toEqual({ wins: 2, payoutBp: 39_600, winMinor: 83n });
    expect(ticketWinMinor({ ...ticket, selection: { numbers: [3] }, multiplier: 1 }, drawn)).toBe(5n);
    expect(ticketWinMinor({ ...ticket, selection: { numbers: [2] } }, drawn)).toBe(0n);
    expect(ticketWinMinor({ betType: 'sea_4d.4a', selection: { numbers: ['1234'] }, unitStakeMinor: 9_007_199_254_740_993n, multiplier: 999 }, board('sea_4d', { 0: '1234' }))).toBe(
      9_007_199_254_740_993n * 999n * 9_000n,
    );
  });
});

describe('lottery rules: drawing', () => {
  const drawFromSeed = (family: LotteryFamily, serverSeed: string, gameCode: string, drawNo: string) => {
    const stream = lotteryDrawStream(hmacBlocks(serverSeed, lotteryClientSeed(gameCode, drawNo), 0));
    return { outcome: drawLottery(family, stream), words: stream.words };
  };

  it('draws the same result from the same seed and draw, on the server and through Web Crypto', async () => {
    const expected: Record<LotteryFamily, Array<number | string>> = {
      ssc: [8, 2, 2, 1, 9],
      k3: [2, 4, 5],
      pk10: [7, 1, 10, 6, 2, 4, 9, 5, 3, 8],
      x115: [4, 7, 5, 3, 8],
      vn_north: '70176 92311 49653 48533 74950 41749 39454 90378 17028 58010 8584 7176 8747 3889 3844 3818 4992 0971 5384 6572 487 457 739 68 26 40 09'.split(' '),
      vn_central: '177087 81608 76166 66857 49922 85884 51094 24427 87970 91873 63018 07597 3096 6403 6926 5405 963 83'.split(' '),
      vn_south: '954355 60288 32623 84975 31606 83972 86407 87793 18423 14350 88183 08588 4082 3173 5849 2739 457 77'.split(' '),
      sea_4d: '8733 7858 6377 2042 1225 6668 9481 3122 0353 8068 4803 7772 5928 0219 5799 5815 6819 6862 2553 1294 2802 8530 6053'.split(' '),
    };
    for (const family of LOTTERY_FAMILIES) {
      const gameCode = `house-${family}`;
      const { outcome } = drawFromSeed(family, SEED, gameCode, '20250101-0001');
      expect(outcome.numbers).toEqual(expected[family]);
      expect(drawFromSeed(family, SEED, gameCode, '20250101-0001').outcome).toEqual(outcome);
      expect(await lotteryOutcomeFromSeed(family, SEED, lotteryClientSeed(gameCode, '20250101-0001'))).toEqual(outcome);
      expect(drawFromSeed(family, SEED, gameCode, '20250101-0002').outcome).not.toEqual(outcome);
    }
    // The first five-ball result read by hand: the block's first five 32-bit words modulo 10 (none rejected).
    const block = hmacBlocks(SEED, 'house-ssc:20250101-0001', 0)(0);
    const words = [0, 1, 2, 3, 4].map((index) => Buffer.from(block).readUInt32BE(index * 4));
    expect(words.map((word) => word % 10)).toEqual(expected.ssc);
  });

  it('recomputes a draw in the browser even when it reads past the blocks derived up front', async () => {
    // The north board reads 27 words (four blocks): starting from one block, the verifier derives more until it fits.
    const expected = drawFromSeed('vn_north', SEED, 'house-vn_north', '42').outcome;
    expect(await lotteryOutcomeFromSeed('vn_north', SEED, 'house-vn_north:42', { initialBlocks: 1 })).toEqual(expected);
    expect(await lotteryOutcomeFromSeed('vn_north', SEED, 'house-vn_north:42')).toEqual(expected);
    expect(await lotteryOutcomeFromSeed('vn_north', SEED, 'house-vn_north:42', { nonce: 1 })).not.toEqual(expected);
  });

  it('reads the stream in a fixed order: five-ball results are the first five uniform digits', () => {
    const words = [7, 12, 4_294_967_295, 25, 3, 9];
    const source: BlockSource = (cursor) => {
      if (cursor > 0) throw new Error('one block only');
      const block = new Uint8Array(32);
      const view = new DataView(block.buffer);
      words.forEach((word, index) => view.setUint32(index * 4, word));
      return block;
    };
    // 4294967295 is above the largest multiple of 10 below 2^32, so it is thrown away.
    expect(drawLottery('ssc', new DrawStream(source)).numbers).toEqual([7, 2, 5, 3, 9]);
  });

  it('draws results of the right shape: distinct where required, digits with their leading zeros', () => {
    for (const family of LOTTERY_FAMILIES) {
      const draws = family === 'sea_4d' || family.startsWith('vn_') ? 300 : 1_000;
      for (let drawNo = 0; drawNo < draws; drawNo++) {
        const { outcome, words } = drawFromSeed(family, SEED, `shape-${family}`, String(drawNo));
        expect(lotteryOutcomeSchema.safeParse(outcome).success).toBe(true);
        expect(words).toBeLessThanOrEqual(LOTTERY_DRAW_BLOCKS[family] * 8);
        const numbers = outcome.numbers as Array<number | string>;
        switch (family) {
          case 'ssc':
            expect(numbers.every((n) => typeof n === 'number' && n >= 0 && n <= 9)).toBe(true);
            break;
          case 'k3':
            expect(numbers.every((n) => typeof n === 'number' && n >= 1 && n <= 6)).toBe(true);
            break;
          case 'pk10':
            expect([...(numbers as number[])].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
            break;
          case 'x115':
            expect(new Set(numbers).size).toBe(5);
            expect(numbers.every((n) => typeof n === 'number' && n >= 1 && n <= 11)).toBe(true);
            break;
          case 'sea_4d':
            expect(new Set(numbers).size).toBe(23);
            expect(numbers.every((n) => typeof n === 'string' && /^\d{4}$/.test(n))).toBe(true);
            break;
          default: {
            const prizes = (outcome as PrizeLotteryOutcome).prizes;
            expect(prizes.map((prize) => prize.numbers.length)).toEqual(lotteryPrizeTiers(family).map((row) => row.count));
            prizes.forEach((prize, index) => expect(prize.numbers.every((n) => n.length === lotteryPrizeTiers(family)[index]!.digits && /^\d+$/.test(n))).toBe(true));
          }
        }
      }
    }
  });

  it('lets every car finish in every position and every number lead 11-choose-5', () => {
    const seen = Array.from({ length: 10 }, () => new Set<number>());
    const leaders = new Set<number>();
    for (let drawNo = 0; drawNo < 500; drawNo++) {
      drawFromSeed('pk10', SEED, 'cover', String(drawNo)).outcome.numbers.forEach((car, index) => seen[index]!.add(car as number));
      leaders.add(drawFromSeed('x115', SEED, 'cover', String(drawNo)).outcome.numbers[0] as number);
    }
    for (const cars of seen) expect(cars.size).toBe(10);
    expect(leaders.size).toBe(11);
  });

  it('checks stored results and formats them for the draw feed', () => {
    expect(lotteryOutcomeSchema.safeParse(fast('pk10', 1, 1, 2, 3, 4, 5, 6, 7, 8, 9)).success).toBe(false);
    expect(lotteryOutcomeSchema.safeParse(fast('x115', 1, 2, 3, 4, 12)).success).toBe(false);
    expect(lotteryOutcomeSchema.safeParse(fast('ssc', 1, 2, 3, 4)).success).toBe(false);
    expect(lotteryOutcomeSchema.safeParse(fast('k3', 0, 2, 3)).success).toBe(false);
    expect(lotteryOutcomeSchema.safeParse(board('vn_north')).success).toBe(true);
    expect(lotteryOutcomeSchema.safeParse(board('vn_north', { 0: '1234' })).success).toBe(false);
    expect(lotteryOutcomeSchema.safeParse({ ...board('vn_south'), numbers: [] }).success).toBe(false);
    expect(lotteryOutcomeSchema.safeParse(board('sea_4d', { 5: '1000' })).success).toBe(false);
    expect(lotteryOutcomeSchema.safeParse({ family: 'ssc', numbers: [1, 2, 3, 4, 5], extra: 1 }).success).toBe(false);
    expect(lotteryResultNumbers(fast('pk10', 10, 9, 1, 2, 3, 4, 5, 6, 7, 8))).toEqual(['10', '09', '01', '02', '03', '04', '05', '06', '07', '08']);
    expect(lotteryResultNumbers(fast('ssc', 0, 1, 2, 3, 4))).toEqual(['0', '1', '2', '3', '4']);
    expect(lotteryResultNumbers(board('vn_north', { 26: '07' })).at(-1)).toBe('07');
    expect(JSON.parse(JSON.stringify(board('sea_4d')))).toEqual(board('sea_4d'));
  });

  it('gives the exact return of a representative selection', () => {
    expect(exactRtp('ssc.position')).toBeCloseTo(0.9, 12);
    expect(exactRtp('k3.big_small', { picks: ['big', 'small'] })).toBeCloseTo((18_500 * 105) / 216 / 10_000, 12);
  });
});
