import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import { isAgentType, type ContractKind } from '@wps/contracts';

interface Caller {
  memberId: string;
  merchantCode: string;
  memberType: number;
}

/** A range bound: a day (UTC; `to` includes the whole day) or an instant. */
function range(from: string | undefined, to: string | undefined): { from: string | null; to: string | null } {
  const start = from ? new Date(from.length === 10 ? `${from}T00:00:00Z` : from) : null;
  const end = to ? new Date(to.length === 10 ? new Date(`${to}T00:00:00Z`).getTime() + 86_400_000 : to) : null;
  if (start && end && start.getTime() > end.getTime()) throw new AppError('SETTLEMENT_RANGE_INVALID');
  return { from: start?.toISOString() ?? null, to: end?.toISOString() ?? null };
}

function agentOnly(caller: Caller): void {
  if (!isAgentType(caller.memberType)) throw new AppError('AGENT_ONLY');
}

/** A settlement row as read, bigints as text. */
export interface SettlementRow {
  id: string;
  contract_id: string;
  kind: ContractKind;
  agent_id: string;
  account: string | null;
  payer_id: string | null;
  period_start: Date | string;
  period_end: Date | string;
  currency: string;
  base_minor: string;
  active_members: number;
  tier_index: number | null;
  rate_bp: number;
  gross_minor: string;
  downline_minor: string;
  carry_in_minor: string;
  carry_out_minor: string;
  amount_minor: string;
  paid_minor: string;
  debt_minor: string;
  state: 'due' | 'paid' | 'partly-paid' | 'nothing-due';
  settled_at: Date | string | null;
}

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
const COLUMNS = sql`s.id::text AS id, s.contract_id::text AS contract_id, s.kind, s.agent_id::text AS agent_id, t.account, s.payer_id::text AS payer_id,
  s.period_start, s.period_end, s.currency, s.base_minor::text AS base_minor, s.active_members, s.tier_index, s.rate_bp, s.gross_minor::text AS gross_minor,
  s.downline_minor::text AS downline_minor, s.carry_in_minor::text AS carry_in_minor, s.carry_out_minor::text AS carry_out_minor,
  s.amount_minor::text AS amount_minor, s.paid_minor::text AS paid_minor, s.debt_minor::text AS debt_minor, s.state, s.settled_at`;

function record(row: SettlementRow, me: string) {
  return {
    settlementId: row.id,
    contractId: row.contract_id,
    kind: row.kind,
    role: row.agent_id === me ? ('earned' as const) : ('paid' as const),
    agentId: row.agent_id,
    agentAccount: row.account,
    payerId: row.payer_id,
    periodStart: iso(row.period_start),
    periodEnd: iso(row.period_end),
    currency: row.currency,
    baseMinor: row.base_minor,
    activeMembers: Number(row.active_members),
    tier: row.tier_index === null ? null : Number(row.tier_index) + 1,
    rateBp: Number(row.rate_bp),
    grossMinor: row.gross_minor,
    downlineMinor: row.downline_minor,
    carryInMinor: row.carry_in_minor,
    carryOutMinor: row.carry_out_minor,
    amountMinor: row.amount_minor,
    paidMinor: row.paid_minor,
    debtMinor: row.debt_minor,
    state: row.state,
    settledAt: row.settled_at === null ? null : iso(row.settled_at),
  };
}

/** The caller's settlement records of a kind and the ones it pays its direct downline agents, newest period first. */
export async function agentSettlements(db: Executor, input: Caller & { kind: ContractKind; from?: string | undefined; to?: string | undefined; pageNo: number; pageSize: number }) {
  agentOnly(input);
  const bounds = range(input.from, input.to);
  const where = sql`s.merchant_code = ${input.merchantCode} AND s.kind = ${input.kind} AND (s.agent_id = ${input.memberId} OR s.payer_id = ${input.memberId})
    AND (${bounds.from}::timestamptz IS NULL OR s.period_start >= ${bounds.from}::timestamptz)
    AND (${bounds.to}::timestamptz IS NULL OR s.period_start < ${bounds.to}::timestamptz)`;
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM agent_contracts.settlements s WHERE ${where}`);
  const found = await rows<SettlementRow>(
    db,
    sql`SELECT ${COLUMNS} FROM agent_contracts.settlements s LEFT JOIN agent_contracts.agent_tree t ON t.member_id = s.agent_id
         WHERE ${where}
         ORDER BY s.period_start DESC, (s.agent_id = ${input.memberId}) DESC, s.agent_id, s.id
         LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
  );
  return { list: found.map((row) => record(row, input.memberId)), total: count?.n ?? 0, pageNo: input.pageNo, pageSize: input.pageSize };
}

interface DebtRow {
  id: string;
  settlement_id: string;
  kind: ContractKind;
  period_start: Date | string;
  payer_id: string;
  payee_id: string;
  currency: string;
  original_minor: string;
  outstanding_minor: string;
  created_at: Date | string;
}

/**
 * The caller's income: each payment it received or made for a settlement (the part paid when the period settled, then
 * each repayment of what stayed owed), newest first, a page at a time, with the inputs that explain it; the totals over
 * the whole range, and the debts still outstanding between it and others; all of one contract kind when asked.
 */
