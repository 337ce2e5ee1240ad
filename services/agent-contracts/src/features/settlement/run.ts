import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor, type Outbox } from '@wps/platform';
import { contractKindSchema, type ContractKind } from '@wps/contracts';
import { settlementState } from '../../domain/settlement.js';
import { nextPeriod, periodContaining, type Period } from '../../domain/periods.js';
import type { AgentContractsDeps } from '../module.js';
import { computePeriod, parseTiers, type BrandTerms } from './compute.js';

/** How many periods of one brand and kind one run settles at most; the next run goes on from there. */
const MAX_PERIODS_PER_RUN = 500;

export interface SettlementDeps extends AgentContractsDeps {
  outbox: Outbox;
  clock: () => Date;
}

export interface RunFilter {
  merchantCode?: string | undefined;
  kind?: ContractKind | undefined;
  until?: string | undefined;
}

export interface RunSummary {
  settled: number;
  payments: number;
  paidMinor: string;
  outstandingDebts: number;
}

/**
 * One settlement run: writes the settlement of every closed, unsettled period of every enabled brand and kind (one
 * transaction per period, one row per contract and period), then pays every row still due, top agents first, each
 * payer's outstanding debts before anything else it pays. Rows written by a run that stopped before paying are paid
 * by the next one; the wallet's key per contract and period keeps a payment from happening twice.
 */
export async function runSettlements(deps: SettlementDeps, filter: RunFilter): Promise<RunSummary> {
  const now = deps.clock();
  const until = filter.until ? new Date(filter.until) : now;
  if (until.getTime() > now.getTime()) throw new AppError('SETTLEMENT_UNTIL_IN_FUTURE');
  let settled = 0;
  for (const terms of await brandTerms(deps, filter)) settled += await settleClosedPeriods(deps, terms, until);
  const paid = await payDue(deps, filter);
  const [debts] = await rows<{ n: number }>(
    deps.db.orm,
    sql`SELECT count(*)::int AS n FROM agent_contracts.settlement_debts WHERE outstanding_minor > 0
           AND (${filter.merchantCode ?? null}::text IS NULL OR merchant_code = ${filter.merchantCode ?? null}::text)`,
  );
  return { settled, payments: paid.payments, paidMinor: paid.paidMinor.toString(), outstandingDebts: debts?.n ?? 0 };
}

async function brandTerms(deps: SettlementDeps, filter: RunFilter): Promise<BrandTerms[]> {
  const found = await rows<{
    merchant_code: string;
    kind: string;
    period: BrandTerms['period'];
    tiers: unknown;
    active_threshold_minor: string;
    carry_resets_monthly: boolean;
    time_zone: string;
    settle_delay_minutes: number;
  }>(
    deps.db.orm,
    sql`SELECT merchant_code, kind, period, tiers, active_threshold_minor::text AS active_threshold_minor, carry_resets_monthly, time_zone, settle_delay_minutes
          FROM agent_contracts.brand_terms
         WHERE enabled
           AND (${filter.merchantCode ?? null}::text IS NULL OR merchant_code = ${filter.merchantCode ?? null}::text)
           AND (${filter.kind ?? null}::text IS NULL OR kind = ${filter.kind ?? null}::text)
         ORDER BY merchant_code, kind`,
  );
  return found.map((row) => ({
    merchantCode: row.merchant_code,
    kind: contractKindSchema.parse(row.kind),
    period: row.period,
    tiers: parseTiers(row.tiers),
    activeThresholdMinor: BigInt(row.active_threshold_minor),
    carryResetsMonthly: row.carry_resets_monthly,
    timeZone: row.time_zone,
    settleDelayMinutes: Number(row.settle_delay_minutes),
  }));
}

