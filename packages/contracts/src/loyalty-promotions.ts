import { z } from 'zod';
import { boundedText } from './bounded-text.js';
import { memberIdSchema } from './ids.js';
import { gameTypeSchema } from './games.js';
import { loyaltyLanguageSchema } from './loyalty-missions.js';
import { interfaceLanguageSchema, perInterfaceLanguageShape } from './content-languages.js';
import { wageringWeightsSchema } from './wallet-bonuses.js';
import { slotCodeSchema } from './house.js';
import { FREE_ROUNDS_DAYS_MAX, FREE_ROUNDS_MAX } from './house-free-rounds.js';
import { supportedCurrencySchema } from './money.js';
import { PROMOTION_STATES, promotionStateSchema, promotionsPushSchema } from './push-data.js';
export { PROMOTION_STATES, promotionStateSchema, promotionsPushSchema };

/**
 * Promotions (issue 17, domain notes C): the brand's catalogue of activities and each member's state in them.
 *
 * Kinds:
 * - `deposit_match`: the member joins first; the next deposit of at least the minimum gets a percentage of it, up to a
 *   cap, as a bonus with a wagering requirement (`multiple` × the bonus, or × bonus + deposit).
 * - `cash_bonus`: a claim gives a bonus with the promotion's terms.
 * - `free_rounds`: a claim gives spins of a house slot at a set stake; what they win is given as a bonus with the
 *   promotion's wagering terms once they are played (or expire).
 * - `cashback`: members who joined get a rate of their net loss (bets − wins of settled bets) over each week of the
 *   brand's time zone, granted when the week ends, as a bonus or as a reward to claim in the reward centre.
 * - `application`: the member applies with a comment and up to 3 images; the operator approves (the bonus is granted)
 *   or rejects.
 * - `referral`, `raffle`: kept and shown here with their terms; their mechanics live in their own parts.
 * - `tournament`: shown, coming soon while its start is in the future.
 *
 * A member's state in a promotion uses the spec's words (§4 "Activity states"): join, claim, applying, close,
 * rejected, issued, claimed, process, signed, coming soon. Money is in minor units of the promotion's currency.
 */

export const PROMOTION_KINDS = ['deposit_match', 'cash_bonus', 'free_rounds', 'cashback', 'application', 'referral', 'raffle', 'tournament'] as const;
export const promotionKindSchema = z.enum(PROMOTION_KINDS);
export type PromotionKind = z.infer<typeof promotionKindSchema>;

/** The page's tabs (besides "all"). */
export const PROMOTION_CATEGORIES = ['deposit', 'casino', 'live', 'sports', 'vip', 'other'] as const;
export const promotionCategorySchema = z.enum(PROMOTION_CATEGORIES);
export type PromotionCategory = z.infer<typeof promotionCategorySchema>;

export type PromotionState = z.infer<typeof promotionStateSchema>;
/** The states that ask the member to act: what `availablePromoCount` counts. */
export const ACTIONABLE_PROMOTION_STATES: readonly PromotionState[] = ['join', 'claim', 'applying'];

/** Spec §5 "Activity application": comment max 140 characters; images png or jpg, max 5MB each, at most 3. */
export const PROMOTION_COMMENT_MAX = 140;
export const PROMOTION_IMAGES_MAX = 3;
export const PROMOTION_IMAGE_BYTES_MAX = 5 * 1024 * 1024;

const minorText = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'an amount in minor units');
const positiveMinorText = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a positive amount in minor units');
const promotionIdText = z.string().regex(/^[1-9][0-9]{0,17}$/);

/** How a bonus the promotion gives is wagered (the wallet's bonus terms, domain notes C). */
const wageringShape = {
  /** The requirement is `multiple` × the bonus, or × (bonus + deposit) with base `bonus_deposit`; 0 pays it as cash. */
  multiple: z.number().int().min(0).max(100),
  base: z.enum(['bonus', 'bonus_deposit']).default('bonus'),
  /** Percent of a valid bet that counts, per game type; the wallet's defaults when absent. */
  weights: wageringWeightsSchema.optional(),
  /** The largest bet accepted while the bonus is wagering. */
  maxBetMinor: positiveMinorText.optional(),
  /** Days until an unfinished bonus expires. */
  days: z.number().int().min(1).max(365),
};

