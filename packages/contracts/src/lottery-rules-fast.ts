import { z } from 'zod';
import { choose, defineBetType, fastNumbers, integers, picksOf, position, randomDistinct, randomIndex, range, setOf, type LotteryBetType, type LotterySettlement } from './lottery-rules-core.js';
import type { LotteryOutcome } from './lottery-rules-draw.js';

/**
 * The bet types of the fast lotteries (a draw every few minutes): five-ball 0–9 (ssc), three dice (k3), the ten-car
 * race (pk10) and 11-choose-5 (x115). Odds are set from the exact chance of a single bet for a return near 90 %,
 * floored to hundredths; each bet type's exact distribution enumerates the equally likely results that decide it.
 */

const hits = (count: number, oddsBp: number): LotterySettlement => ({ wins: count, payoutBp: count * oddsBp });

const BSOE = ['big', 'small', 'odd', 'even'] as const;
type Bsoe = (typeof BSOE)[number];
/** Big is `bigFrom` and above, small below it; odd and even by parity. */
const bsoeHolds = (pick: Bsoe, value: number, bigFrom: number): boolean => {
  switch (pick) {
    case 'big':
      return value >= bigFrom;
    case 'small':
      return value < bigFrom;
    case 'odd':
      return value % 2 === 1;
    case 'even':
      return value % 2 === 0;
  }
};
const countHolding = (picks: readonly Bsoe[], value: number, bigFrom: number): number => picks.reduce((count, pick) => count + (bsoeHolds(pick, value, bigFrom) ? 1 : 0), 0);

/** Odds table keyed by every value of a range, from a list of odds in ten-thousandths. */
const oddsByValue = (from: number, odds: readonly number[]): Record<string, number> => Object.fromEntries(odds.map((bp, index) => [String(from + index), bp]));

// ------------------------------------------------------------------------------------------------ result spaces

const SSC_RESULTS = 100_000;
function* sscResults(): Iterable<LotteryOutcome> {
  for (let value = 0; value < SSC_RESULTS; value++) {
    yield { family: 'ssc', numbers: [4, 3, 2, 1, 0].map((power) => Math.floor(value / 10 ** power) % 10) };
  }
}

const K3_RESULTS = 216;
function* k3Results(): Iterable<LotteryOutcome> {
  for (let value = 0; value < K3_RESULTS; value++) yield { family: 'k3', numbers: [Math.floor(value / 36) + 1, (Math.floor(value / 6) % 6) + 1, (value % 6) + 1] };
}

/** Ordered picks of `count` distinct values of `pool`. */
function* arrangements(pool: readonly number[], count: number, prefix: number[] = []): Iterable<number[]> {
  if (prefix.length === count) {
    yield prefix;
    return;
  }
  for (const value of pool) if (!prefix.includes(value)) yield* arrangements(pool, count, [...prefix, value]);
}
const arrangementCount = (size: number, count: number): number => range(size - count + 1, size).reduce((product, value) => product * value, 1);

const X115_POOL = range(1, 11);
const x115Space = () => ({
  outcomes: (function* () {
    for (const numbers of arrangements(X115_POOL, 5)) yield { family: 'x115', numbers } as LotteryOutcome;
  })(),
  total: arrangementCount(11, 5),
});

const PK10_CARS = range(1, 10);
/**
 * The finishing orders that decide a bet reading `positions`: every placement of distinct cars on those positions
 * (each equally likely), the other cars filled in ascending order.
 */
const pk10Space = (positions: readonly number[]) => ({
  outcomes: (function* () {
    for (const placed of arrangements(PK10_CARS, positions.length)) {
      const rest = PK10_CARS.filter((car) => !placed.includes(car));
      const numbers = PK10_CARS.map((_, index) => {
        const at = positions.indexOf(index + 1);
        return at >= 0 ? placed[at]! : rest.shift()!;
      });
      yield { family: 'pk10', numbers } as LotteryOutcome;
    }
  })(),
  total: arrangementCount(10, positions.length),
});

// ------------------------------------------------------------------------------------------------ ssc

