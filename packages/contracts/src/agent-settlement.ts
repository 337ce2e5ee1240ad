import { z } from 'zod';
import { contractKindSchema } from './events.js';
import { memberIdSchema } from './ids.js';

/** The most records a settlement page holds. */
export const AGENT_SETTLEMENT_PAGE_SIZE_MAX = 100;

const minor = z.string();
/** A day (yyyy-MM-dd, UTC) or an instant with its offset; empty means no bound. */
const bound = z
  .union([z.iso.date(), z.iso.datetime({ offset: true }), z.literal('')])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(AGENT_SETTLEMENT_PAGE_SIZE_MAX).default(20);

/** `GET /wps/agent/settlements`: the agent's records of one contract kind, by period start, newest first. */
export const agentSettlementsQuerySchema = z.object({
  kind: contractKindSchema,
  from: bound,
  to: bound,
  pageNo,
  pageSize,
});
/**
 * `GET /wps/agent/income`: what the agent received and paid over a range, a page of payments at a time (newest
 * first), and the debts between it and others; all of one contract kind when `kind` is given.
 */
export const agentIncomeQuerySchema = z.object({
  kind: z
    .union([contractKindSchema, z.literal('')])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  from: bound,
  to: bound,
  pageNo,
  pageSize,
});

const callerSchema = z.object({ memberId: memberIdSchema, merchantCode: z.string(), memberType: z.number().int() });

/** One contract's settlement for one period, with every input it was computed from. */
export const settlementRecordSchema = z.object({
  settlementId: z.string(),
  contractId: z.string(),
  kind: contractKindSchema,
  /** `earned`: the caller's own record; `paid`: a direct downline agent's record, paid by the caller. */
  role: z.enum(['earned', 'paid']),
  agentId: z.string(),
  agentAccount: z.string().nullable(),
  /** The upline that pays; null when the platform pays a top agent. */
  payerId: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  currency: z.string(),
  /** The team base the rate applied to, carry-over included. */
  baseMinor: minor,
  activeMembers: z.number().int(),
  /** 1-based tier reached; null when no tier was reached. */
  tier: z.number().int().nullable(),
  rateBp: z.number().int(),
  grossMinor: minor,
  /** What the agent's direct downline agents earned this period, paid by the agent. */
  downlineMinor: minor,
  carryInMinor: minor,
  carryOutMinor: minor,
  /** What the payer owed the agent this period. */
  amountMinor: minor,
  paidMinor: minor,
  /** What is still owed of it. */
  debtMinor: minor,
  state: z.enum(['due', 'paid', 'partly-paid', 'nothing-due']),
  settledAt: z.string().nullable(),
});
export type SettlementRecord = z.infer<typeof settlementRecordSchema>;

export const agentSettlementsSchema = z.object({
  list: z.array(settlementRecordSchema),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

/** One payout received or paid: a period's settlement or the repayment of an earlier debt. */
export const incomeEntrySchema = z.object({
  direction: z.enum(['received', 'paid']),
  source: z.enum(['settlement', 'debt-repayment']),
  settlementId: z.string(),
  kind: contractKindSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The other side: the payer of what was received (null: the platform), the payee of what was paid. */
  counterpartyId: z.string().nullable(),
  currency: z.string(),
  amountMinor: minor,
  /** Why: the settlement's base, active members, tier and rate (gross = rate × base). */
  baseMinor: minor,
  activeMembers: z.number().int(),
  tier: z.number().int().nullable(),
  rateBp: z.number().int(),
  grossMinor: minor,
  at: z.string(),
});
export const debtSchema = z.object({
  debtId: z.string(),
  settlementId: z.string(),
  kind: contractKindSchema,
  periodStart: z.string(),
  payerId: z.string(),
  payeeId: z.string(),
  currency: z.string(),
  originalMinor: minor,
  outstandingMinor: minor,
  createdAt: z.string(),
});
export const agentIncomeSchema = z.object({
  /** One page of the payments, newest first. */
  list: z.array(incomeEntrySchema),
  /** Payments over the whole range. */
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** Sums over the whole range, not just the page. */
  totals: z.object({ receivedMinor: minor, paidMinor: minor, netMinor: minor }),
  /** Outstanding debts: what uplines still owe the caller, and what the caller still owes its downline. */
  owedToMe: z.array(debtSchema),
  owedByMe: z.array(debtSchema),
});

export const runAgentSettlementsBodySchema = z.object({
  merchantCode: z.string().min(1).max(40).optional(),
  kind: contractKindSchema.optional(),
  /** Settles the periods closed by this instant (default: now); an instant in the future is refused. */
  until: z.iso.datetime({ offset: true }).optional(),
});
export const settlementRunSchema = z.object({
  /** Settlement rows written by this run. */
  settled: z.number().int(),
  /** Payments made through the wallet (settlements and debt repayments). */
  payments: z.number().int(),
  paidMinor: minor,
  /** Outstanding debt left over all payers after the run. */
  outstandingDebts: z.number().int(),
});

/** The agent-contracts service's operations for contract settlement: each period's payouts, debts and carry-overs; `agentContractsRpc` includes them. */
export const agentSettlementRpcMethods = {
  /** Settles and pays every closed, unsettled period; finishes payments left by an interrupted run. */
  runAgentSettlements: { input: runAgentSettlementsBodySchema, output: settlementRunSchema },
  agentSettlements: { input: agentSettlementsQuerySchema.extend(callerSchema.shape), output: agentSettlementsSchema },
  agentIncome: { input: agentIncomeQuerySchema.extend(callerSchema.shape), output: agentIncomeSchema },
};
