import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor, type Outbox } from '@wps/platform';
import type { BrandTerms, ContractChanged, ContractKind, ContractPeriod, ContractTier, ContractView } from '@wps/contracts';

/** The columns of a contract as the agent centre shows it, with both sides' accounts from the tree. */
const CONTRACT_COLUMNS = sql`
  c.id::text AS id, c.merchant_code, c.kind, c.agent_id::text AS agent_id, c.offered_by::text AS offered_by, c.action,
  c.state, c.period, c.tiers, c.offered_at, c.expires_at, c.decided_at, c.effective_from, c.ended_at, c.end_reason,
  c.terminates::text AS terminates, coalesce(a.account, c.agent_id::text) AS agent_account,
  CASE WHEN c.offered_by IS NULL THEN NULL ELSE coalesce(o.account, c.offered_by::text) END AS offered_by_account`;
const CONTRACT_FROM = sql`agent_contracts.contracts c
  LEFT JOIN agent_contracts.agent_tree a ON a.member_id = c.agent_id
  LEFT JOIN agent_contracts.agent_tree o ON o.member_id = c.offered_by`;

export interface ContractRow {
  id: string;
  merchant_code: string;
  kind: ContractKind;
  agent_id: string;
  offered_by: string | null;
  action: 'offer' | 'terminate';
  state: ContractView['state'];
  period: ContractPeriod;
  tiers: ContractTier[];
  offered_at: Date | string;
  expires_at: Date | string;
  decided_at: Date | string | null;
  effective_from: Date | string | null;
  ended_at: Date | string | null;
  end_reason: string | null;
  terminates: string | null;
  agent_account: string;
  offered_by_account: string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

export function toView(row: ContractRow): ContractView {
  return {
    contractId: row.id,
    kind: row.kind,
    agentId: row.agent_id,
    agentAccount: row.agent_account,
    offeredBy: row.offered_by,
    offeredByAccount: row.offered_by_account,
    action: row.action,
    state: row.state,
    period: row.period,
    tiers: typeof row.tiers === 'string' ? (JSON.parse(row.tiers) as ContractTier[]) : row.tiers,
    offeredAt: iso(row.offered_at),
    expiresAt: iso(row.expires_at),
    decidedAt: isoOrNull(row.decided_at),
    effectiveFrom: isoOrNull(row.effective_from),
    endedAt: isoOrNull(row.ended_at),
    endReason: row.end_reason,
    terminates: row.terminates,
  };
}

/** Contracts matching `where` (over alias `c`), in `order`. */
export async function findContracts(executor: Executor, where: SQL, order: SQL = sql`c.id DESC`, limit = 1000): Promise<ContractView[]> {
  const found = await rows<ContractRow>(executor, sql`SELECT ${CONTRACT_COLUMNS} FROM ${CONTRACT_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${limit}`);
  return found.map(toView);
}

export async function contractById(executor: Executor, id: string): Promise<ContractView | undefined> {
  return (await findContracts(executor, sql`c.id = ${id}`))[0];
}

/** A member's node in the tree, if it has arrived. */
export interface TreeNode {
  memberId: string;
  merchantCode: string;
  account: string;
  type: number;
  uplineId: string | null;
}

export async function treeNode(executor: Executor, memberId: string, lock = false): Promise<TreeNode | undefined> {
  const [row] = await rows<{ member_id: string; merchant_code: string; account: string; type: number; upline_id: string | null }>(
    executor,
    sql`SELECT member_id::text AS member_id, merchant_code, account, type, upline_id::text AS upline_id
          FROM agent_contracts.agent_tree WHERE member_id = ${memberId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? { memberId: row.member_id, merchantCode: row.merchant_code, account: row.account, type: Number(row.type), uplineId: row.upline_id } : undefined;
}

/**
 * Serialises every change of these members' contracts: their tree rows are locked, uplines before downlines (the
 * order every writer takes), so an offer, an answer and an upline's cascade never decide on the same stale reading.
 */
export async function lockMembers(tx: Executor, ids: readonly string[]): Promise<void> {
  for (const id of ids) await tx.execute(sql`SELECT member_id FROM agent_contracts.agent_tree WHERE member_id = ${id} FOR UPDATE`);
}

interface TermsRow {
  merchant_code: string;
  kind: ContractKind;
  enabled: boolean;
  period: ContractPeriod;
  tiers: ContractTier[];
  active_threshold_minor: string;
  offer_ttl_hours: number;
  carry_resets_monthly: boolean;
  time_zone: string;
  settle_delay_minutes: number;
  updated_at: Date | string;
}

const termsOf = (row: TermsRow): BrandTerms => ({
  merchantCode: row.merchant_code,
  kind: row.kind,
  enabled: row.enabled,
  period: row.period,
  tiers: typeof row.tiers === 'string' ? (JSON.parse(row.tiers) as ContractTier[]) : row.tiers,
  activeThresholdMinor: String(row.active_threshold_minor),
  offerTtlHours: Number(row.offer_ttl_hours),
  carryResetsMonthly: row.carry_resets_monthly,
  timeZone: row.time_zone,
  settleDelayMinutes: Number(row.settle_delay_minutes),
  updatedAt: iso(row.updated_at),
});

export async function brandTerms(executor: Executor, merchantCode: string): Promise<BrandTerms[]> {
  const found = await rows<TermsRow>(executor, sql`SELECT * FROM agent_contracts.brand_terms WHERE merchant_code = ${merchantCode} ORDER BY kind`);
  return found.map(termsOf);
}

export async function brandTermsOf(executor: Executor, merchantCode: string, kind: ContractKind): Promise<BrandTerms | undefined> {
  const [row] = await rows<TermsRow>(executor, sql`SELECT * FROM agent_contracts.brand_terms WHERE merchant_code = ${merchantCode} AND kind = ${kind}`);
  return row ? termsOf(row) : undefined;
}

/** The agent's accepted contract going forward (in force now, or from the next period), if any. */
export async function activeContract(executor: Executor, agentId: string, kind: ContractKind): Promise<ContractView | undefined> {
  return (await findContracts(executor, sql`c.agent_id = ${agentId} AND c.kind = ${kind} AND c.action = 'offer' AND c.state = 'active'`))[0];
}

/** Records a change of a contract for both sides, through the service's outbox, keyed by the agent. */
export async function recordChange(tx: Executor, outbox: Outbox, contract: ContractView, merchantCode: string, change: ContractChanged['change'], at: Date): Promise<void> {
  await outbox.add(tx, 'contract.changed', contract.agentId, {
    contractId: contract.contractId,
    merchantCode,
    kind: contract.kind,
    agentId: contract.agentId,
    agentAccount: contract.agentAccount,
    offeredBy: contract.offeredBy,
    offeredByAccount: contract.offeredByAccount,
    action: contract.action,
    state: contract.state,
    change,
    reason: contract.endReason,
    at: at.toISOString(),
  });
}

/** Updates contracts and returns them as they are now, with the merchant they belong to. */
export async function updateContracts(tx: Executor, set: SQL, where: SQL): Promise<Array<{ view: ContractView; merchantCode: string }>> {
  const ids = await rows<{ id: string }>(tx, sql`UPDATE agent_contracts.contracts c SET ${set} WHERE ${where} RETURNING c.id::text AS id`);
  if (ids.length === 0) return [];
  const found = await rows<ContractRow>(
    tx,
    sql`SELECT ${CONTRACT_COLUMNS} FROM ${CONTRACT_FROM} WHERE c.id IN (${sql.join(
      ids.map((row) => sql`${row.id}`),
      sql`, `,
    )}) ORDER BY c.id`,
  );
  return found.map((row) => ({ view: toView(row), merchantCode: row.merchant_code }));
}
