import { z } from 'zod';
import {
  addChance,
  binomialChances,
  choose,
  defineBetType,
  digitStrings,
  prizeOutcome,
  randomDistinct,
  randomIndex,
  range,
  setOf,
  type Distribution,
  type LotteryBetType,
} from './lottery-rules-core.js';
import { LOTTERY_FAMILY_INFO, lotteryPrizeTiers, type PrizeLotteryOutcome } from './lottery-rules-draw.js';

/**
 * The bet types of the results-board lotteries: the Vietnamese regional draws (lô, đề, 3 càng, xiên) and 4D. Their
 * exact distributions are analytic: a Vietnamese prize's last two (three) digits are uniform over 100 (1000) values
 * and independent from prize to prize; a 4D board is 23 draws without replacement from 10 000 numbers.
 */

const TWO_DIGITS = range(0, 99).map((n) => String(n).padStart(2, '0'));
const randomDigits = (random: () => number, digits: number): string => String(randomIndex(random, 10 ** digits)).padStart(digits, '0');

/**
 * How many prizes of a board end in each two-digit number 00–99. Tickets are settled against one result at a time, so
 * the counts of the last result are kept.
 */
let lastBoard: { numbers: readonly string[]; counts: Uint8Array } | undefined;
function endingsOf(outcome: PrizeLotteryOutcome): Uint8Array {
  if (lastBoard?.numbers === outcome.numbers) return lastBoard.counts;
  const counts = new Uint8Array(100);
  for (const n of outcome.numbers) counts[Number(n.slice(-2))]! += 1;
  lastBoard = { numbers: outcome.numbers, counts };
  return counts;
}
/** A selection's two-digit numbers as 0–99, converted once per parsed selection. */
const endingIndexes = new WeakMap<readonly string[], number[]>();
function indexesOf(numbers: readonly string[]): number[] {
  let found = endingIndexes.get(numbers);
  if (!found) {
    found = numbers.map(Number);
    endingIndexes.set(numbers, found);
  }
  return found;
}
const specialOf = (outcome: PrizeLotteryOutcome): string => outcome.prizes[0]!.numbers[0]!;

const bernoulli = (chance: number, payoutBp: number): Distribution =>
  new Map([
    [0, 1 - chance],
    [payoutBp, chance],
  ]);

// ------------------------------------------------------------------------------------------------ Vietnam

type VnFamily = 'vn_north' | 'vn_central' | 'vn_south';

/**
 * Lô pays 90 per occurrence for one unit per prize (27 units a point in the north, 18 in the central and south), đề 90
 * and 3 càng 900 per unit: a 90 % return each. Xiên K pays when all K numbers are among the prizes' last two digits,
 * 0.9 over that chance (1 − 2·0.99^27 + 0.98^27 for a north xiên 2), rounded down.
 */
const VN_LO_BP = 900_000;
const VN_DE_BP = 900_000;
const VN_3CANG_BP = 9_000_000;
const VN_XIEN_BP: Record<VnFamily, Record<2 | 3 | 4, number>> = {
  vn_north: { 2: 163_000, 3: 730_000, 4: 3_370_000 },
  vn_central: { 2: 344_000, 3: 2_290_000, 4: 16_200_000 },
  vn_south: { 2: 344_000, 3: 2_290_000, 4: 16_200_000 },
};
const XIEN_MAX_NUMBERS = 45;

/**
 * Chances that exactly 0 … n of `n` chosen two-digit endings appear among `prizes` independent uniform endings: prize by
 * prize, the count of chosen endings seen so far grows by one with chance (n − seen) / 100 (all terms positive, so no
 * cancellation in floating point, unlike inclusion–exclusion over many numbers).
 */
export function vnAppearChances(prizes: number, n: number): number[] {
  let chances = [1, ...new Array<number>(n).fill(0)];
  for (let prize = 0; prize < prizes; prize++) {
    const next = new Array<number>(n + 1).fill(0);
    chances.forEach((chance, seen) => {
      if (chance === 0) return;
      const fresh = (n - seen) / 100;
      next[seen]! += chance * (1 - fresh);
      if (seen < n) next[seen + 1]! += chance * fresh;
    });
    chances = next;
  }
  return chances;
}

