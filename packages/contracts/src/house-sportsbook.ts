import { z } from 'zod';
import { memberIdSchema } from './ids.js';
import { EVENT_STATUSES, LEG_STATES, MARKET_STATUSES, MARKET_TYPES, SPORTS, type Sport } from './sportsbook-core.js';
import { ODDS_FORMATS } from './sportsbook-odds.js';

/**
 * The house sportsbook (issue 19): football, basketball, tennis and e-sports events from a feed (a simulator on a fresh
 * install), pre-match and live markets, a bet slip of singles, parlays and system bets paid through the seamless
 * wallet, settlement with the feed's corrections, and cash-out. The rules (odds formats, settling an outcome from a
 * result, payouts and cash-out offers) are in `sportsbook-*.ts`; this file holds the calls and their answers.
 *
 * Odds changes, suspensions, scores and results are pushed as `table` pushes (kind `odds`) to the room of the event's
 * sport, `sportsRoom(sport)`: a page joins the rooms of the sports it shows and of its slip's selections.
 */

export const sportsRoom = (sport: Sport): string => `sports-${sport}`;

export const SPORTS_BET_TYPES = ['single', 'parlay', 'system'] as const;
export type SportsBetType = (typeof SPORTS_BET_TYPES)[number];
export const SPORTS_BET_STATUSES = ['open', 'settled', 'cashed_out', 'cancelled'] as const;
export type SportsBetStatus = (typeof SPORTS_BET_STATUSES)[number];
/** Which price changes between the slip and the book the member accepts: any, only higher prices, or none. */
export const ODDS_ACCEPTANCE = ['any', 'higher', 'none'] as const;
export type OddsAcceptance = (typeof ODDS_ACCEPTANCE)[number];

/** Most selections on one slip; a parlay or system bet takes one selection per event. */
export const SPORTS_SLIP_MAX_SELECTIONS = 12;
/** Most combinations of one system bet. */
export const SPORTS_SYSTEM_MAX_COMBINATIONS = 220;

export const SPORTS_EVENT_ID_PATTERN = /^[a-z0-9:_-]{1,64}$/;
export const SPORTS_BET_ID_PATTERN = /^[0-9]{1,18}$/;
export const sportsEventIdSchema = z.string().regex(SPORTS_EVENT_ID_PATTERN, 'an event id such as sim:football:12');
const marketKeySchema = z.string().regex(/^[a-z0-9_]{1,24}(:-?[0-9]{1,4})?$/, 'a market key such as total:10');
const outcomeKeySchema = z.string().regex(/^[A-Za-z0-9:_-]{1,40}$/, 'an outcome key such as home or 2:1');

export const sportsCompetitorSchema = z.object({ id: z.string(), name: z.string() });
export const sportsScoreSchema = z.object({
  home: z.number().int(),
  away: z.number().int(),
  periods: z.array(z.object({ home: z.number().int(), away: z.number().int() })).optional(),
  clock: z.string().optional(),
});

export const sportsOutcomeSchema = z.object({
  outcome: z.string(),
  /** Decimal odds in thousandths (1952 is 1.952); pages show it in the member's odds format. */
  price: z.number().int(),
  active: z.boolean(),
  /** Once the market is settled: how this outcome ended. */
  state: z.enum(LEG_STATES).optional(),
});
export const sportsMarketSchema = z.object({
  key: z.string(),
  type: z.enum(MARKET_TYPES),
  /** The line in quarters (−5 is −1.25), for handicaps and totals. */
  line: z.number().int().nullable(),
  /** The set or map, for period winners. */
  period: z.number().int().nullable(),
  status: z.enum(MARKET_STATUSES),
  outcomes: z.array(sportsOutcomeSchema),
});
export type SportsMarket = z.infer<typeof sportsMarketSchema>;

export const sportsEventSchema = z.object({
  eventId: z.string(),
  sport: z.enum(SPORTS),
  esport: z.boolean(),
  competition: z.string(),
  /** Absent for an outright, which lists its `entrants`. */
  home: sportsCompetitorSchema.nullable(),
  away: sportsCompetitorSchema.nullable(),
  entrants: z.array(sportsCompetitorSchema).nullable(),
  startsAt: z.string(),
  status: z.enum(EVENT_STATUSES),
  score: sportsScoreSchema.nullable(),
  bestOf: z.number().int().nullable(),
  /** In lists, the main markets only (result, main handicap, main total); on the event, all of them. */
  markets: z.array(sportsMarketSchema),
  marketCount: z.number().int(),
  room: z.string(),
});
export type SportsEvent = z.infer<typeof sportsEventSchema>;

