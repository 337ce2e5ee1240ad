import { sql, type SQL } from 'drizzle-orm';
import {
  formatMinor,
  isEsport,
  legState,
  sportsRoom,
  type EventResult,
  type EventStatus,
  type FeedCompetitor,
  type FeedScore,
  type LegState,
  type MarketSpec,
  type MarketStatus,
  type OutcomeSettlement,
  type Sport,
  type SportsBet,
  type SportsBetStatus,
  type SportsBetType,
  type SportsEvent,
  type SportsMarket,
} from '@wps/contracts';
import { rows, type Executor } from '@wps/platform';

export interface EventRow {
  event_id: string;
  sport: Sport;
  competition: string;
  home: FeedCompetitor | null;
  away: FeedCompetitor | null;
  entrants: FeedCompetitor[] | null;
  starts_at: string;
  best_of: number | null;
  status: EventStatus;
  score: FeedScore | null;
  result: EventResult | null;
  last_seq: string;
}

export interface MarketOutcome {
  outcome: string;
  price: number;
  active: boolean;
}

export interface MarketRow {
  event_id: string;
  market_key: string;
  spec: MarketSpec;
  status: MarketStatus;
  outcomes: MarketOutcome[];
  settlement: OutcomeSettlement[] | null;
  main: boolean;
  stopped_ms: number | null;
  changed_ms: number;
  cancelled: boolean;
  cancelled_from_ms: number | null;
  cancelled_to_ms: number | null;
}

export interface BetRow {
  bet_id: string;
  member_id: string;
  merchant_code: string;
  currency: string;
  request_hash: string;
  bet_type: SportsBetType;
  system_size: number | null;
  combinations: number;
  unit_minor: string;
  placed_unit_minor: string;
  max_payout_minor: string;
  status: 'pending' | 'open' | 'settled' | 'cashed_out' | 'cancelled' | 'failed';
  payout_minor: string | null;
  cashed_out_minor: string;
  paid_minor: string;
  round_settled: boolean;
  revision: number;
  placed_ms: number;
  settled_at: string | null;
}

export interface LegRow {
  bet_id: string;
  idx: number;
  event_id: string;
  market_key: string;
  outcome: string;
  price: number;
  live: boolean;
  settlement: OutcomeSettlement | null;
}

export const EVENT_COLUMNS = sql`e.event_id, e.sport, e.competition, e.home, e.away, e.entrants, e.starts_at::text AS starts_at, e.best_of, e.status, e.score, e.result, e.last_seq::text AS last_seq`;
const MARKET_COLUMNS = sql`m.event_id, m.market_key, m.spec, m.status, m.outcomes, m.settlement, m.main,
  (extract(epoch FROM m.stopped_at) * 1000)::float8 AS stopped_ms, (extract(epoch FROM m.changed_at) * 1000)::float8 AS changed_ms,
  m.cancelled, (extract(epoch FROM m.cancelled_from) * 1000)::float8 AS cancelled_from_ms, (extract(epoch FROM m.cancelled_to) * 1000)::float8 AS cancelled_to_ms`;
const BET_COLUMNS = sql`b.bet_id::text AS bet_id, b.member_id, b.merchant_code, b.currency, b.request_hash, b.bet_type, b.system_size, b.combinations,
  b.unit_minor::text AS unit_minor, b.placed_unit_minor::text AS placed_unit_minor, b.max_payout_minor::text AS max_payout_minor, b.status,
  b.payout_minor::text AS payout_minor, b.cashed_out_minor::text AS cashed_out_minor, b.paid_minor::text AS paid_minor, b.round_settled, b.revision,
  (extract(epoch FROM b.placed_at) * 1000)::float8 AS placed_ms, b.settled_at::text AS settled_at`;

/** Markets by event and key: `marketsByKey(rows).get(marketRef(eventId, key))`. */
export const marketRef = (eventId: string, key: string): string => `${eventId}|${key}`;
export const marketsByKey = (markets: MarketRow[]): Map<string, MarketRow> => new Map(markets.map((market) => [marketRef(market.event_id, market.market_key), market]));

export const eventsWhere = (tx: Executor, where: SQL, tail: SQL = sql``): Promise<EventRow[]> => rows<EventRow>(tx, sql`SELECT ${EVENT_COLUMNS} FROM house.sb_events e WHERE ${where} ${tail}`);
export const marketsWhere = (tx: Executor, where: SQL, tail: SQL = sql``): Promise<MarketRow[]> => rows<MarketRow>(tx, sql`SELECT ${MARKET_COLUMNS} FROM house.sb_markets m WHERE ${where} ${tail}`);
export const betsWhere = (tx: Executor, where: SQL, tail: SQL = sql``): Promise<BetRow[]> => rows<BetRow>(tx, sql`SELECT ${BET_COLUMNS} FROM house.sb_bets b WHERE ${where} ${tail}`);
export const legsWhere = (tx: Executor, where: SQL): Promise<LegRow[]> =>
  rows<LegRow>(tx, sql`SELECT l.bet_id::text AS bet_id, l.idx, l.event_id, l.market_key, l.outcome, l.price, l.live, l.settlement FROM house.sb_legs l WHERE ${where} ORDER BY l.bet_id, l.idx`);

