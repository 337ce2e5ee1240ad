import { sql } from 'drizzle-orm';
import { marketKey, sportsRoom, type FeedMarket, type FeedMessage, type Sport } from '@wps/contracts';
import { textArray, type Executor, type Outbox } from '@wps/platform';
import { betsOnMarkets, reevaluateBets } from './settle.js';
import { eventsWhere, marketsWhere, marketView, type EventRow, type MarketRow } from './store.js';

/** The markets the list pages show first: the result, and the handicap and total the feed sends first. */
function mainKeys(markets: FeedMarket[]): Set<string> {
  const keys = new Set<string>();
  for (const type of ['asian_handicap', 'total'] as const) {
    const first = markets.find((market) => market.spec.type === type);
    if (first) keys.add(first.key);
  }
  return keys;
}

export interface IngestResult {
  /** Messages applied (older or repeated ones are skipped). */
  applied: number;
  /** Bets whose state changed (settled, resettled, reopened, cancelled). */
  bets: string[];
}

/**
 * Applies a batch of feed messages in the caller's one transaction, in order. Each event remembers the sequence number
 * of the last message applied, so a message seen again (the feed's at-least-once delivery, a replay after a restart)
 * changes nothing. Odds and scores are pushed to the room of the event's sport through the outbox, one push per sport
 * per batch; settlements, their rollbacks and cancellations bring the bets on those markets up to date (and queue
 * what they are owed).
 */