export async function agentIncome(db: Executor, input: Caller & { from?: string | undefined; to?: string | undefined; kind?: ContractKind | undefined; pageNo: number; pageSize: number }) {
  agentOnly(input);
  const bounds = range(input.from, input.to);
  const me = input.memberId;
  const kind = input.kind ?? null;
  const inRange = (column: ReturnType<typeof sql>) =>
    sql`(${bounds.from}::timestamptz IS NULL OR ${column} >= ${bounds.from}::timestamptz) AND (${bounds.to}::timestamptz IS NULL OR ${column} < ${bounds.to}::timestamptz)`;
  const ofKind = sql`(${kind}::text IS NULL OR s.kind = ${kind}::text)`;
  // Every payment of the range: a settlement's part paid when it settled (what it paid less its later repayments),
  // and each repayment of its debt.
  const payments = sql`WITH e AS (
      SELECT s.id AS settlement_id, 'settlement'::text AS source, 0 AS seq, s.settled_at AS at,
             s.paid_minor - coalesce((SELECT sum(r.amount_minor) FROM agent_contracts.settlement_debt_repayments r
                                       JOIN agent_contracts.settlement_debts d ON d.id = r.debt_id WHERE d.settlement_id = s.id), 0) AS amount_minor
        FROM agent_contracts.settlements s
       WHERE s.merchant_code = ${input.merchantCode} AND (s.agent_id = ${me} OR s.payer_id = ${me}) AND s.settled_at IS NOT NULL AND ${inRange(sql`s.settled_at`)} AND ${ofKind}
      UNION ALL
      SELECT s.id, 'debt-repayment'::text, r.seq, r.paid_at, r.amount_minor
        FROM agent_contracts.settlement_debt_repayments r
        JOIN agent_contracts.settlement_debts d ON d.id = r.debt_id
        JOIN agent_contracts.settlements s ON s.id = d.settlement_id
       WHERE s.merchant_code = ${input.merchantCode} AND (d.payer_id = ${me} OR d.payee_id = ${me}) AND ${inRange(sql`r.paid_at`)} AND ${ofKind})`;
  const [totals] = await rows<{ n: number; received: string; paid: string }>(
    db,
    sql`${payments}
        SELECT count(*)::int AS n, coalesce(sum(e.amount_minor) FILTER (WHERE s.agent_id = ${me}), 0)::text AS received,
               coalesce(sum(e.amount_minor) FILTER (WHERE s.agent_id <> ${me}), 0)::text AS paid
          FROM e JOIN agent_contracts.settlements s ON s.id = e.settlement_id
         WHERE e.amount_minor > 0`,
  );
  const page = await rows<SettlementRow & { source: 'settlement' | 'debt-repayment'; entry_minor: string; at: Date | string }>(
    db,
    sql`${payments}
        SELECT ${COLUMNS}, e.source, e.amount_minor::text AS entry_minor, e.at
          FROM e JOIN agent_contracts.settlements s ON s.id = e.settlement_id LEFT JOIN agent_contracts.agent_tree t ON t.member_id = s.agent_id
         WHERE e.amount_minor > 0
         ORDER BY e.at DESC, e.settlement_id DESC, e.source DESC, e.seq DESC
         LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
  );
  const entry = (row: (typeof page)[number]) => {
    const received = row.agent_id === me;
    return {
      direction: received ? ('received' as const) : ('paid' as const),
      source: row.source,
      settlementId: row.id,
      kind: row.kind,
      periodStart: iso(row.period_start),
      periodEnd: iso(row.period_end),
      counterpartyId: received ? row.payer_id : row.agent_id,
      currency: row.currency,
      amountMinor: row.entry_minor,
      baseMinor: row.base_minor,
      activeMembers: Number(row.active_members),
      tier: row.tier_index === null ? null : Number(row.tier_index) + 1,
      rateBp: Number(row.rate_bp),
      grossMinor: row.gross_minor,
      at: iso(row.at),
    };
  };
  const debts = await rows<DebtRow>(
    db,
    sql`SELECT d.id::text AS id, d.settlement_id::text AS settlement_id, s.kind, s.period_start, d.payer_id::text AS payer_id, d.payee_id::text AS payee_id,
               d.currency, d.original_minor::text AS original_minor, d.outstanding_minor::text AS outstanding_minor, d.created_at
          FROM agent_contracts.settlement_debts d JOIN agent_contracts.settlements s ON s.id = d.settlement_id
         WHERE d.merchant_code = ${input.merchantCode} AND d.outstanding_minor > 0 AND (d.payer_id = ${me} OR d.payee_id = ${me}) AND ${ofKind}
         ORDER BY d.id`,
  );
  const debt = (row: DebtRow) => ({
    debtId: row.id,
    settlementId: row.settlement_id,
    kind: row.kind,
    periodStart: iso(row.period_start),
    payerId: row.payer_id,
    payeeId: row.payee_id,
    currency: row.currency,
    originalMinor: row.original_minor,
    outstandingMinor: row.outstanding_minor,
    createdAt: iso(row.created_at),
  });
  const receivedMinor = BigInt(totals?.received ?? '0');
  const paidMinor = BigInt(totals?.paid ?? '0');
  return {
    list: page.map(entry),
    total: totals?.n ?? 0,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
    totals: { receivedMinor: receivedMinor.toString(), paidMinor: paidMinor.toString(), netMinor: (receivedMinor - paidMinor).toString() },
    owedToMe: debts.filter((row) => row.payee_id === me).map(debt),
    owedByMe: debts.filter((row) => row.payer_id === me).map(debt),
  };
}