/** The markets of a list page: the result market, the main handicap and the main total. */
export const isMainMarket = (spec: MarketSpec, main: boolean): boolean => main || spec.type === '1x2' || spec.type === 'moneyline' || spec.type === 'outright';

export function marketView(market: MarketRow): SportsMarket {
  const settled = new Map((market.settlement ?? []).map((settlement) => [settlement.outcome, settlement]));
  return {
    key: market.market_key,
    type: market.spec.type,
    line: market.spec.line ?? null,
    period: market.spec.period ?? null,
    status: market.status,
    outcomes: market.outcomes.map((outcome) => {
      const settlement = settled.get(outcome.outcome);
      return { outcome: outcome.outcome, price: outcome.price, active: outcome.active, ...(settlement ? { state: legState(settlement) } : {}) };
    }),
  };
}

export function eventView(event: EventRow, markets: MarketRow[], marketCount = markets.length): SportsEvent {
  return {
    eventId: event.event_id,
    sport: event.sport,
    esport: isEsport(event.sport),
    competition: event.competition,
    home: event.home ? { id: event.home.id, name: event.home.name } : null,
    away: event.away ? { id: event.away.id, name: event.away.name } : null,
    entrants: event.entrants ? event.entrants.map((entrant) => ({ id: entrant.id, name: entrant.name })) : null,
    startsAt: new Date(event.starts_at).toISOString(),
    status: event.status,
    score: event.score ?? null,
    bestOf: event.best_of ?? null,
    markets: markets.map(marketView),
    marketCount,
    room: sportsRoom(event.sport),
  };
}

export const eventName = (event: Pick<EventRow, 'home' | 'away' | 'competition'>): string => (event.home && event.away ? `${event.home.name} v ${event.away.name}` : event.competition);

/** The bet's status as members see it. */
export function betStatus(bet: BetRow): SportsBetStatus {
  if (bet.status === 'settled' || bet.status === 'cashed_out' || bet.status === 'cancelled') return bet.status;
  return 'open';
}

export interface BetViewParts {
  legs: LegRow[];
  /** How each leg stands now (its market's settlement, or void when cancelled); undefined while open. */
  settlements: (OutcomeSettlement | undefined)[];
  events: Map<string, EventRow>;
  /** The full cash-out offer now, in minor units; null when none. */
  offerMinor: bigint | null;
  potentialMinor: bigint;
  totalPrice: number | null;
}

/** Market types whose key carries a line (`total:10`); `period_winner:2` carries a period. */
const LINE_TYPES: readonly string[] = ['handicap', 'asian_handicap', 'total'];

export function betView(bet: BetRow, parts: BetViewParts): SportsBet {
  const money = (minor: bigint) => formatMinor(minor, bet.currency);
  return {
    betId: bet.bet_id,
    type: bet.bet_type,
    systemSize: bet.system_size,
    combinations: bet.combinations,
    status: betStatus(bet),
    currency: bet.currency,
    stake: money(BigInt(bet.unit_minor) * BigInt(bet.combinations)),
    placedStake: money(BigInt(bet.placed_unit_minor) * BigInt(bet.combinations)),
    totalPrice: parts.totalPrice,
    potentialPayout: money(parts.potentialMinor),
    payout: bet.payout_minor === null ? null : money(BigInt(bet.payout_minor)),
    cashedOut: money(BigInt(bet.cashed_out_minor)),
    cashOutOffer: parts.offerMinor === null ? null : money(parts.offerMinor),
    placedAt: new Date(bet.placed_ms).toISOString(),
    settledAt: bet.settled_at ? new Date(bet.settled_at).toISOString() : null,
    legs: parts.legs.map((leg, index) => {
      const event = parts.events.get(leg.event_id);
      const [type, specifier] = leg.market_key.split(':') as [SportsMarket['type'], string | undefined];
      const state: LegState = legState(parts.settlements[index]);
      return {
        eventId: leg.event_id,
        sport: event?.sport ?? 'football',
        competition: event?.competition ?? '',
        eventName: event ? eventName(event) : leg.event_id,
        startsAt: event ? new Date(event.starts_at).toISOString() : new Date(bet.placed_ms).toISOString(),
        market: leg.market_key,
        type,
        line: specifier !== undefined && LINE_TYPES.includes(type) ? Number(specifier) : null,
        period: specifier !== undefined && type === 'period_winner' ? Number(specifier) : null,
        outcome: leg.outcome,
        outcomeName: type === 'outright' ? (event?.entrants?.find((entrant) => entrant.id === leg.outcome)?.name ?? null) : null,
        price: leg.price,
        state,
        live: leg.live,
      };
    }),
  };
}
