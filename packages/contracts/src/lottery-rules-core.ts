import { z } from 'zod';
import type { FastLotteryFamily, LotteryFamily, LotteryOutcome, PrizeLotteryFamily, PrizeLotteryOutcome } from './lottery-rules-draw.js';

/**
 * The building blocks of the lottery bet types: the bet type record, selection brands, errors, schema pieces, random
 * picks for quick pick and exact payout distributions.
 *
 * Money model. A selection makes `combinations` single bets; a ticket stakes unit stake × combinations × multiplier.
 * Odds are the payout of one winning single bet per unit stake, stake included, in ten-thousandths (18000 = 1.80), so
 * money stays in integers: a ticket wins unit stake × multiplier × (sum of the winning single bets' odds) / 10 000.
 */

/** Odds and payouts are in ten-thousandths of the unit stake. */
export const LOTTERY_ODDS_SCALE = 10_000;
export const LOTTERY_MAX_COMBINATIONS = 1_000;
export const LOTTERY_MAX_MULTIPLIER = 999;

declare const selectionBrand: unique symbol;
/** A selection that passed its bet type's schema and limits (`parseLotterySelection`): plain JSON underneath. */
export type LotterySelection = Readonly<Record<string, unknown>> & { readonly [selectionBrand]: true };

export interface LotterySettlement {
  /** Winning single bets (a lô number counts once per prize it appears on). */
  wins: number;
  /** Sum of the winning single bets' odds, per unit stake, in ten-thousandths. */
  payoutBp: number;
}

/** One value of a ticket's payout (per unit stake and multiplier 1) and its exact probability. */
export interface LotteryPayoutChance {
  payoutBp: number;
  probability: number;
}

export interface LotteryBetType {
  /** Stable code, `${family}.${kind}`: stored with each ticket. */
  readonly code: string;
  readonly family: LotteryFamily;
  /** Short English name for the slip (translations are keyed by the code). */
  readonly label: string;
  /** Tab or section of the betting slip. */
  readonly group: string;
  /** The selection's JSON shape; `parseLotterySelection` also applies the ticket limits. */
  readonly selectionSchema: z.ZodType<unknown>;
  /** Published odds in ten-thousandths, stake included, by what the single bet picked (or `hit` when all pay alike). */
  readonly oddsBp: Readonly<Record<string, number>>;
  /** A typical selection of one single bet. */
  readonly example: LotterySelection;
  /** Single-bet selections covering every entry of the odds table, for the return checks. */
  readonly singles: readonly LotterySelection[];
  combinations(selection: LotterySelection): number;
  settle(selection: LotterySelection, outcome: LotteryOutcome): LotterySettlement;
  /** The exact distribution of the selection's payout (per unit stake, multiplier 1), by enumeration or analytically. */
  distribution(selection: LotterySelection): LotteryPayoutChance[];
  /** A random valid selection of one single bet. */
  quickPick(random: () => number): LotterySelection;
}

export type LotteryRuleReason = 'unknown_bet_type' | 'invalid_selection' | 'too_many_combinations' | 'invalid_multiplier' | 'invalid_stake' | 'wrong_family';

export class LotteryRuleError extends Error {
  constructor(
    readonly reason: LotteryRuleReason,
    message: string,
  ) {
    super(message);
    this.name = 'LotteryRuleError';
  }
}

/** A bet type as written in the rule files: typed by its selection. */
export interface BetTypeDefinition<S> {
  code: string;
  family: LotteryFamily;
  label: string;
  group: string;
  selection: z.ZodType<S>;
  oddsBp: Record<string, number>;
  combinations(selection: S): number;
  /** Payout of the selection on a result of its family, per unit stake, in ten-thousandths. */
  settle(selection: S, outcome: LotteryOutcome): LotterySettlement;
  /** Exact payout distribution: analytic, or else by enumerating `results`. */
  distribution?(selection: S): Distribution;
  /** Equally likely results that decide the selection (the whole result space, or the positions the bet reads). */
  results?(selection: S): { outcomes: Iterable<LotteryOutcome>; total: number };
  quickPick(random: () => number): NoInfer<S>;
  example: NoInfer<S>;
  singles: Array<NoInfer<S>>;
}