function vnBetTypes(family: VnFamily): LotteryBetType[] {
  const prizes = LOTTERY_FAMILY_INFO[family].prizeCount!;
  const lo = defineBetType({
    code: `${family}.lo`,
    family,
    label: 'Lo',
    group: 'Lo',
    selection: z.strictObject({ numbers: digitStrings(2, 1, 100) }),
    oddsBp: { occurrence: VN_LO_BP },
    // A lô number is staked once against every prize of the board.
    combinations: (selection) => selection.numbers.length * prizes,
    settle: (selection, outcome) => {
      const counts = endingsOf(prizeOutcome(outcome, family));
      let count = 0;
      for (const ending of indexesOf(selection.numbers)) count += counts[ending]!;
      return { wins: count, payoutBp: count * VN_LO_BP };
    },
    // Occurrences of any chosen number: Binomial(prizes, n / 100).
    distribution: (selection) => new Map(binomialChances(prizes, selection.numbers.length / 100).map((chance, count) => [count * VN_LO_BP, chance])),
    quickPick: (random) => ({ numbers: [randomDigits(random, 2)] }),
    example: { numbers: ['68'] },
    singles: [{ numbers: ['00'] }],
  });
  const de = defineBetType({
    code: `${family}.de`,
    family,
    label: 'De',
    group: 'De',
    selection: z.strictObject({ numbers: digitStrings(2, 1, 100) }),
    oddsBp: { hit: VN_DE_BP },
    combinations: (selection) => selection.numbers.length,
    // The last two digits of the special prize.
    settle: (selection, outcome) => {
      const won = setOf(selection.numbers).has(specialOf(prizeOutcome(outcome, family)).slice(-2)) ? 1 : 0;
      return { wins: won, payoutBp: won * VN_DE_BP };
    },
    distribution: (selection) => bernoulli(selection.numbers.length / 100, VN_DE_BP),
    quickPick: (random) => ({ numbers: [randomDigits(random, 2)] }),
    example: { numbers: ['39'] },
    singles: [{ numbers: ['05'] }],
  });
  const threeCang = defineBetType({
    code: `${family}.3cang`,
    family,
    label: '3 Cang',
    group: 'De',
    selection: z.strictObject({ numbers: digitStrings(3, 1, 1_000) }),
    oddsBp: { hit: VN_3CANG_BP },
    combinations: (selection) => selection.numbers.length,
    // The last three digits of the special prize.
    settle: (selection, outcome) => {
      const won = setOf(selection.numbers).has(specialOf(prizeOutcome(outcome, family)).slice(-3)) ? 1 : 0;
      return { wins: won, payoutBp: won * VN_3CANG_BP };
    },
    distribution: (selection) => bernoulli(selection.numbers.length / 1_000, VN_3CANG_BP),
    quickPick: (random) => ({ numbers: [randomDigits(random, 3)] }),
    example: { numbers: ['139'] },
    singles: [{ numbers: ['007'] }],
  });
  const xien = ([2, 3, 4] as const).map((size) => {
    const oddsBp = VN_XIEN_BP[family][size];
    const example = range(1, size).map((index) => TWO_DIGITS[11 * index]!);
    return defineBetType({
      code: `${family}.xien${size}`,
      family,
      label: `Xien ${size}`,
      group: 'Xien',
      selection: z.strictObject({ numbers: digitStrings(2, size, XIEN_MAX_NUMBERS) }),
      oddsBp: { hit: oddsBp },
      // More numbers than the bet needs buy every combination of `size` of them.
      combinations: (selection) => choose(selection.numbers.length, size),
      settle: (selection, outcome) => {
        const counts = endingsOf(prizeOutcome(outcome, family));
        let appearing = 0;
        for (const ending of indexesOf(selection.numbers)) if (counts[ending]! > 0) appearing += 1;
        const wins = choose(appearing, size);
        return { wins, payoutBp: wins * oddsBp };
      },
      distribution: (selection) => {
        const distribution: Distribution = new Map();
        vnAppearChances(prizes, selection.numbers.length).forEach((chance, appearing) => addChance(distribution, choose(appearing, size) * oddsBp, chance));
        return distribution;
      },
      quickPick: (random) => ({ numbers: randomDistinct(random, TWO_DIGITS, size).sort() }),
      example: { numbers: example },
      singles: [{ numbers: example }],
    });
  });
  return [lo, de, threeCang, ...xien];
}

