import { z } from 'zod';
import { pathIdText } from './api/fields.js';

/**
 * Free rounds on the house slots: a promotion gives a member a number of spins of one slot at a set stake. The spins
 * cost the member nothing and move no money while they are played; their wins add up on the grant. When the last
 * spin is played, or the grant expires with spins left, the house announces the total, and the promotion gives it as a
 * bonus with the promotion's wagering terms (paid as cash when its multiple is 0).
 *
 * Both announcements travel on `promotions.v1`: `free_rounds.granted` from the promotions to the house (once per
 * claim; the house keeps one grant per key), `free_rounds.finished` from the house back (once per grant).
 */

const minorText = z.string().regex(/^(0|[1-9][0-9]{0,17})$/);
const idText = z.string().regex(/^[1-9][0-9]{0,17}$/);

/** Most spins one grant gives, and most days to play them. */
export const FREE_ROUNDS_MAX = 500;
export const FREE_ROUNDS_DAYS_MAX = 30;

/** A promotion gave a member free rounds. `key` names the grant: the same key twice is one grant. */
export const freeRoundsGrantedSchema = z.object({
  key: z.string().min(1).max(200),
  merchantCode: z.string(),
  memberId: z.string(),
  currency: z.string(),
  /** A house slot's code (the promotion's terms are checked against the slots when written). */
  game: z.string().min(1).max(60),
  rounds: z.number().int().min(1).max(FREE_ROUNDS_MAX),
  stakeMinor: idText,
  expiresAt: z.string().datetime({ offset: true }),
  promotionId: idText,
  participationId: idText,
  /** How the total won is given: as bonus money to wager, or as cash (a wagering multiple of 0). */
  winningsAs: z.enum(['bonus', 'cash']).default('bonus'),
  /** The promotion's name per language, shown on the slot page. */
  titles: z.record(z.string(), z.string().max(200)),
});
export type FreeRoundsGranted = z.infer<typeof freeRoundsGrantedSchema>;

/** A grant is over: every spin played, or expired with spins left. `winMinor` is what its spins won in all. */
export const freeRoundsFinishedSchema = z.object({
  key: z.string(),
  grantId: idText,
  merchantCode: z.string(),
  memberId: z.string(),
  currency: z.string(),
  promotionId: idText,
  participationId: idText,
  roundsPlayed: z.number().int().min(0),
  winMinor: minorText,
  reason: z.enum(['played', 'expired']),
});
export type FreeRoundsFinished = z.infer<typeof freeRoundsFinishedSchema>;

export const FREE_ROUNDS_STATES = ['active', 'finished', 'expired'] as const;

/** A member's grant as the slot page shows it; money in major units of its currency. */
export const freeRoundsGrantSchema = z.object({
  grantId: z.string(),
  game: z.string(),
  title: z.string(),
  currency: z.string(),
  stake: z.string(),
  roundsTotal: z.number().int(),
  roundsLeft: z.number().int(),
  /** What the spins played so far won. */
  win: z.string(),
  state: z.enum(FREE_ROUNDS_STATES),
  /** How the total won is given when the grant is over. */
  winningsAs: z.enum(['bonus', 'cash']),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type FreeRoundsGrant = z.infer<typeof freeRoundsGrantSchema>;

export const freeRoundsQuerySchema = z.object({ game: z.string().max(60).optional() });
export const freeSpinBodySchema = z.object({
  grantId: pathIdText(/^[1-9][0-9]{0,17}$/, 'FREE_ROUNDS_NOT_FOUND'),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
