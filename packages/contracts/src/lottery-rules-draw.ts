import { z } from 'zod';
import { DrawStream, outcomeBytes, precomputedBlocks, type BlockSource } from './fairness.js';

/**
 * The in-house lottery: families, their results and how a result is drawn from a committed seed. Shared by the house
 * service, which draws and settles, and the browser's verify page, which recomputes any draw from its revealed seed.
 *
 * Seed convention. Every draw has a server seed of its own (32 random bytes, its SHA-256 published when the draw opens,
 * the seed revealed once the draw is settled). The client seed is the draw's public key `${gameCode}:${drawNo}`
 * (`lotteryClientSeed`) and the nonce is always 0, so the stream is HMAC-SHA256(serverSeed, `${gameCode}:${drawNo}:0:${cursor}`)
 * for cursor 0, 1, 2 … as in the other house games (`fairness.ts`). Nobody can choose the client seed, and no two
 * draws share a stream. The numbers are read from the stream in a fixed order per family (`drawLottery`).
 */

export const LOTTERY_FAMILIES = ['ssc', 'k3', 'pk10', 'x115', 'vn_north', 'vn_central', 'vn_south', 'sea_4d'] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];
export const FAST_LOTTERY_FAMILIES = ['ssc', 'k3', 'pk10', 'x115'] as const;
export type FastLotteryFamily = (typeof FAST_LOTTERY_FAMILIES)[number];
export type PrizeLotteryFamily = Exclude<LotteryFamily, FastLotteryFamily>;
export const lotteryFamilySchema = z.enum(LOTTERY_FAMILIES);

/** One prize tier of a results board: `count` numbers of `digits` digits each. */
export interface LotteryPrizeTier {
  tier: string;
  count: number;
  digits: number;
}

const tiers = (...rows: Array<[string, number, number]>): readonly LotteryPrizeTier[] => rows.map(([tier, count, digits]) => ({ tier, count, digits }));

/** Vietnamese north (one draw a day): 27 prizes. */
const VN_NORTH_TIERS = tiers(['special', 1, 5], ['first', 1, 5], ['second', 2, 5], ['third', 6, 5], ['fourth', 4, 4], ['fifth', 6, 4], ['sixth', 3, 3], ['seventh', 4, 2]);
/** Vietnamese central and south (a draw per province): 18 prizes. */
const VN_PROVINCE_TIERS = tiers(['special', 1, 6], ['first', 1, 5], ['second', 1, 5], ['third', 2, 5], ['fourth', 7, 5], ['fifth', 1, 4], ['sixth', 3, 4], ['seventh', 1, 3], ['eighth', 1, 2]);
/** South-east Asian 4D: 23 distinct four-digit numbers. */
const SEA_4D_TIERS = tiers(['first', 1, 4], ['second', 1, 4], ['third', 1, 4], ['special', 10, 4], ['consolation', 10, 4]);

export interface LotteryFamilyInfo {
  family: LotteryFamily;
  label: string;
  /** `fast`: a draw every few minutes; `daily`: one scheduled draw a day (per province for the Vietnamese south and central). */
  kind: 'fast' | 'daily';
  /** What a result holds, for the results board. */
  description: string;
  /** Prize tiers in draw and board order (prize families only). */
  prizeTiers?: readonly LotteryPrizeTier[];
  /** Number of prizes of a results board (prize families only): the lô stake is counted once per prize. */
  prizeCount?: number;
}

const countOf = (rows: readonly LotteryPrizeTier[]) => rows.reduce((sum, row) => sum + row.count, 0);

export const LOTTERY_FAMILY_INFO: Readonly<Record<LotteryFamily, LotteryFamilyInfo>> = {
  ssc: { family: 'ssc', label: 'Five-ball 0–9', kind: 'fast', description: 'Five balls, each 0–9, positions 1 to 5' },
  k3: { family: 'k3', label: 'Three dice', kind: 'fast', description: 'Three dice, each 1–6' },
  pk10: { family: 'pk10', label: 'Ten-car race', kind: 'fast', description: 'The finishing order of cars 1–10: the car in position 1 to 10' },
  x115: { family: 'x115', label: '11-choose-5', kind: 'fast', description: 'Five distinct numbers from 1–11, in drawn order' },
  vn_north: { family: 'vn_north', label: 'Vietnam north', kind: 'daily', description: '27 prizes, special prize of 5 digits', prizeTiers: VN_NORTH_TIERS, prizeCount: countOf(VN_NORTH_TIERS) },
  vn_central: {
    family: 'vn_central',
    label: 'Vietnam central',
    kind: 'daily',
    description: '18 prizes, special prize of 6 digits',
    prizeTiers: VN_PROVINCE_TIERS,
    prizeCount: countOf(VN_PROVINCE_TIERS),
  },
  vn_south: {
    family: 'vn_south',
    label: 'Vietnam south',
    kind: 'daily',
    description: '18 prizes, special prize of 6 digits',
    prizeTiers: VN_PROVINCE_TIERS,
    prizeCount: countOf(VN_PROVINCE_TIERS),
  },
  sea_4d: { family: 'sea_4d', label: '4D', kind: 'daily', description: '23 distinct four-digit numbers', prizeTiers: SEA_4D_TIERS, prizeCount: countOf(SEA_4D_TIERS) },
};

