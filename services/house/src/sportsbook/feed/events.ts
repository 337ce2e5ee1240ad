import { resolveMarket, type EventResult, type EventStatus, type FeedMarket, type FeedMessage, type FeedScore, type MarketStatus } from '@wps/contracts';
import { correctedResult, type Fate } from './fate.js';
import { PURPOSE, driftOf, type MatchPlan, type OutrightPlan } from './fixtures.js';
import { preMatchMarkets, type MatchScript, type MatchSetup } from './play.js';
import { outrightChances, outrightMarkets, type MainLines } from './pricing.js';
import { keyOf, Random, unitOf } from './random.js';
import type { Competitor } from './teams.js';

/**
 * One event's life in the feed's messages: its fixture first; pre-match odds that drift; live odds with the score,
 * bet stops and resumptions; the end, and the settlement of every market it ever offered from its result; then any
 * correction. Every message carries the event's next sequence number and the step's time.
 *
 * Every odds change lists all the markets the event has offered: the ones quoted now (main lines first) and, as
 * `deactivated`, lines no longer quoted and markets the score has decided (see `markets.ts`).
 */

export interface FeedWorld {
  seed: number;
  speed: number;
  margin: number;
  idPrefix: string;
}

interface RecordBase {
  eventId: string;
  /** The last sequence number used. */
  seq: number;
  fixture?: FeedMessage;
  /** The last step that looked at the event. */
  lastAt?: number;
  status: EventStatus;
  score?: FeedScore;
  markets: Map<string, FeedMarket>;
  /** The content of the last odds change sent, so that an unchanged one is not sent again. */
  sent?: string;
  /** The drift tick (pre-match) or live tick last priced. */
  tick?: number;
  /** When the event had nothing more to say. */
  doneAt?: number;
}

export interface MatchRecord extends RecordBase {
  plan: MatchPlan;
  script: MatchScript;
  fate: Fate;
  endAt: number;
  /** The end, or the moment the match is called off. */
  finalAt: number;
  lines?: MainLines;
  result?: EventResult;
  /** Correction messages sent so far. */
  corrections: number;
}

export interface OutrightRecord extends RecordBase {
  plan: OutrightPlan;
  settleAt: number;
}

export type EventRecord = MatchRecord | OutrightRecord;

/** Pre-match prices move at most this often. */
export const DRIFT_MS = 5 * 60_000;
/** Live prices move at most this often. */
export const LIVE_TICK_MS = 5_000;
/** An outright is a dead heat between two entrants this often. */
const DEAD_HEAT_CHANCE = 0.15;

type MessageBody = FeedMessage extends infer Message ? (Message extends FeedMessage ? Omit<Message, 'eventId' | 'seq' | 'at'> : never) : never;

function emit(record: EventRecord, at: number, out: FeedMessage[], body: MessageBody): FeedMessage {
  record.seq += 1;
  const message: FeedMessage = { ...body, eventId: record.eventId, seq: record.seq, at };
  out.push(message);
  return message;
}

/** The drift tick at `at`: each event's ticks are offset from the others', so they do not all move at once. */
const driftTick = (world: FeedWorld, num: number, at: number) => Math.floor((at + unitOf(world.seed, PURPOSE.phase, num) * DRIFT_MS) / DRIFT_MS);

/** The match's sides with the pre-match drift at `at` (none for a warm-up match). */
export function matchSetup(world: FeedWorld, plan: MatchPlan, at: number): MatchSetup {
  const drift = plan.warmUp ? 0 : driftOf(world.seed, plan.num, driftTick(world, plan.num, at));
  return { sport: plan.sport, competition: plan.competition, homeRating: plan.home.rating + drift / 2, awayRating: plan.away.rating - drift / 2, toWin: plan.toWin };
}

const competitor = (side: Competitor) => ({ id: side.id, name: side.name, rating: side.rating });

const withStatus = (market: FeedMarket, status: MarketStatus): FeedMarket => ({ ...market, status, outcomes: market.outcomes.map((outcome) => ({ ...outcome, active: false })) });

function setStatus(record: EventRecord, keys: Iterable<string>, status: MarketStatus): void {
  for (const key of keys) {
    const market = record.markets.get(key);
    if (market) record.markets.set(key, withStatus(market, status));
  }
}

