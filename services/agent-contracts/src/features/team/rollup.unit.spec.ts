import { describe, expect, it } from 'vitest';
import type { BetSettled } from '@wps/contracts';
import { lineageOf, planBatch, teamBetOf, type HourSums, type TeamBet } from './rollup.js';
import { clockOf, reportRange } from './range.js';

const bet = (betId: string, changes: Partial<BetSettled> = {}): BetSettled => ({
  betId,
  vendor: 'PG',
  roundId: betId,
  gameType: 'RNG',
  gameCode: 'slot',
  memberId: '9',
  merchantCode: 'DEMO',
  account: 'p9',
  agentPath: ['1', '5'],
  currency: 'MXN',
  betAmountMinor: '1000',
  validBetMinor: '1000',
  winAmountMinor: '400',
  adjustAmountMinor: '0',
  state: 'settled',
  revision: 0,
  settledAt: '2026-03-01T10:15:00.000Z',
  ...changes,
});

const lineages = (events: BetSettled[]) => new Map(events.map((event) => [event.memberId, lineageOf(event.memberId, event.agentPath, null)]));
const plan = (events: BetSettled[], stored: TeamBet[] = []) => planBatch(events, new Map(stored.map((row) => [row.betId, row])), lineages(events));
const brief = (rows: HourSums[]) => rows.map((row) => [row.id, row.hour.slice(11, 13), row.betCount, row.validBetMinor, row.profitMinor]);
/** The betting record's totals a team row carries: stored bets, settled stakes and wins. */
const record = (rows: HourSums[]) => rows.map((row) => [row.id, row.hour.slice(11, 13), row.recordCount, row.stakeMinor, row.winMinor]);

describe('rolling settled bets up the agent tree', () => {
  it('adds a bet to its member and to the member and every agent above it, in its UTC hour', () => {
    const result = plan([bet('a'), bet('b', { winAmountMinor: '2500', adjustAmountMinor: '-100', settledAt: '2026-03-01T10:59:59.999Z' })]);
    expect(result.bets.map((row) => [row.betId, row.winMinor, row.profitMinor])).toEqual([
      ['a', 400n, -600n],
      ['b', 2400n, 1400n],
    ]);
    expect(brief(result.memberHours)).toEqual([['9', '10', 2, 2000n, 800n]]);
    expect(brief(result.teamHours)).toEqual([
      ['1', '10', 2, 2000n, 800n],
      ['5', '10', 2, 2000n, 800n],
      ['9', '10', 2, 2000n, 800n],
    ]);
    expect(record(result.teamHours)).toEqual([
      ['1', '10', 2, 2000n, 2800n],
      ['5', '10', 2, 2000n, 2800n],
      ['9', '10', 2, 2000n, 2800n],
    ]);
  });

  it('keeps the highest revision of a bet within a batch and against the stored one', () => {
    const first = bet('a');
    const stored = [teamBetOf(first)];
    // A correction moves the bet to another hour and changes its win: the old hour loses it, the new one gets it.
    const corrected = bet('a', { revision: 2, winAmountMinor: '3000', settledAt: '2026-03-01T11:05:00.000Z' });
    const result = plan([bet('a', { revision: 1, winAmountMinor: '0' }), corrected, bet('a', { revision: 1, winAmountMinor: '9' })], stored);
    expect(result.bets).toHaveLength(1);
    expect(result.bets[0]).toMatchObject({ revision: 2, profitMinor: 2000n });
    expect(brief(result.memberHours)).toEqual([
      ['9', '10', -1, -1000n, 600n],
      ['9', '11', 1, 1000n, 2000n],
    ]);
    expect(brief(result.teamHours).filter(([id]) => id === '1')).toEqual([
      ['1', '10', -1, -1000n, 600n],
      ['1', '11', 1, 1000n, 2000n],
    ]);
    // The record moves with it: one bet fewer in the old hour, one more in the new.
    expect(record(result.teamHours).filter(([id]) => id === '1')).toEqual([
      ['1', '10', -1, -1000n, -400n],
      ['1', '11', 1, 1000n, 3000n],
    ]);
  });

  it('changes nothing for a redelivered bet or an older revision', () => {
    const stored = [teamBetOf(bet('a', { revision: 3 }))];
    for (const events of [[bet('a', { revision: 3, winAmountMinor: '5' })], [bet('a', { revision: 2 })]]) {
      expect(plan(events, stored)).toEqual({ bets: [], memberHours: [], teamHours: [] });
    }
  });

  it('counts a cancelled bet only in the record, and takes a settled bet back out of the sums when it is cancelled later', () => {
    const cancelled = plan([bet('c', { state: 'cancelled', validBetMinor: '1000', winAmountMinor: '0' })]);
    expect(cancelled.bets[0]).toMatchObject({ state: 'cancelled', betMinor: 1000n, validBetMinor: 0n, profitMinor: 0n });
    expect(cancelled.memberHours).toEqual([]);
    expect(brief(cancelled.teamHours)).toEqual([
      ['1', '10', 0, 0n, 0n],
      ['5', '10', 0, 0n, 0n],
      ['9', '10', 0, 0n, 0n],
    ]);
    expect(record(cancelled.teamHours)).toEqual([
      ['1', '10', 1, 0n, 0n],
      ['5', '10', 1, 0n, 0n],
      ['9', '10', 1, 0n, 0n],
    ]);

    const later = plan([bet('a', { revision: 1, state: 'cancelled', validBetMinor: '0', winAmountMinor: '0' })], [teamBetOf(bet('a'))]);
    expect(brief(later.memberHours)).toEqual([['9', '10', -1, -1000n, 600n]]);
    expect(brief(later.teamHours).map(([id]) => id)).toEqual(['1', '5', '9']);
    // Still one bet in the record, without its stake and win.
    expect(record(later.teamHours)).toEqual([
      ['1', '10', 0, -1000n, -400n],
      ['5', '10', 0, -1000n, -400n],
      ['9', '10', 0, -1000n, -400n],
    ]);
  });

  it('finds the uplines in the tree when the event carries none, else counts the member alone', () => {
    expect(lineageOf('9', ['1', '5'], '/7/9/')).toEqual(['1', '5', '9']);
    expect(lineageOf('9', null, '/1/5/9/')).toEqual(['1', '5', '9']);
    expect(lineageOf('9', null, null)).toEqual(['9']);
    expect(lineageOf('9', [], undefined)).toEqual(['9']);
    const events = [bet('a', { agentPath: null })];
    const result = planBatch(events, new Map(), new Map([['9', lineageOf('9', null, '/2/9/')]]));
    expect(brief(result.teamHours).map(([id]) => id)).toEqual(['2', '9']);
  });

  it('orders the rows by id as numbers, then hour', () => {
    const result = plan([bet('a', { memberId: '10', agentPath: ['9', '100'] }), bet('b', { memberId: '10', agentPath: ['9', '100'], settledAt: '2026-03-01T09:00:00.000Z' })]);
    expect(brief(result.teamHours).map(([id, hour]) => `${id}@${hour}`)).toEqual(['9@09', '9@10', '10@09', '10@10', '100@09', '100@10']);
  });
});