export const isFastLotteryFamily = (family: LotteryFamily): family is FastLotteryFamily => (FAST_LOTTERY_FAMILIES as readonly string[]).includes(family);

/** The prize tiers of a prize family. */
export const lotteryPrizeTiers = (family: PrizeLotteryFamily): readonly LotteryPrizeTier[] => LOTTERY_FAMILY_INFO[family].prizeTiers!;

// ------------------------------------------------------------------------------------------------ results

export interface LotteryPrize {
  tier: string;
  /** Digit strings with their leading zeros. */
  numbers: string[];
}

/**
 * A fast result. ssc: the five balls by position; k3: the three dice in drawn order; pk10: `numbers[i]` is the car in
 * position i + 1; x115: the five numbers in drawn order.
 */
export interface FastLotteryOutcome {
  family: FastLotteryFamily;
  numbers: number[];
}

/** A results board: the prizes by tier in board order, and `numbers`, all prizes flattened in that order. */
export interface PrizeLotteryOutcome {
  family: PrizeLotteryFamily;
  numbers: string[];
  prizes: LotteryPrize[];
}

/** A draw's result: plain JSON, stored as it is (jsonb) and shown on the results board. */
export type LotteryOutcome = FastLotteryOutcome | PrizeLotteryOutcome;

const distinct = (items: readonly unknown[]): boolean => new Set(items).size === items.length;

/** What each fast family's `numbers` must look like. */
const FAST_SHAPES: Record<FastLotteryFamily, { length: number; min: number; max: number; distinct: boolean }> = {
  ssc: { length: 5, min: 0, max: 9, distinct: false },
  k3: { length: 3, min: 1, max: 6, distinct: false },
  pk10: { length: 10, min: 1, max: 10, distinct: true },
  x115: { length: 5, min: 1, max: 11, distinct: true },
};

/** A stored result, checked against its family's shape (counts, ranges, distinct numbers, prize tiers). */
export const lotteryOutcomeSchema: z.ZodType<LotteryOutcome> = z
  .union([
    z.strictObject({ family: z.enum(FAST_LOTTERY_FAMILIES), numbers: z.array(z.number().int()) }),
    z.strictObject({
      family: z.enum(['vn_north', 'vn_central', 'vn_south', 'sea_4d']),
      numbers: z.array(z.string()),
      prizes: z.array(z.strictObject({ tier: z.string(), numbers: z.array(z.string()) })),
    }),
  ])
  .superRefine((outcome, context) => {
    if (!('prizes' in outcome)) {
      const shape = FAST_SHAPES[outcome.family];
      const fits = outcome.numbers.length === shape.length && outcome.numbers.every((n) => n >= shape.min && n <= shape.max) && (!shape.distinct || distinct(outcome.numbers));
      if (!fits) context.addIssue({ code: 'custom', message: `not a ${outcome.family} result` });
      return;
    }
    const expected = lotteryPrizeTiers(outcome.family);
    const fits =
      outcome.prizes.length === expected.length &&
      outcome.prizes.every((prize, index) => {
        const tier = expected[index]!;
        return prize.tier === tier.tier && prize.numbers.length === tier.count && prize.numbers.every((n) => n.length === tier.digits && /^\d+$/.test(n));
      }) &&
      outcome.numbers.join(',') === outcome.prizes.flatMap((prize) => prize.numbers).join(',') &&
      (outcome.family !== 'sea_4d' || distinct(outcome.numbers));
    if (!fits) context.addIssue({ code: 'custom', message: `not a ${outcome.family} results board` });
  });

/** The result as the digit strings of the draw feed (`lotteryDrawBodySchema.numbers`); pk10 and x115 as two digits. */
export function lotteryResultNumbers(outcome: LotteryOutcome): string[] {
  if ('prizes' in outcome) return [...outcome.numbers];
  const width = outcome.family === 'pk10' || outcome.family === 'x115' ? 2 : 1;
  return outcome.numbers.map((n) => String(n).padStart(width, '0'));
}

// ------------------------------------------------------------------------------------------------ drawing

/** The nonce of every lottery draw's stream. */
export const LOTTERY_NONCE = 0;

/** A draw's client seed: its public key, the game code and draw number (both already public when the seed is committed). */
export const lotteryClientSeed = (gameCode: string, drawNo: string): string => `${gameCode}:${drawNo}`;

/**
 * How many 32-byte blocks a browser derives up front to recompute a draw: the words the family reads (one per number,
 * a forced last pick reads none) rounded up to blocks, plus two blocks for rejected words. A draw that reads further
 * still verifies: `lotteryOutcomeFromSeed` derives more and draws again. The server reads blocks lazily.
 */
