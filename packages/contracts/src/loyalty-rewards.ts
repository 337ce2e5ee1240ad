import { z } from 'zod';
import { interfaceLanguageSchema } from './content-languages.js';
import { rowIdSchema } from './ids.js';
import { rewardCountSchema } from './push-data.js';
export { rewardCountSchema };

/** Where a reward in the reward centre comes from. */
export const rewardSourceSchema = z.enum(['mission', 'leaderboard', 'vip_upgrade', 'vip_monthly', 'vip_birthday', 'envelope', 'rebate', 'promotion']);
export type RewardSourceName = z.infer<typeof rewardSourceSchema>;

/** A reward granted to the member: claimable while `available`, received once `claimed`. */
export const rewardSchema = z.object({
  id: z.string(),
  source: rewardSourceSchema,
  title: z.string(),
  /** Money paid as cash or as bonus, or points. */
  kind: z.enum(['cash', 'bonus', 'points']),
  currency: z.string(),
  /** Money rewards: minor units as decimal text ("0" for points rewards). */
  amountMinor: z.string(),
  /** Points rewards: whole points as decimal text ("0" for money rewards). */
  points: z.string(),
  status: z.enum(['available', 'claimed', 'expired']),
  /** ISO 8601; null when it never expires. */
  expiresAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  /** A claimed money reward is paid by the wallet right after the claim; false only while that payment is pending. */
  paid: z.boolean(),
  createdAt: z.string(),
});
export type Reward = z.infer<typeof rewardSchema>;

export type RewardCount = z.infer<typeof rewardCountSchema>;

const member = { memberId: rowIdSchema, merchantCode: z.string().min(1) };
/** The reader's interface language: the names of rewards are written in it (Spanish when absent). */
const reader = { ...member, language: interfaceLanguageSchema.optional() };
const grantIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
/** A calendar day (the database refuses 2023-13-45). */
const isoDate = z.iso.date();

/** bonusDetails: one page of what the member received, newest first, optionally within dates (inclusive, in the brand's time zone). */
export const bonusDetailsQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to before from', params: { errorCode: 'DATE_RANGE_INVALID' } });

/** One line of bonusDetails: a claimed reward or a red envelope, when it was received. */
export const bonusDetailSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  source: rewardSourceSchema,
  title: z.string(),
  kind: z.enum(['cash', 'bonus', 'points']),
  currency: z.string(),
  amountMinor: z.string(),
  points: z.string(),
});
export type BonusDetail = z.infer<typeof bonusDetailSchema>;

/** The reward centre: everything a member can claim, in one list, and what was received. */
export const rewardsRpcMethods = {
  listRewards: {
    input: z.object(reader),
    /** Available rewards first (soonest to expire first), then the 30 days' claimed and expired ones, newest first. */
    output: z.object({ list: z.array(rewardSchema), count: z.number().int().min(0), version: z.number().int().min(0) }),
  },
  rewardCount: {
    input: z.object(member),
    output: rewardCountSchema,
  },
  claimReward: {
    input: z.object({ ...reader, grantId: grantIdSchema }),
    output: z.object({ reward: rewardSchema, count: z.number().int().min(0), version: z.number().int().min(0) }),
  },
  claimAllRewards: {
    input: z.object(reader),
    output: z.object({ claimed: z.array(rewardSchema), count: z.number().int().min(0), version: z.number().int().min(0) }),
  },
  bonusDetails: {
    input: z.object({ ...reader, from: isoDate.optional(), to: isoDate.optional(), pageNo: z.number().int().min(1), pageSize: z.number().int().min(1).max(100) }),
    output: z.object({
      list: z.array(bonusDetailSchema),
      total: z.number().int().min(0),
      totalPages: z.number().int().min(0),
      pageNo: z.number().int().min(1),
      /** Totals of the whole selection (every page), money per currency in minor units. */
      totals: z.object({ money: z.array(z.object({ currency: z.string(), amountMinor: z.string() })), points: z.string() }),
    }),
  },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

/** Push `rewards`: The number of rewards the member can claim changed. */
export const rewardsPushSchema = rewardCountSchema;