/** `deposit_match`: the next deposit ≥ `minDepositMinor` after joining gets `percent` % of it, at most `maxBonusMinor`. */
export const depositMatchTermsSchema = z.object({
  percent: z.number().int().min(1).max(500),
  maxBonusMinor: positiveMinorText,
  minDepositMinor: positiveMinorText,
  ...wageringShape,
});
export type DepositMatchTerms = z.infer<typeof depositMatchTermsSchema>;

/** `cash_bonus`: a claim gives `amountMinor` as a bonus. */
export const cashBonusTermsSchema = z.object({ amountMinor: positiveMinorText, ...wageringShape });
export type CashBonusTerms = z.infer<typeof cashBonusTermsSchema>;

/**
 * `free_rounds`: a claim gives `rounds` spins of the house slot `game` at `stakeMinor` each, to play within
 * `playDays`; their total win becomes a bonus wagered per the terms (`multiple` 0 pays it as cash).
 */
export const freeRoundsTermsSchema = z.object({
  game: slotCodeSchema,
  rounds: z.number().int().min(1).max(FREE_ROUNDS_MAX),
  stakeMinor: positiveMinorText,
  playDays: z.number().int().min(1).max(FREE_ROUNDS_DAYS_MAX).default(7),
  ...wageringShape,
});
export type FreeRoundsTerms = z.infer<typeof freeRoundsTermsSchema>;

/**
 * `cashback`: `rateBasisPoints` (1/100 %) of the week's net loss on the game types named (all when none), when the loss
 * reaches `minLossMinor`, at most `maxMinor`; paid as a bonus (`payAs` bonus, wagered per the terms) or granted into
 * the reward centre (`payAs` reward).
 */
export const cashbackTermsSchema = z.object({
  rateBasisPoints: z.number().int().min(1).max(10_000),
  maxMinor: positiveMinorText,
  minLossMinor: positiveMinorText,
  gameTypes: z.array(gameTypeSchema).max(9).default([]),
  payAs: z.enum(['bonus', 'reward']).default('bonus'),
  multiple: z.number().int().min(0).max(100).default(1),
  weights: wageringWeightsSchema.optional(),
  days: z.number().int().min(1).max(365).default(7),
});
export type CashbackTerms = z.infer<typeof cashbackTermsSchema>;

/** `application`: an approved application gives `amountMinor` as a bonus; `imagesRequired` images must come with it. */
export const applicationTermsSchema = z.object({
  amountMinor: positiveMinorText,
  imagesRequired: z.number().int().min(0).max(PROMOTION_IMAGES_MAX).default(0),
  ...wageringShape,
});
export type ApplicationTerms = z.infer<typeof applicationTermsSchema>;

/**
 * `referral` (its mechanics are the referral part's): the referrer gets `rewardMinor` once per referee who deposits at
 * least `minDepositMinor` and bets `minValidBetMinor` within `withinDays` of registering; the referee may get
 * `refereeBonusMinor`; `multiple` is the wagering of both.
 */
export const referralTermsSchema = z.object({
  rewardMinor: positiveMinorText,
  minDepositMinor: minorText,
  minValidBetMinor: minorText,
  withinDays: z.number().int().min(1).max(365),
  refereeBonusMinor: positiveMinorText.optional(),
  multiple: z.number().int().min(0).max(100),
});
export type ReferralTerms = z.infer<typeof referralTermsSchema>;

/**
 * `raffle` (its mechanics are the raffle part's): one ticket per `ticketPerMinor` of valid bet, drawn at `drawAt`;
 * prizes by rank; `multiple` is the wagering of a prize.
 */
export const raffleTermsSchema = z.object({
  ticketPerMinor: positiveMinorText,
  drawAt: z.string().datetime({ offset: true }),
  prizes: z
    .array(z.object({ rank: z.number().int().min(1).max(1_000), amountMinor: positiveMinorText }))
    .min(1)
    .max(100),
  multiple: z.number().int().min(0).max(100),
});
export type RaffleTerms = z.infer<typeof raffleTermsSchema>;

/** `tournament`: what it plays for and on which game types; shown, coming soon until it starts. */
export const tournamentTermsSchema = z.object({
  prizePoolMinor: positiveMinorText,
  gameTypes: z.array(gameTypeSchema).max(9).default([]),
});
export type TournamentTerms = z.infer<typeof tournamentTermsSchema>;