export const LOTTERY_DRAW_BLOCKS: Readonly<Record<LotteryFamily, number>> = { ssc: 3, k3: 3, pk10: 4, x115: 3, vn_north: 6, vn_central: 5, vn_south: 5, sea_4d: 5 };

/** A draw's stream over its blocks (lazy `nodeBlocks` on the server, `precomputedBlocks` in the browser). */
export const lotteryDrawStream = (blocks: BlockSource): DrawStream => new DrawStream(blocks);

/** `count` distinct items of `pool` in drawn order: a partial Fisher–Yates shuffle; a last remaining item reads no word. */
function pickDistinct<T>(draws: DrawStream, pool: readonly T[], count: number): T[] {
  const items = [...pool];
  for (let index = 0; index < count; index++) {
    const remaining = items.length - index;
    const pick = index + (remaining > 1 ? draws.nextInt(remaining) : 0);
    [items[index], items[pick]] = [items[pick]!, items[index]!];
  }
  return items.slice(0, count);
}

/** `count` distinct integers of [0, size) in drawn order: the same partial Fisher–Yates over a sparse array. */
function pickDistinctIndexes(draws: DrawStream, size: number, count: number): number[] {
  const moved = new Map<number, number>();
  const picked: number[] = [];
  for (let index = 0; index < count; index++) {
    const pick = index + draws.nextInt(size - index);
    picked.push(moved.get(pick) ?? pick);
    moved.set(pick, moved.get(index) ?? index);
  }
  return picked;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const PK10_CARS = range(1, 10);
const X115_NUMBERS = range(1, 11);
const digitString = (value: number, digits: number): string => String(value).padStart(digits, '0');

/**
 * Draws a result from a draw's stream, reading in a fixed order. ssc: five `nextInt(10)`; k3: three `nextInt(6)` + 1;
 * pk10: the finishing order as a Fisher–Yates shuffle of cars 1–10, position 1 first; x115: five picks without
 * replacement from 1–11; Vietnamese boards: each prize `nextInt(10^digits)` with leading zeros, tier by tier in board
 * order (special first), repeats allowed as in the paper draws; 4D: 23 picks without replacement from 0000–9999, in
 * the order first, second, third, the ten special and the ten consolation prizes.
 */
export function drawLottery(family: LotteryFamily, draws: DrawStream): LotteryOutcome {
  switch (family) {
    case 'ssc':
      return { family, numbers: Array.from({ length: 5 }, () => draws.nextInt(10)) };
    case 'k3':
      return { family, numbers: Array.from({ length: 3 }, () => draws.nextInt(6) + 1) };
    case 'pk10':
      return { family, numbers: pickDistinct(draws, PK10_CARS, PK10_CARS.length) };
    case 'x115':
      return { family, numbers: pickDistinct(draws, X115_NUMBERS, 5) };
    case 'sea_4d': {
      const numbers = pickDistinctIndexes(draws, 10_000, countOf(SEA_4D_TIERS)).map((value) => digitString(value, 4));
      return { family, numbers, prizes: splitIntoPrizes(SEA_4D_TIERS, numbers) };
    }
    case 'vn_north':
    case 'vn_central':
    case 'vn_south': {
      const rows = lotteryPrizeTiers(family);
      const numbers: string[] = [];
      for (const row of rows) for (let index = 0; index < row.count; index++) numbers.push(digitString(draws.nextInt(10 ** row.digits), row.digits));
      return { family, numbers, prizes: splitIntoPrizes(rows, numbers) };
    }
  }
}

function splitIntoPrizes(rows: readonly LotteryPrizeTier[], numbers: readonly string[]): LotteryPrize[] {
  let offset = 0;
  return rows.map((row) => {
    const prize = { tier: row.tier, numbers: numbers.slice(offset, offset + row.count) };
    offset += row.count;
    return prize;
  });
}

const MAX_VERIFY_BLOCKS = 1_024;

/**
 * Recomputes a draw from its revealed server seed with Web Crypto (the verify page). Derives `LOTTERY_DRAW_BLOCKS`
 * blocks first and more if the draw reads further, so every draw verifies whatever its rejected words.
 */
export async function lotteryOutcomeFromSeed(family: LotteryFamily, serverSeedHex: string, clientSeed: string, options: { nonce?: number; initialBlocks?: number } = {}): Promise<LotteryOutcome> {
  const nonce = options.nonce ?? LOTTERY_NONCE;
  for (let blocks = Math.max(1, options.initialBlocks ?? LOTTERY_DRAW_BLOCKS[family]); blocks <= MAX_VERIFY_BLOCKS; blocks *= 2) {
    const bytes = await outcomeBytes(serverSeedHex, clientSeed, nonce, blocks);
    const derived = precomputedBlocks(bytes);
    let short = false;
    const source: BlockSource = (cursor) => {
      if (cursor >= blocks) short = true;
      return derived(cursor);
    };
    try {
      return drawLottery(family, new DrawStream(source));
    } catch (error) {
      if (!short) throw error;
    }
  }
  throw new Error('the draw reads more random bytes than a draw can');
}
