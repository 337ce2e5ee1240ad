import type { FeedMessage, SportsFeed } from '@wps/contracts';
import { advanceMatch, advanceOutright, matchSetup, type EventRecord, type FeedWorld, type MatchRecord, type OutrightRecord } from './events.js';
import { fateOf } from './fate.js';
import { DAY_MS, dayOf, fixturesOfDay, outrightOfStage, PURPOSE, STAGE_DAYS, stageFixtures, stageOf, warmUpFixtures, type MatchPlan } from './fixtures.js';
import { DEFAULT_MARGIN } from './markets.js';
import { scriptMatch } from './play.js';
import { hashSeed, keyOf, Random } from './random.js';
import { COMPETITIONS } from './teams.js';

/**
 * The sportsbook's feed simulator: a world of fixtures over the next days for every sport, played live at a chosen
 * speed, priced with a margin, and settled with the occasional correction, all told in the industry feed's messages
 * (see `@wps/contracts` sportsbook-core). A real feed's adapter can take its place behind the same port.
 *
 * The world is a function of the seed and time: the same seed has the same fixtures on the same day, and a match plays
 * out the same however the steps fall. The messages depend on the steps too (one `step` covers everything since the
 * one before), so the same seed and the same step times give the same messages.
 *
 * Live timing (real time, at the default speed of 4.5 simulated seconds per second): a football match lasts 20
 * minutes, a basketball game about 11 (9 in a 40-minute league), a tennis match 15 to 40, an e-sports map about 10
 * (CS2, Valorant: rounds of about two simulated minutes) or 6 to 10 (LoL, Dota 2), so a best of 3 takes 15 to 40 and
 * a best of 5 up to an hour. Live odds change every 5 seconds; betting stops for 4 to 7 seconds at a goal (from 2 to 4
 * seconds before it when a dangerous moment comes first), for 5 seconds at the end of a set or a map, and at a few
 * dangerous moments that come to nothing. Pre-match prices drift a little every 5 minutes. Each UTC day has 50
 * matches (24 of them e-sports), spread over the whole day; a fresh start adds two or three matches per sport already
 * in play. A correction comes 2 to 8 minutes after settlement (a withdrawn void 3 to 10 minutes after that).
 *
 * Event ids follow the calendar (`sim:football:<day × 1000 + …>`), so the same seed names the same fixtures after a
 * restart; sequence numbers start again at 1 then, so a book that keeps the last number per event should give each
 * run its own `idPrefix`.
 */

export interface FeedSimulatorOptions {
  seed: string | number;
  /** The clock (default `Date.now`); the world starts at its time when the simulator is made. */
  now?: () => number;
  /** How far ahead fixtures are published, in days (default 3). */
  daysAhead?: number;
  /** Simulated seconds per real second in live play (default 4.5: a football match lasts 20 minutes). */
  speed?: number;
  /** The overround of every market (default 0.06). */
  margin?: number;
  /** The share of matches that get a correction: cancelled, one market voided, or resettled (default 0.05). */
  correctionRate?: number;
  /** The prefix of event ids, `<prefix>:<sport>:<n>` (default `sim`). */
  idPrefix?: string;
}

export type FeedSimulator = SportsFeed & {
  /** Advances the world to `at` (never backwards) and answers the new messages, in order per event. */
  step(at: number): FeedMessage[];
  /** For every event known at the last step: its fixture and its current odds, scores and market states. */
  snapshot(): FeedMessage[];
};

export const DEFAULT_SPEED = 4.5;
export const DEFAULT_CORRECTION_RATE = 0.05;
/** How often `start` steps the world. */
const TICK_MS = 1_000;
/** Matches a fresh start finds in play have kicked off up to this share of their length ago. */
const WARM_UP_SHARES = [0.15, 0.7] as const;
/** An event over this long ago is forgotten. */
const FORGET_MS = 12 * 60 * 60_000;

