import { LINE_SCALE, marketKey, MIN_PRICE, PRICE_SCALE, type FeedMarket, type MarketSpec } from '@wps/contracts';

/**
 * Turning fair probabilities into a market's prices.
 *
 * Every market carries a proportional overround: each outcome's fair probability p is raised by the margin, and the
 * price is floor(1000 ÷ (p × (1 + margin))) thousandths, kept within [1.010, 500.000]. The sum of 1 ÷ price over a
 * market's outcomes is then 1 + margin (a little more from rounding down), except where the bounds cut in.
 *
 * A market the score has already decided (one outcome certain, or every bet a push) is `deactivated`, every outcome
 * inactive; an outcome the score has already ruled out is inactive at the highest price. Everything else is active.
 */

export const DEFAULT_MARGIN = 0.06;
/** The highest price the simulator quotes (500.000). */
export const MAX_QUOTED_PRICE = 500_000;

/** Below this a probability counts as nil, above 1 less this as certain. */
const NIL = 1e-9;

/** A fair probability as a price with the margin. */
export function priceOf(probability: number, margin = DEFAULT_MARGIN): number {
  if (!(probability > NIL)) return MAX_QUOTED_PRICE;
  const price = Math.floor(PRICE_SCALE / (probability * (1 + margin)));
  return Math.min(MAX_QUOTED_PRICE, Math.max(MIN_PRICE, price));
}

/** A market from its outcomes' fair probabilities (which add up to 1), in the order given. */
export function marketOf(spec: MarketSpec, probabilities: readonly (readonly [string, number])[], margin: number): FeedMarket {
  const decided = probabilities.some(([, probability]) => probability >= 1 - NIL);
  return {
    key: marketKey(spec),
    spec,
    status: decided ? 'deactivated' : 'active',
    outcomes: probabilities.map(([outcome, probability]) => ({ outcome, price: priceOf(probability, margin), active: !decided && probability > NIL })),
  };
}

/** A market that cannot be priced any more (every bet on it would be a push): deactivated, at even prices. */
export function voidMarketOf(spec: MarketSpec, outcomes: readonly string[]): FeedMarket {
  return { key: marketKey(spec), spec, status: 'deactivated', outcomes: outcomes.map((outcome) => ({ outcome, price: 2 * PRICE_SCALE, active: false })) };
}

/** A score: goals, points, sets, maps, games or rounds. */
export interface Score {
  home: number;
  away: number;
}

/** A probability distribution over whole numbers (a score difference, a total). */
export type Distribution = ReadonlyMap<number, number>;

export function addTo(distribution: Map<number, number>, value: number, probability: number): void {
  distribution.set(value, (distribution.get(value) ?? 0) + probability);
}

/**
 * The chances of the two sides of a line bet on a whole-number quantity x whose margin over the line, in quarters, is
 * 4x + offset (a home handicap: x the goal difference, offset the line; a total's over: x the total, offset minus the
 * line). A quarter line is half the stake on each neighbouring line, and a push gives the stake back, so each side's
 * fair chance is its expected winning half-stakes over all non-push half-stakes. Null when every bet is a push.
 */
export function lineChances(distribution: Distribution, offset: number): readonly [number, number] | null {
  const halves = Math.abs(offset % 2) === 1 ? [offset - 1, offset + 1] : [offset, offset];
  let win = 0;
  let lose = 0;
  for (const [value, probability] of distribution) {
    for (const half of halves) {
      const margin = LINE_SCALE * value + half;
      if (margin > 0) win += probability / 2;
      else if (margin < 0) lose += probability / 2;
    }
  }
  const total = win + lose;
  return total > NIL ? [win / total, lose / total] : null;
}

/** An Asian handicap market on the home side's line (quarters) over the distribution of the score difference. */
export function handicapMarket(differences: Distribution, line: number, margin: number): FeedMarket {
  const spec: MarketSpec = { type: 'asian_handicap', line };
  const chances = lineChances(differences, line);
  return chances
    ? marketOf(
        spec,
        [
          ['home', chances[0]],
          ['away', chances[1]],
        ],
        margin,
      )
    : voidMarketOf(spec, ['home', 'away']);
}

/** A total market on a line (quarters) over the distribution of the total. */
export function totalMarket(totals: Distribution, line: number, margin: number): FeedMarket {
  const spec: MarketSpec = { type: 'total', line };
  const chances = lineChances(totals, -line);
  return chances
    ? marketOf(
        spec,
        [
          ['over', chances[0]],
          ['under', chances[1]],
        ],
        margin,
      )
    : voidMarketOf(spec, ['over', 'under']);
}

/** The home side's chance on a handicap line, or the over's on a total line. */
export const handicapHome = (differences: Distribution, line: number): number => lineChances(differences, line)?.[0] ?? 0.5;
export const totalOver = (totals: Distribution, line: number): number => lineChances(totals, -line)?.[0] ?? 0.5;

/**
 * The line, among `candidates`, whose chance (from `chanceOf`) is nearest even; `previous` is kept while its chance
 * stays within 30–70 %, so the main line does not flicker between neighbours.
 */
export function balancedLine(candidates: readonly number[], chanceOf: (line: number) => number, previous?: number): number {
  if (previous !== undefined) {
    const chance = chanceOf(previous);
    if (chance >= 0.3 && chance <= 0.7) return previous;
  }
  let best = candidates[0]!;
  let bestGap = Infinity;
  for (const line of candidates) {
    const gap = Math.abs(chanceOf(line) - 0.5);
    if (gap < bestGap - NIL || (Math.abs(gap - bestGap) <= NIL && Math.abs(line) < Math.abs(best))) {
      best = line;
      bestGap = gap;
    }
  }
  return best;
}

/** Whole numbers from `from` to `to`, both included. */
export const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error below 1.5e−7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export const logistic = (x: number): number => 1 / (1 + Math.exp(-x));
export const logit = (p: number): number => Math.log(p / (1 - p));
