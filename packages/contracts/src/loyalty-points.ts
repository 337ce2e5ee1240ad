import { z } from 'zod';
import { memberIdSchema } from './ids.js';
import { supportedCurrencySchema } from './money.js';
import { pointsPushSchema } from './push-data.js';
export { pointsPushSchema };

/** Who asks: the signed-in member, from the session. */
const member = { memberId: memberIdSchema, merchantCode: z.string(), currency: z.string() };
const page = { pageNo: z.coerce.number().int().min(1).max(10_000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(10) };
const paged = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), pageNo: z.number().int(), pageSize: z.number().int(), totalPages: z.number().int(), total: z.number().int() });

/** Reward kinds: cash and bonus are paid to the wallet, a voucher hands out a code, goods are delivered. */
export const pointRewardKindSchema = z.enum(['cash', 'bonus', 'voucher', 'goods']);
export type PointRewardKind = z.infer<typeof pointRewardKindSchema>;
/** A redemption waits for the operator (in process), or is approved or rejected (the points come back). */
export const redemptionStatusSchema = z.enum(['in_process', 'approved', 'rejected']);
export type RedemptionStatus = z.infer<typeof redemptionStatusSchema>;

/** Points per game type: the valid bet (minor units) that earns one point; 0 earns nothing. */
export const pointRatioSchema = z.object({ gameType: z.string().min(1).max(20), minorPerPoint: z.string().regex(/^(0|[1-9][0-9]{0,17})$/) });

