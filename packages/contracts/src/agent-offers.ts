import { z } from 'zod';
import { contractKindSchema, contractStateSchema, contractTierSchema } from './events.js';
import { decimalIdSchema, memberIdSchema } from './ids.js';

/** How often a kind is settled: dividends daily to monthly, salaries daily or hourly, real-time salary every 5 minutes. */
export const contractPeriodSchema = z.enum(['daily', 'weekly', 'semi-monthly', 'monthly', 'hourly', '5min']);
export type ContractPeriod = z.infer<typeof contractPeriodSchema>;

const minorAmount = z.string().regex(/^(0|[1-9][0-9]{0,17})$/);
const tiersSchema = z.array(contractTierSchema).max(20);

/** A brand's terms for one kind of contract. */
export const brandTermsSchema = z.object({
  merchantCode: z.string(),
  kind: contractKindSchema,
  enabled: z.boolean(),
  period: contractPeriodSchema,
  /** The thresholds every contract of the brand uses, with the highest rates a top agent may get. */
  tiers: tiersSchema,
  /** A member is active in a period with at least this valid bet, in minor units. */
  activeThresholdMinor: minorAmount,
  offerTtlHours: z.number().int().min(1).max(8760),
  /** Dividends: a negative base carried over is dropped at the start of each month. */
  carryResetsMonthly: z.boolean(),
  /** The IANA time zone the brand's periods are counted in. */
  timeZone: z.string().min(1).max(64),
  /** How long after a period closes it is settled, so late bets are counted. */
  settleDelayMinutes: z.number().int().min(0).max(1440),
  updatedAt: z.string(),
});
export type BrandTerms = z.infer<typeof brandTermsSchema>;

