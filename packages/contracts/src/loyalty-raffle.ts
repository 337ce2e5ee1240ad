import { z } from 'zod';
import { rowIdSchema } from './ids.js';
import { raffleWinnerSchema, rafflePushSchema } from './push-data.js';
export { raffleWinnerSchema, rafflePushSchema };

/** A promotion's id as the promotions catalogue gives it. */
export const rafflePromotionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * Raffles: a promotion of kind `raffle`. A member joins with `MCS2_claimRafflePromotion`; its tickets are
 * floor(valid bet settled since the raffle started ÷ ticketPerMinor). Before the draw the SHA-256 of a secret seed is
 * published; at `drawAt` winners are drawn from the seed, weighted by tickets and without replacement, the prizes are
 * paid and the seed is revealed, so anyone can recompute the draw (see `raffleVerificationSchema`).
 */

export const raffleStatusSchema = z.enum(['upcoming', 'open', 'drawn']);

export type RaffleWinner = z.infer<typeof raffleWinnerSchema>;

/** A raffle as the promotions page shows it, with the signed-in member's own part. */
export const raffleStateSchema = z.object({
  promotionId: z.string(),
  status: raffleStatusSchema,
  startsAt: z.string(),
  drawAt: z.string(),
  currency: z.string(),
  ticketPerMinor: z.string(),
  prizes: z.array(z.object({ rank: z.number().int(), amountMinor: z.string() })),
  /** Wagering multiple of prizes paid as bonus money; 0 pays cash. */
  multiple: z.number().int(),
  /** SHA-256 of the seed (hex), published before the draw; null until the raffle opens. */
  hash: z.string().nullable(),
  /** The seed, revealed once drawn. */
  seed: z.string().nullable(),
  /** Members who joined, and their tickets now (at the draw once drawn). */
  entrants: z.number().int(),
  totalTickets: z.string(),
  /** The signed-in member's part; null for guests. */
  me: z
    .object({
      joined: z.boolean(),
      /** Tickets now (counted whether joined or not: joining makes them count). */
      tickets: z.string(),
      validBetMinor: z.string(),
      /** Valid bet still needed for one more ticket, minor units. */
      nextTicketMinor: z.string(),
      /** The member's prize, once drawn. */
      prize: raffleWinnerSchema.nullable(),
    })
    .nullable(),
  winners: z.array(raffleWinnerSchema),
});
export type RaffleState = z.infer<typeof raffleStateSchema>;

/**
 * A raffle's draw, verifiable. `hash` = SHA-256(seed) in hex, published before the draw. The draw: entries in
 * `entries` order with tickets > 0; for each prize by rank, r = the next random number below the tickets left
 * (the stream is HMAC-SHA-256 with the seed as key over the counter 0, 1, 2… as decimal text, read as 64-bit
 * big-endian numbers, rejecting values ≥ 2^64 − (2^64 mod bound)); the winner is the entry whose cumulative tickets
 * first exceed r, and it leaves the list.
 */
export const raffleVerificationSchema = z.object({
  promotionId: z.string(),
  status: raffleStatusSchema,
  hash: z.string().nullable(),
  seed: z.string().nullable(),
  /** The ticket list the draw used, in order; null until drawn. */
  entries: z.array(z.object({ position: z.number().int(), name: z.string(), tickets: z.string() })).nullable(),
  winners: z.array(raffleWinnerSchema),
});
export type RaffleVerification = z.infer<typeof raffleVerificationSchema>;

/** An entry as the operator sees it. */
export const raffleEntrySchema = z.object({
  position: z.number().int().nullable(),
  memberId: z.string(),
  name: z.string(),
  joinedAt: z.string().nullable(),
  validBetMinor: z.string(),
  tickets: z.string(),
  rank: z.number().int().nullable(),
});

const brand = { merchantCode: z.string().min(1) };

/** The points service's raffle operations; `pointsRpc` includes them. */
export const raffleRpcMethods = {
  raffleState: {
    input: z.object({ ...brand, promotionId: rafflePromotionIdSchema, memberId: rowIdSchema.optional() }),
    output: raffleStateSchema,
  },
  joinRaffle: {
    input: z.object({ ...brand, promotionId: rafflePromotionIdSchema, memberId: rowIdSchema, currency: z.string() }),
    output: raffleStateSchema,
  },
  verifyRaffle: {
    input: z.object({ ...brand, promotionId: rafflePromotionIdSchema }),
    output: raffleVerificationSchema,
  },
  operatorRaffleEntries: {
    input: z.object({ ...brand, promotionId: rafflePromotionIdSchema }),
    output: z.object({ promotionId: z.string(), status: raffleStatusSchema, hash: z.string().nullable(), list: z.array(raffleEntrySchema) }),
  },
  /** Draws an open raffle now, before its `drawAt` if need be. */
  operatorDrawRaffle: {
    input: z.object({ ...brand, promotionId: rafflePromotionIdSchema, operator: z.string() }),
    output: raffleVerificationSchema,
  },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;