/** The markets quoted now, then those offered before and no longer quoted, deactivated. */
function quote(record: EventRecord, priced: readonly FeedMarket[], suspended: boolean): void {
  const next = new Map<string, FeedMarket>();
  for (const market of priced) next.set(market.key, suspended && market.status === 'active' ? { ...market, status: 'suspended' } : market);
  for (const [key, market] of record.markets) if (!next.has(key)) next.set(key, market.status === 'deactivated' ? market : withStatus(market, 'deactivated'));
  record.markets = next;
}

function sendOdds(record: EventRecord, at: number, out: FeedMessage[], status: EventStatus): void {
  const markets = [...record.markets.values()];
  const sent = JSON.stringify([status, record.score, markets]);
  if (sent === record.sent) return;
  record.sent = sent;
  record.status = status;
  emit(record, at, out, { kind: 'odds_change', status, ...(record.score ? { score: record.score } : {}), markets });
}

function settle(record: EventRecord, at: number, out: FeedMessage[], result: EventResult, keys: readonly string[]): void {
  const markets = keys.map((key) => {
    const market = record.markets.get(key)!;
    return {
      key,
      outcomes: resolveMarket(
        market.spec,
        market.outcomes.map((outcome) => outcome.outcome),
        result,
      ),
    };
  });
  emit(record, at, out, { kind: 'bet_settlement', result, markets });
  setStatus(record, keys, 'settled');
}

function quotePreMatch(world: FeedWorld, record: MatchRecord, at: number): void {
  const { markets, lines } = preMatchMarkets(matchSetup(world, record.plan, at), world.margin, record.lines);
  record.lines = lines;
  quote(record, markets, false);
}

/** Brings a match up to `at`. */
export function advanceMatch(world: FeedWorld, record: MatchRecord, at: number, out: FeedMessage[]): void {
  const { plan, script, fate } = record;
  const fresh = record.lastAt === undefined;
  const before = (record.lastAt ?? at) - plan.startsAt;
  record.lastAt = at;
  if (fresh) {
    const home = competitor(plan.home);
    const away = competitor(plan.away);
    record.fixture = emit(record, at, out, {
      kind: 'fixture',
      sport: plan.sport,
      competition: plan.competition.name,
      home,
      away,
      startsAt: plan.startsAt,
      ...(plan.toWin ? { bestOf: plan.toWin * 2 - 1 } : {}),
    });
  }
  if (record.status === 'cancelled') return;
  if (fate.kind === 'cancel' && fate.at <= at) {
    if (record.markets.size === 0) quotePreMatch(world, record, Math.min(at, plan.startsAt));
    emit(record, at, out, { kind: 'bet_cancel', reason: fate.reason });
    setStatus(record, [...record.markets.keys()], 'cancelled');
    sendOdds(record, at, out, 'cancelled');
    record.doneAt = at;
    return;
  }
  if (at < plan.startsAt) {
    const tick = driftTick(world, plan.num, at);
    if (fresh || tick !== record.tick) {
      record.tick = tick;
      quotePreMatch(world, record, at);
      sendOdds(record, at, out, 'not_started');
    }
  } else if (at < record.endAt) {
    const elapsed = at - plan.startsAt;
    const suspended = script.stops.some((stop) => stop.from <= elapsed && elapsed < stop.to);
    const stopped = !fresh && record.status === 'live' && script.stops.some((stop) => stop.from > before && stop.from <= elapsed);
    const resumed = script.stops.some((stop) => stop.to > before && stop.to <= elapsed);
    const tick = Math.floor(elapsed / LIVE_TICK_MS);
    if (stopped) {
      emit(record, at, out, { kind: 'bet_stop' });
      for (const [key, market] of record.markets) if (market.status === 'active') record.markets.set(key, { ...market, status: 'suspended' });
    }
    if (record.status !== 'live' || (!suspended && (tick !== record.tick || stopped || resumed))) {
      const view = script.live(elapsed, world.margin, record.lines);
      record.lines = view.lines;
      record.score = view.score;
      quote(record, view.markets, suspended);
      sendOdds(record, at, out, 'live');
    }
    record.tick = tick;
  } else if (record.result === undefined) {
    if (record.markets.size === 0) quotePreMatch(world, record, plan.startsAt);
    record.result = script.result;
    record.score = script.finalScore;
    quote(record, [], false);
    sendOdds(record, at, out, 'ended');
    settle(record, at, out, script.result, [...record.markets.keys()]);
    if (fate.kind === 'none') record.doneAt = at;
  }
  if (record.result !== undefined) correct(record, at, out);
}