export function createFeedSimulator(options: FeedSimulatorOptions): FeedSimulator {
  const now = options.now ?? Date.now;
  const seed = hashSeed(options.seed);
  const createdAt = now();
  const horizonMs = (options.daysAhead ?? 3) * DAY_MS;
  const world: FeedWorld = {
    seed,
    speed: options.speed ?? DEFAULT_SPEED,
    margin: options.margin ?? DEFAULT_MARGIN,
    idPrefix: options.idPrefix ?? 'sim',
  };
  const correctionRate = options.correctionRate ?? DEFAULT_CORRECTION_RATE;
  const matches = new Map<string, MatchRecord>();
  const outrights = new Map<string, OutrightRecord>();
  /** Fixtures generated but not yet published, by kick-off. */
  let pending: MatchPlan[] = [];
  let nextDay = dayOf(createdAt - 3 * 60 * 60_000);
  const stagesDone = new Set<number>();
  let clock = createdAt;
  let started = false;

  const recordOf = (plan: MatchPlan): MatchRecord => {
    const script = scriptMatch(matchSetup(world, plan, plan.startsAt), new Random(keyOf(seed, PURPOSE.script, plan.playKey ?? plan.num)), world.speed);
    const fate = fateOf(seed, plan, script.durationMs, correctionRate);
    const endAt = plan.startsAt + script.durationMs;
    const finalAt = fate.kind === 'cancel' ? fate.at : endAt;
    return { plan, eventId: `${world.idPrefix}:${plan.sport}:${plan.num}`, seq: 0, script, fate, endAt, finalAt, markets: new Map(), status: 'not_started', corrections: 0 };
  };

  // A fresh start: some matches are already in play.
  warmUpFixtures(seed, createdAt).forEach(({ plan, kickOff }) => {
    // A warm-up match plays the same whenever it kicked off (its play has its own key, and no pre-match drift).
    const length = recordOf(kickOff(createdAt)).script.durationMs;
    const share = new Random(plan.playKey).between(...WARM_UP_SHARES);
    const record = recordOf(kickOff(createdAt - Math.round((share * length) / 1000) * 1000));
    if (record.finalAt > createdAt) matches.set(record.eventId, record);
  });

  const generate = (at: number) => {
    while (nextDay * DAY_MS <= at + horizonMs) pending.push(...fixturesOfDay(seed, nextDay++));
  };

  const publish = (at: number) => {
    let count = 0;
    while (count < pending.length && pending[count]!.startsAt - horizonMs <= at) count++;
    for (const plan of pending.slice(0, count)) {
      const record = recordOf(plan);
      if (record.finalAt > createdAt && !matches.has(record.eventId)) matches.set(record.eventId, record);
    }
    pending = pending.slice(count);
  };

  /** Outrights are published a day before their stage and settle when its last match is over (played or called off). */
  const publishOutrights = (at: number) => {
    for (let stage = stageOf(dayOf(at)) - 1; stage <= stageOf(dayOf(at + DAY_MS)); stage++) {
      if (stagesDone.has(stage) || stage * STAGE_DAYS * DAY_MS - DAY_MS > at) continue;
      stagesDone.add(stage);
      for (const competition of COMPETITIONS) {
        const plan = outrightOfStage(seed, stage, competition);
        const settleAt = Math.max(plan.startsAt, ...stageFixtures(seed, stage, competition).map((fixture) => recordOf(fixture).finalAt));
        if (settleAt <= createdAt) continue;
        const eventId = `${world.idPrefix}:${plan.sport}:${plan.num}`;
        outrights.set(eventId, { plan, eventId, seq: 0, settleAt, markets: new Map(), status: 'not_started' });
      }
    }
    for (const stage of stagesDone) if (stage < stageOf(dayOf(at)) - 3) stagesDone.delete(stage);
  };

  const forget = (at: number) => {
    for (const records of [matches, outrights] as Map<string, EventRecord>[]) {
      for (const [eventId, record] of records) if (record.doneAt !== undefined && at - record.doneAt > FORGET_MS) records.delete(eventId);
    }
  };

  const step = (time: number): FeedMessage[] => {
    const at = Math.max(time, clock);
    clock = at;
    generate(at);
    publish(at);
    publishOutrights(at);
    const out: FeedMessage[] = [];
    for (const record of matches.values()) advanceMatch(world, record, at, out);
    for (const record of outrights.values()) advanceOutright(world, record, at, out);
    forget(at);
    return out;
  };

  const snapshot = (): FeedMessage[] =>
    [...matches.values(), ...outrights.values()].flatMap((record): FeedMessage[] => {
      if (!record.fixture || record.lastAt === undefined) return [];
      return [record.fixture, { kind: 'odds_change', eventId: record.eventId, seq: record.seq, at: record.lastAt, status: record.status, score: record.score, markets: [...record.markets.values()] }];
    });

  let handler: ((messages: FeedMessage[]) => Promise<void>) | undefined;
  /** Messages not yet taken by the handler: handed again, with the new ones, at the next tick. */
  let undelivered: FeedMessage[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = async () => {
    undelivered.push(...step(now()));
    if (!handler || undelivered.length === 0) return;
    const batch = undelivered;
    undelivered = [];
    try {
      await handler(batch);
    } catch {
      // At least once: the batch is handed again, first, at the next tick.
      undelivered = [...batch, ...undelivered];
    }
  };

  const schedule = () => {
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        if (started) schedule();
      });
    }, TICK_MS);
    timer.unref();
  };

  return {
    step,
    snapshot,
    subscribe(next) {
      handler = next;
    },
    async start() {
      if (started) return;
      started = true;
      schedule();
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
