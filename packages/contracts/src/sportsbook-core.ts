/**
 * The sportsbook's shared vocabulary: sports, markets, outcomes, prices and the feed's messages.
 *
 * A price is decimal odds in thousandths, as an integer (1.952 → 1952), so that every payout is exact integer
 * arithmetic on minor units. A line (handicap or total) is kept in quarter units, as an integer (−1.25 → −5, 2.5 → 10),
 * so that quarter lines, whole lines and half lines are told apart without floating point.
 *
 * The feed's messages follow the shape of the industry's odds feeds (fixture, odds change, bet stop, bet settlement,
 * bet cancel and their rollbacks), so that a real feed's adapter can replace the simulator without touching the book.
 */

export const SPORTS = ['football', 'basketball', 'tennis', 'cs2', 'lol', 'dota2', 'valorant'] as const;
export type Sport = (typeof SPORTS)[number];

/** The e-sports titles; the others are sports. `/esports` lists these, `/sports` the rest. */
export const ESPORTS: readonly Sport[] = ['cs2', 'lol', 'dota2', 'valorant'];
export const isEsport = (sport: Sport): boolean => ESPORTS.includes(sport);

/** Thousandths: a price of 1000 gives the stake back. The lowest price a selection may carry is 1.01. */
export const PRICE_SCALE = 1000;
export const MIN_PRICE = 1010;
export const MAX_PRICE = 1_000_000;

/** Lines are in quarters: 4 is a line of 1, −5 is −1.25. */
export const LINE_SCALE = 4;

/**
 * Market types. Each market of an event is one type with its specifiers (a line, a map or set number); an outcome is
 * one of the type's outcome keys.
 *
 * - `1x2`: home, draw, away (football, full time).
 * - `moneyline`: home, away (basketball including overtime, tennis match, e-sports series).
 * - `handicap`: European three-way handicap on a whole line given to the home side: home, draw, away.
 * - `asian_handicap`: two-way handicap on a line in quarters given to the home side (draws impossible): home, away.
 * - `total`: over, under a line in quarters (goals, points, games, maps or rounds by sport).
 * - `btts`: both teams to score, yes, no (football).
 * - `correct_score`: `h:a` for each score listed, plus `other` for any score not listed (football).
 * - `period_winner`: the winner of set or map `period` (tennis sets, e-sports maps): home, away.
 * - `outright`: the winner of a competition among its entrants: outcome keys are the entrants' ids.
 */
export const MARKET_TYPES = ['1x2', 'moneyline', 'handicap', 'asian_handicap', 'total', 'btts', 'correct_score', 'period_winner', 'outright'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

export interface MarketSpec {
  type: MarketType;
  /** The line in quarters, for `handicap` (a whole line: a multiple of 4), `asian_handicap` and `total`. */
  line?: number;
  /** The set or map number (1-based), for `period_winner`. */
  period?: number;
}

/** A market's key within its event, e.g. `1x2`, `asian_handicap:-5`, `total:10`, `period_winner:2`. */
export function marketKey(spec: MarketSpec): string {
  if (spec.line !== undefined) return `${spec.type}:${spec.line}`;
  if (spec.period !== undefined) return `${spec.type}:${spec.period}`;
  return spec.type;
}

/** The final state of an event that its markets are settled from. */
export interface EventResult {
  /** Goals, points, sets won (tennis) or maps won (e-sports) of the whole event. */
  home: number;
  away: number;
  /** Per period (sets of games in tennis, maps of rounds in e-sports), in order; absent for football and basketball. */
  periods?: { home: number; away: number }[];
  /**
   * For an outright: the entrants who share first place. More than one is a dead heat: each is paid at 1/n of the
   * stake.
   */
  winners?: string[];
}

/** Match status as the feed reports it. */
export const EVENT_STATUSES = ['not_started', 'live', 'ended', 'closed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Market status: only an `active` market takes bets; `suspended` is a bet stop; `settled` and `cancelled` are final. */
export const MARKET_STATUSES = ['active', 'suspended', 'deactivated', 'settled', 'cancelled'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** A fraction given as numerator and denominator, both positive integers (a dead-heat factor of 1/3 is [1, 3]). */
export type Fraction = readonly [number, number];

/**
 * How one outcome settled, as the industry's feeds carry it:
 * - `result` 1 won, 0 lost;
 * - `voidFactor` the part of the stake given back: 0, 0.5 (half-win with result 1, half-lose with result 0) or 1
 *   (void);
 * - `deadHeat` the share of the stake paid at full price when several tie (default [1, 1]).
 */
export interface OutcomeSettlement {
  outcome: string;
  result: 0 | 1;
  voidFactor: 0 | 0.5 | 1;
  deadHeat?: Fraction;
}

/** What a player sees for a settled leg. */
export const LEG_STATES = ['open', 'won', 'lost', 'void', 'half_won', 'half_lost', 'dead_heat'] as const;
export type LegState = (typeof LEG_STATES)[number];

export interface FeedCompetitor {
  id: string;
  name: string;
  /** A strength the simulator prices from; a real feed leaves it out. */
  rating?: number;
}

export interface FeedMarket {
  key: string;
  spec: MarketSpec;
  status: MarketStatus;
  outcomes: { outcome: string; price: number; active: boolean }[];
}

export interface FeedScore {
  home: number;
  away: number;
  periods?: { home: number; away: number }[];
  /** Minutes played (football, basketball) or the current set or map (tennis, e-sports). */
  clock?: string;
}

/** The feed's messages. Every message carries the event, a sequence number per event and the feed's time. */
export type FeedMessage =
  | {
      kind: 'fixture';
      eventId: string;
      seq: number;
      at: number;
      sport: Sport;
      competition: string;
      /** Absent for an outright (then `entrants` lists the field). */
      home?: FeedCompetitor;
      away?: FeedCompetitor;
      entrants?: FeedCompetitor[];
      startsAt: number;
      /** The match is played over at most this many sets or maps (best of 3: the first to win 2); absent otherwise. */
      bestOf?: number;
    }
  | { kind: 'odds_change'; eventId: string; seq: number; at: number; status: EventStatus; score?: FeedScore; markets: FeedMarket[] }
  | { kind: 'bet_stop'; eventId: string; seq: number; at: number; /** Absent: every market of the event. */ markets?: string[] }
  | { kind: 'bet_settlement'; eventId: string; seq: number; at: number; result: EventResult; markets: { key: string; outcomes: OutcomeSettlement[] }[] }
  | { kind: 'rollback_bet_settlement'; eventId: string; seq: number; at: number; markets: string[] }
  /** Voids the markets' bets placed between `from` and `to` (all of them when both are absent). */
  | { kind: 'bet_cancel'; eventId: string; seq: number; at: number; markets?: string[]; from?: number; to?: number; reason: string }
  | { kind: 'rollback_bet_cancel'; eventId: string; seq: number; at: number; markets?: string[] };

export type FeedMessageKind = FeedMessage['kind'];

/** The port a feed fills: the book subscribes once and receives every message in order per event. */
export interface SportsFeed {
  subscribe(handler: (messages: FeedMessage[]) => Promise<void>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
