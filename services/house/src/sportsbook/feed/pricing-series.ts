import { isEsport, LINE_SCALE, type FeedMarket, type MarketSpec, type Sport } from '@wps/contracts';
import { addTo, DEFAULT_MARGIN, handicapMarket, logistic, logit, marketOf, totalMarket, type Score } from './markets.js';

/**
 * The strength models of the sports played as a series of units: tennis (sets of games), e-sports (maps, of rounds in
 * CS2 and Valorant), and outrights. Pure functions.
 */

/** The final sets or maps of a first-to-`toWin` series from `won`: the unit in play goes home's way with `current`, later ones with `later`. */
function seriesScores(toWin: number, won: Score, current: number, later: number): { home: number; away: number; probability: number }[] {
  const scores: { home: number; away: number; probability: number }[] = [];
  const play = (home: number, away: number, probability: number, chance: number) => {
    if (home >= toWin || away >= toWin) {
      scores.push({ home, away, probability });
      return;
    }
    play(home + 1, away, probability * chance, later);
    play(home, away + 1, probability * (1 - chance), later);
  };
  play(won.home, won.away, 1, current);
  return scores;
}

/**
 * A series' markets: the winner; for series of more than one unit, the Asian handicap ±1.5 units and the winners of
 * the unit in play and the next one (the next priced as if it is played; a unit not played is void); and the totals
 * given.
 */
function seriesMarkets(toWin: number, won: Score, current: number, later: number, totals: readonly number[], margin: number): FeedMarket[] {
  const scores = seriesScores(toWin, won, current, later);
  const differences = new Map<number, number>();
  const counts = new Map<number, number>();
  for (const score of scores) {
    addTo(differences, score.home - score.away, score.probability);
    addTo(counts, score.home + score.away, score.probability);
  }
  const homeWins = scores.reduce((sum, score) => (score.home > score.away ? sum + score.probability : sum), 0);
  const twoWay = (spec: MarketSpec, chance: number) =>
    marketOf(
      spec,
      [
        ['home', chance],
        ['away', 1 - chance],
      ],
      margin,
    );
  const markets = [twoWay({ type: 'moneyline' }, homeWins)];
  if (toWin < 2) return markets;
  const period = won.home + won.away + 1;
  markets.push(...[-1.5, 1.5].map((line) => handicapMarket(differences, line * LINE_SCALE, margin)));
  markets.push(...totals.map((line) => totalMarket(counts, line, margin)));
  markets.push(twoWay({ type: 'period_winner', period }, current));
  if (period < 2 * toWin - 1) markets.push(twoWay({ type: 'period_winner', period: period + 1 }, later));
  return markets;
}

// Tennis ----------------------------------------------------------------------------------------------------------------

/** Rating points that multiply the odds of winning a game by e. */
const TENNIS_RATING_SCALE = 50;

export interface TennisInput {
  homeRating: number;
  awayRating: number;
  /** Sets to win the match: 2 in a best of three (the default). */
  setsToWin?: number;
  /** Sets won so far. */
  sets?: Score;
  /** Games of the set in play. */
  games?: Score;
  margin?: number;
}

/** The home player's chance of winning any one game. */
export const tennisGameChance = (homeRating: number, awayRating: number): number => logistic((homeRating - awayRating) / TENNIS_RATING_SCALE);

/** Whether a set at these games is over: six games and two clear, or seven (after 7:5 or the tie-break at 6:6). */
export const setOver = (games: Score): boolean => Math.max(games.home, games.away) === 7 || (Math.max(games.home, games.away) >= 6 && Math.abs(games.home - games.away) >= 2);

/** The home player's chance of winning the set from `games`, each game won with chance `game` (the tie-break too). */
export function tennisSetChance(game: number, games: Score = { home: 0, away: 0 }): number {
  const memo = new Map<number, number>();
  const from = (home: number, away: number): number => {
    if (setOver({ home, away })) return home > away ? 1 : 0;
    if (home === 6 && away === 6) return game;
    const key = home * 16 + away;
    let chance = memo.get(key);
    if (chance === undefined) {
      chance = game * from(home + 1, away) + (1 - game) * from(home, away + 1);
      memo.set(key, chance);
    }
    return chance;
  };
  return from(games.home, games.away);
}

/**
 * A tennis match's markets: the winner, the Asian handicap on sets (±1.5), and the winners of the set in play and the
 * next. Every game is won with the same chance from the ratings; a set goes to six games with two clear, or a tie-break
 * at 6:6.
 */
export function tennisMarkets(input: TennisInput): FeedMarket[] {
  const game = tennisGameChance(input.homeRating, input.awayRating);
  return seriesMarkets(input.setsToWin ?? 2, input.sets ?? { home: 0, away: 0 }, tennisSetChance(game, input.games), tennisSetChance(game), [], input.margin ?? DEFAULT_MARGIN);
}

// E-sports --------------------------------------------------------------------------------------------------------------