const SSC_POSITION_BP = 90_000;
const EVEN_MONEY_BP = 18_000;
const SSC_DRAGON_TIGER_BP = { dragon: 20_000, tiger: 20_000, tie: 90_000 } as const;
const DRAGON_TIGER_TIE = ['dragon', 'tiger', 'tie'] as const;

const sscPosition = defineBetType({
  code: 'ssc.position',
  family: 'ssc',
  label: 'Position digit',
  group: 'Positions',
  selection: z.strictObject({ position: position(5), digits: integers(0, 9, 1, 10) }),
  oddsBp: { hit: SSC_POSITION_BP },
  combinations: (selection) => selection.digits.length,
  settle: (selection, outcome) => hits(setOf(selection.digits).has(fastNumbers(outcome, 'ssc')[selection.position - 1]!) ? 1 : 0, SSC_POSITION_BP),
  results: () => ({ outcomes: sscResults(), total: SSC_RESULTS }),
  quickPick: (random) => ({ position: randomIndex(random, 5) + 1, digits: [randomIndex(random, 10)] }),
  example: { position: 1, digits: [7] },
  singles: [{ position: 3, digits: [0] }],
});

const sscPositionBsoe = defineBetType({
  code: 'ssc.position_bsoe',
  family: 'ssc',
  label: 'Position big/small/odd/even',
  group: 'Positions',
  selection: z.strictObject({ position: position(5), picks: picksOf(BSOE) }),
  oddsBp: { big: EVEN_MONEY_BP, small: EVEN_MONEY_BP, odd: EVEN_MONEY_BP, even: EVEN_MONEY_BP },
  combinations: (selection) => selection.picks.length,
  // Big is 5–9, small 0–4.
  settle: (selection, outcome) => hits(countHolding(selection.picks, fastNumbers(outcome, 'ssc')[selection.position - 1]!, 5), EVEN_MONEY_BP),
  results: () => ({ outcomes: sscResults(), total: SSC_RESULTS }),
  quickPick: (random) => ({ position: randomIndex(random, 5) + 1, picks: [BSOE[randomIndex(random, BSOE.length)]!] }),
  example: { position: 1, picks: ['big'] },
  singles: BSOE.map((pick) => ({ position: 5, picks: [pick] })),
});

const sscSumBsoe = defineBetType({
  code: 'ssc.sum_bsoe',
  family: 'ssc',
  label: 'Sum big/small/odd/even',
  group: 'Sum',
  selection: z.strictObject({ picks: picksOf(BSOE) }),
  oddsBp: { big: EVEN_MONEY_BP, small: EVEN_MONEY_BP, odd: EVEN_MONEY_BP, even: EVEN_MONEY_BP },
  combinations: (selection) => selection.picks.length,
  // The sum of the five balls is 0–45: big is 23–45, small 0–22.
  settle: (selection, outcome) =>
    hits(
      countHolding(
        selection.picks,
        fastNumbers(outcome, 'ssc').reduce((sum, ball) => sum + ball, 0),
        23,
      ),
      EVEN_MONEY_BP,
    ),
  results: () => ({ outcomes: sscResults(), total: SSC_RESULTS }),
  quickPick: (random) => ({ picks: [BSOE[randomIndex(random, BSOE.length)]!] }),
  example: { picks: ['big'] },
  singles: BSOE.map((pick) => ({ picks: [pick] })),
});

const sscDragonTiger = defineBetType({
  code: 'ssc.dragon_tiger',
  family: 'ssc',
  label: 'Dragon / Tiger / Tie',
  group: 'Dragon tiger',
  selection: z.strictObject({ picks: picksOf(DRAGON_TIGER_TIE) }),
  oddsBp: SSC_DRAGON_TIGER_BP,
  combinations: (selection) => selection.picks.length,
  // Dragon is the first ball, tiger the fifth: dragon and tiger lose on a tie.
  settle: (selection, outcome) => {
    const numbers = fastNumbers(outcome, 'ssc');
    const result = numbers[0]! > numbers[4]! ? 'dragon' : numbers[0]! < numbers[4]! ? 'tiger' : 'tie';
    return selection.picks.includes(result) ? { wins: 1, payoutBp: SSC_DRAGON_TIGER_BP[result] } : { wins: 0, payoutBp: 0 };
  },
  results: () => ({ outcomes: sscResults(), total: SSC_RESULTS }),
  quickPick: (random) => ({ picks: [DRAGON_TIGER_TIE[randomIndex(random, DRAGON_TIGER_TIE.length)]!] }),
  example: { picks: ['dragon'] },
  singles: DRAGON_TIGER_TIE.map((pick) => ({ picks: [pick] })),
});

