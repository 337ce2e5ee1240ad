import { z } from 'zod';
import { memberIdSchema } from './ids.js';
import { supportedCurrencySchema } from './money.js';
import { leaderboardEntrySchema, missionsPushSchema } from './push-data.js';
export { leaderboardEntrySchema, missionsPushSchema };

/** Missions reset daily at the brand's midnight or weekly on Monday (brand time zone). */
export const missionPeriodSchema = z.enum(['daily', 'weekly']);
/** What a mission counts: valid bet (minor units), deposits (minor units), consecutive sign-in days, rounds played. */
export const missionKindSchema = z.enum(['bet', 'deposit', 'sign_in', 'rounds']);
/** How a completed mission pays: points through the points ledger, bonus or cash through the wallet ledger. */
export const missionRewardKindSchema = z.enum(['points', 'bonus', 'cash']);
/** What the weekly leaderboard ranks by: mission points earned or valid bet (turnover). */
export const leaderboardMetricSchema = z.enum(['points', 'turnover']);
/**
 * A mission for the member: `in_progress`, `completed` (its reward waits in the reward centre), `claimed`, or
 * `expired` (the period ended before the claim).
 */
export const missionStateSchema = z.enum(['in_progress', 'completed', 'claimed', 'expired']);

const positiveAmountText = z.string().regex(/^[1-9][0-9]{0,17}$/);
const gameTypeSchema = z.string().regex(/^[A-Za-z0-9_]{1,20}$/);
const timeZoneSchema = z.string().min(1).max(60);
/** The languages loyalty texts are read in. */
export const loyaltyLanguageSchema = z.enum(['ES', 'EN']);

/** Largest leaderboard (top N) and prize table a brand can configure. */
export const LEADERBOARD_SIZE_MAX = 50;

/** One mission with the member's progress in the current period. */
export const memberMissionSchema = z.object({
  missionId: z.string(),
  period: missionPeriodSchema,
  kind: missionKindSchema,
  /** Game type the bets or rounds must be on; null for every game. */
  category: z.string().nullable(),
  title: z.string(),
  /** Minor units for bet and deposit missions, days for sign-in, rounds for rounds. */
  target: z.string(),
  /** Never above the target. */
  progress: z.string(),
  rewardKind: missionRewardKindSchema,
  /** Points, or minor units of `currency` for bonus and cash. */
  rewardAmount: z.string(),
  currency: z.string(),
  state: missionStateSchema,
  /** The reward-centre grant of a completed mission (what the claim names), else null. */
  rewardId: z.string().nullable(),
  /** The current period, in the brand's time zone: from its first day to the instant it ends. */
  periodStart: z.string(),
  periodEndsAt: z.string(),
});
export type MemberMission = z.infer<typeof memberMissionSchema>;

export const missionSummarySchema = z.object({
  missions: z.array(memberMissionSchema),
  /** Completed missions whose reward waits to be claimed (the panel's badge). */
  claimable: z.number().int(),
  timeZone: z.string(),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

export const leaderboardPrizeSchema = z.object({
  rank: z.number().int().min(1).max(LEADERBOARD_SIZE_MAX),
  kind: missionRewardKindSchema,
  /** Points, or minor units of the brand's currency. */
  amount: positiveAmountText,
});
export type LeaderboardPrize = z.infer<typeof leaderboardPrizeSchema>;

export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  weekStart: z.string(),
  weekEndsAt: z.string(),
  metric: leaderboardMetricSchema,
  currency: z.string(),
  top: z.array(leaderboardEntrySchema),
  /** The caller's standing; rank null before it scores. */
  own: z.object({ rank: z.number().int().nullable(), account: z.string(), score: z.string() }).nullable(),
  prizes: z.array(leaderboardPrizeSchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/**
 * A mission as the operator writes it. Refused by the service: a game type on a deposit or sign-in mission
 * (MISSION_CATEGORY_INVALID), more consecutive days than a weekly period holds (MISSION_TARGET_INVALID).
 */
export const missionBodySchema = z.object({
  period: missionPeriodSchema,
  kind: missionKindSchema,
  category: gameTypeSchema.nullable().default(null),
  target: positiveAmountText,
  rewardKind: missionRewardKindSchema,
  rewardAmount: positiveAmountText,
  /** Added to the member's weekly leaderboard score (points metric) when the mission is completed. */
  missionPoints: z.number().int().min(0).max(1_000_000).default(0),
  titleEn: z.string().trim().min(1).max(80),
  titleEs: z.string().trim().min(1).max(80),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type MissionBody = z.infer<typeof missionBodySchema>;

export const operatorMissionSchema = z.object({
  missionId: z.string(),
  period: missionPeriodSchema,
  kind: missionKindSchema,
  category: z.string().nullable(),
  target: z.string(),
  rewardKind: missionRewardKindSchema,
  rewardAmount: z.string(),
  missionPoints: z.number().int(),
  titleEn: z.string(),
  titleEs: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type OperatorMission = z.infer<typeof operatorMissionSchema>;

/** The brand's mission settings: time zone of its days and weeks, the leaderboard's metric, size and prize table. */
export const missionSettingsBodySchema = z.object({
  timeZone: timeZoneSchema,
  metric: leaderboardMetricSchema,
  size: z.number().int().min(1).max(LEADERBOARD_SIZE_MAX),
  currency: supportedCurrencySchema,
  prizes: z.array(leaderboardPrizeSchema).max(LEADERBOARD_SIZE_MAX),
});
export type MissionSettingsBody = z.infer<typeof missionSettingsBodySchema>;
export const missionSettingsSchema = z.object({
  timeZone: z.string(),
  metric: leaderboardMetricSchema,
  size: z.number().int(),
  currency: z.string(),
  prizes: z.array(leaderboardPrizeSchema),
});
export type MissionSettings = z.infer<typeof missionSettingsSchema>;

const member = { memberId: memberIdSchema, merchantCode: z.string() };
const brand = { merchantCode: z.string() };
const missionIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);

/** Daily and weekly missions, their progress and claims, and the mission leaderboard. */
export const missionsRpcMethods = {
  missionSummary: {
    input: z.object({ ...member, language: loyaltyLanguageSchema }),
    output: missionSummarySchema,
  },
  missionLeaderboard: {
    input: z.object(member),
    output: leaderboardSchema,
  },
  operatorListMissions: {
    input: z.object(brand),
    output: z.object({ missions: z.array(operatorMissionSchema), settings: missionSettingsSchema }),
  },
  operatorCreateMission: {
    input: missionBodySchema.extend({ ...brand, operator: z.string() }),
    output: operatorMissionSchema,
  },
  operatorUpdateMission: {
    input: missionBodySchema.extend({ ...brand, missionId: missionIdSchema, operator: z.string() }),
    output: operatorMissionSchema,
  },
  operatorSetMissionSettings: {
    input: missionSettingsBodySchema.extend({ ...brand, operator: z.string() }),
    output: missionSettingsSchema,
  },
} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

export type MissionsPush = z.infer<typeof missionsPushSchema>;