export const sportsEventPageSchema = z.object({
  list: z.array(sportsEventSchema),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

export const sportsLimitsSchema = z.object({
  minStake: z.string(),
  maxStake: z.string(),
  maxPayout: z.string(),
  maxSelections: z.number().int(),
  /** Seconds a live bet waits before it is accepted; a suspension in that time refuses it. */
  liveDelaySeconds: z.number().int(),
  /** The book's margin on cash-out offers, in basis points. */
  cashOutMarginBp: z.number().int(),
});

export const sportsbookMenuSchema = z.object({
  sports: z.array(z.object({ sport: z.enum(SPORTS), esport: z.boolean(), live: z.number().int(), upcoming: z.number().int() })),
  currency: z.string().nullable(),
  limits: sportsLimitsSchema,
  /** The member's odds format (kept per member); decimal for guests. */
  oddsFormat: z.enum(ODDS_FORMATS),
});
export type SportsbookMenu = z.infer<typeof sportsbookMenuSchema>;

export const sportsLegSchema = z.object({
  eventId: z.string(),
  sport: z.enum(SPORTS),
  competition: z.string(),
  /** "Home v Away", or the competition for an outright. */
  eventName: z.string(),
  startsAt: z.string(),
  market: z.string(),
  type: z.enum(MARKET_TYPES),
  line: z.number().int().nullable(),
  period: z.number().int().nullable(),
  outcome: z.string(),
  /** The outcome's name for an outright (an entrant); pages name the other outcomes themselves. */
  outcomeName: z.string().nullable(),
  price: z.number().int(),
  state: z.enum(LEG_STATES),
  live: z.boolean(),
});
export const sportsBetSchema = z.object({
  betId: z.string(),
  type: z.enum(SPORTS_BET_TYPES),
  systemSize: z.number().int().nullable(),
  combinations: z.number().int(),
  status: z.enum(SPORTS_BET_STATUSES),
  currency: z.string(),
  /** The whole stake (unit stake × combinations), what is still riding after partial cash-outs. */
  stake: z.string(),
  /** The stake as placed. */
  placedStake: z.string(),
  /** The total price of a single or parlay at the placed prices (thousandths); null for a system bet. */
  totalPrice: z.number().int().nullable(),
  potentialPayout: z.string(),
  /** What the bet paid at settlement (cash-outs not included); null while open. */
  payout: z.string().nullable(),
  /** What cash-outs paid so far. */
  cashedOut: z.string(),
  /** The full cash-out offer now; null when there is none (a suspended market, a lost leg, a settled bet). */
  cashOutOffer: z.string().nullable(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(sportsLegSchema),
});
export type SportsBet = z.infer<typeof sportsBetSchema>;
export const sportsBetPageSchema = z.object({ list: z.array(sportsBetSchema), totalCount: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

/** Public bodies and queries. */
const amountText = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a decimal amount such as "2.00"');
export const sportsSelectionSchema = z.object({
  eventId: sportsEventIdSchema,
  market: marketKeySchema,
  outcome: outcomeKeySchema,
  /** The price the member saw, in thousandths; the book compares it with its own under `acceptOdds`. */
  price: z.number().int().min(1001).max(10_000_000),
});
export const sportsSlipBodySchema = z.object({
  type: z.enum(SPORTS_BET_TYPES),
  /** A system bet's combination size, from 2 to one less than its selections. */
  systemSize: z
    .number()
    .int()
    .min(2)
    .max(SPORTS_SLIP_MAX_SELECTIONS - 1)
    .optional(),
  selections: z.array(sportsSelectionSchema).min(1).max(SPORTS_SLIP_MAX_SELECTIONS),
  /** The stake of a single or a parlay, or of each combination of a system bet, in major units. */
  stake: amountText,
  acceptOdds: z.enum(ODDS_ACCEPTANCE).default('higher'),
  /** Names the bet: the same id again answers the first bet (else the Idempotency-Key header does). */
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type SportsSlipBody = z.infer<typeof sportsSlipBodySchema>;

export const sportsEventsQuerySchema = z.object({
  sport: z.union([z.enum(SPORTS), z.literal('')]).optional(),
  /** `live`: playing now; `upcoming`: not started; both when blank. */
  status: z.enum(['live', 'upcoming', '']).optional(),
  /** `esports` or `sports`: the e-sports titles or the others; both when blank. */
  group: z.enum(['sports', 'esports', '']).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export const sportsBetsQuerySchema = z.object({
  /** `open`: waiting for results; `settled`: settled, cashed out or cancelled; both when blank. */
  status: z.enum(['open', 'settled', '']).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export const sportsCashOutBodySchema = z.object({
  /** A partial cash-out's amount, in major units; the whole offer when left out. */
  amount: amountText.optional(),
  /** The offer the member saw; a lower offer now is refused with SPORTS_CASHOUT_CHANGED. */
  expectedOffer: amountText,
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export const sportsOddsFormatBodySchema = z.object({ oddsFormat: z.enum(ODDS_FORMATS) });

export const sportsPlacedSchema = z.object({ bet: sportsBetSchema, balance: z.string().nullable() });
export const sportsCashedOutSchema = z.object({ bet: sportsBetSchema, amount: z.string(), balance: z.string().nullable() });

const player = z.object({ memberId: memberIdSchema, merchantCode: z.string(), currency: z.string() });

export const houseSportsbookRpcMethods = {
  sportsbookMenu: { input: z.object({ memberId: z.string().optional(), currency: z.string().optional() }), output: sportsbookMenuSchema },
  sportsEvents: { input: sportsEventsQuerySchema, output: sportsEventPageSchema },
  sportsEvent: { input: z.object({ eventId: z.string() }), output: sportsEventSchema },
  /** One bet of the slip: debited through the wallet, live bets after the acceptance delay. */
  placeSportsBet: { input: sportsSlipBodySchema.extend({ player, requestId: z.string().optional() }), output: sportsPlacedSchema },
  sportsMyBets: { input: sportsBetsQuerySchema.extend({ memberId: memberIdSchema }), output: sportsBetPageSchema },
  cashOutSportsBet: { input: sportsCashOutBodySchema.extend({ player, betId: z.string() }), output: sportsCashedOutSchema },
  setSportsOddsFormat: { input: sportsOddsFormatBodySchema.extend({ memberId: memberIdSchema }), output: sportsOddsFormatBodySchema },
};