describe('a report range', () => {
  const now = new Date('2026-03-10T03:00:00.000Z');

  it('reads whole days at the brand offset, both ends included, and defaults to today there', () => {
    const mexico = reportRange({ from: '2026-03-01', to: '2026-03-02' }, { offsetMinutes: -360 }, now);
    expect([mexico.start.toISOString(), mexico.end.toISOString()]).toEqual(['2026-03-01T06:00:00.000Z', '2026-03-03T06:00:00.000Z']);
    expect(mexico.days).toEqual(['2026-03-01', '2026-03-02']);
    expect(reportRange({}, { offsetMinutes: -360 }, now).days).toEqual(['2026-03-09']);
    expect(reportRange({}, { offsetMinutes: 0 }, now).days).toEqual(['2026-03-10']);
  });

  it('follows a brand time zone with summer time, and reads an unknown zone or none as UTC', () => {
    const madrid = reportRange({ from: '2026-03-28', to: '2026-03-29' }, clockOf(undefined, 'Europe/Madrid'), now);
    expect([madrid.start.toISOString(), madrid.end.toISOString()]).toEqual(['2026-03-27T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(madrid.dayOf(new Date('2026-03-29T21:59:00.000Z'))).toBe('2026-03-29');
    expect(madrid.dayOf(new Date('2026-03-29T22:00:00.000Z'))).toBe('2026-03-30');
    expect(clockOf(undefined, 'America/Mexico_City')).toEqual({ timeZone: 'America/Mexico_City' });
    expect(clockOf(60, 'America/Mexico_City')).toEqual({ offsetMinutes: 60 });
    expect(clockOf(undefined, 'Not/AZone')).toEqual({ offsetMinutes: 0 });
    expect(clockOf(undefined, undefined)).toEqual({ offsetMinutes: 0 });
  });

  it('takes up to 93 days and refuses more, or a start after the end', () => {
    expect(reportRange({ from: '2026-01-01', to: '2026-04-03' }, { offsetMinutes: 0 }, now).days).toHaveLength(93);
    expect(() => reportRange({ from: '2026-01-01', to: '2026-04-04' }, { offsetMinutes: 0 }, now)).toThrow(/93 days/);
    expect(() => reportRange({ from: '2026-03-02', to: '2026-03-01' }, { offsetMinutes: 0 }, now)).toThrow(/range/);
  });
});