/** One offer (of terms, or of termination) and what became of it; an accepted offer is a contract. */
export const contractViewSchema = z.object({
  contractId: z.string(),
  kind: contractKindSchema,
  agentId: z.string(),
  agentAccount: z.string(),
  offeredBy: z.string().nullable(),
  offeredByAccount: z.string().nullable(),
  action: z.enum(['offer', 'terminate']),
  state: contractStateSchema,
  period: contractPeriodSchema,
  tiers: z.array(contractTierSchema),
  offeredAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The period boundary from which an accepted contract (or termination) applies. */
  effectiveFrom: z.string().nullable(),
  /** The period boundary from which a superseded or terminated contract no longer applies. */
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  /** For a termination: the contract it ends. */
  terminates: z.string().nullable(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

const member = { memberId: memberIdSchema, merchantCode: z.string(), memberType: z.number().int() };

/** What an agent sees of one contract kind in the agent centre: its own contract and its direct downline agents'. */
export const agentContractsSchema = z.object({
  kind: contractKindSchema,
  terms: brandTermsSchema.nullable(),
  /** The contract in force now, if any. */
  current: contractViewSchema.nullable(),
  /** A contract accepted for the next period, if any. */
  next: contractViewSchema.nullable(),
  /** Offers that wait for this agent's answer. */
  pending: z.array(contractViewSchema),
  /** This agent's offers and contracts, newest first (at most 50). */
  history: z.array(contractViewSchema),
  downlines: z.object({
    items: z.array(
      z.object({
        memberId: z.string(),
        account: z.string(),
        type: z.number().int(),
        current: contractViewSchema.nullable(),
        next: contractViewSchema.nullable(),
        pending: contractViewSchema.nullable(),
        /** The downline's offers and contracts of this kind, newest first (at most 10). */
        history: z.array(contractViewSchema),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
});
export type AgentContracts = z.infer<typeof agentContractsSchema>;

/** 0: the kind is not offered or the member is not an agent; 1: no contract; 2: an offer waits for the answer; 3: a contract in force. */
const contractFlag = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const consolidatedContractsSchema = z.object({
  divtypereq: contractFlag,
  dailysalreqtype: contractFlag,
  contracthoursalreq: contractFlag,
  realtimesalreqtype: contractFlag,
  /** The agent centre's menu entries: each kind is offered by the brand and the member is an agent. */
  enableCt: z.boolean(),
  salary: z.boolean(),
  dailySalary: z.boolean(),
  hourSalary: z.boolean(),
  agentRealtimeSalary: z.boolean(),
});
export type ConsolidatedContracts = z.infer<typeof consolidatedContractsSchema>;

/** What an operator sets for one kind of a brand. */
export const brandTermsUpdateSchema = z.object({
  enabled: z.boolean(),
  period: contractPeriodSchema,
  tiers: tiersSchema,
  activeThresholdMinor: minorAmount,
  offerTtlHours: z.number().int().min(1).max(8760).default(168),
  carryResetsMonthly: z.boolean().default(true),
  timeZone: z.string().min(1).max(64),
  settleDelayMinutes: z.number().int().min(0).max(1440).default(5),
});

export const contractOfferBodySchema = z.object({ agentId: decimalIdSchema, kind: contractKindSchema, tiers: tiersSchema.min(1) });
export const contractTerminateBodySchema = z.object({ agentId: decimalIdSchema, kind: contractKindSchema });
export const contractIdBodySchema = z.object({ contractId: decimalIdSchema });
export const contractAnswerBodySchema = z.object({ contractId: decimalIdSchema, accept: z.boolean() });

/** The agent-contracts service's operations for contract terms and offers: what an upline offers a direct downline, and the answers; `agentContractsRpc` includes them. */
export const agentOfferRpcMethods = {
  /** A brand's terms for every kind it has set. */
  operatorGetContractTerms: {
    input: z.object({ merchantCode: z.string() }),
    output: z.object({ terms: z.array(brandTermsSchema) }),
  },
  /** Sets a brand's terms for one kind; contracts already made keep their tiers. */
  operatorSetContractTerms: {
    input: brandTermsUpdateSchema.extend({ merchantCode: z.string(), kind: contractKindSchema, operator: z.string() }),
    output: brandTermsSchema,
  },
  /** The platform offers a top agent (one without an upline) a contract within the brand's rates. */
  operatorOfferContract: {
    input: contractOfferBodySchema.extend({ merchantCode: z.string(), operator: z.string() }),
    output: contractViewSchema,
  },
  /** The platform offers a top agent the termination of its active contract. */
  operatorOfferTermination: {
    input: contractTerminateBodySchema.extend({ merchantCode: z.string(), operator: z.string() }),
    output: contractViewSchema,
  },
  /** The platform withdraws one of its offers to a top agent that still waits for an answer. */
  operatorWithdrawOffer: {
    input: contractIdBodySchema.extend({ merchantCode: z.string(), operator: z.string() }),
    output: contractViewSchema,
  },
  /** An agent offers a direct downline agent a contract within its own rates. */
  offerContract: {
    input: contractOfferBodySchema.extend(member),
    output: contractViewSchema,
  },
  /** An agent offers a direct downline agent the termination of its active contract. */
  offerTermination: {
    input: contractTerminateBodySchema.extend(member),
    output: contractViewSchema,
  },
  /** An agent withdraws an offer of its own that still waits for an answer. */
  withdrawOffer: {
    input: contractIdBodySchema.extend(member),
    output: contractViewSchema,
  },
  /** The offered agent accepts or rejects an offer of the given kind. */
  answerOffer: {
    input: contractAnswerBodySchema.extend({ ...member, kind: contractKindSchema }),
    output: contractViewSchema,
  },
  /** The agent centre's page of one contract kind. */
  agentContracts: {
    input: z.object({
      ...member,
      kind: contractKindSchema,
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    output: agentContractsSchema,
  },
  /** The member's contract state per kind and the agent centre's menu flags. */
  consolidatedContracts: {
    /** `agentPolicy`: the brand's AGENTPOLICY3 flag; off, every kind answers 0 and no menu entry shows. */
    input: z.object({ ...member, agentPolicy: z.boolean() }),
    output: consolidatedContractsSchema,
  },
};