export async function ingestFeed(tx: Executor, outbox: Outbox, messages: FeedMessage[], now = new Date()): Promise<IngestResult> {
  const eventIds = [...new Set(messages.map((message) => message.eventId))];
  const known = new Map((await eventsWhere(tx, sql`e.event_id = ANY(${textArray(eventIds)})`, sql`FOR UPDATE`)).map((event) => [event.event_id, event]));
  const lastSeq = new Map([...known.values()].map((event) => [event.event_id, Number(event.last_seq)]));
  const touched: { eventId: string; market?: string }[] = [];
  /** Per changed event, the markets its push carries ('all': every market of the event). */
  const pushed = new Map<string, Set<string> | 'all'>();
  const push = (eventId: string, keys: Iterable<string> | 'all' = []) => {
    const held = pushed.get(eventId) ?? new Set<string>();
    if (held === 'all' || keys === 'all') return void pushed.set(eventId, 'all');
    for (const key of keys) held.add(key);
    pushed.set(eventId, held);
  };
  let applied = 0;
  const at = now.toISOString();

  for (const message of messages) {
    if (message.kind !== 'fixture' && !known.has(message.eventId)) continue;
    if (message.seq <= (lastSeq.get(message.eventId) ?? 0)) continue;
    lastSeq.set(message.eventId, message.seq);
    applied += 1;
    switch (message.kind) {
      case 'fixture': {
        await tx.execute(
          sql`INSERT INTO house.sb_events (event_id, sport, competition, home, away, entrants, starts_at, best_of, status, last_seq)
              VALUES (${message.eventId}, ${message.sport}, ${message.competition}, ${message.home ? JSON.stringify(message.home) : null}::jsonb,
                      ${message.away ? JSON.stringify(message.away) : null}::jsonb, ${message.entrants ? JSON.stringify(message.entrants) : null}::jsonb,
                      ${new Date(message.startsAt).toISOString()}::timestamptz, ${message.bestOf ?? null}, 'not_started', ${message.seq})
              ON CONFLICT (event_id) DO UPDATE SET competition = excluded.competition, home = excluded.home, away = excluded.away, entrants = excluded.entrants,
                starts_at = excluded.starts_at, best_of = excluded.best_of, last_seq = excluded.last_seq, updated_at = now()`,
        );
        if (!known.has(message.eventId)) {
          known.set(message.eventId, {
            event_id: message.eventId,
            sport: message.sport,
            competition: message.competition,
            home: message.home ?? null,
            away: message.away ?? null,
            entrants: message.entrants ?? null,
            starts_at: new Date(message.startsAt).toISOString(),
            best_of: message.bestOf ?? null,
            status: 'not_started',
            score: null,
            result: null,
            last_seq: String(message.seq),
          });
        }
        push(message.eventId);
        break;
      }
      case 'odds_change': {
        await tx.execute(
          sql`UPDATE house.sb_events SET status = ${message.status}, score = coalesce(${message.score ? JSON.stringify(message.score) : null}::jsonb, score),
                last_seq = ${message.seq}, updated_at = now() WHERE event_id = ${message.eventId}`,
        );
        const event = known.get(message.eventId)!;
        event.status = message.status;
        if (message.score) event.score = message.score;
        const main = mainKeys(message.markets);
        const rowsOf = message.markets.map((market) => ({
          key: market.key || marketKey(market.spec),
          spec: market.spec,
          status: market.status,
          outcomes: market.outcomes,
          main: main.has(market.key),
        }));
        // One statement for the message's markets. A settled or cancelled market keeps its state; the feed's later
        // prices for it are ignored.
        if (rowsOf.length) {
          await tx.execute(
            sql`INSERT INTO house.sb_markets (event_id, market_key, spec, status, outcomes, main, changed_at)
                SELECT ${message.eventId}, m->>'key', m->'spec', m->>'status', m->'outcomes', (m->>'main')::boolean, ${at}::timestamptz
                FROM jsonb_array_elements(${JSON.stringify(rowsOf)}::jsonb) AS m
                ON CONFLICT (event_id, market_key) DO UPDATE SET
                  status = CASE WHEN house.sb_markets.status IN ('settled', 'cancelled') THEN house.sb_markets.status ELSE excluded.status END,
                  outcomes = CASE WHEN house.sb_markets.status IN ('settled', 'cancelled') THEN house.sb_markets.outcomes ELSE excluded.outcomes END,
                  main = house.sb_markets.main OR excluded.main,
                  changed_at = CASE WHEN house.sb_markets.outcomes IS DISTINCT FROM excluded.outcomes OR house.sb_markets.status IS DISTINCT FROM excluded.status
                                    THEN excluded.changed_at ELSE house.sb_markets.changed_at END
                WHERE house.sb_markets.outcomes IS DISTINCT FROM excluded.outcomes OR house.sb_markets.status IS DISTINCT FROM excluded.status
                   OR (excluded.main AND NOT house.sb_markets.main)`,
          );
        }
        if (message.status === 'cancelled') touched.push({ eventId: message.eventId });
        push(
          message.eventId,
          rowsOf.map((row) => row.key),
        );
        break;
      }
      case 'bet_stop': {
        const only = message.markets;
        await tx.execute(
          sql`UPDATE house.sb_markets SET status = 'suspended', stopped_at = ${at}::timestamptz
              WHERE event_id = ${message.eventId} AND status = 'active' ${only ? sql`AND market_key = ANY(${textArray(only)})` : sql``}`,
        );
        await tx.execute(sql`UPDATE house.sb_events SET last_seq = ${message.seq} WHERE event_id = ${message.eventId}`);
        push(message.eventId, only ?? 'all');
        break;
      }
      case 'bet_settlement': {
        await tx.execute(sql`UPDATE house.sb_events SET result = ${JSON.stringify(message.result)}::jsonb, last_seq = ${message.seq}, updated_at = now() WHERE event_id = ${message.eventId}`);
        for (const market of message.markets) {
          await tx.execute(
            sql`UPDATE house.sb_markets SET status = CASE WHEN status = 'cancelled' THEN status ELSE 'settled' END, settlement = ${JSON.stringify(market.outcomes)}::jsonb
                WHERE event_id = ${message.eventId} AND market_key = ${market.key}`,
          );
          touched.push({ eventId: message.eventId, market: market.key });
          push(message.eventId, [market.key]);
        }
        break;
      }
      case 'rollback_bet_settlement': {
        await tx.execute(
          sql`UPDATE house.sb_markets SET settlement = NULL, status = CASE WHEN status = 'settled' THEN 'deactivated' ELSE status END
              WHERE event_id = ${message.eventId} AND market_key = ANY(${textArray(message.markets)})`,
        );
        await tx.execute(sql`UPDATE house.sb_events SET last_seq = ${message.seq} WHERE event_id = ${message.eventId}`);
        for (const key of message.markets) {
          touched.push({ eventId: message.eventId, market: key });
          push(message.eventId, [key]);
        }
        break;
      }
      case 'bet_cancel': {
        const only = message.markets;
        await tx.execute(
          sql`UPDATE house.sb_markets SET status = 'cancelled', cancelled = true,
                cancelled_from = ${message.from === undefined ? null : new Date(message.from).toISOString()}::timestamptz,
                cancelled_to = ${message.to === undefined ? null : new Date(message.to).toISOString()}::timestamptz
              WHERE event_id = ${message.eventId} ${only ? sql`AND market_key = ANY(${textArray(only)})` : sql``}`,
        );
        await tx.execute(sql`UPDATE house.sb_events SET last_seq = ${message.seq} WHERE event_id = ${message.eventId}`);
        if (only) for (const key of only) touched.push({ eventId: message.eventId, market: key });
        else touched.push({ eventId: message.eventId });
        push(message.eventId, only ?? 'all');
        break;
      }
      case 'rollback_bet_cancel': {
        const only = message.markets;
        await tx.execute(
          sql`UPDATE house.sb_markets SET cancelled = false, cancelled_from = NULL, cancelled_to = NULL,
                status = CASE WHEN settlement IS NOT NULL THEN 'settled' ELSE 'deactivated' END
              WHERE event_id = ${message.eventId} AND cancelled ${only ? sql`AND market_key = ANY(${textArray(only)})` : sql``}`,
        );
        await tx.execute(sql`UPDATE house.sb_events SET last_seq = ${message.seq} WHERE event_id = ${message.eventId}`);
        if (only) for (const key of only) touched.push({ eventId: message.eventId, market: key });
        else touched.push({ eventId: message.eventId });
        break;
      }
    }
  }

  const bets = await reevaluateBets(tx, await betsOnMarkets(tx, touched), now);
  await pushOdds(tx, outbox, known, pushed, now.getTime());
  return { applied, bets };
}