/** Each kind with its terms. */
export const PROMOTION_TERMS = {
  deposit_match: depositMatchTermsSchema,
  cash_bonus: cashBonusTermsSchema,
  free_rounds: freeRoundsTermsSchema,
  cashback: cashbackTermsSchema,
  application: applicationTermsSchema,
  referral: referralTermsSchema,
  raffle: raffleTermsSchema,
  tournament: tournamentTermsSchema,
} as const satisfies Record<PromotionKind, z.ZodType>;

/** A kind and its terms, discriminated by `kind`; `shape` adds the same fields to every variant. */
const withTerms = <S extends z.ZodRawShape>(shape: S) =>
  z.discriminatedUnion('kind', [
    z.object({ ...shape, kind: z.literal('deposit_match'), terms: depositMatchTermsSchema }),
    z.object({ ...shape, kind: z.literal('cash_bonus'), terms: cashBonusTermsSchema }),
    z.object({ ...shape, kind: z.literal('free_rounds'), terms: freeRoundsTermsSchema }),
    z.object({ ...shape, kind: z.literal('cashback'), terms: cashbackTermsSchema }),
    z.object({ ...shape, kind: z.literal('application'), terms: applicationTermsSchema }),
    z.object({ ...shape, kind: z.literal('referral'), terms: referralTermsSchema }),
    z.object({ ...shape, kind: z.literal('raffle'), terms: raffleTermsSchema }),
    z.object({ ...shape, kind: z.literal('tournament'), terms: tournamentTermsSchema }),
  ]);

/** A kind with its terms (what `promotionKindTermsSchema.parse` accepts), for parts that read one promotion's terms. */
export const promotionKindTermsSchema = withTerms({});
export type PromotionKindTerms = z.infer<typeof promotionKindTermsSchema>;

/**
 * A text per language as the operator writes it: Spanish and English always, any other interface language as well
 * (a reader whose language has none reads the Spanish, else the English).
 */