/** The earliest period start any contract of the brand and kind still needs settled, if any. */
async function firstUnsettled(deps: SettlementDeps, terms: BrandTerms): Promise<Date | null> {
  const [row] = await rows<{ next: string | null }>(
    deps.db.orm,
    sql`SELECT min(next)::text AS next FROM (
          SELECT c.ended_at,
                 greatest(c.effective_from, coalesce((SELECT max(s.period_end) FROM agent_contracts.settlements s WHERE s.contract_id = c.id), c.effective_from)) AS next
            FROM agent_contracts.contracts c
           WHERE c.merchant_code = ${terms.merchantCode} AND c.kind = ${terms.kind} AND c.action = 'offer'
             AND c.state IN ('active', 'superseded', 'terminated') AND c.effective_from IS NOT NULL) AS pending
         WHERE ended_at IS NULL OR next < ended_at`,
  );
  return row?.next ? new Date(row.next) : null;
}

async function settleClosedPeriods(deps: SettlementDeps, terms: BrandTerms, until: Date): Promise<number> {
  const first = await firstUnsettled(deps, terms);
  if (!first) return 0;
  const closed = (period: Period) => period.end.getTime() + terms.settleDelayMinutes * 60_000 <= until.getTime();
  let written = 0;
  let period = periodContaining(terms.period, first, terms.timeZone);
  for (let count = 0; count < MAX_PERIODS_PER_RUN && closed(period); count++) {
    const current = period;
    written += await deps.db.transaction((tx) => writePeriod(deps, tx, terms, current));
    period = nextPeriod(terms.period, period, terms.timeZone);
  }
  return written;
}

