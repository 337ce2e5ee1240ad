/**
 * The sportsbook's live side, pure: reading an `odds` push of a sport's room, merging it into the events on screen,
 * and choosing which sports' rooms the page follows.
 */
import { sportsEventSchema, sportsRoom, type EventStatus, type Sport } from '@wps/contracts';

/** One event of an `odds` push: its status, its score when it has one, and the markets that changed. */
const oddsEventsSchema = sportsEventSchema.pick({ eventId: true, status: true, score: true, markets: true }).partial({ score: true }).array();
export type OddsUpdate = ReturnType<typeof oddsEventsSchema.parse>[number];

/** The events of an `odds` push of a sports room; null for any other push or one of an unexpected shape. */
export function readOddsPush(push: { tableId: string; kind: string; data: Record<string, unknown> }): OddsUpdate[] | null {
  if (push.kind !== 'odds' || !push.tableId.startsWith('sports-')) return null;
  const parsed = oddsEventsSchema.safeParse(push.data.events);
  return parsed.success ? parsed.data : null;
}

/** An event that takes no more bets: finished, closed or cancelled. */
export const isOver = (status: EventStatus): boolean => status === 'ended' || status === 'closed' || status === 'cancelled';

interface LiveEvent {
  eventId: string;
  status: EventStatus;
  score: OddsUpdate['score'];
  markets: OddsUpdate['markets'];
}

/**
 * The event with a push's news: its status, its score, and each changed market in place of the old one. Markets it
 * did not show yet are added only when `addMarkets` (an event's page shows them all; a list its main ones).
 */
export function mergeEvent<E extends LiveEvent>(event: E, update: OddsUpdate, addMarkets: boolean): E {
  if (event.eventId !== update.eventId) return event;
  const byKey = new Map(update.markets.map((market) => [market.key, market]));
  const markets = event.markets.map((market) => byKey.get(market.key) ?? market);
  if (addMarkets) {
    const known = new Set(event.markets.map((market) => market.key));
    for (const market of update.markets) if (!known.has(market.key)) markets.push(market);
  }
  return { ...event, status: update.status, score: update.score === undefined ? event.score : update.score, markets };
}

/** A list of events with a push's news; the ones that ended leave the list. The same list when nothing changed. */
export function mergeEvents<E extends LiveEvent>(events: readonly E[], updates: readonly OddsUpdate[]): E[] {
  const byId = new Map(updates.map((update) => [update.eventId, update]));
  let changed = false;
  const next: E[] = [];
  for (const event of events) {
    const update = byId.get(event.eventId);
    if (!update) {
      next.push(event);
      continue;
    }
    changed = true;
    if (!isOver(update.status)) next.push(mergeEvent(event, update, false));
  }
  return changed ? next : (events as E[]);
}

/** Most rooms one socket may follow. */
export const MAX_ROOMS = 8;

/** The rooms of the sports the page needs, most needed first, each once, at most {@link MAX_ROOMS}. */
export function roomsFor(...needs: ReadonlyArray<readonly Sport[]>): string[] {
  const rooms: string[] = [];
  for (const sports of needs) {
    for (const sport of sports) {
      const room = sportsRoom(sport);
      if (!rooms.includes(room)) rooms.push(room);
    }
  }
  return rooms.slice(0, MAX_ROOMS);
}
