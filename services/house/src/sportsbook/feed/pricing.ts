import { LINE_SCALE, type FeedMarket, type MarketSpec } from '@wps/contracts';
import { addTo, balancedLine, DEFAULT_MARGIN, handicapHome, handicapMarket, marketOf, normalCdf, range, totalMarket, totalOver, type Distribution, type Score } from './markets.js';

/**
 * The simulator's strength models: from two ratings (and, live, the score and the time played) to each outcome's
 * probability, then to prices with the margin (see `markets.ts`). Pure functions: the same input always gives the same
 * markets. Tennis, e-sports and outrights are in `pricing-series.ts`.
 */

export { DEFAULT_MARGIN, MAX_QUOTED_PRICE, priceOf, type Score } from './markets.js';
export * from './pricing-series.js';

/** The main handicap and total lines (quarters) a market set is quoted around. */
export interface MainLines {
  handicap: number;
  total: number;
}

// Football --------------------------------------------------------------------------------------------------------------

export const FOOTBALL_MINUTES = 90;
/** Goals a side scores in a match between equals, and the home side's edge (as a factor on its goals). */
const FOOTBALL_BASE_GOALS = 1.3;
const FOOTBALL_HOME_EDGE = Math.exp(0.15);
/** Rating points that multiply a side's goals by e (and divide the other's). */
const FOOTBALL_RATING_SCALE = 30;
/** Extra goals per side the model looks at; the rest of the Poisson tail is spread back by normalising. */
const FOOTBALL_MAX_EXTRA = 10;

export interface FootballInput {
  homeRating: number;
  awayRating: number;
  /** Minutes played; 0 (the default) before kick-off. */
  minute?: number;
  score?: Score;
  /** The main lines; by default the ones nearest even. */
  lines?: MainLines;
  margin?: number;
}

/** Goals each side is expected to score over a whole match. */
export function footballGoalRates(homeRating: number, awayRating: number): Score {
  const edge = (homeRating - awayRating) / FOOTBALL_RATING_SCALE;
  return { home: FOOTBALL_BASE_GOALS * FOOTBALL_HOME_EDGE * Math.exp(edge), away: FOOTBALL_BASE_GOALS * Math.exp(-edge) };
}

function poisson(mean: number, max: number): number[] {
  const weights = [Math.exp(-mean)];
  for (let goals = 1; goals <= max; goals++) weights.push((weights[goals - 1]! * mean) / goals);
  const sum = weights.reduce((total, weight) => total + weight, 0);
  return weights.map((weight) => weight / sum);
}

/** The full-time score's distribution: the score so far plus Poisson goals for the minutes left. */
function footballScores(input: FootballInput): { home: number; away: number; probability: number }[] {
  const rates = footballGoalRates(input.homeRating, input.awayRating);
  const left = Math.max(0, FOOTBALL_MINUTES - (input.minute ?? 0)) / FOOTBALL_MINUTES;
  const home = poisson(rates.home * left, FOOTBALL_MAX_EXTRA);
  const away = poisson(rates.away * left, FOOTBALL_MAX_EXTRA);
  const base = input.score ?? { home: 0, away: 0 };
  const scores: { home: number; away: number; probability: number }[] = [];
  home.forEach((homeChance, homeGoals) => away.forEach((awayChance, awayGoals) => scores.push({ home: base.home + homeGoals, away: base.away + awayGoals, probability: homeChance * awayChance })));
  return scores;
}

function distributions(scores: readonly { home: number; away: number; probability: number }[]): { differences: Distribution; totals: Distribution } {
  const differences = new Map<number, number>();
  const totals = new Map<number, number>();
  for (const score of scores) {
    addTo(differences, score.home - score.away, score.probability);
    addTo(totals, score.home + score.away, score.probability);
  }
  return { differences, totals };
}

const mean = (distribution: Distribution) => [...distribution].reduce((sum, [value, probability]) => sum + value * probability, 0);

/** Half lines (quarters) within ±3 of a value. */
const halfLinesAround = (value: number) => range(Math.round(value) - 3, Math.round(value) + 3).map((whole) => LINE_SCALE * whole + 2);

