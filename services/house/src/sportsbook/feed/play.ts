import type { EventResult, FeedMarket, FeedScore, Sport } from '@wps/contracts';
import type { Score } from './markets.js';
import {
  BASKETBALL_OVERTIME_MINUTES,
  basketballLines,
  basketballMarkets,
  basketballMeans,
  esportsMapChance,
  esportsMarkets,
  esportsRoundChance,
  FOOTBALL_MINUTES,
  footballGoalRates,
  footballLines,
  footballMarkets,
  mapOver,
  playsRounds,
  setOver,
  tennisGameChance,
  tennisMarkets,
  type MainLines,
} from './pricing.js';
import type { Random } from './random.js';
import type { Competition } from './teams.js';

/**
 * How simulated matches play out. A match is scripted whole at kick-off from the ratings and a random stream: every
 * goal, point, game, round and map with its time, the moments betting stops, and the result. The feed then only reads
 * the script at the time it is asked about, so the same seed plays the same match however often it is looked at.
 *
 * Times in a script are real milliseconds after the start; simulated play runs `speed` times faster than real time.
 */

/** Betting on every market of the event stops at `from` and resumes at `to`. */
export interface Stop {
  from: number;
  to: number;
}

export interface MatchSetup {
  sport: Sport;
  competition: Competition;
  homeRating: number;
  awayRating: number;
  /** Sets or maps to win (tennis, e-sports). */
  toWin?: number;
}

export interface LiveView {
  score: FeedScore;
  markets: FeedMarket[];
  /** The main lines quoted (football, basketball), to keep while they stay near even. */
  lines?: MainLines;
}

export interface MatchScript {
  durationMs: number;
  stops: readonly Stop[];
  result: EventResult;
  finalScore: FeedScore;
  /** The score at `elapsedMs` after the start (before the end) and the markets priced from it. */
  live(elapsedMs: number, margin: number, previous?: MainLines): LiveView;
}

/** How long betting stays stopped after a goal or the end of a set or map, in real milliseconds. */
const RESUME_MS = 5_000;

/** The markets before the start. */
export function preMatchMarkets(setup: MatchSetup, margin: number, previous?: MainLines): { markets: FeedMarket[]; lines?: MainLines } {
  const ratings = { homeRating: setup.homeRating, awayRating: setup.awayRating, margin };
  switch (setup.sport) {
    case 'football': {
      const lines = footballLines(ratings, previous);
      return { markets: footballMarkets({ ...ratings, lines }), lines };
    }
    case 'basketball': {
      const input = { ...ratings, minutes: setup.competition.minutes, meanTotal: setup.competition.meanTotal };
      const lines = basketballLines(input, previous);
      return { markets: basketballMarkets({ ...input, lines }), lines };
    }
    case 'tennis':
      return { markets: tennisMarkets({ ...ratings, setsToWin: setup.toWin }) };
    default:
      return { markets: esportsMarkets({ ...ratings, sport: setup.sport, mapsToWin: setup.toWin ?? 1 }) };
  }
}

/** The match's script. */
export function scriptMatch(setup: MatchSetup, random: Random, speed: number): MatchScript {
  const toMs = (simSeconds: number) => Math.round((simSeconds * 1000) / speed);
  switch (setup.sport) {
    case 'football':
      return footballScript(setup, random, toMs);
    case 'basketball':
      return basketballScript(setup, random, toMs);
    case 'tennis':
      return seriesScript(setup, tennisSteps(setup, random, toMs));
    default:
      return seriesScript(setup, esportsSteps(setup, random, toMs));
  }
}

/** Stops in time order, overlapping ones merged, all within the match. */
function tidyStops(stops: Stop[], durationMs: number): Stop[] {
  const sorted = stops.map((stop) => ({ from: Math.max(1, stop.from), to: Math.min(durationMs - 1, stop.to) })).filter((stop) => stop.to > stop.from);
  sorted.sort((a, b) => a.from - b.from);
  const merged: Stop[] = [];
  for (const stop of sorted) {
    const last = merged.at(-1);
    if (last && stop.from <= last.to) last.to = Math.max(last.to, stop.to);
    else merged.push({ ...stop });
  }
  return merged;
}

type ToMs = (simSeconds: number) => number;