export function defineBetType<S>(definition: BetTypeDefinition<S>): LotteryBetType {
  const exact = (selection: S): Distribution => {
    if (definition.distribution) return definition.distribution(selection);
    if (!definition.results) throw new Error(`${definition.code} has no exact distribution`);
    const { outcomes, total } = definition.results(selection);
    return enumerate(outcomes, total, (outcome) => definition.settle(selection, outcome).payoutBp);
  };
  const brand = (value: unknown): LotterySelection => definition.selection.parse(value) as unknown as LotterySelection;
  const typed = (selection: LotterySelection): S => selection as unknown as S;
  return {
    code: definition.code,
    family: definition.family,
    label: definition.label,
    group: definition.group,
    selectionSchema: definition.selection,
    oddsBp: Object.freeze({ ...definition.oddsBp }),
    example: brand(definition.example),
    singles: definition.singles.map(brand),
    combinations: (selection) => definition.combinations(typed(selection)),
    settle: (selection, outcome) => {
      if (outcome.family !== definition.family) throw new LotteryRuleError('wrong_family', `${definition.code} settles ${definition.family} results, not ${outcome.family}`);
      return definition.settle(typed(selection), outcome);
    },
    distribution: (selection) =>
      [...exact(typed(selection)).entries()]
        .filter(([, probability]) => probability > 0)
        .sort(([a], [b]) => a - b)
        .map(([payoutBp, probability]) => ({ payoutBp, probability })),
    quickPick: (random) => brand(definition.quickPick(random)),
  };
}

// ------------------------------------------------------------------------------------------------ results

export const fastNumbers = (outcome: LotteryOutcome, family: FastLotteryFamily): readonly number[] => {
  if (outcome.family !== family || 'prizes' in outcome) throw new LotteryRuleError('wrong_family', `expected a ${family} result`);
  return outcome.numbers;
};

export const prizeOutcome = (outcome: LotteryOutcome, family: PrizeLotteryFamily): PrizeLotteryOutcome => {
  if (outcome.family !== family || !('prizes' in outcome)) throw new LotteryRuleError('wrong_family', `expected a ${family} result`);
  return outcome;
};

// ------------------------------------------------------------------------------------------------ schema pieces

const distinct = (items: readonly unknown[]): boolean => new Set(items).size === items.length;

export const integers = (min: number, max: number, minCount: number, maxCount: number) =>
  z.array(z.number().int().min(min).max(max)).min(minCount).max(maxCount).refine(distinct, 'numbers must be distinct');

export const digitStrings = (digits: number, minCount: number, maxCount: number) =>
  z
    .array(z.string().regex(new RegExp(`^\\d{${digits}}$`), `${digits} digits`))
    .min(minCount)
    .max(maxCount)
    .refine(distinct, 'numbers must be distinct');

export const picksOf = <T extends string>(values: readonly [T, ...T[]]) => z.array(z.enum(values)).min(1).max(values.length).refine(distinct, 'picks must be distinct');

export const position = (max: number) => z.number().int().min(1).max(max);

// ------------------------------------------------------------------------------------------------ helpers

/** A set over a selection's numbers, built once per parsed selection (settlement runs per result). */
const sets = new WeakMap<readonly unknown[], ReadonlySet<unknown>>();
export function setOf<T>(items: readonly T[]): ReadonlySet<T> {
  let found = sets.get(items) as ReadonlySet<T> | undefined;
  if (!found) {
    found = new Set(items);
    sets.set(items, found);
  }
  return found;
}

/** n choose k, exact for the small arguments used here. */
export const choose = (n: number, k: number): number => {
  if (k < 0 || k > n) return 0;
  let value = 1;
  for (let index = 1; index <= k; index++) value = (value * (n - index + 1)) / index;
  return Math.round(value);
};

export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** A uniform index in [0, n) from a `Math.random`-like function. */
export const randomIndex = (random: () => number, n: number): number => Math.min(n - 1, Math.max(0, Math.floor(random() * n)));

/** `count` distinct items of `pool`, in random order. */
export function randomDistinct<T>(random: () => number, pool: readonly T[], count: number): T[] {
  const items = [...pool];
  for (let index = 0; index < count; index++) {
    const pick = index + randomIndex(random, items.length - index);
    [items[index], items[pick]] = [items[pick]!, items[index]!];
  }
  return items.slice(0, count);
}

/** Payout (ten-thousandths) → probability. */
export type Distribution = Map<number, number>;

export const addChance = (distribution: Distribution, payoutBp: number, probability: number): void => {
  distribution.set(payoutBp, (distribution.get(payoutBp) ?? 0) + probability);
};

/** The distribution of a payout over equally likely results. */
export function enumerate(results: Iterable<LotteryOutcome>, total: number, payout: (outcome: LotteryOutcome) => number): Distribution {
  const counts = new Map<number, number>();
  for (const outcome of results) {
    const value = payout(outcome);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const distribution: Distribution = new Map();
  for (const [value, count] of counts) distribution.set(value, count / total);
  return distribution;
}

/** Binomial(n, p) probabilities of 0 … n. */
export function binomialChances(n: number, p: number): number[] {
  return range(0, n).map((k) => choose(n, k) * p ** k * (1 - p) ** (n - k));
}
