import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { DepositView, WithdrawalView } from '@wps/contracts';
import { LIMIT_PERIODS, NO_LIMITS, type LimitPeriod, type LimitState, type LimitValues } from './limits.js';
import type { DecodedProof } from './proofs.js';
import { timeRange } from './time-range.js';
import type { MemberRef } from './deps.js';

/** SQL that more than one payment use case runs: deposits, withdrawals, their audit trail and proofs, deposit limits. */

export interface DepositRow {
  id: string;
  merchant_code: string;
  member_id: string;
  method_code: string;
  method_kind: string;
  currency: string;
  amount_minor: string;
  status: DepositView['status'];
  reason: string | null;
  request_hash: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  proof_count: number;
}

export interface WithdrawalRow {
  id: string;
  merchant_code: string;
  member_id: string;
  currency: string;
  amount_minor: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  status: WithdrawalView['status'];
  reason: string | null;
  paid_at: Date | string | null;
  confirm_result: WithdrawalView['confirmResult'];
  received_amount_minor: string | null;
  auto_confirmed: boolean;
  created_at: Date | string;
}

/** The operator lists' filters; `from`/`to` bound the creation time. */
export interface OperatorListFilter {
  memberId?: string;
  from?: string;
  to?: string;
  status?: string;
}

/** Whose payments a list shows: one member's own, or whatever the operator's filter selects. */
export type ListScope = { member: MemberRef } | { operator: OperatorListFilter };

/** Members see their newest first; the operator's review queue is oldest first, so the longest wait leads. */
export type ListOrder = 'newest' | 'oldest';

export type PaymentSubject = 'deposit' | 'withdrawal' | 'adjustment' | 'transfer';

/** A jsonb column comes back parsed from one driver and as text from the other. */
export const fromJsonb = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const DEPOSIT_COLUMNS = sql.raw(`d.id, d.merchant_code, d.member_id, d.method_code, d.method_kind, d.currency, d.amount_minor, d.status, d.reason, d.request_hash,
  d.created_at, d.decided_at, (SELECT count(*)::int FROM wallet.payment_proofs p WHERE p.subject_type = 'deposit' AND p.subject_id = d.id) AS proof_count`);

const forUpdate = (lock: boolean, of?: string): SQL => (lock ? sql.raw(of ? `FOR UPDATE OF ${of}` : 'FOR UPDATE') : sql``);

async function selectDeposit(executor: Executor, where: SQL, lock: boolean): Promise<DepositRow | undefined> {
  const [row] = await rows<DepositRow>(executor, sql`SELECT ${DEPOSIT_COLUMNS} FROM wallet.deposits d WHERE ${where} ${forUpdate(lock, 'd')}`);
  return row;
}

export const depositById = (executor: Executor, id: string, lock = false) => selectDeposit(executor, sql`d.id = ${id}`, lock);

/** The member's own deposit; another member's id is as good as missing. */
export const memberDeposit = (executor: Executor, member: MemberRef, id: string, lock = false) =>
  selectDeposit(executor, sql`d.id = ${id} AND d.member_id = ${member.memberId} AND d.merchant_code = ${member.merchantCode}`, lock);

/** A brand's sandbox is on while it offers an enabled sandbox deposit method (the demo brand does). */
const brandSandboxOnSql = (merchantCode: SQL) => sql`EXISTS (SELECT 1 FROM wallet.deposit_methods sm WHERE sm.merchant_code = ${merchantCode} AND sm.kind = 'sandbox_gateway' AND sm.enabled)`;

/** A sandbox deposit of a brand whose sandbox is on; on any other brand it does not exist to callers. */
export const sandboxDeposit = (executor: Executor, id: string, lock = false) =>
  selectDeposit(executor, sql`d.id = ${id} AND d.method_kind = 'sandbox_gateway' AND ${brandSandboxOnSql(sql`d.merchant_code`)}`, lock);

/** Whether the brand's sandbox is on: demo deposits and the sandbox pay page exist only there. */
export const brandSandboxOn = async (executor: Executor, merchantCode: string): Promise<boolean> =>
  (await rows<{ sandbox_on: boolean }>(executor, sql`SELECT ${brandSandboxOnSql(sql`${merchantCode}`)} AS sandbox_on`))[0]?.sandbox_on === true;

export const depositByKey = (executor: Executor, member: MemberRef, idempotencyKey: string) =>
  selectDeposit(executor, sql`d.merchant_code = ${member.merchantCode} AND d.member_id = ${member.memberId} AND d.idempotency_key = ${idempotencyKey}`, false);

/** A refused deposit and its audit row; the reason is a code (limit, provider) or the operator's words. */
export async function markDepositRejected(tx: Executor, deposit: { id: string; reason: string; actor: string; at: Date }): Promise<void> {
  await tx.execute(
    sql`UPDATE wallet.deposits SET status = 'rejected', reason = ${deposit.reason}, decided_by = ${deposit.actor}, decided_at = ${deposit.at.toISOString()}::timestamptz WHERE id = ${deposit.id}`,
  );
  await recordAction(tx, { subjectType: 'deposit', subjectId: deposit.id, action: 'rejected', actor: deposit.actor, reason: deposit.reason, at: deposit.at });
}

