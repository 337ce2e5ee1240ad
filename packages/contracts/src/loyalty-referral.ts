import { z } from 'zod';
import { rowIdSchema } from './ids.js';

/**
 * Invite friends (member-centre panel `referral`). Every member has its own referral code; whoever registers with it
 * (`/register?referralCode=…`) is the member's referee. The brand's live referral promotion decides the reward: the
 * referrer is paid once per referee when the referee's first deposit is at least `minDepositMinor` and its valid bet
 * reaches `minValidBetMinor`, both within `withinDays` of registering.
 */

/** The member's own code and the registration address that carries it. */
export const referralLinkSchema = z.object({ code: z.string(), url: z.string() });
export type ReferralLink = z.infer<typeof referralLinkSchema>;

/** The terms of the brand's live referral promotion, as the panel shows them. */
export const referralTermsViewSchema = z.object({
  promotionId: z.string(),
  /** What the referrer receives per qualified friend, minor units. */
  rewardMinor: z.string(),
  minDepositMinor: z.string(),
  minValidBetMinor: z.string(),
  withinDays: z.number().int(),
  /** What the friend receives when it qualifies, minor units; null when nothing. */
  refereeBonusMinor: z.string().nullable(),
  /** Wagering multiple of the reward paid as bonus money; 0 pays cash. */
  multiple: z.number().int(),
  endsAt: z.string().nullable(),
});
export type ReferralTermsView = z.infer<typeof referralTermsViewSchema>;

/** One invited friend with its progress toward qualifying. */
export const referralFriendSchema = z.object({
  /** The friend's account, masked. */
  name: z.string(),
  registeredAt: z.string(),
  /** The last moment a deposit or bet counts for qualifying (registration + withinDays); null without a live promotion. */
  deadline: z.string().nullable(),
  /** The friend's first deposit, minor units; null before it deposits. */
  firstDepositMinor: z.string().nullable(),
  /** Valid bet within the window, minor units. */
  validBetMinor: z.string(),
  depositMet: z.boolean(),
  validBetMet: z.boolean(),
  /** `pending` while it can still qualify, `qualified` once it did (the reward is due), `expired` when the window passed. */
  status: z.enum(['pending', 'qualified', 'expired']),
  qualifiedAt: z.string().nullable(),
  /** The referrer's reward for this friend, once qualified, minor units. */
  rewardMinor: z.string().nullable(),
  /** True once the reward reached the referrer's wallet. */
  rewardPaid: z.boolean(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

export const referralSummarySchema = z.object({
  currency: z.string(),
  /** Null when the brand runs no referral promotion now (friends still show, nothing new is paid). */
  terms: referralTermsViewSchema.nullable(),
  totals: z.object({
    invited: z.number().int(),
    qualified: z.number().int(),
    /** Rewards paid to the member, and rewards due but not paid yet, minor units. */
    earnedMinor: z.string(),
    pendingMinor: z.string(),
  }),
  friends: z.object({
    list: z.array(referralFriendSchema),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralSummaryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** The points service's referral operations; `pointsRpc` includes them. */
export const referralRpcMethods = {
  referralSummary: {
    input: z.object({ memberId: rowIdSchema, merchantCode: z.string().min(1), currency: z.string(), pageNo: z.number().int().min(1), pageSize: z.number().int().min(1).max(50) }),
    output: referralSummarySchema,
  },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

/** Identity's operation for the member's own referral link; `identityRpc` includes it. */
export const referralLinkRpcMethods = {
  /** The member's referral code (one is given to a member without one) and its registration address on `host`. */
  referralLink: {
    input: z.object({ memberId: rowIdSchema, merchantCode: z.string().min(1), host: z.string().optional() }),
    output: referralLinkSchema,
  },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;