/** One `odds` push per sport for the batch: each changed event with its status, score and changed markets. */
async function pushOdds(tx: Executor, outbox: Outbox, events: Map<string, EventRow>, changed: Map<string, Set<string> | 'all'>, at: number): Promise<void> {
  if (!changed.size) return;
  // The events are the batch's own rows, kept up to date as its messages were applied; their markets are read once.
  const ids = [...changed.keys()];
  const marketsOf = new Map<string, MarketRow[]>();
  for (const market of await marketsWhere(tx, sql`m.event_id = ANY(${textArray(ids)})`)) marketsOf.set(market.event_id, [...(marketsOf.get(market.event_id) ?? []), market]);
  const bySport = new Map<Sport, Record<string, unknown>[]>();
  for (const eventId of ids) {
    const event = events.get(eventId);
    if (!event) continue;
    const keys = changed.get(eventId)!;
    const list = bySport.get(event.sport) ?? [];
    list.push({
      eventId,
      status: event.status,
      score: event.score,
      markets: (marketsOf.get(eventId) ?? []).filter((market) => keys === 'all' || keys.has(market.market_key)).map(marketView),
    });
    bySport.set(event.sport, list);
  }
  for (const [sport, list] of bySport) {
    const room = sportsRoom(sport);
    await outbox.add(tx, 'house.table_event', room, { tableId: room, kind: 'odds', roundId: sport, roundNo: at, at, data: { events: list } });
  }
}