// ------------------------------------------------------------------------------------------------ k3

/** Sums 4–17: 0.9 × 216 / (ways to throw the sum), floored to hundredths. */
const K3_SUM_BP = oddsByValue(4, [648_000, 324_000, 194_400, 129_600, 92_500, 77_700, 72_000, 72_000, 77_700, 92_500, 129_600, 194_400, 324_000, 648_000]);
/** 105 of the 216 throws are big and not a triple (as many are small): 0.9 × 216 / 105, floored to hundredths. */
const K3_BIG_SMALL_BP = 18_500;
const K3_ANY_TRIPLE_BP = 324_000;
const K3_TRIPLE_BP = 1_944_000;
const K3_PAIR_BP = 121_500;
const BIG_SMALL = ['big', 'small'] as const;
const diceSum = (dice: readonly number[]): number => dice[0]! + dice[1]! + dice[2]!;
const isTriple = (dice: readonly number[]): boolean => dice[0] === dice[1] && dice[1] === dice[2];
const k3Space = () => ({ outcomes: k3Results(), total: K3_RESULTS });

const k3Sum = defineBetType({
  code: 'k3.sum',
  family: 'k3',
  label: 'Sum',
  group: 'Sum',
  selection: z.strictObject({ sums: integers(4, 17, 1, 14) }),
  oddsBp: K3_SUM_BP,
  combinations: (selection) => selection.sums.length,
  settle: (selection, outcome) => {
    const sum = diceSum(fastNumbers(outcome, 'k3'));
    return setOf(selection.sums).has(sum) ? { wins: 1, payoutBp: K3_SUM_BP[String(sum)]! } : { wins: 0, payoutBp: 0 };
  },
  results: k3Space,
  quickPick: (random) => ({ sums: [4 + randomIndex(random, 14)] }),
  example: { sums: [10] },
  singles: range(4, 17).map((sum) => ({ sums: [sum] })),
});

const k3BigSmall = defineBetType({
  code: 'k3.big_small',
  family: 'k3',
  label: 'Big / Small',
  group: 'Sum',
  selection: z.strictObject({ picks: picksOf(BIG_SMALL) }),
  oddsBp: { big: K3_BIG_SMALL_BP, small: K3_BIG_SMALL_BP },
  combinations: (selection) => selection.picks.length,
  // Big is a sum of 11–17, small 4–10; any triple loses both.
  settle: (selection, outcome) => {
    const dice = fastNumbers(outcome, 'k3');
    if (isTriple(dice)) return hits(0, K3_BIG_SMALL_BP);
    return hits(selection.picks.includes(diceSum(dice) >= 11 ? 'big' : 'small') ? 1 : 0, K3_BIG_SMALL_BP);
  },
  results: k3Space,
  quickPick: (random) => ({ picks: [BIG_SMALL[randomIndex(random, 2)]!] }),
  example: { picks: ['big'] },
  singles: BIG_SMALL.map((pick) => ({ picks: [pick] })),
});

const k3AnyTriple = defineBetType({
  code: 'k3.any_triple',
  family: 'k3',
  label: 'Any triple',
  group: 'Triples',
  selection: z.strictObject({}),
  oddsBp: { hit: K3_ANY_TRIPLE_BP },
  combinations: () => 1,
  settle: (_selection, outcome) => hits(isTriple(fastNumbers(outcome, 'k3')) ? 1 : 0, K3_ANY_TRIPLE_BP),
  results: k3Space,
  quickPick: () => ({}),
  example: {},
  singles: [{}],
});

