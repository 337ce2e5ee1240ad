import { z } from 'zod';
import { memberIdSchema } from './ids.js';
import { interfaceLanguageSchema } from './content-languages.js';
import { supportedCurrencySchema } from './money.js';
import { vipChangeReasonSchema, vipPushSchema, vipProgressPushSchema } from './push-data.js';
export { vipChangeReasonSchema, vipPushSchema, vipProgressPushSchema };

/**
 * VIP (issue 16, domain notes B): a brand's levels 0–9 (0 is no VIP). A member goes up as soon as its deposits and its
 * valid bet over the rolling window both reach a level's upgrade thresholds (several levels at once when it crosses
 * several), and down only at the monthly re-evaluation, one level, when it missed its level's keep thresholds. Each
 * level gives an upgrade bonus (once per level, ever), a monthly bonus, a birthday bonus, a daily rebate on valid bet
 * and a withdrawal limit; bonuses and rebates wait in the reward centre.
 */

/** Highest level a brand can define; level 0 is every member without VIP. */
export const VIP_LEVEL_MAX = 9;
/** Deposits and valid bet count over this many days, today (brand time) included. */
export const VIP_WINDOW_DAYS = 30;
/** A birthday saved fewer days ago than this does not bring this year's birthday bonus (it cannot be set on the day). */
export const VIP_BIRTHDAY_NOTICE_DAYS = 30;
/** The youngest age a member can declare: the platform's members are adults. */
export const VIP_BIRTHDAY_MIN_AGE = 18;

/** Money of the brand's currency in minor units, as text. */
const minorText = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'an amount in minor units');
const timeZoneSchema = z.string().min(1).max(60);

