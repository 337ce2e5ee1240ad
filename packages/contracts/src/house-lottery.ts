import { z } from 'zod';
import { memberIdSchema } from './ids.js';
import { LOTTERY_MAX_MULTIPLIER, lotteryFamilySchema, lotteryOutcomeSchema, type LotteryFamily, type LotteryTrendTable } from './lottery-rules.js';

/**
 * The house lottery (issue 18): fast lotteries every few minutes and daily Vietnamese and south-east Asian draws,
 * played on the house vendor and paid through the seamless wallet. Every lottery game of the demo catalogue (vendors
 * LOTT, ELOTT, TCG_LOTTO_VN, TCG_SEA) is one house lottery game under the same game code. The rules (bet types,
 * selections, odds, drawing from a seed) are in `lottery-rules.ts`; this file holds the calls and their answers.
 *
 * A draw opens with the SHA-256 of its server seed published; betting closes `closeSeconds` before `drawAt`; at
 * `drawAt` the numbers come from HMAC-SHA256(serverSeed, `${gameCode}:${drawNo}:0:${cursor}`) read by `drawLottery`,
 * and the seed is revealed. Results and the other moments of a draw are pushed as `table` pushes to the room
 * `lotteryRoom(gameCode)` (join it with the socket's `join-table`).
 */

export const LOTTERY_DRAW_STATUSES = ['open', 'closed', 'drawn', 'settled', 'cancelled'] as const;
export type LotteryDrawStatus = (typeof LOTTERY_DRAW_STATUSES)[number];
export const LOTTERY_TICKET_STATUSES = ['placed', 'won', 'lost', 'refunded'] as const;
export type LotteryTicketStatus = (typeof LOTTERY_TICKET_STATUSES)[number];

/** Most bets on one slip; each bet is one ticket, debited on its own. */
export const LOTTERY_SLIP_MAX_BETS = 20;
export const LOTTERY_TRENDS_DRAWS_MAX = 200;

/** The push room of a lottery game: a table id (`[a-z0-9-]`) the socket's `join-table` accepts. */
export const lotteryRoom = (gameCode: string): string => `lottery-${gameCode.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`.slice(0, 40);

export const LOTTERY_GAME_CODE_PATTERN = /^[a-z0-9_-]{1,40}$/;
export const LOTTERY_DRAW_NO_PATTERN = /^[0-9-]{8,16}$/;
export const lotteryGameCodeSchema = z.string().regex(LOTTERY_GAME_CODE_PATTERN, 'a lottery game code');
export const lotteryDrawNoSchema = z.string().regex(LOTTERY_DRAW_NO_PATTERN, 'a draw number such as 20261126-0042');

/** Limits in major units of two-decimal currencies (whole units otherwise). */
export const lotteryLimitsSchema = z.object({
  minUnitStake: z.string(),
  maxUnitStake: z.string(),
  maxTicketStake: z.string(),
  maxMultiplier: z.number().int(),
  maxBetsPerSlip: z.number().int(),
});