/** A settled match's correction, when its time has come. */
function correct(record: MatchRecord, at: number, out: FeedMessage[]): void {
  const { fate } = record;
  if (fate.kind === 'void') {
    const keys = [...record.markets.keys()].sort();
    const key = keys[fate.pick % keys.length]!;
    if (record.corrections === 0 && fate.at <= at) {
      emit(record, at, out, { kind: 'bet_cancel', markets: [key], ...(fate.window ?? {}), reason: fate.reason });
      setStatus(record, [key], 'cancelled');
      record.corrections = 1;
    }
    if (record.corrections === 1 && fate.withdrawAt !== undefined && fate.withdrawAt <= at) {
      emit(record, at, out, { kind: 'rollback_bet_cancel', markets: [key] });
      setStatus(record, [key], 'settled');
      record.corrections = 2;
    }
    if (record.corrections === (fate.withdrawAt === undefined ? 1 : 2)) record.doneAt ??= at;
  } else if (fate.kind === 'resettle' && record.corrections === 0 && fate.at <= at) {
    const result = record.result!;
    const corrected = correctedResult(record.plan.sport, result, fate.seed);
    const settled = (key: string, outcome: EventResult) => {
      const market = record.markets.get(key)!;
      return JSON.stringify(
        resolveMarket(
          market.spec,
          market.outcomes.map((one) => one.outcome),
          outcome,
        ),
      );
    };
    const keys = [...record.markets.keys()];
    const changed = keys.filter((key) => settled(key, result) !== settled(key, corrected));
    const resettled = changed.length > 0 ? changed : keys.slice(0, 1);
    emit(record, at, out, { kind: 'rollback_bet_settlement', markets: resettled });
    setStatus(record, resettled, 'deactivated');
    settle(record, at, out, corrected, resettled);
    record.result = corrected;
    record.score = { ...record.score, home: corrected.home, away: corrected.away, ...(corrected.periods ? { periods: corrected.periods } : {}) };
    record.corrections = 1;
    record.doneAt = at;
  }
}

/** The outright's winners: one drawn by the chances, now and then two sharing first place. */
function winnersOf(world: FeedWorld, plan: OutrightPlan): string[] {
  const random = new Random(keyOf(world.seed, PURPOSE.winners, plan.num));
  const draw = (field: readonly Competitor[]) => {
    const chances = outrightChances(field.map((entrant) => entrant.rating));
    let point = random.next();
    const index = chances.findIndex((chance) => (point -= chance) < 0);
    return field[index < 0 ? field.length - 1 : index]!;
  };
  const first = draw(plan.entrants);
  if (!random.chance(DEAD_HEAT_CHANCE)) return [first.id];
  return [first.id, draw(plan.entrants.filter((entrant) => entrant !== first)).id];
}

/** Brings an outright up to `at`. */
export function advanceOutright(world: FeedWorld, record: OutrightRecord, at: number, out: FeedMessage[]): void {
  const { plan } = record;
  const fresh = record.lastAt === undefined;
  record.lastAt = at;
  if (fresh) record.fixture = emit(record, at, out, { kind: 'fixture', sport: plan.sport, competition: plan.competition.name, entrants: plan.entrants.map(competitor), startsAt: plan.startsAt });
  if (record.doneAt !== undefined) return;
  const tick = driftTick(world, plan.num, Math.min(at, record.settleAt));
  if (fresh || tick !== record.tick) {
    record.tick = tick;
    const entrants = plan.entrants.map((entrant, index) => ({ id: entrant.id, rating: entrant.rating + driftOf(world.seed, plan.num * 16 + index, tick) }));
    quote(record, outrightMarkets({ entrants, margin: world.margin }), false);
    if (at < record.settleAt) sendOdds(record, at, out, 'not_started');
  }
  if (at >= record.settleAt) {
    quote(record, [], false);
    sendOdds(record, at, out, 'ended');
    settle(record, at, out, { home: 0, away: 0, winners: winnersOf(world, plan) }, [...record.markets.keys()]);
    record.doneAt = at;
  }
}
