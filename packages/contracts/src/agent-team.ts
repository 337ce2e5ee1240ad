import { z } from 'zod';
import { decimalIdSchema, memberIdSchema } from './ids.js';
import { paymentsRpcMethods } from './payments.js';

/** The longest range a team report covers, in days (a quarter). */
export const AGENT_REPORT_MAX_DAYS = 93;
/** The most rows a team report page holds. */
export const AGENT_REPORT_PAGE_SIZE_MAX = 100;

/** A query filter: trimmed, and an empty value means no filter. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));
/** An optional member id in a query: an empty value means none. */
const optionalMemberId = z
  .union([decimalIdSchema, z.literal('')])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * A report's range: whole days `from`..`to` (yyyy-MM-dd, both included) in the brand's time zone (the time zone of the
 * brand's contract terms; UTC when it has none), or at `timeZoneOffsetMinutes` from UTC when given (Mexico City: -360).
 * Both default to today; the range spans at most 93 days.
 */
export const agentReportRangeSchema = z.object({
  from: z.union([z.iso.date(), z.literal('')]).optional(),
  to: z.union([z.iso.date(), z.literal('')]).optional(),
  timeZoneOffsetMinutes: z.coerce.number().int().min(-720).max(840).optional(),
});

const pagingSchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AGENT_REPORT_PAGE_SIZE_MAX).default(20),
});

/** `GET /wps/agent/team/overview`. */
export const agentTeamOverviewQuerySchema = agentReportRangeSchema;
/** `GET /wps/agent/team/members`: one agent's direct downline (the caller's, or `parentId`'s inside the caller's team). */
export const agentDownlineQuerySchema = agentReportRangeSchema.extend(pagingSchema.shape).extend({
  parentId: optionalMemberId,
  account: optionalText(50),
});
/** `GET /wps/agent/team/bets`: the team's settled bets. */
export const agentTeamBetsQuerySchema = agentReportRangeSchema.extend(pagingSchema.shape).extend({
  teamMemberId: optionalMemberId,
  account: optionalText(50),
  gameType: optionalText(20),
});
export const agentProfitSortSchema = z.enum(['validBet', 'profit', 'betCount']);
/** `GET /wps/agent/team/profit`: profit and loss per team member. */
export const agentMemberProfitQuerySchema = agentReportRangeSchema.extend(pagingSchema.shape).extend({
  teamMemberId: optionalMemberId,
  account: optionalText(50),
  sortBy: z.union([agentProfitSortSchema, z.literal('')]).optional(),
  sortOrder: z.union([z.enum(['asc', 'desc']), z.literal('')]).optional(),
});

/**
 * `GET /wps/relay/ODSFE2_MemTransDet`: the account record of one team member (the caller when `teamMemberId` is absent),
 * optionally of one movement type (`deposit`, `transfer`, `bet`, `win`, `commission`, …).
 */
export const agentMemberTransactionsQuerySchema = agentReportRangeSchema.extend(pagingSchema.shape).extend({
  teamMemberId: optionalMemberId,
  type: z
    .union([z.string().regex(/^[a-z_]{1,30}$/), z.literal('')])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

/** Who asks: the signed-in member, from the session. */
const callerSchema = z.object({ memberId: memberIdSchema, merchantCode: z.string(), memberType: z.number().int(), currency: z.string() });

/**
 * Money sums of a report, as major-unit decimal strings. `profit` is the members' result (what they won minus what they
 * staked); `houseProfit` is its negation, the team's loss as the house sees it.
 */
const sumsShape = { betCount: z.number().int(), validBet: z.string(), profit: z.string(), houseProfit: z.string() };
/**
 * The team's payments in a report's range, major-unit decimal strings: deposits credited, and withdrawals taken out of
 * the members' balances (a withdrawal rejected later counts back in the range of its rejection).
 */
const paymentsShape = { depositCount: z.number().int(), deposits: z.string(), withdrawalCount: z.number().int(), withdrawals: z.string() };

export const agentTeamOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Everyone below the agent. */
  teamSize: z.number().int(),
  directMembers: z.number().int(),
  indirectMembers: z.number().int(),
  directAgents: z.number().int(),
  /** Team members who joined within the range. */
  newMembers: z.number().int(),
  /** Team members (the agent included) with a valid bet in the range. */
  activeMembers: z.number().int(),
  ...sumsShape,
  ...paymentsShape,
  /** One point per day of the range, in the brand's time zone. */
  series: z.array(z.object({ date: z.string(), ...sumsShape, ...paymentsShape })),
});