export const pointConfigSchema = z.object({
  currency: z.string(),
  /** Per game type: the valid bet that earns one point, in minor units and in the currency's major units. */
  ratios: z.array(z.object({ gameType: z.string(), minorPerPoint: z.string(), betPerPoint: z.string() })),
  /** Conversion: `convertPoints` points are worth `convertAmount` (e.g. 1000 points = 10.00). */
  convertPoints: z.string(),
  convertAmount: z.string(),
  /** The fewest points one conversion takes. */
  convertMinPoints: z.string(),
  convertEnabled: z.boolean(),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;

export const pointBalanceSchema = z.object({
  /** Current points (whole points, decimal text). */
  points: z.string(),
  /** The same points: the spec's balance field. */
  balance: z.string(),
  /** What the member's points changed by today (signed). */
  changedPoints: z.string(),
  /** What the points are worth as cash now, at the brand's conversion rate. */
  pointsValue: z.string(),
  /** The conversion ratio: points per one unit of the currency (e.g. "100" when 1,000 points = 10.00). */
  ratio: z.string(),
  currency: z.string(),
  /** Grows with every change: a `points` push with a lower version is older than this answer. */
  version: z.number().int(),
});
export type PointBalanceView = z.infer<typeof pointBalanceSchema>;

export const pointRewardSchema = z.object({
  rewardId: z.string(),
  kind: pointRewardKindSchema,
  name: z.string(),
  description: z.string(),
  image: z.string(),
  /** Points one unit costs. */
  points: z.string(),
  /** What one unit is worth (cash and bonus: what is paid), in major units; null when it has no amount. */
  amount: z.string().nullable(),
  currency: z.string(),
  /** Units left; null when unlimited. */
  stock: z.number().int().nullable(),
  dailyLimit: z.number().int().nullable(),
  lifetimeLimit: z.number().int().nullable(),
  /** An operator approves the redemption before it is paid or handed out. */
  needsApproval: z.boolean(),
  sort: z.number().int(),
});
export type PointReward = z.infer<typeof pointRewardSchema>;

export const operatorPointRewardSchema = pointRewardSchema.extend({ enabled: z.boolean(), vouchersLeft: z.number().int(), amountMinor: z.string().nullable() });

export const deliveryAddressSchema = z.object({
  name: z.string().trim().min(1).max(100),
  phone: z
    .string()
    .trim()
    // 6 to 20 characters once trimmed; the ends are never white space, as a trimmed value's are not.
    .regex(/^[0-9+()-][0-9+() -]{4,18}[0-9+()-]$/),
  address: z.string().trim().min(5).max(300),
});

export const redemptionSchema = z.object({
  referenceNo: z.string(),
  applicationTime: z.string(),
  type: pointRewardKindSchema,
  name: z.string(),
  quantity: z.number().int(),
  /** Points required, in all. */
  points: z.string(),
  /** Amount required (paid, for cash and bonus), in all; null when the reward has no amount. */
  amount: z.string().nullable(),
  currency: z.string(),
  status: redemptionStatusSchema,
  remark: z.string().nullable(),
  /** Voucher codes, once approved. */
  voucherCodes: z.array(z.string()),
  delivery: deliveryAddressSchema.nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;
export const operatorRedemptionSchema = redemptionSchema.extend({ memberId: z.string(), rewardId: z.string(), reviewedBy: z.string().nullable(), reviewedAt: z.string().nullable() });

export const pointDetailSchema = z.object({
  id: z.string(),
  time: z.string(),
  /** Why: bet, redeem, redeem_refund, convert, reward, adjustment. */
  cause: z.string(),
  reference: z.string(),
  /** Signed change. */
  change: z.string(),
  /** The member's points after this change. */
  balance: z.string(),
  remark: z.string().nullable(),
});
export type PointDetail = z.infer<typeof pointDetailSchema>;

export const conversionSchema = z.object({
  referenceNo: z.string(),
  points: z.string(),
  amount: z.string(),
  currency: z.string(),
  /** The member's points after the conversion. */
  pointsLeft: z.string(),
});
export type PointConversion = z.infer<typeof conversionSchema>;

/** Request bodies (the member side). */
export const redeemBodySchema = z.object({
  rewardId: z.string().regex(/^[1-9][0-9]{0,17}$/),
  quantity: z.coerce.number().int().min(1).max(100).default(1),
  delivery: deliveryAddressSchema.optional(),
  paymentPassword: z.string().max(100).optional(),
});
/** Points as text: anything but whole positive points is refused with POINTS_AMOUNT_INVALID by the service. */
export const convertBodySchema = z.object({ points: z.union([z.string().max(30), z.number()]).transform(String), paymentPassword: z.string().max(100).optional() });
export const pointPageQuerySchema = z.object(page);
export const redemptionsQuerySchema = z.object({ ...page, status: redemptionStatusSchema.optional() });

/** The operator side. */
export const pointRewardBodySchema = z.object({
  kind: pointRewardKindSchema,
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
  image: z.string().trim().max(300).default(''),
  points: z.string().regex(/^[1-9][0-9]{0,17}$/),
  /** Per unit, major units; required for cash and bonus. */
  amount: z.string().max(32).nullable().optional(),
  stock: z.number().int().min(0).nullable().default(null),
  dailyLimit: z.number().int().min(1).nullable().default(null),
  lifetimeLimit: z.number().int().min(1).nullable().default(null),
  needsApproval: z.boolean().default(false),
  sort: z.number().int().min(0).max(100_000).default(0),
  enabled: z.boolean().default(true),
});
export const pointConfigBodySchema = z.object({
  /** The brand's currency; needed the first time. */
  currency: supportedCurrencySchema.optional(),
  ratios: z.array(pointRatioSchema).max(20).optional(),
  convertPoints: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/)
    .optional(),
  convertAmount: z.string().max(32).optional(),
  convertMinPoints: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/)
    .optional(),
  convertEnabled: z.boolean().optional(),
});
export const reviewBodySchema = z.object({ decision: z.enum(['approve', 'reject']), remark: z.string().trim().max(300).default('') });

const brand = { merchantCode: z.string() };
const rewardRef = { rewardId: z.string().regex(/^[1-9][0-9]{0,17}$/) };
const redemptionRef = { referenceNo: z.string().min(1).max(40) };

/** The points mall: the points ledger, the rewards, redemptions and conversion. */
export const pointsMallRpcMethods = {
  getPointSummary: { input: z.object(member), output: pointBalanceSchema },
  getPointConfig: { input: z.object(brand).extend({ currency: z.string() }), output: pointConfigSchema },
  listPointRewards: { input: z.object(member), output: z.object({ list: z.array(pointRewardSchema) }) },
  listRedemptions: { input: z.object({ ...member, ...redemptionsQuerySchema.shape }), output: paged(redemptionSchema) },
  listPointDetails: { input: z.object({ ...member, ...page }), output: paged(pointDetailSchema) },
  redeemPointReward: {
    input: z.object({ ...member, ...redeemBodySchema.omit({ paymentPassword: true }).shape, idempotencyKey: z.string().min(1).max(100) }),
    output: redemptionSchema,
  },
  convertPoints: {
    input: z.object({ ...member, points: z.string().max(30), idempotencyKey: z.string().min(1).max(100) }),
    output: conversionSchema,
  },
  operatorListPointRewards: { input: z.object(brand), output: z.object({ list: z.array(operatorPointRewardSchema) }) },
  operatorCreatePointReward: { input: pointRewardBodySchema.extend({ ...brand, operator: z.string() }), output: operatorPointRewardSchema },
  operatorUpdatePointReward: { input: pointRewardBodySchema.extend({ ...brand, ...rewardRef, operator: z.string() }), output: operatorPointRewardSchema },
  operatorLoadVoucherCodes: {
    input: z.object({ ...brand, ...rewardRef, codes: z.array(z.string().trim().min(1).max(64)).min(1).max(5000) }),
    output: z.object({ added: z.number().int(), vouchersLeft: z.number().int() }),
  },
  operatorListRedemptions: { input: z.object({ ...brand, ...redemptionsQuerySchema.shape }), output: paged(operatorRedemptionSchema) },
  operatorReviewRedemption: { input: reviewBodySchema.extend({ ...brand, ...redemptionRef, operator: z.string() }), output: operatorRedemptionSchema },
  operatorSetPointConfig: { input: pointConfigBodySchema.extend(brand), output: pointConfigSchema },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

export type PointsPush = z.infer<typeof pointsPushSchema>;