const k3Triple = defineBetType({
  code: 'k3.triple',
  family: 'k3',
  label: 'Specific triple',
  group: 'Triples',
  selection: z.strictObject({ faces: integers(1, 6, 1, 6) }),
  oddsBp: { hit: K3_TRIPLE_BP },
  combinations: (selection) => selection.faces.length,
  settle: (selection, outcome) => {
    const dice = fastNumbers(outcome, 'k3');
    return hits(isTriple(dice) && selection.faces.includes(dice[0]!) ? 1 : 0, K3_TRIPLE_BP);
  },
  results: k3Space,
  quickPick: (random) => ({ faces: [randomIndex(random, 6) + 1] }),
  example: { faces: [6] },
  singles: [{ faces: [1] }],
});

const k3Pair = defineBetType({
  code: 'k3.pair',
  family: 'k3',
  label: 'Specific pair',
  group: 'Pairs',
  selection: z.strictObject({ faces: integers(1, 6, 1, 6) }),
  oddsBp: { hit: K3_PAIR_BP },
  combinations: (selection) => selection.faces.length,
  // At least two dice show the face (a triple counts).
  settle: (selection, outcome) => {
    const dice = fastNumbers(outcome, 'k3');
    return hits(selection.faces.filter((face) => dice.filter((die) => die === face).length >= 2).length, K3_PAIR_BP);
  },
  results: k3Space,
  quickPick: (random) => ({ faces: [randomIndex(random, 6) + 1] }),
  example: { faces: [3] },
  singles: [{ faces: [3] }],
});

// ------------------------------------------------------------------------------------------------ pk10

const PK10_POSITION_BP = 90_000;
/** Sums 3–19 of the cars in positions 1 and 2: 0.9 × 90 / (ordered pairs with the sum), floored to hundredths. */
const PK10_TOP2_BP = oddsByValue(3, [405_000, 405_000, 202_500, 202_500, 135_000, 135_000, 101_200, 101_200, 81_000, 101_200, 101_200, 135_000, 135_000, 202_500, 202_500, 405_000, 405_000]);
const DRAGON_TIGER = ['dragon', 'tiger'] as const;

const pk10Position = defineBetType({
  code: 'pk10.position',
  family: 'pk10',
  label: 'Car on position',
  group: 'Positions',
  selection: z.strictObject({ position: position(10), cars: integers(1, 10, 1, 10) }),
  oddsBp: { hit: PK10_POSITION_BP },
  combinations: (selection) => selection.cars.length,
  settle: (selection, outcome) => hits(setOf(selection.cars).has(fastNumbers(outcome, 'pk10')[selection.position - 1]!) ? 1 : 0, PK10_POSITION_BP),
  results: (selection) => pk10Space([selection.position]),
  quickPick: (random) => ({ position: randomIndex(random, 10) + 1, cars: [randomIndex(random, 10) + 1] }),
  example: { position: 1, cars: [8] },
  singles: [{ position: 10, cars: [10] }],
});

const pk10PositionBsoe = defineBetType({
  code: 'pk10.position_bsoe',
  family: 'pk10',
  label: 'Position big/small/odd/even',
  group: 'Positions',
  selection: z.strictObject({ position: position(10), picks: picksOf(BSOE) }),
  oddsBp: { big: EVEN_MONEY_BP, small: EVEN_MONEY_BP, odd: EVEN_MONEY_BP, even: EVEN_MONEY_BP },
  combinations: (selection) => selection.picks.length,
  // Big is car 6–10, small 1–5.
  settle: (selection, outcome) => hits(countHolding(selection.picks, fastNumbers(outcome, 'pk10')[selection.position - 1]!, 6), EVEN_MONEY_BP),
  results: (selection) => pk10Space([selection.position]),
  quickPick: (random) => ({ position: randomIndex(random, 10) + 1, picks: [BSOE[randomIndex(random, BSOE.length)]!] }),
  example: { position: 1, picks: ['big'] },
  singles: BSOE.map((pick) => ({ position: 2, picks: [pick] })),
});

const pk10Top2Sum = defineBetType({
  code: 'pk10.top2_sum',
  family: 'pk10',
  label: 'First two sum',
  group: 'First two',
  selection: z.strictObject({ sums: integers(3, 19, 1, 17) }),
  oddsBp: PK10_TOP2_BP,
  combinations: (selection) => selection.sums.length,
  settle: (selection, outcome) => {
    const numbers = fastNumbers(outcome, 'pk10');
    const sum = numbers[0]! + numbers[1]!;
    return setOf(selection.sums).has(sum) ? { wins: 1, payoutBp: PK10_TOP2_BP[String(sum)]! } : { wins: 0, payoutBp: 0 };
  },
  results: () => pk10Space([1, 2]),
  quickPick: (random) => ({ sums: [3 + randomIndex(random, 17)] }),
  example: { sums: [11] },
  singles: range(3, 19).map((sum) => ({ sums: [sum] })),
});