/** One level as the operator writes it and as the VIP page shows it. */
export const vipLevelSchema = z.object({
  level: z.number().int().min(0).max(VIP_LEVEL_MAX),
  /** The label shown on the avatar and the VIP page (vipLabelName). */
  labelName: z.string().trim().min(1).max(30),
  /** Deposits and valid bet over the window that reach this level (both needed). */
  upgradeDepositMinor: minorText,
  upgradeValidBetMinor: minorText,
  /** Deposits and valid bet over the window that keep it at the monthly re-evaluation (both needed; not above the upgrade ones). */
  keepDepositMinor: minorText,
  keepValidBetMinor: minorText,
  /** Granted once per level ever, when the member first reaches it. */
  upgradeBonusMinor: minorText,
  /** Granted at each monthly re-evaluation to the members it leaves at this level. */
  monthlyBonusMinor: minorText,
  /** Granted once a year on the member's birthday, where the platform knows it. */
  birthdayBonusMinor: minorText,
  /** The day's valid bet times this many basis points (1/100 %) is granted as a rebate the next day. */
  rebateBasisPoints: z.number().int().min(0).max(10_000),
  /** The level's withdrawal limits, as the brand words them. */
  withdrawalLimit: z.string().trim().max(200),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

/** A brand's programme: no levels means the brand has no VIP. */
export const vipProgrammeSchema = z.object({
  hasVip: z.boolean(),
  /** The currency of every amount of the levels and of what counts toward them. */
  currency: z.string(),
  /** Days, months and the re-evaluation follow this time zone. */
  timeZone: z.string(),
  windowDays: z.number().int(),
  levels: z.array(vipLevelSchema),
});
export type VipProgramme = z.infer<typeof vipProgrammeSchema>;

/** The operator's levels: none (no VIP), or level 0 and up without gaps, thresholds never falling from one level to the next. */
export const vipLevelsBodySchema = z.object({
  currency: supportedCurrencySchema,
  timeZone: timeZoneSchema,
  levels: z.array(vipLevelSchema).max(VIP_LEVEL_MAX + 1),
});

/** The member's VIP standing for the public state (spec §3): hasVip, vipLabelName, vipRankLevel (a guest: the brand's hasVip, level 0, no label). */
export const vipStateSchema = z.object({
  hasVip: z.boolean(),
  /** The label of the member's level; empty without VIP. */
  vipLabelName: z.string(),
  vipRankLevel: z.number().int(),
  /** Grows with every change of the member's level: the `v` of `vip` pushes. */
  version: z.number().int(),
});
export type VipState = z.infer<typeof vipStateSchema>;

/** What the member received from VIP: upgrade, monthly and birthday bonuses and rebates, as the reward centre holds them. */
export const vipBonusSchema = z.object({
  source: z.enum(['vip_upgrade', 'vip_monthly', 'vip_birthday', 'rebate']),
  title: z.string(),
  kind: z.enum(['cash', 'bonus', 'points']),
  amountMinor: z.string(),
  currency: z.string(),
  /** `available` waits to be claimed in the reward centre. */
  status: z.enum(['available', 'claimed', 'expired']),
  createdAt: z.string(),
});
export type VipBonus = z.infer<typeof vipBonusSchema>;

/** The member on the VIP page: its level, its deposits and valid bet over the window, and what the next level needs. */
export const vipMemberProgressSchema = z.object({
  level: z.number().int(),
  labelName: z.string(),
  version: z.number().int(),
  /** The window's first day (brand time, yyyy-MM-dd); it ends today. */
  windowStart: z.string(),
  depositMinor: z.string(),
  validBetMinor: z.string(),
  /** The next level and its upgrade thresholds; null at the top level. */
  next: z.object({ level: z.number().int(), labelName: z.string(), depositMinor: z.string(), validBetMinor: z.string() }).nullable(),
  /** What keeps the current level at the next re-evaluation; null at level 0. */
  keep: z.object({ depositMinor: z.string(), validBetMinor: z.string() }).nullable(),
  /** The month (yyyy-MM) of the member's last re-evaluation, null before the first. */
  reviewedMonth: z.string().nullable(),
  /** The newest VIP bonuses and rebates, newest first. */
  bonuses: z.array(vipBonusSchema),
  /** The member's birthday (yyyy-MM-dd) for the birthday bonus, once saved; null until then. */
  birthday: z.string().nullable(),
  /** The first day (brand time) from which the birthday brings its bonus; null without a birthday. */
  birthdayBonusFrom: z.string().nullable(),
});
export type VipMemberProgress = z.infer<typeof vipMemberProgressSchema>;

/** The VIP page: every level, and for a signed-in member its progress. */
export const vipPageSchema = vipProgrammeSchema.extend({ member: vipMemberProgressSchema.nullable() });
export type VipPage = z.infer<typeof vipPageSchema>;

/** Event `vip.changed` (vip.v1): a member's level changed; the inbox leaves a letter on an upgrade. */
export const vipChangedSchema = z.object({
  memberId: z.string(),
  merchantCode: z.string(),
  fromLevel: z.number().int(),
  toLevel: z.number().int(),
  labelName: z.string(),
  reason: vipChangeReasonSchema,
  /** The member's VIP version after the change: one event per version. */
  version: z.number().int(),
  changedAt: z.string(),
});
export type VipChanged = z.infer<typeof vipChangedSchema>;

const brand = { merchantCode: z.string() };
const operator = { operator: z.string() };
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const isoDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/** The member's birthday for the VIP birthday bonus: a real calendar day. */
export const vipBirthdayBodySchema = z.object({ birthday: z.iso.date() });

/** The operator's view of a member: its progress and how it got there. */
export const vipMemberDetailSchema = vipMemberProgressSchema.extend({ memberId: z.string(), merchantCode: z.string() });

/** VIP levels: the rules, each member’s level and progress, and the level bonuses. */
export const vipRpcMethods = {
  vipState: {
    input: z.object({ ...brand, memberId: memberIdSchema.optional() }),
    output: vipStateSchema,
  },
  vipPage: {
    /** `language`: the names of the member's VIP bonuses are written in it (Spanish when absent). */
    input: z.object({ ...brand, memberId: memberIdSchema.optional(), language: interfaceLanguageSchema.optional() }),
    output: vipPageSchema,
  },
  operatorVipLevels: {
    input: z.object(brand),
    output: vipProgrammeSchema,
  },
  operatorReplaceVipLevels: {
    input: vipLevelsBodySchema.extend({ ...brand, ...operator }),
    output: vipProgrammeSchema,
  },
  operatorMemberVip: {
    input: z.object({ ...brand, memberId: memberIdSchema }),
    output: vipMemberDetailSchema,
  },
  operatorSetMemberVipLevel: {
    input: z.object({ ...brand, ...operator, memberId: memberIdSchema, level: z.number().int().min(0).max(VIP_LEVEL_MAX) }),
    output: vipMemberDetailSchema,
  },
  operatorRunVipReview: {
    input: z.object({ ...brand, ...operator }),
    output: z.object({ month: yearMonth, reviewed: z.number().int(), downgraded: z.number().int(), monthlyBonuses: z.number().int() }),
  },
  operatorRunVipRebate: {
    input: z.object({ ...brand, ...operator, day: isoDay.optional() }),
    output: z.object({ day: isoDay, granted: z.number().int(), totalMinor: z.string() }),
  },
  setVipBirthday: {
    input: vipBirthdayBodySchema.extend({ ...brand, memberId: memberIdSchema }),
    output: z.object({ birthday: isoDay, birthdayBonusFrom: isoDay }),
  },
  operatorRunVipBirthdays: {
    input: z.object({ ...brand, ...operator, day: isoDay.optional() }),
    output: z.object({ day: isoDay, granted: z.number().int(), totalMinor: z.string() }),
  },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;
