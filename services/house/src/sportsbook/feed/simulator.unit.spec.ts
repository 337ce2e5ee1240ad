import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { ESPORTS, resolveMarket, SPORTS, type EventResult, type EventStatus, type FeedMarket, type FeedMessage, type OutcomeSettlement } from '@wps/contracts';
import { DAY_MS, STAGE_DAYS } from './fixtures.js';
import { createFeedSimulator, type FeedSimulatorOptions } from './simulator.js';
import { COMPETITIONS } from './teams.js';

const T0 = Date.parse('2026-03-02T10:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Steps a simulator made at T0 through the given times; answers each step's messages. */
function run(options: Partial<FeedSimulatorOptions>, times: readonly number[]) {
  const simulator = createFeedSimulator({ seed: 'spec', now: () => T0, ...options });
  return { simulator, steps: times.map((at) => ({ at, messages: simulator.step(at) })) };
}

/** Times from `from` to `to` by `every`. */
const times = (from: number, to: number, every: number) => Array.from({ length: Math.floor((to - from) / every) + 1 }, (_, index) => from + index * every);

interface Trail {
  fixture: Extract<FeedMessage, { kind: 'fixture' }>;
  seq: number;
  status: EventStatus;
  /** When the event first went live, and when it ended or was cancelled. */
  liveAt?: number;
  finalAt?: number;
  markets: Map<string, FeedMarket>;
  /** Each market's settlement in force (none after a rollback). */
  settled: Map<string, OutcomeSettlement[]>;
  result?: EventResult;
  settlements: number;
}

/**
 * Reads a run as a book would, checking the feed's rules on the way: the fixture first, sequence numbers one by one, the
 * step's time, every market offered kept in later odds, a settlement only of a known market not settled already, a
 * rollback only of a settled one, nothing settled on a cancelled event.
 */
function audit(steps: readonly { at: number; messages: FeedMessage[] }[]): Map<string, Trail> {
  const trails = new Map<string, Trail>();
  for (const { at, messages } of steps) {
    for (const message of messages) {
      expect(message.at).toBe(at);
      const trail = trails.get(message.eventId);
      if (message.kind === 'fixture') {
        expect(trail).toBeUndefined();
        expect(message.seq).toBe(1);
        expect(message.eventId).toMatch(new RegExp(`^sim:${message.sport}:[0-9]+$`));
        trails.set(message.eventId, { fixture: message, seq: 1, status: 'not_started', markets: new Map(), settled: new Map(), settlements: 0 });
        continue;
      }
      if (!trail) throw new Error(`${message.kind} of ${message.eventId} before its fixture`);
      expect(message.seq).toBe(trail.seq + 1);
      trail.seq = message.seq;
      expect(trail.status).not.toBe('cancelled');
      switch (message.kind) {
        case 'odds_change': {
          const keys = new Set(message.markets.map((market) => market.key));
          for (const key of trail.markets.keys()) expect(keys.has(key)).toBe(true);
          for (const market of message.markets) trail.markets.set(market.key, market);
          if (message.status === 'live') trail.liveAt ??= at;
          if (message.status === 'ended' || message.status === 'cancelled') trail.finalAt = at;
          trail.status = message.status;
          break;
        }
        case 'bet_stop':
          expect(trail.status).toBe('live');
          break;
        case 'bet_settlement':
          expect(trail.status).toBe('ended');
          trail.result = message.result;
          trail.settlements++;
          for (const market of message.markets) {
            expect(trail.markets.has(market.key)).toBe(true);
            expect(trail.settled.has(market.key)).toBe(false);
            trail.settled.set(market.key, market.outcomes);
          }
          break;
        case 'rollback_bet_settlement':
          for (const key of message.markets) expect(trail.settled.delete(key)).toBe(true);
          break;
        case 'bet_cancel':
          if (message.markets) for (const key of message.markets) expect(trail.settled.has(key)).toBe(true);
          else expect(trail.settlements).toBe(0);
          break;
        case 'rollback_bet_cancel':
          break;
      }
    }
  }
  return trails;
}

/** Every ended event has every market it offered settled once, as the settlement rules give from its last result. */
function expectSettled(trails: Map<string, Trail>): number {
  let settled = 0;
  for (const trail of trails.values()) {
    if (trail.status === 'cancelled') expect(trail.settlements).toBe(0);
    if (trail.status !== 'ended') continue;
    settled++;
    expect([...trail.settled.keys()].sort()).toEqual([...trail.markets.keys()].sort());
    for (const [key, outcomes] of trail.settled) {
      const market = trail.markets.get(key)!;
      expect(outcomes).toEqual(
        resolveMarket(
          market.spec,
          market.outcomes.map((outcome) => outcome.outcome),
          trail.result!,
        ),
      );
    }
  }
  return settled;
}

describe('the feed simulator', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with matches of every sport in play and fixtures for the days ahead, e-sports about half', () => {
    const { steps } = run({}, [T0]);
    const messages = steps[0]!.messages;
    const fixtures = messages.filter((message) => message.kind === 'fixture');
    const live = new Set(messages.filter((message) => message.kind === 'odds_change' && message.status === 'live').map((message) => message.eventId));
    for (const sport of SPORTS) expect(fixtures.filter((fixture) => fixture.sport === sport && live.has(fixture.eventId)).length).toBeGreaterThanOrEqual(2);
    const upcoming = fixtures.filter((fixture) => fixture.startsAt > T0 && fixture.home);
    expect(Math.max(...upcoming.map((fixture) => fixture.startsAt))).toBeGreaterThan(T0 + 2.9 * DAY_MS);
    const esports = upcoming.filter((fixture) => ESPORTS.includes(fixture.sport)).length;
    expect(esports / upcoming.length).toBeGreaterThan(0.4);
    expect(esports / upcoming.length).toBeLessThan(0.6);
    // One outright per competition, four to eight entrants.
    const outrights = fixtures.filter((fixture) => fixture.entrants);
    expect(outrights.map((fixture) => fixture.competition).sort()).toEqual(COMPETITIONS.map((competition) => competition.name).sort());
    for (const outright of outrights) expect(outright.entrants!.length).toBeGreaterThanOrEqual(4);
    for (const outright of outrights) expect(outright.entrants!.length).toBeLessThanOrEqual(8);
  });

  it('plays matches live: odds every few seconds, bet stops and resumptions, the end and a settlement of every market', () => {
    const { steps } = run({}, [...times(T0, T0 + 40 * MINUTE, 1000), ...times(T0 + 41 * MINUTE, T0 + 4 * HOUR, 30_000)]);
    const trails = audit(steps);
    expect(expectSettled(trails)).toBeGreaterThan(20);
    const all = steps.flatMap((step) => step.messages);
    const stops = all.filter((message) => message.kind === 'bet_stop');
    expect(stops.length).toBeGreaterThan(10);
    for (const stop of stops.slice(0, 5)) {
      // A few seconds later the odds come back with every market that is still open active again.
      const next = all.slice(all.indexOf(stop) + 1).find((message) => message.eventId === stop.eventId)!;
      expect(['odds_change', 'bet_cancel']).toContain(next.kind);
      expect(next.at - stop.at).toBeLessThanOrEqual(30_000);
      if (next.kind === 'odds_change' && next.status === 'live') expect(next.markets.some((market) => market.status === 'active')).toBe(true);
    }
    // Every match in play in the first two hours is over by the end; pre-match prices drift meanwhile.
    for (const trail of trails.values()) if (trail.liveAt !== undefined && trail.liveAt < T0 + 2 * HOUR) expect(['ended', 'cancelled']).toContain(trail.status);
    const drifts = all.filter((message) => message.kind === 'odds_change' && message.status === 'not_started' && message.seq > 2);
    expect(drifts.length).toBeGreaterThan(100);
    const liveTicks = all.filter((message) => message.kind === 'odds_change' && message.status === 'live' && message.at < T0 + 40 * MINUTE);
    expect(liveTicks.length).toBeGreaterThan(300);
  });

  it('is the same for the same seed and steps, and differs for another seed', () => {
    const stepTimes = [...times(T0, T0 + 5 * MINUTE, 1000), ...times(T0 + 10 * MINUTE, T0 + 3 * HOUR, 7 * MINUTE)];
    const first = run({ seed: 42, daysAhead: 1 }, stepTimes).steps;
    const second = run({ seed: 42, daysAhead: 1 }, stepTimes).steps;
    expect(second).toEqual(first);
    const other = run({ seed: 43, daysAhead: 1 }, stepTimes).steps;
    expect(other).not.toEqual(first);
  });

  it('keeps its rules for any seed and any steps, corrections included', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 12 }), fc.integer()),
        fc.array(fc.integer({ min: 1_000, max: 20 * MINUTE }), { minLength: 20, maxLength: 60 }),
        fc.integer({ min: 0, max: 5 }),
        (seed, gaps, rate) => {
          let at = T0;
          const stepTimes = [T0, ...gaps.map((gap) => (at += gap)), at + 3 * HOUR];
          const { steps } = run({ seed, daysAhead: 0.3, correctionRate: rate / 5 }, stepTimes);
          const trails = audit(steps);
          expectSettled(trails);
          const end = stepTimes.at(-1)!;
          for (const trail of trails.values()) if (trail.liveAt !== undefined && trail.liveAt < end - 3 * HOUR) expect(['ended', 'cancelled']).toContain(trail.status);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('corrects some matches: a void, a resettlement or a cancellation, never a settlement of a cancelled match', () => {
    const { steps } = run({ seed: 'corrections', daysAhead: 0.5, correctionRate: 1 }, times(T0, T0 + 12 * HOUR, 2 * MINUTE));
    const trails = audit(steps);
    expectSettled(trails);
    const all = steps.flatMap((step) => step.messages);
    const kinds = new Set(all.map((message) => message.kind));
    for (const kind of ['bet_cancel', 'rollback_bet_settlement', 'rollback_bet_cancel'] as const) expect(kinds).toContain(kind);
    const cancelled = [...trails.values()].filter((trail) => trail.status === 'cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    for (const trail of cancelled) expect(all.some((message) => message.eventId === trail.fixture.eventId && message.kind === 'bet_cancel' && !message.markets)).toBe(true);
    const windowed = all.filter((message) => message.kind === 'bet_cancel' && message.from !== undefined);
    expect(windowed.length).toBeGreaterThan(0);
    for (const message of windowed) if (message.kind === 'bet_cancel') expect(message.to!).toBeGreaterThan(message.from!);
    // A resettlement follows its rollback at once, with the corrected result.
    for (const [index, message] of all.entries()) {
      if (message.kind !== 'rollback_bet_settlement') continue;
      const next = all[index + 1]!;
      expect(next).toMatchObject({ kind: 'bet_settlement', eventId: message.eventId, seq: message.seq + 1 });
      if (next.kind === 'bet_settlement') expect(next.markets.map((market) => market.key)).toEqual(message.markets);
    }
  });

  it('settles each outright when its competition’s last match of the stage is over, dead heats shared', () => {
    const start = Date.parse('2026-03-03T00:00:00Z');
    const { steps } = run({ seed: 'outrights', daysAhead: 0.2 }, times(start, start + (STAGE_DAYS + 1.2) * DAY_MS, 10 * MINUTE));
    const trails = audit(steps);
    const outrights = [...trails.values()].filter((trail) => trail.fixture.entrants && trail.status === 'ended');
    expect(outrights.length).toBeGreaterThanOrEqual(COMPETITIONS.length);
    for (const outright of outrights) {
      const winners = outright.result!.winners!;
      expect(winners.length === 1 || winners.length === 2).toBe(true);
      const ids = outright.fixture.entrants!.map((entrant) => entrant.id);
      for (const winner of winners) expect(ids).toContain(winner);
      const outcomes = outright.settled.get('outright')!;
      expect(outcomes.filter((outcome) => outcome.result === 1).map((outcome) => outcome.deadHeat ?? [1, 1])).toEqual(winners.map(() => [1, winners.length]));
      const stageStart = outright.fixture.startsAt;
      for (const match of trails.values()) {
        if (match.fixture.competition !== outright.fixture.competition || match.fixture.entrants) continue;
        if (match.fixture.startsAt < stageStart || match.fixture.startsAt >= stageStart + STAGE_DAYS * DAY_MS) continue;
        expect(match.finalAt).toBeDefined();
        expect(match.finalAt!).toBeLessThanOrEqual(outright.finalAt!);
      }
    }
    expectSettled(trails);
  });

  it('gives a book that starts late every event’s fixture and its current state, at its latest sequence number', () => {
    const { simulator, steps } = run({ daysAhead: 0.5, correctionRate: 0.5 }, times(T0, T0 + 90 * MINUTE, 5_000));
    const trails = audit(steps);
    const snapshot = simulator.snapshot();
    const fixtures = snapshot.filter((message) => message.kind === 'fixture');
    expect(new Set(fixtures.map((message) => message.eventId))).toEqual(new Set(trails.keys()));
    for (const message of snapshot) {
      const trail = trails.get(message.eventId)!;
      if (message.kind === 'fixture') expect(message).toEqual(trail.fixture);
      else {
        expect(message).toMatchObject({ kind: 'odds_change', seq: trail.seq });
        if (message.kind !== 'odds_change') continue;
        expect(message.status).toBe(trail.status);
        expect(message.markets.map((market) => market.key).sort()).toEqual([...trail.markets.keys()].sort());
        if (trail.status === 'ended') for (const market of message.markets) expect(['settled', 'cancelled']).toContain(market.status);
      }
    }
  });

  it('hands each step’s messages to the subscriber every second, again after a failure, until stopped', async () => {
    vi.useFakeTimers();
    let clock = T0;
    const simulator = createFeedSimulator({ seed: 'timer', now: () => clock, daysAhead: 0.2 });
    const batches: FeedMessage[][] = [];
    let failures = 1;
    simulator.subscribe(async (messages) => {
      batches.push(messages);
      if (failures-- > 0) throw new Error('book busy');
    });
    await simulator.start();
    clock += 1_000;
    await vi.advanceTimersByTimeAsync(1_000);
    clock += 1_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toHaveLength(2);
    // The failed batch comes again, first, with what followed it.
    expect(batches[1]!.slice(0, batches[0]!.length)).toEqual(batches[0]);
    expect(batches[0]!.some((message) => message.kind === 'fixture')).toBe(true);
    await simulator.stop();
    clock += 60_000;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(batches).toHaveLength(2);
  });
});