/** Goals as a Poisson process per side; some goals follow a dangerous moment that stops betting a moment before. */
function footballScript(setup: MatchSetup, random: Random, toMs: ToMs): MatchScript {
  const lengthSeconds = FOOTBALL_MINUTES * 60;
  const durationMs = toMs(lengthSeconds);
  const rates = footballGoalRates(setup.homeRating, setup.awayRating);
  const goals: { at: number; side: 'home' | 'away' }[] = [];
  for (const side of ['home', 'away'] as const) {
    for (let seconds = random.exponential(rates[side] / lengthSeconds); seconds < lengthSeconds; seconds += random.exponential(rates[side] / lengthSeconds)) goals.push({ at: toMs(seconds), side });
  }
  goals.sort((a, b) => a.at - b.at);
  const stops: Stop[] = goals.map((goal) => ({ from: goal.at - (random.chance(0.6) ? random.between(2_000, 4_000) : 0), to: goal.at + random.between(RESUME_MS - 1_000, RESUME_MS + 2_000) }));
  // Dangerous moments that come to nothing.
  for (let count = 2 + random.below(3); count > 0; count--) {
    const from = random.between(0.02, 0.98) * durationMs;
    stops.push({ from, to: from + random.between(4_000, 8_000) });
  }
  const scoreAt = (elapsedMs: number): Score => {
    const score = { home: 0, away: 0 };
    for (const goal of goals) if (goal.at <= elapsedMs) score[goal.side]++;
    return score;
  };
  const final = scoreAt(durationMs);
  const ratings = { homeRating: setup.homeRating, awayRating: setup.awayRating };
  return {
    durationMs,
    stops: tidyStops(stops, durationMs),
    result: { ...final },
    finalScore: { ...final, clock: String(FOOTBALL_MINUTES) },
    live(elapsedMs, margin, previous) {
      const minute = Math.min(FOOTBALL_MINUTES, (elapsedMs / durationMs) * FOOTBALL_MINUTES);
      const score = scoreAt(elapsedMs);
      const input = { ...ratings, minute, score, margin };
      const lines = footballLines(input, previous);
      return { score: { ...score, clock: String(Math.floor(minute)) }, markets: footballMarkets({ ...input, lines }), lines };
    },
  };
}

/** Baskets of 2, 3 or 1 points as a Poisson process per side, overtime periods of five minutes while level. */
function basketballScript(setup: MatchSetup, random: Random, toMs: ToMs): MatchScript {
  const regulation = setup.competition.minutes ?? 48;
  const means = basketballMeans({ ...setup, minutes: regulation, meanTotal: setup.competition.meanTotal });
  const pointsPerBasket = 0.7 * 2 + 0.22 * 3 + 0.08;
  const expected = { home: (means.total + means.margin) / 2, away: (means.total - means.margin) / 2 };
  const baskets: { at: number; side: 'home' | 'away'; points: number }[] = [];
  const score = { home: 0, away: 0 };
  const play = (fromSeconds: number, toSeconds: number) => {
    const period: typeof baskets = [];
    for (const side of ['home', 'away'] as const) {
      const rate = expected[side] / pointsPerBasket / (regulation * 60);
      for (let seconds = fromSeconds + random.exponential(rate); seconds < toSeconds; seconds += random.exponential(rate)) {
        const draw = random.next();
        const points = draw < 0.7 ? 2 : draw < 0.92 ? 3 : 1;
        period.push({ at: toMs(seconds), side, points });
        score[side] += points;
      }
    }
    baskets.push(...period.sort((a, b) => a.at - b.at));
  };
  let seconds = regulation * 60;
  play(0, seconds);
  while (score.home === score.away) {
    play(seconds, seconds + BASKETBALL_OVERTIME_MINUTES * 60);
    seconds += BASKETBALL_OVERTIME_MINUTES * 60;
    if (score.home === score.away && seconds >= (regulation + 4 * BASKETBALL_OVERTIME_MINUTES) * 60) {
      baskets.push({ at: toMs(seconds - 1), side: 'home', points: 1 });
      score.home += 1;
    }
  }
  const durationMs = toMs(seconds);
  const scoreAt = (elapsedMs: number): Score => {
    const now = { home: 0, away: 0 };
    for (const basket of baskets) if (basket.at <= elapsedMs) now[basket.side] += basket.points;
    return now;
  };
  const base = { homeRating: setup.homeRating, awayRating: setup.awayRating, minutes: regulation, meanTotal: setup.competition.meanTotal };
  return {
    durationMs,
    stops: [],
    result: { ...score },
    finalScore: { ...score, clock: String(Math.floor(seconds / 60)) },
    live(elapsedMs, margin, previous) {
      const played = (elapsedMs / durationMs) * (seconds / 60);
      const now = scoreAt(elapsedMs);
      const input = { ...base, played, score: now, margin };
      const lines = basketballLines(input, previous);
      return { score: { ...now, clock: String(Math.floor(played)) }, markets: basketballMarkets({ ...input, lines }), lines };
    },
  };
}

/**
 * A series' play: each step is a game (tennis), a round (CS2, Valorant) or a slice of a map (LoL, Dota 2), ending at
 * `at` with the units (sets, maps) and the unit in play as they then stand.
 */
interface SeriesStep {
  at: number;
  won: Score;
  /** Finished units' scores and the one in play. */
  periods: Score[];
  /** LoL, Dota 2: the balance of the map in play. */
  lead?: number;
  /** The step ended a set or a map. */
  unitOver: boolean;
}