// ------------------------------------------------------------------------------------------------ 4D

/** Per unit stake, stake included: big pays on all 23 numbers, small on the top three, 4A on the first only. */
const SEA_BIG_BP = { first: 35_000_000, second: 14_000_000, third: 7_000_000, special: 2_550_000, consolation: 850_000 };
const SEA_SMALL_BP = { first: 48_000_000, second: 28_000_000, third: 14_000_000 };
const SEA_4A_BP = { first: 90_000_000 };
const SEA_NUMBERS = 10_000;

/**
 * The exact payout distribution of `n` distinct chosen numbers on a 4D board: slot by slot in draw order, a slot hits
 * one of the still-undrawn chosen numbers with chance (n − hits so far) / (10 000 − slot).
 */
function seaDistribution(n: number, oddsBp: Readonly<Record<string, number>>): Distribution {
  const slots = lotteryPrizeTiers('sea_4d').flatMap((row) => Array.from({ length: row.count }, () => oddsBp[row.tier] ?? 0));
  // (hits so far, payout) → chance
  let states = new Map<string, { hits: number; payout: number; chance: number }>([['0:0', { hits: 0, payout: 0, chance: 1 }]]);
  slots.forEach((slotBp, slot) => {
    const next = new Map<string, { hits: number; payout: number; chance: number }>();
    const add = (hits: number, payout: number, chance: number) => {
      if (chance === 0) return;
      const key = `${hits}:${payout}`;
      const state = next.get(key);
      if (state) state.chance += chance;
      else next.set(key, { hits, payout, chance });
    };
    for (const { hits, payout, chance } of states.values()) {
      const hit = (n - hits) / (SEA_NUMBERS - slot);
      add(hits + 1, payout + slotBp, chance * hit);
      add(hits, payout, chance * (1 - hit));
    }
    states = next;
  });
  const distribution: Distribution = new Map();
  for (const { payout, chance } of states.values()) addChance(distribution, payout, chance);
  return distribution;
}

const seaBetType = (kind: 'big' | 'small' | '4a', label: string, oddsBp: Readonly<Record<string, number>>): LotteryBetType =>
  defineBetType({
    code: `sea_4d.${kind}`,
    family: 'sea_4d',
    label,
    group: '4D',
    selection: z.strictObject({ numbers: digitStrings(4, 1, 1_000) }),
    oddsBp,
    combinations: (selection) => selection.numbers.length,
    // Each chosen number pays the odds of the tier it was drawn in (the 23 numbers are distinct: one tier at most).
    settle: (selection, outcome) => {
      const chosen = setOf(selection.numbers);
      let wins = 0;
      let payoutBp = 0;
      for (const prize of prizeOutcome(outcome, 'sea_4d').prizes) {
        const tierBp = oddsBp[prize.tier];
        if (tierBp === undefined) continue;
        for (const n of prize.numbers) {
          if (chosen.has(n)) {
            wins += 1;
            payoutBp += tierBp;
          }
        }
      }
      return { wins, payoutBp };
    },
    distribution: (selection) => seaDistribution(selection.numbers.length, oddsBp),
    quickPick: (random) => ({ numbers: [randomDigits(random, 4)] }),
    example: { numbers: ['1234'] },
    singles: [{ numbers: ['0000'] }],
  });

export const PRIZE_BET_TYPES: readonly LotteryBetType[] = [
  ...vnBetTypes('vn_north'),
  ...vnBetTypes('vn_central'),
  ...vnBetTypes('vn_south'),
  seaBetType('big', 'Big', SEA_BIG_BP),
  seaBetType('small', 'Small', SEA_SMALL_BP),
  seaBetType('4a', '4A', SEA_4A_BP),
];