/** Writes the period's settlement rows; a contract already settled for the period keeps its row. */
async function writePeriod(deps: SettlementDeps, tx: Executor, terms: BrandTerms, period: Period): Promise<number> {
  const lines = await computePeriod(tx, terms, period);
  const at = deps.clock();
  let written = 0;
  for (const line of lines) {
    const state = settlementState(line.grossMinor, 0n) === 'nothing-due' ? 'nothing-due' : 'due';
    const [row] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO agent_contracts.settlements (contract_id, merchant_code, kind, agent_id, payer_id, period_start, period_end, currency, base_minor,
                                                   active_members, tier_index, rate_bp, gross_minor, downline_minor, carry_in_minor, carry_out_minor,
                                                   amount_minor, state, created_at, settled_at)
          VALUES (${line.contractId}, ${terms.merchantCode}, ${terms.kind}, ${line.agentId}, ${line.payerId}, ${period.start.toISOString()}::timestamptz,
                  ${period.end.toISOString()}::timestamptz, ${line.currency}, ${line.baseMinor.toString()}::bigint, ${line.activeMembers}, ${line.tierIndex},
                  ${line.rateBp}, ${line.grossMinor.toString()}::bigint, ${line.downlineMinor.toString()}::bigint, ${line.carryInMinor.toString()}::bigint,
                  ${line.carryOutMinor.toString()}::bigint, ${line.grossMinor.toString()}::bigint, ${state}, ${at.toISOString()}::timestamptz,
                  ${state === 'nothing-due' ? at.toISOString() : null}::timestamptz)
          ON CONFLICT (contract_id, period_start) DO NOTHING
          RETURNING id::text AS id`,
    );
    if (!row) continue;
    written++;
    if (state === 'nothing-due') {
      await announce(deps, tx, {
        id: row.id,
        contractId: line.contractId,
        merchantCode: terms.merchantCode,
        kind: terms.kind,
        agentId: line.agentId,
        payerId: line.payerId,
        period,
        currency: line.currency,
        amountMinor: 0n,
        paidMinor: 0n,
        debtMinor: 0n,
        at,
      });
    }
  }
  return written;
}

async function announce(
  deps: SettlementDeps,
  tx: Executor,
  s: {
    id: string;
    contractId: string;
    merchantCode: string;
    kind: ContractKind;
    agentId: string;
    payerId: string | null;
    period: Period;
    currency: string;
    amountMinor: bigint;
    paidMinor: bigint;
    debtMinor: bigint;
    at: Date;
  },
): Promise<void> {
  await deps.outbox.add(tx, 'contract.settled', s.agentId, {
    settlementId: s.id,
    contractId: s.contractId,
    merchantCode: s.merchantCode,
    kind: s.kind,
    agentId: s.agentId,
    payerId: s.payerId,
    periodStart: s.period.start.toISOString(),
    periodEnd: s.period.end.toISOString(),
    currency: s.currency,
    amountMinor: s.amountMinor.toString(),
    paidMinor: s.paidMinor.toString(),
    debtMinor: s.debtMinor.toString(),
    at: s.at.toISOString(),
  });
}

interface DueRow {
  id: string;
  contract_id: string;
  merchant_code: string;
  kind: ContractKind;
  agent_id: string;
  payer_id: string | null;
  period_start: Date | string;
  period_end: Date | string;
  currency: string;
  amount_minor: string;
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** Pays every due row, oldest period first and, within a period, from the top of the tree down. */
async function payDue(deps: SettlementDeps, filter: RunFilter): Promise<{ payments: number; paidMinor: bigint }> {
  const due = await rows<DueRow>(
    deps.db.orm,
    sql`SELECT s.id::text AS id, s.contract_id::text AS contract_id, s.merchant_code, s.kind, s.agent_id::text AS agent_id, s.payer_id::text AS payer_id,
               s.period_start, s.period_end, s.currency, s.amount_minor::text AS amount_minor
          FROM agent_contracts.settlements s LEFT JOIN agent_contracts.agent_tree t ON t.member_id = s.agent_id
         WHERE s.state = 'due'
           AND (${filter.merchantCode ?? null}::text IS NULL OR s.merchant_code = ${filter.merchantCode ?? null}::text)
           AND (${filter.kind ?? null}::text IS NULL OR s.kind = ${filter.kind ?? null}::text)
         ORDER BY s.period_start, coalesce(t.depth, 0), s.id`,
  );
  const tally = { payments: 0, paidMinor: 0n };
  /** Payers the wallet last found empty, and who has received nothing since: their debts wait. */
  const empty = new Set<string>();
  for (const row of due) {
    if (row.payer_id !== null && !empty.has(row.payer_id)) await repayDebts(deps, row.payer_id, row.merchant_code, row.currency, empty, tally);
    const periodStart = toDate(row.period_start);
    const answer = await deps.wallet().payAgentCommission({
      key: `agent-contract:${row.contract_id}:${periodStart.toISOString()}`,
      merchantCode: row.merchant_code,
      currency: row.currency,
      payerMemberId: row.payer_id,
      payeeMemberId: row.agent_id,
      amountMinor: row.amount_minor,
      causeRef: `agent-settlement:${row.id}`,
      allowPartial: true,
    });
    const paid = BigInt(answer.paidMinor);
    noteBalances(empty, row.payer_id, row.agent_id, paid, answer.payerBalanceMinor);
    if (paid > 0n) {
      tally.payments++;
      tally.paidMinor += paid;
    }
    await deps.db.transaction(async (tx) => {
      const amount = BigInt(row.amount_minor);
      const debt = amount - paid;
      const at = deps.clock();
      const updated = await rows<{ id: string }>(
        tx,
        sql`UPDATE agent_contracts.settlements
               SET paid_minor = ${paid.toString()}::bigint, debt_minor = ${debt.toString()}::bigint, state = ${settlementState(amount, paid)},
                   transaction_id = ${answer.transactionId}, settled_at = ${at.toISOString()}::timestamptz
             WHERE id = ${row.id} AND state = 'due'
         RETURNING id::text AS id`,
      );
      if (updated.length === 0) return;
      if (debt > 0n && row.payer_id !== null) {
        await tx.execute(
          sql`INSERT INTO agent_contracts.settlement_debts (settlement_id, merchant_code, currency, payer_id, payee_id, original_minor, outstanding_minor, created_at)
              VALUES (${row.id}, ${row.merchant_code}, ${row.currency}, ${row.payer_id}, ${row.agent_id}, ${debt.toString()}::bigint, ${debt.toString()}::bigint, ${at.toISOString()}::timestamptz)`,
        );
      }
      await announce(deps, tx, {
        id: row.id,
        contractId: row.contract_id,
        merchantCode: row.merchant_code,
        kind: row.kind,
        agentId: row.agent_id,
        payerId: row.payer_id,
        period: { start: periodStart, end: toDate(row.period_end) },
        currency: row.currency,
        amountMinor: amount,
        paidMinor: paid,
        debtMinor: debt,
        at,
      });
    });
    // What an agent receives pays its own outstanding debts first.
    if (paid > 0n) await repayDebts(deps, row.agent_id, row.merchant_code, row.currency, empty, tally);
  }
  return tally;
}

function noteBalances(empty: Set<string>, payerId: string | null, payeeId: string, paid: bigint, payerBalanceMinor: string | undefined): void {
  if (payerId !== null && payerBalanceMinor !== undefined && BigInt(payerBalanceMinor) <= 0n) empty.add(payerId);
  if (paid > 0n) empty.delete(payeeId);
}

/**
 * Pays back what the payer still owes, oldest debt first, from what it holds now. Each request to the wallet is keyed
 * by the debt and its attempt number, so a repayment interrupted before it was recorded is found, not paid again.
 */
async function repayDebts(deps: SettlementDeps, payerId: string, merchantCode: string, currency: string, empty: Set<string>, tally: { payments: number; paidMinor: bigint }): Promise<void> {
  const debts = await rows<{ id: string; settlement_id: string; payee_id: string; outstanding_minor: string; attempts: number }>(
    deps.db.orm,
    sql`SELECT id::text AS id, settlement_id::text AS settlement_id, payee_id::text AS payee_id, outstanding_minor::text AS outstanding_minor, attempts
          FROM agent_contracts.settlement_debts
         WHERE payer_id = ${payerId} AND merchant_code = ${merchantCode} AND currency = ${currency} AND outstanding_minor > 0
         ORDER BY id`,
  );
  for (const debt of debts) {
    const attempt = Number(debt.attempts) + 1;
    const answer = await deps.wallet().payAgentCommission({
      key: `agent-debt:${debt.id}:${attempt}`,
      merchantCode,
      currency,
      payerMemberId: payerId,
      payeeMemberId: debt.payee_id,
      amountMinor: debt.outstanding_minor,
      causeRef: `agent-settlement:${debt.settlement_id}:debt`,
      allowPartial: true,
    });
    const paid = BigInt(answer.paidMinor);
    noteBalances(empty, payerId, debt.payee_id, paid, answer.payerBalanceMinor);
    if (paid > 0n) {
      tally.payments++;
      tally.paidMinor += paid;
    }
    await deps.db.transaction(async (tx) => {
      const at = deps.clock().toISOString();
      const updated = await rows<{ outstanding_minor: string }>(
        tx,
        sql`UPDATE agent_contracts.settlement_debts
               SET attempts = ${attempt}, outstanding_minor = outstanding_minor - ${paid.toString()}::bigint,
                   cleared_at = CASE WHEN outstanding_minor - ${paid.toString()}::bigint = 0 THEN ${at}::timestamptz END
             WHERE id = ${debt.id} AND attempts = ${attempt - 1}
         RETURNING outstanding_minor::text AS outstanding_minor`,
      );
      if (updated.length === 0 || paid === 0n) return;
      await tx.execute(
        sql`INSERT INTO agent_contracts.settlement_debt_repayments (debt_id, seq, amount_minor, transaction_id, paid_at)
            VALUES (${debt.id}, ${attempt}, ${paid.toString()}::bigint, ${answer.transactionId}, ${at}::timestamptz)`,
      );
      await tx.execute(
        sql`UPDATE agent_contracts.settlements
               SET paid_minor = paid_minor + ${paid.toString()}::bigint, debt_minor = debt_minor - ${paid.toString()}::bigint,
                   state = CASE WHEN debt_minor - ${paid.toString()}::bigint = 0 THEN 'paid' ELSE state END
             WHERE id = ${debt.settlement_id}`,
      );
    });
    if (paid < BigInt(debt.outstanding_minor)) return;
  }
}
