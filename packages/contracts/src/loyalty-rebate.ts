import { z } from 'zod';
import { rowIdSchema } from './ids.js';

/**
 * Manual rebate (member-centre panel `manualRebate`): today's rebate so far (valid bet of the brand's day times the
 * rate of the member's VIP level), claimable before the daily run. A claim covers the valid bet not claimed yet; the
 * daily run then grants the rebate of the rest only, so no valid bet is rebated twice.
 */

export const rebateLineSchema = z.object({
  /** A game type (RNG, LIVE, …); OTHER for valid bet counted before it was recorded by game type. */
  gameType: z.string(),
  validBetMinor: z.string(),
  rebateMinor: z.string(),
});

export const rebateClaimSchema = z.object({
  claimId: z.string(),
  day: z.string(),
  currency: z.string(),
  validBetMinor: z.string(),
  rateBasisPoints: z.number().int(),
  amountMinor: z.string(),
  claimedAt: z.string(),
  /** True once the amount reached the wallet. */
  paid: z.boolean(),
});
export type RebateClaim = z.infer<typeof rebateClaimSchema>;

export const rebateAccrualSchema = z.object({
  /** False when the brand has no VIP programme or the member's level earns no rebate. */
  available: z.boolean(),
  currency: z.string(),
  /** The brand's day (yyyy-MM-dd) the figures are for. */
  day: z.string(),
  level: z.number().int(),
  labelName: z.string(),
  rateBasisPoints: z.number().int(),
  /** Today's valid bet by game type with the rebate each earns at the rate. */
  lines: z.array(rebateLineSchema),
  validBetMinor: z.string(),
  /** The rebate of all of today's valid bet. */
  accruedMinor: z.string(),
  /** What was claimed today, and the valid bet it covered. */
  claimedMinor: z.string(),
  claimedValidBetMinor: z.string(),
  /** What a claim would pay now. */
  claimableMinor: z.string(),
  /** Today's claims, newest first. */
  claims: z.array(rebateClaimSchema),
});
export type RebateAccrual = z.infer<typeof rebateAccrualSchema>;

const member = { memberId: rowIdSchema, merchantCode: z.string().min(1), currency: z.string() };

/** The points service's manual rebate operations; `pointsRpc` includes them. */
export const rebateRpcMethods = {
  rebateAccrual: {
    input: z.object(member),
    output: rebateAccrualSchema,
  },
  /** Claims what accrued today, once per idempotency key; paid as cash and recorded in the reward centre. */
  claimRebate: {
    input: z.object({ ...member, idempotencyKey: z.string().min(1).max(200) }),
    output: z.object({ claim: rebateClaimSchema, accrual: rebateAccrualSchema }),
  },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;