async function selectWithdrawal(executor: Executor, where: SQL, lock: boolean): Promise<WithdrawalRow | undefined> {
  const [row] = await rows<WithdrawalRow>(executor, sql`SELECT w.* FROM wallet.withdrawals w WHERE ${where} ${forUpdate(lock)}`);
  return row;
}

export const withdrawalById = (executor: Executor, id: string, lock = false) => selectWithdrawal(executor, sql`w.id = ${id}`, lock);

export const memberWithdrawal = (executor: Executor, member: MemberRef, id: string, lock = false) =>
  selectWithdrawal(executor, sql`w.id = ${id} AND w.member_id = ${member.memberId} AND w.merchant_code = ${member.merchantCode}`, lock);

function listWhere(alias: string, scope: ListScope): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  if ('member' in scope) return sql`${column('merchant_code')} = ${scope.member.merchantCode} AND ${column('member_id')} = ${scope.member.memberId}`;
  const filter = scope.operator;
  const conditions: SQL[] = [sql`true`];
  if (filter.status) conditions.push(sql`${column('status')} = ${filter.status}`);
  if (filter.memberId) conditions.push(sql`${column('member_id')} = ${filter.memberId}`);
  const { fromIso, toIsoExclusive } = timeRange(filter.from, filter.to);
  if (fromIso) conditions.push(sql`${column('created_at')} >= ${fromIso}::timestamptz`);
  if (toIsoExclusive) conditions.push(sql`${column('created_at')} < ${toIsoExclusive}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

const orderBy = (alias: string, order: ListOrder): SQL => sql.raw(order === 'newest' ? `${alias}.created_at DESC, ${alias}.id` : `${alias}.created_at, ${alias}.id`);

async function countOf(executor: Executor, table: string, alias: string, where: SQL): Promise<number> {
  const [count] = await rows<{ n: number }>(executor, sql`SELECT count(*)::int AS n FROM ${sql.raw(`${table} ${alias}`)} WHERE ${where}`);
  return count?.n ?? 0;
}

export async function depositPage(executor: Executor, scope: ListScope, order: ListOrder, window: { limit: number; offset: number }): Promise<{ found: DepositRow[]; total: number }> {
  const where = listWhere('d', scope);
  const found = await rows<DepositRow>(executor, sql`SELECT ${DEPOSIT_COLUMNS} FROM wallet.deposits d WHERE ${where} ORDER BY ${orderBy('d', order)} LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { found, total: await countOf(executor, 'wallet.deposits', 'd', where) };
}

export async function withdrawalPage(executor: Executor, scope: ListScope, order: ListOrder, window: { limit: number; offset: number }): Promise<{ found: WithdrawalRow[]; total: number }> {
  const where = listWhere('w', scope);
  const found = await rows<WithdrawalRow>(executor, sql`SELECT w.* FROM wallet.withdrawals w WHERE ${where} ORDER BY ${orderBy('w', order)} LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { found, total: await countOf(executor, 'wallet.withdrawals', 'w', where) };
}

/** The audit trail of every payment: who did what to which request, and why. */
export async function recordAction(tx: Executor, action: { subjectType: PaymentSubject; subjectId: string; action: string; actor: string; reason?: string | null; at: Date }): Promise<void> {
  await tx.execute(
    sql`INSERT INTO wallet.payment_actions (subject_type, subject_id, action, actor, reason, at)
        VALUES (${action.subjectType}, ${action.subjectId}, ${action.action}, ${action.actor}, ${action.reason ?? null}, ${action.at.toISOString()}::timestamptz)`,
  );
}

export async function storeProofs(tx: Executor, subjectType: 'deposit' | 'withdrawal', subjectId: string, proofs: readonly DecodedProof[]): Promise<void> {
  for (const proof of proofs) {
    await tx.execute(
      sql`INSERT INTO wallet.payment_proofs (subject_type, subject_id, name, content_type, size_bytes, bytes)
          VALUES (${subjectType}, ${subjectId}, ${proof.name}, ${proof.contentType}, ${proof.bytes.length}, decode(${proof.bytes.toString('base64')}, 'base64'))`,
    );
  }
}

/** The member's deposit limits as stored, a pending change included; `lock` serialises credits and changes for one member. */
export async function loadLimits(executor: Executor, member: MemberRef, lock: boolean): Promise<LimitState> {
  const [row] = await rows<{ daily_minor: string | null; weekly_minor: string | null; monthly_minor: string | null; pending: unknown; pending_effective_at: Date | string | null }>(
    executor,
    sql`SELECT daily_minor, weekly_minor, monthly_minor, pending, pending_effective_at FROM wallet.deposit_limits
        WHERE merchant_code = ${member.merchantCode} AND member_id = ${member.memberId} AND currency = ${member.currency} ${forUpdate(lock)}`,
  );
  if (!row) return NO_LIMITS;
  const toMinor = (value: string | null | undefined) => (value === null || value === undefined ? null : BigInt(value));
  const state: LimitState = { current: { daily: toMinor(row.daily_minor), weekly: toMinor(row.weekly_minor), monthly: toMinor(row.monthly_minor) } };
  const pending = fromJsonb<Partial<Record<LimitPeriod, string | null>> | null>(row.pending);
  if (pending && row.pending_effective_at) {
    const values: Partial<LimitValues> = {};
    for (const period of LIMIT_PERIODS) if (period in pending) values[period] = toMinor(pending[period]);
    state.pending = { values, effectiveAt: new Date(row.pending_effective_at) };
  }
  return state;
}