export const lotteryGameSchema = z.object({
  gameCode: z.string(),
  /** The catalogue vendor whose tile opens the game (LOTT, ELOTT, TCG_LOTTO_VN, TCG_SEA). */
  vendor: z.string(),
  /** The catalogue game type (LOTT or ELOTT); the wallet records the tickets under it. */
  gameType: z.string(),
  family: lotteryFamilySchema,
  /** The family's name, e.g. "Five-ball 0–9"; pages translate by `family`. */
  name: z.string(),
  /** Vietnamese central and south: the province the game draws for. */
  region: z.string().nullable(),
  kind: z.enum(['fast', 'daily']),
  /** Fast games: seconds between draws. */
  intervalSeconds: z.number().int().nullable(),
  /** Daily games: the local draw time "HH:MM" in the game's own zone (`utcOffsetMinutes`). */
  dailyTime: z.string().nullable(),
  /** Daily games that draw on some days of the week only: those days in the game's zone, 0 being Sunday. */
  drawWeekdays: z.array(z.number().int().min(0).max(6)).nullable(),
  utcOffsetMinutes: z.number().int(),
  /** Betting closes this long before each draw. */
  closeSeconds: z.number().int(),
  /** The push room (`lotteryRoom`). */
  room: z.string(),
  limits: lotteryLimitsSchema,
  /** The bet type codes of the family (`lotteryBetTypesOf`), in slip order. */
  betTypes: z.array(z.string()),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

export const houseLotteryDrawSchema = z.object({
  gameCode: z.string(),
  drawNo: z.string(),
  /** Increases draw after draw (not always by one); the pushes' `roundNo`. */
  seq: z.number().int(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  /** ISO 8601, UTC. Betting is open from `opensAt` until `closesAt`. */
  opensAt: z.string(),
  closesAt: z.string(),
  drawAt: z.string(),
  /** SHA-256 of the server seed, published before the draw opens. */
  seedHash: z.string(),
  /** Revealed once the draw is drawn (or cancelled). */
  serverSeed: z.string().nullable(),
  /** `${gameCode}:${drawNo}` (`lotteryClientSeed`); the nonce is always 0. */
  clientSeed: z.string(),
  /** The result as digit strings (`lotteryResultNumbers`), null until drawn. */
  numbers: z.array(z.string()).nullable(),
  outcome: lotteryOutcomeSchema.nullable(),
  drawnAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type LotteryDrawView = z.infer<typeof houseLotteryDrawSchema>;

export const lotteryTicketSchema = z.object({
  ticketId: z.string(),
  slipId: z.string(),
  gameCode: z.string(),
  drawNo: z.string(),
  betType: z.string(),
  selection: z.record(z.string(), z.unknown()),
  currency: z.string(),
  unitStake: z.string(),
  multiplier: z.number().int(),
  combinations: z.number().int(),
  /** unit stake × combinations × multiplier. */
  stake: z.string(),
  /** What the ticket paid back, stake included; "0.00" while open, when lost or refunded. */
  win: z.string(),
  status: z.enum(LOTTERY_TICKET_STATUSES),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryTicketView = z.infer<typeof lotteryTicketSchema>;

export const lotteryGameEntrySchema = lotteryGameSchema.extend({
  /** The draw taking bets now, else the next one to open (its hash already published). */
  draw: houseLotteryDrawSchema.nullable(),
  /** The last draw with numbers. */
  lastDraw: houseLotteryDrawSchema.nullable(),
});
export const lotteryGamesSchema = z.object({ games: z.array(lotteryGameEntrySchema), serverTime: z.string() });
export type LotteryGames = z.infer<typeof lotteryGamesSchema>;

export const lotteryGameStateSchema = z.object({
  game: lotteryGameSchema,
  /** The draw taking bets now, else the next one to open. */
  draw: houseLotteryDrawSchema.nullable(),
  /** Draws already committed after `draw` (their hashes published). */
  upcoming: z.array(houseLotteryDrawSchema),
  /** The latest finished draws, newest first. */
  results: z.array(houseLotteryDrawSchema),
  /** The caller's tickets in `draw` (members only). */
  myTickets: z.array(lotteryTicketSchema),
  serverTime: z.string(),
});
export type LotteryGameState = z.infer<typeof lotteryGameStateSchema>;

const pageFields = { pageNo: z.number().int(), pageSize: z.number().int(), totalPages: z.number().int(), total: z.number().int() };
export const lotteryTicketPageSchema = z.object({ list: z.array(lotteryTicketSchema), ...pageFields });
export const lotteryDrawPageSchema = z.object({ list: z.array(houseLotteryDrawSchema), ...pageFields });

/** `lotteryTrendTable` of a game's newest `draws` results. */
export const lotteryTrendsSchema = z.object({
  gameCode: z.string(),
  family: lotteryFamilySchema,
  /** How many drawn results were counted. */
  draws: z.number().int(),
  values: z.array(z.string()),
  rows: z.array(
    z.object({
      kind: z.enum(['ball', 'place', 'digit', 'all', 'lo', 'de']),
      position: z.number().int().nullable(),
      counts: z.array(z.number().int()),
      missing: z.array(z.number().int()),
    }),
  ),
  layout: z.enum(['table', 'grid']),
}) satisfies z.ZodType<LotteryTrendTable & { gameCode: string; family: LotteryFamily }>;
export type LotteryTrends = z.infer<typeof lotteryTrendsSchema>;

/** What the verify page needs to recompute a draw (`lotteryOutcomeFromSeed`) and compare it. */
export const lotteryDrawProofSchema = z.object({
  gameCode: z.string(),
  family: lotteryFamilySchema,
  drawNo: z.string(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  seedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  outcome: lotteryOutcomeSchema.nullable(),
  numbers: z.array(z.string()).nullable(),
  drawAt: z.string(),
  drawnAt: z.string().nullable(),
});
export type LotteryDrawProof = z.infer<typeof lotteryDrawProofSchema>;

/** Public bodies and queries. */
const amountText = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a decimal amount such as "2.00"');
export const lotteryBetSchema = z.object({
  /** A bet type code of the game's family, e.g. `ssc.position`. */
  betType: z.string().min(1).max(40),
  /** The bet type's selection, e.g. `{ position: 1, digits: [7] }`. */
  selection: z.record(z.string(), z.unknown()),
  /** Stake of one single bet at multiplier 1, in major units. */
  unitStake: amountText,
  multiplier: z.coerce.number().int().min(1).max(LOTTERY_MAX_MULTIPLIER).default(1),
});
export const lotterySlipBodySchema = z.object({
  /** The draw the slip is for; the draw taking bets now when left out. */
  drawNo: lotteryDrawNoSchema.optional(),
  bets: z.array(lotteryBetSchema).min(1).max(LOTTERY_SLIP_MAX_BETS),
  /** Names the slip: the same id again answers the first slip (else the Idempotency-Key header does). */
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export const lotteryTicketsQuerySchema = z.object({
  gameCode: z.union([lotteryGameCodeSchema, z.literal('')]).optional(),
  /** `open`: placed and waiting for their draw; `settled`: won, lost or refunded. */
  status: z.enum(['open', 'settled', '']).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export const lotteryHistoryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export const lotteryTrendsQuerySchema = z.object({ draws: z.coerce.number().int().min(1).max(LOTTERY_TRENDS_DRAWS_MAX).catch(50).default(50) });

export const lotterySlipSchema = z.object({
  slipId: z.string(),
  gameCode: z.string(),
  drawNo: z.string(),
  tickets: z.array(lotteryTicketSchema),
  currency: z.string(),
  totalStake: z.string(),
  /** The member's balance after the slip, when the wallet reported it. */
  balance: z.string().nullable(),
});
export type LotterySlip = z.infer<typeof lotterySlipSchema>;

const player = z.object({ memberId: memberIdSchema, merchantCode: z.string(), currency: z.string() });

export const houseLotteryRpcMethods = {
  lotteryGames: { input: z.object({}), output: lotteryGamesSchema },
  lotteryGameState: { input: z.object({ gameCode: z.string(), memberId: z.string().optional() }), output: lotteryGameStateSchema },
  /** One slip for one open draw: every ticket is debited, or none is (a refusal rolls back what was debited). */
  placeLotterySlip: { input: lotterySlipBodySchema.extend({ gameCode: z.string(), player }), output: lotterySlipSchema },
  lotteryMyTickets: { input: lotteryTicketsQuerySchema.extend({ memberId: memberIdSchema }), output: lotteryTicketPageSchema },
  lotteryHistory: { input: lotteryHistoryQuerySchema.extend({ gameCode: z.string() }), output: lotteryDrawPageSchema },
  lotteryTrends: { input: lotteryTrendsQuerySchema.extend({ gameCode: z.string() }), output: lotteryTrendsSchema },
  lotteryDrawProof: { input: z.object({ gameCode: z.string(), drawNo: z.string() }), output: lotteryDrawProofSchema },
  /** Operator: cancels a draw not yet drawn; every ticket is refunded. */
  cancelLotteryDraw: {
    input: z.object({ gameCode: z.string(), drawNo: z.string(), operator: z.string(), reason: z.string().max(200).optional() }),
    output: houseLotteryDrawSchema,
  },
};
