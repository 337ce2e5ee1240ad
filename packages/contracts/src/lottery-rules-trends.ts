import { isFastLotteryFamily, lotteryPrizeTiers, type LotteryFamily, type LotteryOutcome } from './lottery-rules-draw.js';

/** What a trend row counts: a ball, car place or 4D digit place (`position` from 1), all positions, or lô and đề. */
export type LotteryTrendRowKind = 'ball' | 'place' | 'digit' | 'all' | 'lo' | 'de';

export interface LotteryTrendRow {
  kind: LotteryTrendRowKind;
  /** The position counted (ball, car place, digit place), from 1; null for the rows over all of a result. */
  position: number | null;
  /** How often each value of the table's `values` came, in the same order. */
  counts: number[];
  /** Draws since each value last came, newest first (the number of draws counted when it did not come). */
  missing: number[];
}

export interface LotteryTrendTable {
  /** Results counted. */
  draws: number;
  /** The values counted, as shown ("0"…"9", "01"…"11", "00"…"99"). */
  values: string[];
  rows: LotteryTrendRow[];
  /** `grid`: the hundred two-digit endings shown as a 10 × 10 square; `table`: a row per position. */
  layout: 'table' | 'grid';
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Counts `pick(outcome)` over `values` for every outcome, newest first. */
function countRow(
  outcomes: readonly LotteryOutcome[],
  values: readonly string[],
  pick: (outcome: LotteryOutcome) => string[],
  kind: LotteryTrendRowKind,
  position: number | null = null,
): LotteryTrendRow {
  const index = new Map(values.map((value, at) => [value, at]));
  const counts = values.map(() => 0);
  const missing = values.map(() => outcomes.length);
  outcomes.forEach((outcome, age) => {
    for (const value of pick(outcome)) {
      const at = index.get(value);
      if (at === undefined) continue;
      counts[at]! += 1;
      if (missing[at] === outcomes.length) missing[at] = age;
    }
  });
  return { kind, position, counts, missing };
}

const ballsOf = (outcome: LotteryOutcome): number[] => ('prizes' in outcome ? [] : outcome.numbers);
const prizeNumbersOf = (outcome: LotteryOutcome): string[] => ('prizes' in outcome ? outcome.numbers : []);

/**
 * Trends of a family's past results, newest first (results of another family are left out): ssc and pk10 per position
 * (ball, car place), ssc also over all balls; k3 the faces of every die; x115 every drawn number; the Vietnamese draws
 * the last two digits of every prize (as lô reads them) and of the special prize (đề); 4D each digit per place of every
 * number. The lottery's trends call answers it over a game's latest draws.
 */
export function lotteryTrendTable(family: LotteryFamily, results: readonly LotteryOutcome[]): LotteryTrendTable {
  const outcomes = results.filter((outcome) => outcome.family === family);
  const draws = outcomes.length;
  if (isFastLotteryFamily(family)) {
    const span = { ssc: [0, 9], k3: [1, 6], pk10: [1, 10], x115: [1, 11] }[family] as [number, number];
    const width = family === 'x115' || family === 'pk10' ? 2 : 1;
    const text = (value: number) => String(value).padStart(width, '0');
    const values = range(span[0], span[1]).map(text);
    const all = countRow(outcomes, values, (outcome) => ballsOf(outcome).map(text), 'all');
    if (family === 'ssc' || family === 'pk10') {
      const rows = range(1, family === 'ssc' ? 5 : 10).map((position) =>
        countRow(outcomes, values, (outcome) => [text(ballsOf(outcome)[position - 1] ?? -1)], family === 'ssc' ? 'ball' : 'place', position),
      );
      // Every pk10 result holds each car once: a row over all places would say nothing.
      return { draws, values, rows: family === 'ssc' ? [...rows, all] : rows, layout: 'table' };
    }
    return { draws, values, rows: [all], layout: 'table' };
  }
  if (family === 'sea_4d') {
    const values = range(0, 9).map(String);
    const rows = range(1, 4).map((place) => countRow(outcomes, values, (outcome) => prizeNumbersOf(outcome).map((number) => number[place - 1] ?? ''), 'digit', place));
    return { draws, values, rows, layout: 'table' };
  }
  const values = range(0, 99).map((value) => String(value).padStart(2, '0'));
  const special = lotteryPrizeTiers(family)[0]!.tier;
  const lo = countRow(outcomes, values, (outcome) => prizeNumbersOf(outcome).map((number) => number.slice(-2)), 'lo');
  const de = countRow(outcomes, values, (outcome) => ('prizes' in outcome ? (outcome.prizes.find((prize) => prize.tier === special)?.numbers ?? []).map((number) => number.slice(-2)) : []), 'de');
  return { draws, values, rows: [lo, de], layout: 'grid' };
}
