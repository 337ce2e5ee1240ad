import { describe, expect, it } from 'vitest';
import { mergeEvent, mergeEvents, MAX_ROOMS, readOddsPush, roomsFor } from './live';

const market = (key: string, price: number, status: 'active' | 'suspended' = 'active') => ({
  key,
  type: 'total' as const,
  line: 10,
  period: null,
  status,
  outcomes: [
    { outcome: 'over', price, active: true },
    { outcome: 'under', price: 1900, active: true },
  ],
});

const event = (eventId: string) => ({ eventId, status: 'not_started' as const, score: null, markets: [market('total:10', 2000)], marketCount: 5 });

describe('odds pushes', () => {
  it('reads the events of an odds push of a sports room, and nothing else', () => {
    const data = { events: [{ eventId: 'x:1', status: 'live', score: { home: 1, away: 0, clock: '12' }, markets: [market('total:10', 2050)] }] };
    expect(readOddsPush({ tableId: 'sports-football', kind: 'odds', data })).toEqual(data.events);
    expect(readOddsPush({ tableId: 'crash-1', kind: 'odds', data })).toBeNull();
    expect(readOddsPush({ tableId: 'sports-football', kind: 'tick', data })).toBeNull();
    expect(readOddsPush({ tableId: 'sports-football', kind: 'odds', data: { events: [{ eventId: 1 }] } })).toBeNull();
  });

  it('merges prices, status and score in place; an event page also takes new markets', () => {
    const update = { eventId: 'a', status: 'live' as const, score: { home: 0, away: 1 }, markets: [market('total:10', 2200, 'suspended'), market('total:12', 2400)] };
    const inList = mergeEvent(event('a'), update, false);
    expect(inList.status).toBe('live');
    expect(inList.score).toEqual({ home: 0, away: 1 });
    expect(inList.markets.map((entry) => [entry.key, entry.status, entry.outcomes[0]!.price])).toEqual([['total:10', 'suspended', 2200]]);
    expect(mergeEvent(event('a'), update, true).markets.map((entry) => entry.key)).toEqual(['total:10', 'total:12']);
    expect(mergeEvent(event('b'), update, true)).toEqual(event('b'));
    // A push without a score keeps the one shown.
    const scored = { ...event('a'), score: { home: 2, away: 2 } };
    expect(mergeEvent(scored, { eventId: 'a', status: 'live', markets: [] }, false).score).toEqual({ home: 2, away: 2 });
  });

  it('drops ended events from a list and keeps the list when nothing of it changed', () => {
    const list = [event('a'), event('b')];
    expect(mergeEvents(list, [{ eventId: 'zzz', status: 'live', markets: [] }])).toBe(list);
    expect(mergeEvents(list, [{ eventId: 'a', status: 'ended', markets: [] }]).map((entry) => entry.eventId)).toEqual(['b']);
  });
});

describe('rooms', () => {
  it('follows each needed sport once, most needed first, at most eight', () => {
    expect(roomsFor(['tennis'], ['football', 'tennis'])).toEqual(['sports-tennis', 'sports-football']);
    const all = roomsFor(['football', 'basketball', 'tennis'], ['cs2', 'lol', 'dota2', 'valorant']);
    expect(all).toHaveLength(7);
    expect(all.length).toBeLessThanOrEqual(MAX_ROOMS);
  });
});