const textsSchema = (max: number, min = 0) => {
  const text = z.string().trim().min(min).max(max);
  return z.strictObject({ ...perInterfaceLanguageShape(text), ES: text, EN: text });
};
/** A banner: a path of this site (`/promo-banners/…`) or an https address of a png, jpg, webp or svg image. */
export const promotionBannerSchema = z
  .string()
  .trim()
  .max(2_000)
  .refine((value) => /^\/(?!\/)[A-Za-z0-9._~/-]+$/.test(value) || /^https:\/\/[^\s"'<>]+$/i.test(value), { params: { errorCode: 'PROMOTION_INVALID' } });

/** What the operator writes for every kind. */
const promotionFields = {
  category: promotionCategorySchema,
  titles: textsSchema(80, 1),
  /** One line under the title on the card. */
  summaries: textsSchema(160).default({ ES: '', EN: '' }),
  /** The rules as the detail shows them, plain text with line breaks. */
  rules: textsSchema(4_000).default({ ES: '', EN: '' }),
  bannerUrl: promotionBannerSchema.nullable().default(null),
  currency: supportedCurrencySchema,
  startsAt: z.string().datetime({ offset: true }),
  /** Open-ended when null. */
  endsAt: z.string().datetime({ offset: true }).nullable().default(null),
  enabled: z.boolean().default(true),
  /** Lower first on the page. */
  sort: z.number().int().min(-10_000).max(10_000).default(0),
  /** One participation per device (the client's device id) and per address, besides the one per member that always holds. */
  limitDevice: z.boolean().default(false),
  limitIp: z.boolean().default(false),
};

/** The operator's promotion: the common fields, the kind and its terms. */
export const promotionBodySchema = withTerms(promotionFields);
export type PromotionBody = z.infer<typeof promotionBodySchema>;

/** A participation as the member sees it. */
export const promotionParticipationSchema = z.object({
  state: z.enum(['signed', 'process', 'claimed', 'issued', 'rejected']),
  /** When the member joined, claimed or applied. */
  createdAt: z.string(),
  /** The bonus given (or to be given), minor units; null before there is one. */
  bonusMinor: z.string().nullable(),
  /** The deposit that a `deposit_match` bonus matched. */
  depositMinor: z.string().nullable(),
  /** Why an application was rejected. */
  rejectReason: z.string().nullable(),
  /** An application's comment and how many images came with it. */
  comment: z.string().nullable(),
  imageCount: z.number().int(),
});
export type PromotionParticipation = z.infer<typeof promotionParticipationSchema>;

/** One promotion on the page: in the caller's language, with the caller's state (a guest's: what a member could do). */
export const promotionCardSchema = withTerms({
  promotionId: z.string(),
  category: promotionCategorySchema,
  title: z.string(),
  summary: z.string(),
  bannerUrl: z.string().nullable(),
  currency: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  state: promotionStateSchema,
  participation: promotionParticipationSchema.nullable(),
  sort: z.number().int(),
});
export type PromotionCard = z.infer<typeof promotionCardSchema>;

/** The page's summary for the public state (spec §3): availablePromoCount and availablePromo. */
export const promotionSummarySchema = z.object({
  /** Promotions the member can act on now (join, claim, apply); for a guest, those a new member could. */
  availablePromoCount: z.number().int().min(0),
  /** Spec §3: the REFERRAL entry, enabled while a live referral promotion exists (the side menu's invite-friends). */
  availablePromo: z.array(z.object({ type: z.literal('REFERRAL'), enabled: z.boolean() })),
  /** Grows with every change of the member's participations: the `v` of `promotions` pushes (0 for guests). */
  version: z.number().int(),
});
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;

/** The page: every promotion shown to the caller, first by sort, and the summary. */
export const promotionPageSchema = z.object({ list: z.array(promotionCardSchema), serverTime: z.string() }).extend(promotionSummarySchema.shape);
export type PromotionPage = z.infer<typeof promotionPageSchema>;

/** One promotion with its rules. */
export const promotionDetailSchema = z.object({ promotion: promotionCardSchema, rules: z.string(), limitDevice: z.boolean(), limitIp: z.boolean(), serverTime: z.string() });
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

/** The answer to join, claim and apply: the promotion with the member's new state. */
export const promotionActionSchema = z.object({
  promotion: promotionCardSchema,
  /** Whether the bonus reached the wallet already (claims); false while it is still being granted. */
  granted: z.boolean(),
  availablePromoCount: z.number().int(),
  version: z.number().int(),
});
export type PromotionAction = z.infer<typeof promotionActionSchema>;

/** A promotion as the operator sees it, with what came of it. */
export const operatorPromotionSchema = withTerms({
  promotionId: z.string(),
  ...promotionFields,
  summaries: textsSchema(160),
  rules: textsSchema(4_000),
  bannerUrl: z.string().nullable(),
  endsAt: z.string().nullable(),
  participants: z.number().int(),
  /** Applications waiting for a decision. */
  pending: z.number().int(),
  /** Bonuses given so far, minor units. */
  grantedMinor: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperatorPromotion = z.infer<typeof operatorPromotionSchema>;

export const APPLICATION_STATES = ['process', 'issued', 'rejected'] as const;

/** An application as the operator sees it; `images` only in the detail. */
export const promotionApplicationSchema = z.object({
  applicationId: z.string(),
  promotionId: z.string(),
  promotionTitle: z.string(),
  memberId: z.string(),
  account: z.string().nullable(),
  state: z.enum(APPLICATION_STATES),
  comment: z.string(),
  imageCount: z.number().int(),
  images: z.array(z.object({ position: z.number().int(), width: z.number().int(), height: z.number().int(), dataUrl: z.string() })),
  deviceId: z.string().nullable(),
  ip: z.string().nullable(),
  bonusMinor: z.string().nullable(),
  currency: z.string(),
  rejectReason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PromotionApplication = z.infer<typeof promotionApplicationSchema>;

/** A device id the client keeps in its storage: letters, digits, - and _. */
export const promotionDeviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

const commentIssue = { code: 'custom' as const, message: 'PROMOTION_COMMENT_TOO_LONG', params: { errorCode: 'PROMOTION_COMMENT_TOO_LONG' } };
/** The application's comment: plain text, trimmed, at most 140 characters (PROMOTION_COMMENT_TOO_LONG). */
export const promotionCommentSchema = z
  .string()
  .max(10_000)
  .transform((text) =>
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .trim(),
  )
  .superRefine((text, ctx) => {
    if ([...text].length > PROMOTION_COMMENT_MAX) ctx.addIssue(commentIssue);
  });

/** The longest base64 text of a 5 MB image, with room for a data URL's prefix. */
const IMAGE_TEXT_MAX = Math.ceil(PROMOTION_IMAGE_BYTES_MAX / 3) * 4 + 40;
/**
 * The application's images: each a `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL (or bare base64) of at
 * most 5 MB, checked by its bytes (IMAGE_INVALID); at most 3 (PROMOTION_TOO_MANY_IMAGES).
 */
export const promotionImagesSchema = z
  .array(boundedText(IMAGE_TEXT_MAX, 'IMAGE_INVALID'))
  .refine((images) => images.length <= PROMOTION_IMAGES_MAX, { params: { errorCode: 'PROMOTION_TOO_MANY_IMAGES' } })
  .default([]);

export const applyPromotionBodySchema = z.object({ comment: promotionCommentSchema.default(''), images: promotionImagesSchema, deviceId: promotionDeviceIdSchema });

/** A list filter left empty means no filter. */
export const operatorApplicationsQuerySchema = z.object({
  promotionId: promotionIdText.optional(),
  state: z.enum(APPLICATION_STATES).optional(),
  memberId: memberIdSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const brand = { merchantCode: z.string().min(1) };
const member = { ...brand, memberId: memberIdSchema };
/** A member acting: who, in which currency and language, from which device and address. */
const actor = { ...member, currency: z.string().min(1), account: z.string().optional(), language: loyaltyLanguageSchema.optional(), ip: z.string(), deviceId: promotionDeviceIdSchema };

/** The points service's promotions operations. */
export const promotionsRpcMethods = {
  promotionPage: {
    input: z.object({ ...brand, memberId: memberIdSchema.optional(), currency: z.string().optional(), language: interfaceLanguageSchema.optional() }),
    output: promotionPageSchema,
  },
  promotionDetail: {
    input: z.object({ ...brand, memberId: memberIdSchema.optional(), currency: z.string().optional(), language: interfaceLanguageSchema.optional(), promotionId: promotionIdText }),
    output: promotionDetailSchema,
  },
  promotionSummary: {
    input: z.object({ ...brand, memberId: memberIdSchema.optional(), currency: z.string().optional() }),
    output: promotionSummarySchema,
  },
  joinPromotion: {
    input: z.object({ ...actor, promotionId: promotionIdText }),
    output: promotionActionSchema,
  },
  claimPromotion: {
    input: z.object({ ...actor, promotionId: promotionIdText, idempotencyKey: z.string().min(1).max(200) }),
    output: promotionActionSchema,
  },
  applyPromotion: {
    input: z.object({ ...actor, promotionId: promotionIdText, comment: z.string(), images: z.array(z.string()), idempotencyKey: z.string().min(1).max(200) }),
    output: promotionActionSchema,
  },
  operatorListPromotions: {
    input: z.object(brand),
    output: z.object({ list: z.array(operatorPromotionSchema) }),
  },
  operatorCreatePromotion: {
    input: z.intersection(promotionBodySchema, z.object({ ...brand, operator: z.string() })),
    output: operatorPromotionSchema,
  },
  operatorUpdatePromotion: {
    input: z.intersection(promotionBodySchema, z.object({ ...brand, operator: z.string(), promotionId: promotionIdText })),
    output: operatorPromotionSchema,
  },
  operatorSetPromotionEnabled: {
    input: z.object({ ...brand, operator: z.string(), promotionId: promotionIdText, enabled: z.boolean() }),
    output: operatorPromotionSchema,
  },
  operatorSchedulePromotion: {
    input: z.object({ ...brand, operator: z.string(), promotionId: promotionIdText, startsAt: z.string().datetime({ offset: true }), endsAt: z.string().datetime({ offset: true }).nullable() }),
    output: operatorPromotionSchema,
  },
  operatorListApplications: {
    input: operatorApplicationsQuerySchema.extend(brand),
    output: z.object({ list: z.array(promotionApplicationSchema), pageNo: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
  },
  operatorGetApplication: {
    input: z.object({ ...brand, applicationId: promotionIdText }),
    output: promotionApplicationSchema,
  },
  operatorApproveApplication: {
    input: z.object({ ...brand, operator: z.string(), applicationId: promotionIdText, amountMinor: positiveMinorText.optional() }),
    output: promotionApplicationSchema,
  },
  operatorRejectApplication: {
    input: z.object({ ...brand, operator: z.string(), applicationId: promotionIdText, reason: z.string().trim().min(1).max(200) }),
    output: promotionApplicationSchema,
  },
  operatorRunCashback: {
    input: z.object({ ...brand, operator: z.string(), promotionId: promotionIdText, weekStart: z.iso.date().optional() }),
    output: z.object({ weekStart: z.string(), members: z.number().int(), grantedMinor: z.string() }),
  },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

export type PromotionsPush = z.infer<typeof promotionsPushSchema>;