function footballLinesOf(differences: Distribution, totals: Distribution, previous?: MainLines): MainLines {
  const centre = Math.round(-LINE_SCALE * mean(differences));
  const handicap = balancedLine(range(centre - 8, centre + 8), (line) => handicapHome(differences, line), previous?.handicap);
  const total = balancedLine(
    halfLinesAround(mean(totals)).filter((line) => line > 0),
    (line) => totalOver(totals, line),
    previous?.total,
  );
  return { handicap, total };
}

/**
 * The main lines of a football match: the Asian handicap (any quarter line) and the total (a half line) nearest even;
 * `previous` lines are kept while they stay within 30–70 %.
 */
export function footballLines(input: FootballInput, previous?: MainLines): MainLines {
  const { differences, totals } = distributions(footballScores(input));
  return footballLinesOf(differences, totals, previous);
}

/** The totals every football match offers: 1.5, 2.25, 2.5 and 3.5. */
const FOOTBALL_TOTALS = [6, 9, 10, 14];
const CORRECT_SCORES = range(0, 4).flatMap((home) => range(0, 4).map((away) => `${home}:${away}`));

/**
 * A football match's markets on the full-time score: 1x2; the Asian handicap on the main line and a quarter either
 * side; totals 1.5, 2.25, 2.5 and 3.5 and the main total (listed first); both teams to score; correct score from 0:0 to
 * 4:4 and any other; European handicaps −1 and +1. Goals come as a Poisson process whose rates follow the ratings,
 * the home side scoring more.
 */
export function footballMarkets(input: FootballInput): FeedMarket[] {
  const margin = input.margin ?? DEFAULT_MARGIN;
  const scores = footballScores(input);
  const { differences, totals } = distributions(scores);
  const lines = input.lines ?? footballLinesOf(differences, totals);
  const chance = (test: (home: number, away: number) => boolean) => scores.reduce((sum, score) => (test(score.home, score.away) ? sum + score.probability : sum), 0);
  const threeWay = (spec: MarketSpec, line: number) =>
    marketOf(
      spec,
      [
        ['home', chance((home, away) => LINE_SCALE * (home - away) + line > 0)],
        ['draw', chance((home, away) => LINE_SCALE * (home - away) + line === 0)],
        ['away', chance((home, away) => LINE_SCALE * (home - away) + line < 0)],
      ],
      margin,
    );
  const totalLines = [lines.total, ...FOOTBALL_TOTALS.filter((line) => line !== lines.total)];
  const listed = CORRECT_SCORES.map((key): [string, number] => [key, chance((home, away) => `${home}:${away}` === key)]);
  const other = 1 - listed.reduce((sum, [, probability]) => sum + probability, 0);
  return [
    threeWay({ type: '1x2' }, 0),
    ...[lines.handicap, lines.handicap - 1, lines.handicap + 1].map((line) => handicapMarket(differences, line, margin)),
    ...totalLines.map((line) => totalMarket(totals, line, margin)),
    marketOf(
      { type: 'btts' },
      [
        ['yes', chance((home, away) => home > 0 && away > 0)],
        ['no', chance((home, away) => home === 0 || away === 0)],
      ],
      margin,
    ),
    marketOf({ type: 'correct_score' }, [...listed, ['other', Math.max(0, other)]], margin),
    threeWay({ type: 'handicap', line: -LINE_SCALE }, -LINE_SCALE),
    threeWay({ type: 'handicap', line: LINE_SCALE }, LINE_SCALE),
  ];
}

// Basketball ------------------------------------------------------------------------------------------------------------

/** Spread of a whole game's margin and total around their means, in points. */
const BASKETBALL_MARGIN_SD = 12;
const BASKETBALL_TOTAL_SD = 15;
const BASKETBALL_HOME_EDGE = 3;
/** Points of margin per rating point, over 48 minutes. */
const BASKETBALL_POINTS_PER_RATING = 0.5;
export const BASKETBALL_OVERTIME_MINUTES = 5;