const memberRefSchema = z.object({ memberId: z.string(), account: z.string() });

export const agentDownlineSchema = z.object({
  currency: z.string(),
  /** From the caller down to the agent whose downline is listed. */
  breadcrumb: z.array(memberRefSchema),
  list: z.array(
    z.object({
      memberId: z.string(),
      account: z.string(),
      type: z.number().int(),
      isAgent: z.boolean(),
      /** Levels below the caller (a direct downline is 1). */
      level: z.number().int(),
      registeredAt: z.string(),
      /** Everyone below this member (agents); null for players. */
      teamSize: z.number().int().nullable(),
      /** Over the member's whole team, the member included (a player's own bets). */
      ...sumsShape,
      /** The member's own spendable balance in the wallet now; absent when the wallet could not be read. */
      balance: z.string().optional(),
    }),
  ),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const agentTeamBetsSchema = z.object({
  currency: z.string(),
  list: z.array(
    z.object({
      betId: z.string(),
      memberId: z.string(),
      account: z.string(),
      vendor: z.string(),
      gameType: z.string(),
      gameCode: z.string().nullable(),
      roundId: z.string(),
      betAmount: z.string(),
      validBet: z.string(),
      winAmount: z.string(),
      profit: z.string(),
      state: z.enum(['settled', 'cancelled']),
      settledAt: z.string(),
    }),
  ),
  /** Over every bet the filters match, not only the page; cancelled bets count nowhere. */
  totals: z.object({ betCount: z.number().int(), betAmount: z.string(), validBet: z.string(), winAmount: z.string(), profit: z.string(), houseProfit: z.string() }),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const agentMemberProfitSchema = z.object({
  currency: z.string(),
  list: z.array(z.object({ memberId: z.string(), account: z.string(), type: z.number().int(), level: z.number().int(), ...sumsShape })),
  /** Over every member the filters match. */
  totals: z.object(sumsShape),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/** The wallet's account record page of the member, with whose record it is and the days it covers. */
export const agentMemberTransactionsSchema = paymentsRpcMethods.listAccountRecord.output.extend({
  member: memberRefSchema,
  currency: z.string(),
  from: z.string(),
  to: z.string(),
});

export type AgentTeamOverview = z.infer<typeof agentTeamOverviewSchema>;
export type AgentDownline = z.infer<typeof agentDownlineSchema>;
export type AgentTeamBets = z.infer<typeof agentTeamBetsSchema>;
export type AgentMemberProfit = z.infer<typeof agentMemberProfitSchema>;
export type AgentMemberTransactions = z.infer<typeof agentMemberTransactionsSchema>;

/** The agent-contracts service's operations for team reports: roll-ups of settled bets up the agent tree; `agentContractsRpc` includes them. */
export const agentTeamRpcMethods = {
  agentTeamOverview: { input: agentTeamOverviewQuerySchema.extend(callerSchema.shape), output: agentTeamOverviewSchema },
  agentDownline: { input: agentDownlineQuerySchema.extend(callerSchema.shape), output: agentDownlineSchema },
  agentTeamBets: { input: agentTeamBetsQuerySchema.extend(callerSchema.shape), output: agentTeamBetsSchema },
  agentMemberProfit: { input: agentMemberProfitQuerySchema.extend(callerSchema.shape), output: agentMemberProfitSchema },
  agentMemberTransactions: { input: agentMemberTransactionsQuerySchema.extend(callerSchema.shape), output: agentMemberTransactionsSchema },
};