function tennisSteps(setup: MatchSetup, random: Random, toMs: ToMs): SeriesStep[] {
  const game = tennisGameChance(setup.homeRating, setup.awayRating);
  const toWin = setup.toWin ?? 2;
  const steps: SeriesStep[] = [];
  const won = { home: 0, away: 0 };
  const periods: Score[] = [{ home: 0, away: 0 }];
  let seconds = 0;
  while (won.home < toWin && won.away < toWin) {
    const current = periods.at(-1)!;
    const tieBreak = current.home === 6 && current.away === 6;
    seconds += tieBreak ? random.between(480, 720) : random.between(180, 360);
    current[random.chance(game) ? 'home' : 'away']++;
    const unitOver = setOver(current);
    if (unitOver) {
      won[current.home > current.away ? 'home' : 'away']++;
      if (won.home < toWin && won.away < toWin) periods.push({ home: 0, away: 0 });
    }
    steps.push({ at: toMs(seconds), won: { ...won }, periods: periods.map((period) => ({ ...period })), unitOver });
    // A short break between sets.
    if (unitOver) seconds += 120;
  }
  return steps;
}

function esportsSteps(setup: MatchSetup, random: Random, toMs: ToMs): SeriesStep[] {
  const toWin = setup.toWin ?? 1;
  const rounds = playsRounds(setup.sport);
  const round = esportsRoundChance(setup.homeRating, setup.awayRating);
  const map = esportsMapChance({ ...setup, lead: 0 });
  const steps: SeriesStep[] = [];
  const won = { home: 0, away: 0 };
  const finished: Score[] = [];
  let seconds = 0;
  const push = (current: Score, unitOver: boolean, lead?: number) =>
    steps.push({ at: toMs(seconds), won: { ...won }, periods: [...finished, ...(unitOver && (won.home >= toWin || won.away >= toWin) ? [] : [{ ...current }])], lead, unitOver });
  while (won.home < toWin && won.away < toWin) {
    if (rounds) {
      const current = { home: 0, away: 0 };
      while (!mapOver(current)) {
        seconds += random.between(95, 140);
        current[random.chance(round) ? 'home' : 'away']++;
        if (mapOver(current)) {
          won[current.home > current.away ? 'home' : 'away']++;
          finished.push({ ...current });
          push({ home: 0, away: 0 }, true);
        } else push(current, false);
      }
    } else {
      const homeWins = random.chance(map);
      const minutes = Math.round(random.between(25, 45));
      let wobble = 0;
      for (let minute = 1; minute <= minutes; minute++) {
        seconds += 60;
        wobble = 0.8 * wobble + 0.25 * random.normal();
        if (minute === minutes) {
          won[homeWins ? 'home' : 'away']++;
          finished.push({ home: homeWins ? 1 : 0, away: homeWins ? 0 : 1 });
          push({ home: 0, away: 0 }, true, 0);
        } else {
          const progress = minute / minutes;
          const lead = Math.max(-1, Math.min(1, (homeWins ? 1 : -1) * progress ** 1.5 * 0.9 + wobble * (1 - progress)));
          push({ home: 0, away: 0 }, false, lead);
        }
      }
    }
    seconds += 240;
  }
  return steps;
}

/** A series: betting stops for a moment whenever a set or a map ends. */
function seriesScript(setup: MatchSetup, steps: readonly SeriesStep[]): MatchScript {
  const last = steps.at(-1)!;
  const durationMs = last.at;
  const stops = steps.filter((step) => step.unitOver && step !== last).map((step) => ({ from: step.at, to: step.at + RESUME_MS }));
  const first: SeriesStep = { at: 0, won: { home: 0, away: 0 }, periods: [{ home: 0, away: 0 }], lead: 0, unitOver: false };
  const stepAt = (elapsedMs: number): SeriesStep => {
    let found = first;
    for (const step of steps) {
      if (step.at > elapsedMs) break;
      found = step;
    }
    return found;
  };
  const scoreOf = (step: SeriesStep): FeedScore => ({ ...step.won, periods: step.periods, clock: String(Math.min(step.periods.length, step.won.home + step.won.away + 1)) });
  const ratings = { homeRating: setup.homeRating, awayRating: setup.awayRating };
  return {
    durationMs,
    stops: tidyStops(stops, durationMs),
    result: { ...last.won, periods: last.periods },
    finalScore: { ...scoreOf(last), clock: String(last.periods.length) },
    live(elapsedMs, margin) {
      const step = stepAt(elapsedMs);
      const inPlay = step.periods.at(-1)!;
      const markets =
        setup.sport === 'tennis'
          ? tennisMarkets({ ...ratings, setsToWin: setup.toWin, sets: step.won, games: inPlay, margin })
          : esportsMarkets({ ...ratings, sport: setup.sport, mapsToWin: setup.toWin ?? 1, maps: step.won, rounds: playsRounds(setup.sport) ? inPlay : undefined, lead: step.lead, margin });
      return { score: scoreOf(step), markets };
    },
  };
}