const pk10DragonTiger = defineBetType({
  code: 'pk10.dragon_tiger',
  family: 'pk10',
  label: 'Dragon / Tiger',
  group: 'Dragon tiger',
  selection: z.strictObject({ position: position(5), picks: picksOf(DRAGON_TIGER) }),
  oddsBp: { dragon: EVEN_MONEY_BP, tiger: EVEN_MONEY_BP },
  combinations: (selection) => selection.picks.length,
  // Position p (1–5) is the dragon against position 11 − p (10–6), the tiger; the higher car wins (no ties).
  settle: (selection, outcome) => {
    const numbers = fastNumbers(outcome, 'pk10');
    const result = numbers[selection.position - 1]! > numbers[10 - selection.position]! ? 'dragon' : 'tiger';
    return hits(selection.picks.includes(result) ? 1 : 0, EVEN_MONEY_BP);
  },
  results: (selection) => pk10Space([selection.position, 11 - selection.position]),
  quickPick: (random) => ({ position: randomIndex(random, 5) + 1, picks: [DRAGON_TIGER[randomIndex(random, 2)]!] }),
  example: { position: 1, picks: ['dragon'] },
  singles: DRAGON_TIGER.map((pick) => ({ position: 3, picks: [pick] })),
});

// ------------------------------------------------------------------------------------------------ x115

/** Any-N: 0.9 / (C(5, N) / C(11, N)), floored to hundredths. */
const X115_ANY_BP = [19_800, 49_500, 148_500, 594_000, 4_158_000] as const;
const X115_FIRST_BP = 99_000;

const x115Any = (picks: number): LotteryBetType => {
  const oddsBp = X115_ANY_BP[picks - 1]!;
  const example = range(1, picks).map((n) => n * 2);
  return defineBetType({
    code: `x115.any${picks}`,
    family: 'x115',
    label: `Any ${picks}`,
    group: 'Any',
    selection: z.strictObject({ numbers: integers(1, 11, picks, 11) }),
    oddsBp: { hit: oddsBp },
    // Choosing more numbers than the bet needs buys every N-number combination of them.
    combinations: (selection) => choose(selection.numbers.length, picks),
    settle: (selection, outcome) => {
      const chosen = setOf(selection.numbers);
      const drawn = fastNumbers(outcome, 'x115').filter((n) => chosen.has(n)).length;
      return hits(choose(drawn, picks), oddsBp);
    },
    results: x115Space,
    quickPick: (random) => ({ numbers: randomDistinct(random, X115_POOL, picks).sort((a, b) => a - b) }),
    example: { numbers: example },
    singles: [{ numbers: example }],
  });
};

const x115First = defineBetType({
  code: 'x115.first',
  family: 'x115',
  label: 'First one',
  group: 'Positions',
  selection: z.strictObject({ numbers: integers(1, 11, 1, 11) }),
  oddsBp: { hit: X115_FIRST_BP },
  combinations: (selection) => selection.numbers.length,
  settle: (selection, outcome) => hits(setOf(selection.numbers).has(fastNumbers(outcome, 'x115')[0]!) ? 1 : 0, X115_FIRST_BP),
  results: x115Space,
  quickPick: (random) => ({ numbers: [randomIndex(random, 11) + 1] }),
  example: { numbers: [1] },
  singles: [{ numbers: [11] }],
});

export const FAST_BET_TYPES: readonly LotteryBetType[] = [
  sscPosition,
  sscPositionBsoe,
  sscSumBsoe,
  sscDragonTiger,
  k3Sum,
  k3BigSmall,
  k3AnyTriple,
  k3Triple,
  k3Pair,
  pk10Position,
  pk10PositionBsoe,
  pk10Top2Sum,
  pk10DragonTiger,
  ...[1, 2, 3, 4, 5].map(x115Any),
  x115First,
];