export interface BasketballInput {
  homeRating: number;
  awayRating: number;
  /** Minutes of regulation time (48, or 40 in leagues that play four quarters of ten minutes). */
  minutes?: number;
  /** The league's average total points of a game. */
  meanTotal?: number;
  /** Minutes played, overtime included; 0 (the default) before tip-off. */
  played?: number;
  score?: Score;
  lines?: MainLines;
  margin?: number;
}

/** The expected margin (home less away) and total of a whole game. */
export function basketballMeans(input: Pick<BasketballInput, 'homeRating' | 'awayRating' | 'minutes' | 'meanTotal'>): { margin: number; total: number } {
  const length = (input.minutes ?? 48) / 48;
  return { margin: (BASKETBALL_HOME_EDGE + BASKETBALL_POINTS_PER_RATING * (input.homeRating - input.awayRating)) * length, total: input.meanTotal ?? 220 };
}

/** The final margin and total as normal laws: the score so far plus the share of the game left. */
function basketballLaws(input: BasketballInput): { margin: number; marginSd: number; total: number; totalSd: number } {
  const regulation = input.minutes ?? 48;
  const played = input.played ?? 0;
  const left = played < regulation ? regulation - played : BASKETBALL_OVERTIME_MINUTES - ((played - regulation) % BASKETBALL_OVERTIME_MINUTES);
  const share = left / regulation;
  const means = basketballMeans(input);
  const score = input.score ?? { home: 0, away: 0 };
  return {
    margin: score.home - score.away + means.margin * share,
    marginSd: Math.max(0.5, BASKETBALL_MARGIN_SD * Math.sqrt(share)),
    total: score.home + score.away + means.total * share,
    totalSd: Math.max(0.5, BASKETBALL_TOTAL_SD * Math.sqrt(share)),
  };
}

/** The half line (quarters) nearest a value. */
const nearestHalfLine = (value: number) => LINE_SCALE * (Math.round(value - 0.5) + 0.5);

function basketballLinesOf(laws: ReturnType<typeof basketballLaws>, previous?: MainLines): MainLines {
  const homeChance = (line: number) => normalCdf((laws.margin + line / LINE_SCALE) / laws.marginSd);
  const overChance = (line: number) => normalCdf((laws.total - line / LINE_SCALE) / laws.totalSd);
  const handicapCentre = nearestHalfLine(-laws.margin);
  const totalCentre = nearestHalfLine(laws.total);
  return {
    handicap: balancedLine([handicapCentre], homeChance, previous?.handicap),
    total: balancedLine([totalCentre], overChance, previous?.total),
  };
}

/** The main lines of a basketball game: the half lines nearest the expected margin and total, kept while 30–70 %. */
export function basketballLines(input: BasketballInput, previous?: MainLines): MainLines {
  return basketballLinesOf(basketballLaws(input), previous);
}

/**
 * A basketball game's markets, overtime included: the moneyline (a tie after regulation goes to overtime, an even
 * contest), Asian handicaps on the main half line and two points either side, and the total on the main half line. The
 * final margin and total are normal around the ratings' means (standard deviations 12 and 15 points over a whole game,
 * shrinking with the time left).
 */
export function basketballMarkets(input: BasketballInput): FeedMarket[] {
  const margin = input.margin ?? DEFAULT_MARGIN;
  const laws = basketballLaws(input);
  const lines = input.lines ?? basketballLinesOf(laws);
  const homeWins = (normalCdf((laws.margin - 0.5) / laws.marginSd) + normalCdf((laws.margin + 0.5) / laws.marginSd)) / 2;
  const twoWay = (spec: MarketSpec, first: string, second: string, chance: number) =>
    marketOf(
      spec,
      [
        [first, chance],
        [second, 1 - chance],
      ],
      margin,
    );
  return [
    twoWay({ type: 'moneyline' }, 'home', 'away', homeWins),
    ...[lines.handicap, lines.handicap - 2 * LINE_SCALE, lines.handicap + 2 * LINE_SCALE].map((line) =>
      twoWay({ type: 'asian_handicap', line }, 'home', 'away', normalCdf((laws.margin + line / LINE_SCALE) / laws.marginSd)),
    ),
    twoWay({ type: 'total', line: lines.total }, 'over', 'under', normalCdf((laws.total - lines.total / LINE_SCALE) / laws.totalSd)),
  ];
}