/** Rating points that multiply the odds of a round (CS2, Valorant) or a map (LoL, Dota 2) by e. */
const ROUND_RATING_SCALE = 60;
const MAP_RATING_SCALE = 20;
/** How far the side ahead on the map in play (lead 1) moves the log-odds of the map. */
const LEAD_WEIGHT = 3;
export const ROUNDS_TO_WIN = 13;

/** Whether the title plays its maps in rounds (CS2, Valorant) rather than as one game each (LoL, Dota 2). */
export const playsRounds = (sport: Sport): boolean => sport === 'cs2' || sport === 'valorant';

export interface EsportsInput {
  sport: Sport;
  homeRating: number;
  awayRating: number;
  /** Maps to win the series: 1, 2 or 3 (best of 1, 3 or 5). */
  mapsToWin: number;
  /** Maps won so far. */
  maps?: Score;
  /** CS2, Valorant: rounds of the map in play. */
  rounds?: Score;
  /** LoL, Dota 2: the map in play's balance, from −1 (the away side well ahead) to 1 (the home side). */
  lead?: number;
  margin?: number;
}

/** CS2, Valorant: the home side's chance of winning any one round. */
export const esportsRoundChance = (homeRating: number, awayRating: number): number => logistic((homeRating - awayRating) / ROUND_RATING_SCALE);

/** Whether a map at these rounds is over: thirteen rounds with two clear (overtime from 12:12 runs until one leads by two). */
export const mapOver = (rounds: Score): boolean => Math.max(rounds.home, rounds.away) >= ROUNDS_TO_WIN && Math.abs(rounds.home - rounds.away) >= 2;

function roundsMapChance(round: number, rounds: Score): number {
  const tie = (round * round) / (round * round + (1 - round) * (1 - round));
  const memo = new Map<number, number>();
  const from = (home: number, away: number): number => {
    if (mapOver({ home, away })) return home > away ? 1 : 0;
    if (home >= ROUNDS_TO_WIN - 1 && away >= ROUNDS_TO_WIN - 1) {
      const lead = home - away;
      return lead === 0 ? tie : lead > 0 ? round + (1 - round) * tie : round * tie;
    }
    const key = home * 32 + away;
    let chance = memo.get(key);
    if (chance === undefined) {
      chance = round * from(home + 1, away) + (1 - round) * from(home, away + 1);
      memo.set(key, chance);
    }
    return chance;
  };
  return from(rounds.home, rounds.away);
}

/** The home side's chance of winning a map: a fresh one, or the one in play from its rounds or its lead. */
export function esportsMapChance(input: Pick<EsportsInput, 'sport' | 'homeRating' | 'awayRating' | 'rounds' | 'lead'>): number {
  if (playsRounds(input.sport)) return roundsMapChance(esportsRoundChance(input.homeRating, input.awayRating), input.rounds ?? { home: 0, away: 0 });
  const fresh = logistic((input.homeRating - input.awayRating) / MAP_RATING_SCALE);
  return logistic(logit(fresh) + LEAD_WEIGHT * (input.lead ?? 0));
}

/**
 * An e-sports series' markets: the winner; for a best of 3 or 5, the Asian handicap on maps (±1.5), total maps (2.5 in
 * a best of 3; 3.5 and 4.5 in a best of 5) and the winners of the map in play and the next.
 */
export function esportsMarkets(input: EsportsInput): FeedMarket[] {
  if (!isEsport(input.sport)) throw new RangeError(`${input.sport} is not an e-sport`);
  const current = esportsMapChance(input);
  const later = esportsMapChance({ ...input, rounds: undefined, lead: undefined });
  const totals = input.mapsToWin === 2 ? [10] : input.mapsToWin === 3 ? [14, 18] : [];
  return seriesMarkets(input.mapsToWin, input.maps ?? { home: 0, away: 0 }, current, later, totals, input.margin ?? DEFAULT_MARGIN);
}

// Outrights -------------------------------------------------------------------------------------------------------------

/** Rating points that multiply an entrant's chance of winning the competition by e. */
const OUTRIGHT_RATING_SCALE = 8;

export interface OutrightInput {
  entrants: readonly { id: string; rating: number }[];
  margin?: number;
}

/** Each entrant's chance of winning the competition, in the order given. */
export function outrightChances(ratings: readonly number[]): number[] {
  const top = Math.max(...ratings);
  const weights = ratings.map((rating) => Math.exp((rating - top) / OUTRIGHT_RATING_SCALE));
  const sum = weights.reduce((total, weight) => total + weight, 0);
  return weights.map((weight) => weight / sum);
}

/** A competition's winner market: one outcome per entrant (its id), chances following the ratings. */
export function outrightMarkets(input: OutrightInput): FeedMarket[] {
  const chances = outrightChances(input.entrants.map((entrant) => entrant.rating));
  return [
    marketOf(
      { type: 'outright' },
      input.entrants.map((entrant, index) => [entrant.id, chances[index]!] as const),
      input.margin ?? DEFAULT_MARGIN,
    ),
  ];
}
