import { z } from 'zod';

/**
 * The house vendor's shared-round games (issue 6, part 2): crash, the live tables (baccarat, roulette, dragon tiger)
 * and cockfight. Every seated player sees the same round; rounds run on the server's clock and are pushed to the
 * Socket.IO room `table:<tableId>`.
 */
export const LIVE_GAMES = ['crash', 'baccarat', 'roulette', 'dragon-tiger', 'cockfight'] as const;
export type LiveGame = (typeof LIVE_GAMES)[number];
export const liveGameSchema = z.enum(LIVE_GAMES);

export const TABLE_ID_PATTERN = /^[a-z0-9-]{1,40}$/;
export const liveTableIdSchema = z.string().regex(TABLE_ID_PATTERN, 'a table id');
/** A stake in major units, as the API carries money. */
export const liveAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a decimal amount such as "10.00"');
/** A crash cash-out target such as "2.00"; at least 1.01. */
export const liveMultiplierSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, 'a multiplier such as "2.00"');

export const LIVE_ROUND_STATUSES = ['betting', 'running', 'drawn', 'settled', 'refunded'] as const;
export type LiveRoundStatus = (typeof LIVE_ROUND_STATUSES)[number];
export const LIVE_BET_STATUSES = ['placed', 'cashed', 'won', 'lost', 'push', 'refunded'] as const;

export const liveTableSchema = z.object({
  tableId: z.string(),
  game: liveGameSchema,
  gameCode: z.string(),
  minBet: z.string(),
  maxBet: z.string(),
  bettingSeconds: z.number(),
  /** The fixed, published client seed of the table's hash chain. */
  clientSeed: z.string(),
});
export type LiveTable = z.infer<typeof liveTableSchema>;

export const liveRoundSchema = z.object({
  roundId: z.string(),
  roundNo: z.number().int(),
  status: z.enum(LIVE_ROUND_STATUSES),
  /** Epoch milliseconds on the server's clock; clients correct with `serverTime`. */
  opensAt: z.number(),
  closesAt: z.number(),
  /** SHA-256 of this round's server seed, published when the round opens. */
  seedHash: z.string(),
  /** The round's server seed, revealed once the round is over. */
  serverSeed: z.string().nullable(),
  /** Crash: when the multiplier started growing, and its growth per millisecond (m = e^(growth·ms)). */
  startedAt: z.number().nullable(),
  growth: z.number().nullable(),
  /** Cockfight: the odds published for this fight (profit per unit staked). */
  odds: z.record(z.string(), z.string()).nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type LiveRound = z.infer<typeof liveRoundSchema>;

export const liveBetSchema = z.object({
  betId: z.string(),
  roundId: z.string(),
  spot: z.string(),
  amount: z.string(),
  currency: z.string(),
  /** What the bet paid back (stake included); "0" while open or when lost. */
  payout: z.string(),
  status: z.enum(LIVE_BET_STATUSES),
  autoCashout: z.string().nullable(),
  cashoutMultiplier: z.string().nullable(),
});
export type LiveBet = z.infer<typeof liveBetSchema>;

export const liveHistoryEntrySchema = z.object({
  roundId: z.string(),
  roundNo: z.number().int(),
  result: z.record(z.string(), z.unknown()).nullable(),
  status: z.enum(LIVE_ROUND_STATUSES),
  seedHash: z.string(),
  serverSeed: z.string().nullable(),
  settledAt: z.number().nullable(),
});
export type LiveHistoryEntry = z.infer<typeof liveHistoryEntrySchema>;

export const liveTableStateSchema = z.object({
  table: liveTableSchema,
  round: liveRoundSchema.nullable(),
  history: z.array(liveHistoryEntrySchema),
  /** The caller's bets in the current round (members only). */
  myBets: z.array(liveBetSchema),
  serverTime: z.number(),
});
export type LiveTableState = z.infer<typeof liveTableStateSchema>;

/**
 * What anyone may check about a settled round: its revealed seed and the hash published when it opened, the next
 * round's published hash (which is this seed, the chain link), the chain head it leads to, the table's public client
 * seed and the stored result. An open round's seed is never revealed.
 */
export const liveRoundProofSchema = z.object({
  tableId: z.string(),
  game: liveGameSchema,
  roundId: z.string(),
  roundNo: z.number().int(),
  clientSeed: z.string(),
  serverSeed: z.string(),
  seedHash: z.string(),
  /** Null while the next round has not opened, or when it starts a new chain. */
  nextSeedHash: z.string().nullable(),
  /** The head of the chain this round belongs to and the SHA-256 steps from the seed to it; null for a retired chain. */
  chainHead: z.string().nullable(),
  chainDistance: z.number().int().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  odds: z.record(z.string(), z.string()).nullable(),
  settledAt: z.number().nullable(),
});
export type LiveRoundProof = z.infer<typeof liveRoundProofSchema>;

const player = { memberId: z.string(), merchantCode: z.string(), currency: z.string() };

/** Public bodies, as the client sends them. */
export const liveBetBodySchema = z.object({
  roundId: z.string().max(60),
  bets: z
    .array(z.object({ spot: z.string().trim().min(1).max(40), amount: liveAmountSchema }))
    .min(1)
    .max(20),
  autoCashout: liveMultiplierSchema.optional(),
});
export const liveCashoutBodySchema = z.object({ roundId: z.string().max(60) });

export const houseLiveRpcMethods = {
  liveTables: { input: z.object({}), output: z.array(liveTableSchema) },
  liveTableState: { input: z.object({ tableId: z.string(), memberId: z.string().optional() }), output: liveTableStateSchema },
  liveHistory: { input: z.object({ tableId: z.string(), limit: z.number().int().min(1).max(100) }), output: z.array(liveHistoryEntrySchema) },
  /** All the bets of one call are placed together or not at all. */
  placeLiveBets: {
    input: liveBetBodySchema.extend({ tableId: z.string(), ...player }),
    output: z.object({ bets: z.array(liveBetSchema), balance: z.string(), currency: z.string() }),
  },
  /** Crash: takes the caller's bet out at the multiplier the server's clock gives now. */
  liveCashout: {
    input: liveCashoutBodySchema.extend({ tableId: z.string(), ...player }),
    output: z.object({ bet: liveBetSchema, balance: z.string(), currency: z.string() }),
  },
  /** The proof of a settled round (public: watchers verify too). */
  liveRoundProof: { input: z.object({ tableId: z.string(), roundNo: z.number().int().min(0) }), output: liveRoundProofSchema },
  /** The caller's own bets at a table, newest first. */
  liveMyBets: {
    input: z.object({ tableId: z.string(), memberId: z.string(), limit: z.number().int().min(1).max(100) }),
    output: z.array(liveBetSchema),
  },
};
