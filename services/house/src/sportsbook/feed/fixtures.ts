import { SPORTS, type Sport } from '@wps/contracts';
import { keyOf, Random, unitOf } from './random.js';
import { COMPETITIONS, competitionsOf, type Competition, type Competitor } from './teams.js';

/**
 * The simulated calendar. Each UTC day has the same number of matches per competition, spread over the whole day (so
 * some match is usually in play), their pairings and kick-off times drawn from the seed and the day alone: the same
 * seed always has the same fixtures on the same day, under the same event numbers. Every competition also has an
 * outright per stage of three days, settled when the stage's last match is over.
 */

export const DAY_MS = 86_400_000;
export const STAGE_DAYS = 3;
/** Kick-off times fall on five-minute marks. */
const SLOT_MS = 5 * 60_000;

/** What the seed's draws are for, so that no two purposes share a stream. */
export const PURPOSE = { day: 1, warmUp: 2, stage: 3, script: 4, fate: 5, drift: 6, phase: 7, winners: 8, correction: 9 } as const;

export interface MatchPlan {
  kind: 'match';
  /** The number in the event's id; unique across the world. */
  num: number;
  sport: Sport;
  competition: Competition;
  home: Competitor;
  away: Competitor;
  startsAt: number;
  /** Sets or maps to win (tennis, e-sports). */
  toWin?: number;
  /** Added on a fresh start to have matches already in play: no pre-match life, never cancelled before play. */
  warmUp?: boolean;
  /** What the match's play is drawn from, when not its number (a warm-up match's number follows its kick-off). */
  playKey?: number;
}

export interface OutrightPlan {
  kind: 'outright';
  num: number;
  sport: Sport;
  competition: Competition;
  entrants: Competitor[];
  /** The stage's first day at midnight (UTC). */
  startsAt: number;
  stage: number;
}

export const dayOf = (at: number): number => Math.floor(at / DAY_MS);
export const stageOf = (day: number): number => Math.floor(day / STAGE_DAYS);

function toWinOf(competition: Competition, random: Random): number | undefined {
  if (competition.sport === 'tennis') return 2;
  if (!competition.bestOf) return undefined;
  return (random.pick(competition.bestOf) + 1) / 2;
}

/** The matches of one UTC day, by kick-off. Numbers are day × 1000 + competition × 10 + match. */
export function fixturesOfDay(seed: number, day: number): MatchPlan[] {
  const plans: MatchPlan[] = [];
  COMPETITIONS.forEach((competition, index) => {
    const random = new Random(keyOf(seed, PURPOSE.day, day, index));
    const field = random.shuffled(competition.competitors);
    const phase = random.next();
    for (let match = 0; match < competition.perDay && 2 * match + 1 < field.length; match++) {
      const share = (match + phase + random.between(-0.25, 0.25)) / competition.perDay;
      const offset = Math.min(DAY_MS - SLOT_MS, Math.max(0, Math.round((((share % 1) + 1) % 1) * (DAY_MS / SLOT_MS)) * SLOT_MS));
      plans.push({
        kind: 'match',
        num: day * 1000 + index * 10 + match,
        sport: competition.sport,
        competition,
        home: field[2 * match]!,
        away: field[2 * match + 1]!,
        startsAt: day * DAY_MS + offset,
        toWin: toWinOf(competition, random),
      });
    }
  });
  return plans.sort((a, b) => a.startsAt - b.startsAt || a.num - b.num);
}

/**
 * Matches that a fresh start at `now` finds already in play: two or three per sport, with their kick-off still to set
 * (`kickOff`). Their numbers come from their kick-off second, so a later start does not reuse them.
 */
export function warmUpFixtures(seed: number, now: number): { plan: Omit<MatchPlan, 'num' | 'startsAt'> & { playKey: number }; kickOff: (startsAt: number) => MatchPlan }[] {
  const second = Math.floor(now / 1000);
  return SPORTS.flatMap((sport, sportIndex) => {
    const random = new Random(keyOf(seed, PURPOSE.warmUp, second, sportIndex));
    return Array.from({ length: 2 + random.below(2) }, (_, index) => {
      const competition = random.pick(competitionsOf(sport));
      const [home, away] = random.shuffled(competition.competitors);
      const plan = {
        kind: 'match' as const,
        sport,
        competition,
        home: home!,
        away: away!,
        toWin: toWinOf(competition, random),
        warmUp: true,
        playKey: keyOf(seed, PURPOSE.warmUp, second, sportIndex, index),
      };
      return { plan, kickOff: (startsAt: number): MatchPlan => ({ ...plan, startsAt, num: Math.floor(startsAt / 1000) * 10 + index }) };
    });
  });
}

/** The competition's outright for a stage: four to eight of its competitors. Numbers are first day × 1000 + 900 + competition. */
export function outrightOfStage(seed: number, stage: number, competition: Competition): OutrightPlan {
  const index = COMPETITIONS.indexOf(competition);
  const random = new Random(keyOf(seed, PURPOSE.stage, stage, index));
  const count = Math.min(competition.competitors.length, 4 + random.below(5));
  const firstDay = stage * STAGE_DAYS;
  return {
    kind: 'outright',
    num: firstDay * 1000 + 900 + index,
    sport: competition.sport,
    competition,
    entrants: random.shuffled(competition.competitors).slice(0, count),
    startsAt: firstDay * DAY_MS,
    stage,
  };
}

/** The matches of a competition's stage. */
export const stageFixtures = (seed: number, stage: number, competition: Competition): MatchPlan[] =>
  Array.from({ length: STAGE_DAYS }, (_, offset) => fixturesOfDay(seed, stage * STAGE_DAYS + offset)).flatMap((plans) => plans.filter((plan) => plan.competition === competition));

/** How far pre-match prices have drifted at drift tick `tick`: a few rating points either way, moving smoothly. */
export function driftOf(seed: number, num: number, tick: number): number {
  const speeds = [0.05 + 0.25 * unitOf(seed, PURPOSE.drift, num, 0), 0.01 + 0.05 * unitOf(seed, PURPOSE.drift, num, 1)];
  const phases = [2 * Math.PI * unitOf(seed, PURPOSE.drift, num, 2), 2 * Math.PI * unitOf(seed, PURPOSE.drift, num, 3)];
  return 1.25 * (Math.sin(tick * speeds[0]! + phases[0]!) + 0.6 * Math.sin(tick * speeds[1]! + phases[1]!));
}
