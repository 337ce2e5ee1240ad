import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { AppError, rows, type Database, type Executor, type Logger, type Outbox, type OutboxRelay } from '@wps/platform';
import {
  formatMinor,
  parseMajor,
  CONFIRM_COMMENT_MAX,
  PROOF_FILES_MAX,
  type DepositLimits,
  type DepositMethod,
  type DepositView,
  type ProofFile,
  type WithdrawalView,
} from '@wps/contracts';
import { transferLegs } from '../../domain/ledger.js';
import { requestHash } from '../../domain/idempotency.js';
import { ensureAccount, findIdempotent, postTransaction, type AccountRow, type Cause, type PostedLeg } from '../../infra/ledger-store.js';
import { announceBalances } from '../balances.js';
import type { WalletConfig } from '../../config.js';
import { changeLimits, exceededPeriod, LIMIT_PERIODS, LIMIT_WINDOW_MS, settleLimits, NO_LIMITS, type LimitPeriod, type LimitState, type LimitValues } from './limits.js';
import { decodeProofs, type DecodedProof } from './proofs.js';
import { transferRefusal, type TransferParties } from './transfer-rules.js';
import { timeRange } from './time-range.js';

export type Clock = () => Date;

export interface PaymentsDeps {
  db: Database;
  outbox: Outbox;
  relay: () => OutboxRelay | undefined;
  config: WalletConfig;
  logger: Logger;
  clock: Clock;
}

/** The operator's list filters; `from`/`to` bound the creation time. */
interface OperatorListFilter {
  pageNo: number;
  pageSize: number;
  memberId?: string;
  from?: string;
  to?: string;
}

interface MemberRef {
  merchantCode: string;
  memberId: string;
  currency: string;
}

interface DepositRow {
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

interface WithdrawalRow {
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

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isUniqueViolation = (error: unknown): boolean => {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
};

/**
 * Runs a money-moving command once per key: a stored answer with the same request hash is returned as is, another
 * hash is a conflict, and the loser of two concurrent first calls finds the winner's answer.
 */
async function onceper<T>(lookup: () => Promise<{ hash: string; answer: T } | undefined>, hash: string, run: () => Promise<T>): Promise<T> {
  const stored = async (): Promise<T | undefined> => {
    const found = await lookup();
    if (!found) return undefined;
    if (found.hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return found.answer;
  };
  const previous = await stored();
  if (previous !== undefined) return previous;
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const winner = await stored();
      if (winner !== undefined) return winner;
    }
    throw error;
  }
}

const page = (pageNo: number, pageSize: number) => ({ limit: Math.min(Math.max(pageSize, 1), 100), offset: (Math.max(pageNo, 1) - 1) * Math.min(Math.max(pageSize, 1), 100) });
const pageOf = <T>(content: T[], total: number, pageNo: number, pageSize: number) => ({
  content,
  pageNum: pageNo,
  totalPages: Math.ceil(total / Math.min(Math.max(pageSize, 1), 100)),
  total,
});

const DEPOSIT_COLUMNS = sql.raw(`d.id, d.merchant_code, d.member_id, d.method_code, d.method_kind, d.currency, d.amount_minor, d.status, d.reason, d.request_hash,
  d.created_at, d.decided_at, (SELECT count(*)::int FROM wallet.payment_proofs p WHERE p.subject_type = 'deposit' AND p.subject_id = d.id) AS proof_count`);

/** Deposits, withdrawals, transfers, the account record, deposit limits and the operator's actions. */
export class Payments {
  constructor(private readonly deps: PaymentsDeps) {}

  private now(): Date {
    return this.deps.clock();
  }

  private amount(text: string | undefined, currency: string, field = 'amount'): bigint {
    const amountMinor = text === undefined ? undefined : parseMajor(text, currency);
    if (amountMinor === undefined || amountMinor <= 0n) throw new AppError('AMOUNT_INVALID', { field });
    return amountMinor;
  }

  private inRange(amountMinor: bigint, min: bigint, max: bigint, currency: string): void {
    if (amountMinor < min || amountMinor > max) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', { field: 'amount', params: { min: formatMinor(min, currency), max: formatMinor(max, currency) } });
    }
  }

  /** An internal move between two accounts for a payment row; its answer is the payment row, not the ledger's. */
  private move(
    tx: Executor,
    input: { merchantCode: string; cause: Cause; causeRef: string; actor: string; fromAccountId: string; toAccountId: string; currency: string; amountMinor: bigint },
  ) {
    return postTransaction(tx, {
      merchantCode: input.merchantCode,
      cause: input.cause,
      causeRef: input.causeRef,
      actor: input.actor,
      legs: transferLegs(input.fromAccountId, input.toAccountId, input.currency, input.amountMinor),
      response: () => null,
    });
  }

  private async memberAccounts(tx: Executor, member: MemberRef): Promise<{ main: AccountRow; held: AccountRow }> {
    const main = await ensureAccount(tx, { merchantCode: member.merchantCode, ownerType: 'member', ownerId: member.memberId, currency: member.currency });
    const held = await ensureAccount(tx, { merchantCode: member.merchantCode, ownerType: 'member', ownerId: member.memberId, currency: member.currency, kind: 'held' });
    return { main, held };
  }

  /** Only the spendable (main) balance is pushed as "balance"; held money is shown through GCS_merchantWallet. */
  private async announceMain(tx: Executor, merchantCode: string, posted: { transactionId: string; legs: PostedLeg[] }, cause: Cause, mainAccountIds: string[]): Promise<void> {
    const legs = posted.legs.filter((leg) => mainAccountIds.includes(leg.accountId));
    await announceBalances(this.deps.outbox, tx, merchantCode, posted.transactionId, cause, legs);
  }

  private async recordAction(tx: Executor, subjectType: 'deposit' | 'withdrawal' | 'adjustment' | 'transfer', subjectId: string, action: string, actor: string, reason?: string | null): Promise<void> {
    await tx.execute(sql`INSERT INTO wallet.payment_actions (subject_type, subject_id, action, actor, reason, at) VALUES (${subjectType}, ${subjectId}, ${action}, ${actor}, ${reason ?? null}, ${this.now().toISOString()}::timestamptz)`);
  }

  private async storeProofs(tx: Executor, subjectType: 'deposit' | 'withdrawal', subjectId: string, proofs: DecodedProof[]): Promise<void> {
    for (const proof of proofs) {
      await tx.execute(
        sql`INSERT INTO wallet.payment_proofs (subject_type, subject_id, name, content_type, size_bytes, bytes)
            VALUES (${subjectType}, ${subjectId}, ${proof.name}, ${proof.contentType}, ${proof.bytes.length}, decode(${proof.bytes.toString('base64')}, 'base64'))`,
      );
    }
  }

  /** The operator lists' WHERE clause over a table aliased `alias`. */
  private operatorFilter(alias: string, filter: OperatorListFilter & { status?: string }): SQL {
    const column = (name: string) => sql.raw(`${alias}.${name}`);
    const conditions: SQL[] = [sql`true`];
    if (filter.status) conditions.push(sql`${column('status')} = ${filter.status}`);
    if (filter.memberId) conditions.push(sql`${column('member_id')} = ${filter.memberId}`);
    const { fromIso, toIsoExclusive } = timeRange(filter.from, filter.to);
    if (fromIso) conditions.push(sql`${column('created_at')} >= ${fromIso}::timestamptz`);
    if (toIsoExclusive) conditions.push(sql`${column('created_at')} < ${toIsoExclusive}::timestamptz`);
    return sql.join(conditions, sql` AND `);
  }

  /** Whether the sandbox provider is offered at all (SANDBOX_PAY_ENABLED); when off its deposits do not exist to callers. */
  private get sandboxEnabled(): boolean {
    return this.deps.config.SANDBOX_PAY_ENABLED;
  }

  private wake(): void {
    this.deps.relay()?.wake();
  }

  // ---- balances ----

  async merchantWallet(member: MemberRef): Promise<{ balance: string; held: string; available: string; currency: string }> {
    const accounts = await rows<{ kind: string; balance_minor: string }>(
      this.deps.db.orm,
      sql`SELECT kind, balance_minor FROM wallet.accounts
          WHERE merchant_code = ${member.merchantCode} AND owner_type = 'member' AND owner_id = ${member.memberId} AND currency = ${member.currency} AND kind IN ('main', 'held')`,
    );
    const available = BigInt(accounts.find((account) => account.kind === 'main')?.balance_minor ?? 0);
    const held = BigInt(accounts.find((account) => account.kind === 'held')?.balance_minor ?? 0);
    const format = (minor: bigint) => formatMinor(minor, member.currency);
    return { balance: format(available + held), held: format(held), available: format(available), currency: member.currency };
  }

  // ---- deposits ----

  async depositMethods(merchantCode: string): Promise<DepositMethod[]> {
    const methods = await rows<{ code: string; kind: DepositMethod['kind']; name: string; currency: string; min_minor: string; max_minor: string; details: unknown }>(
      this.deps.db.orm,
      sql`SELECT code, kind, name, currency, min_minor, max_minor, details FROM wallet.deposit_methods
          WHERE merchant_code = ${merchantCode} AND enabled ${this.sandboxEnabled ? sql`` : sql`AND kind <> 'sandbox_gateway'`} ORDER BY sort_order, code`,
    );
    return methods.map((method) => ({
      code: method.code,
      kind: method.kind,
      name: method.name,
      currency: method.currency,
      minAmount: formatMinor(BigInt(method.min_minor), method.currency),
      maxAmount: formatMinor(BigInt(method.max_minor), method.currency),
      details: (typeof method.details === 'string' ? JSON.parse(method.details) : method.details) as DepositMethod['details'],
    }));
  }

  private depositView(row: DepositRow): DepositView {
    return {
      id: row.id,
      status: row.status,
      method: row.method_code,
      amount: formatMinor(BigInt(row.amount_minor), row.currency),
      currency: row.currency,
      createdAt: iso(row.created_at),
      ...(row.method_kind === 'sandbox_gateway' && row.status === 'pending' ? { paymentUrl: `/sandbox-pay/${row.id}` } : {}),
      reason: row.reason,
      proofCount: Number(row.proof_count),
      decidedAt: isoOrNull(row.decided_at),
    };
  }

  private async loadDeposit(executor: Executor, where: SQL, lock = false): Promise<DepositRow | undefined> {
    const [row] = await rows<DepositRow>(executor, sql`SELECT ${DEPOSIT_COLUMNS} FROM wallet.deposits d WHERE ${where} ${lock ? sql`FOR UPDATE OF d` : sql``}`);
    return row;
  }

  async createDeposit(input: MemberRef & { methodCode: string; amount: string; idempotencyKey: string }): Promise<DepositView> {
    const [method] = await rows<{ kind: string; currency: string; min_minor: string; max_minor: string }>(
      this.deps.db.orm,
      sql`SELECT kind, currency, min_minor, max_minor FROM wallet.deposit_methods WHERE merchant_code = ${input.merchantCode} AND code = ${input.methodCode} AND enabled`,
    );
    if (!method || method.currency !== input.currency || (method.kind === 'sandbox_gateway' && !this.sandboxEnabled)) {
      throw new AppError('DEPOSIT_METHOD_INVALID', { field: 'methodCode' });
    }
    const amountMinor = this.amount(input.amount, input.currency);
    this.inRange(amountMinor, BigInt(method.min_minor), BigInt(method.max_minor), input.currency);
    const hash = requestHash({ op: 'deposit', methodCode: input.methodCode, amountMinor: amountMinor.toString() });
    const byKey = sql`d.merchant_code = ${input.merchantCode} AND d.member_id = ${input.memberId} AND d.idempotency_key = ${input.idempotencyKey}`;
    return onceper(
      async () => {
        const row = await this.loadDeposit(this.deps.db.orm, byKey);
        return row && { hash: row.request_hash, answer: this.depositView(row) };
      },
      hash,
      async () => {
        const id = randomUUID();
        await this.deps.db.orm.execute(
          sql`INSERT INTO wallet.deposits (id, merchant_code, member_id, method_code, method_kind, currency, amount_minor, idempotency_key, request_hash, created_at)
              VALUES (${id}, ${input.merchantCode}, ${input.memberId}, ${input.methodCode}, ${method.kind}, ${input.currency}, ${amountMinor.toString()}::bigint,
                      ${input.idempotencyKey}, ${hash}, ${this.now().toISOString()}::timestamptz)`,
        );
        return this.depositView((await this.loadDeposit(this.deps.db.orm, sql`d.id = ${id}`))!);
      },
    );
  }

  async addDepositProof(input: MemberRef & { depositId: string; files: ProofFile[] }): Promise<{ id: string; proofCount: number }> {
    if (!UUID.test(input.depositId)) throw new AppError('NOT_FOUND');
    if (input.files.length === 0) throw new AppError('PROOF_REQUIRED', { field: 'files' });
    const proofs = decodeProofs(input.files);
    return this.deps.db.transaction(async (tx) => {
      const deposit = await this.loadDeposit(tx, sql`d.id = ${input.depositId} AND d.member_id = ${input.memberId} AND d.merchant_code = ${input.merchantCode}`, true);
      if (!deposit) throw new AppError('NOT_FOUND');
      if (deposit.method_kind !== 'manual_bank' || deposit.status !== 'pending') throw new AppError('PAYMENT_STATE_CONFLICT');
      if (Number(deposit.proof_count) + proofs.length > PROOF_FILES_MAX) throw new AppError('PROOF_FILE_INVALID', { field: 'files' });
      await this.storeProofs(tx, 'deposit', deposit.id, proofs);
      await this.recordAction(tx, 'deposit', deposit.id, 'proof_uploaded', `member:${input.memberId}`);
      return { id: deposit.id, proofCount: Number(deposit.proof_count) + proofs.length };
    });
  }

  async listDeposits(input: MemberRef & { pageNo: number; pageSize: number }) {
    const { limit, offset } = page(input.pageNo, input.pageSize);
    const owner = sql`d.merchant_code = ${input.merchantCode} AND d.member_id = ${input.memberId}`;
    const content = await rows<DepositRow>(this.deps.db.orm, sql`SELECT ${DEPOSIT_COLUMNS} FROM wallet.deposits d WHERE ${owner} ORDER BY d.created_at DESC, d.id LIMIT ${limit} OFFSET ${offset}`);
    const [count] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM wallet.deposits d WHERE ${owner}`);
    return pageOf(content.map((row) => this.depositView(row)), count?.n ?? 0, input.pageNo, input.pageSize);
  }

  private async loadLimits(tx: Executor, member: MemberRef, lock: boolean): Promise<LimitState> {
    const [row] = await rows<{ daily_minor: string | null; weekly_minor: string | null; monthly_minor: string | null; pending: unknown; pending_effective_at: Date | string | null }>(
      tx,
      sql`SELECT daily_minor, weekly_minor, monthly_minor, pending, pending_effective_at FROM wallet.deposit_limits
          WHERE merchant_code = ${member.merchantCode} AND member_id = ${member.memberId} AND currency = ${member.currency} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    if (!row) return NO_LIMITS;
    const toMinor = (value: string | null | undefined) => (value === null || value === undefined ? null : BigInt(value));
    const state: LimitState = { current: { daily: toMinor(row.daily_minor), weekly: toMinor(row.weekly_minor), monthly: toMinor(row.monthly_minor) } };
    const pending = (typeof row.pending === 'string' ? JSON.parse(row.pending) : row.pending) as Partial<Record<LimitPeriod, string | null>> | null;
    if (pending && row.pending_effective_at) {
      const values: Partial<LimitValues> = {};
      for (const period of LIMIT_PERIODS) if (period in pending) values[period] = toMinor(pending[period]);
      state.pending = { values, effectiveAt: new Date(row.pending_effective_at) };
    }
    return state;
  }

  private limitsView(state: LimitState, currency: string): DepositLimits {
    const format = (value: bigint | null | undefined) => (value === null || value === undefined ? null : formatMinor(value, currency));
    const view: DepositLimits = { daily: format(state.current.daily), weekly: format(state.current.weekly), monthly: format(state.current.monthly) };
    if (state.pending) {
      const pending: NonNullable<DepositLimits['pending']> = { effectiveAt: state.pending.effectiveAt.toISOString() };
      for (const period of LIMIT_PERIODS) if (period in state.pending.values) pending[period] = format(state.pending.values[period]);
      view.pending = pending;
    }
    return view;
  }

  async depositLimits(member: MemberRef): Promise<DepositLimits> {
    return this.limitsView(settleLimits(await this.loadLimits(this.deps.db.orm, member, false), this.now()), member.currency);
  }

  async setDepositLimits(input: MemberRef & Partial<Record<LimitPeriod, string | null>>): Promise<DepositLimits> {
    const requested: Partial<LimitValues> = {};
    for (const period of LIMIT_PERIODS) {
      if (!(period in input) || input[period] === undefined) continue;
      const text = input[period];
      if (text === null || text === '') requested[period] = null;
      else requested[period] = this.amount(text, input.currency, period);
    }
    return this.deps.db.transaction(async (tx) => {
      const now = this.now();
      const next = changeLimits(await this.loadLimits(tx, input, true), requested, now, this.deps.config.WALLET_DEPOSIT_LIMIT_COOLING_OFF_HOURS * 3_600_000);
      const minor = (value: bigint | null) => (value === null ? null : value.toString());
      const pending = next.pending ? JSON.stringify(Object.fromEntries(Object.entries(next.pending.values).map(([period, value]) => [period, minor(value ?? null)]))) : null;
      await tx.execute(
        sql`INSERT INTO wallet.deposit_limits (merchant_code, member_id, currency, daily_minor, weekly_minor, monthly_minor, pending, pending_effective_at, updated_at)
            VALUES (${input.merchantCode}, ${input.memberId}, ${input.currency}, ${minor(next.current.daily)}::bigint, ${minor(next.current.weekly)}::bigint,
                    ${minor(next.current.monthly)}::bigint, ${pending}::jsonb, ${next.pending?.effectiveAt.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz)
            ON CONFLICT (merchant_code, member_id, currency) DO UPDATE SET daily_minor = EXCLUDED.daily_minor, weekly_minor = EXCLUDED.weekly_minor,
              monthly_minor = EXCLUDED.monthly_minor, pending = EXCLUDED.pending, pending_effective_at = EXCLUDED.pending_effective_at, updated_at = EXCLUDED.updated_at`,
      );
      return this.limitsView(next, input.currency);
    });
  }

  /**
   * Credits a pending deposit, or refuses it when it would pass one of the member's deposit limits. The limits row is
   * locked so two credits for one member cannot both fit under the same limit.
   */
  private async creditDeposit(tx: Executor, deposit: DepositRow, actor: string): Promise<void> {
    const member = { merchantCode: deposit.merchant_code, memberId: deposit.member_id, currency: deposit.currency };
    const now = this.now();
    const limits = settleLimits(await this.loadLimits(tx, member, true), now).current;
    const amountMinor = BigInt(deposit.amount_minor);
    if (LIMIT_PERIODS.some((period) => limits[period] !== null)) {
      const since = (period: LimitPeriod) => new Date(now.getTime() - LIMIT_WINDOW_MS[period]).toISOString();
      const [credited] = await rows<Record<LimitPeriod, string>>(
        tx,
        sql`SELECT coalesce(sum(amount_minor) FILTER (WHERE decided_at > ${since('daily')}::timestamptz), 0)::text AS daily,
                   coalesce(sum(amount_minor) FILTER (WHERE decided_at > ${since('weekly')}::timestamptz), 0)::text AS weekly,
                   coalesce(sum(amount_minor), 0)::text AS monthly
            FROM wallet.deposits
            WHERE merchant_code = ${member.merchantCode} AND member_id = ${member.memberId} AND currency = ${member.currency}
              AND status = 'approved' AND decided_at > ${since('monthly')}::timestamptz`,
      );
      const inWindow = { daily: BigInt(credited!.daily), weekly: BigInt(credited!.weekly), monthly: BigInt(credited!.monthly) };
      if (exceededPeriod(limits, inWindow, amountMinor)) {
        await tx.execute(
          sql`UPDATE wallet.deposits SET status = 'rejected', reason = 'DEPOSIT_LIMIT_EXCEEDED', decided_by = ${actor}, decided_at = ${now.toISOString()}::timestamptz WHERE id = ${deposit.id}`,
        );
        await this.recordAction(tx, 'deposit', deposit.id, 'rejected', actor, 'DEPOSIT_LIMIT_EXCEEDED');
        return;
      }
    }
    const clearing = await ensureAccount(tx, { merchantCode: member.merchantCode, ownerType: 'clearing', ownerId: `deposit:${deposit.method_code}`, currency: member.currency }, true);
    const { main } = await this.memberAccounts(tx, member);
    const posted = await this.move(tx, { merchantCode: member.merchantCode, cause: 'deposit', causeRef: `deposit:${deposit.id}`, actor, fromAccountId: clearing.id, toAccountId: main.id, currency: member.currency, amountMinor });
    await this.announceMain(tx, member.merchantCode, posted, 'deposit', [main.id]);
    await tx.execute(
      sql`UPDATE wallet.deposits SET status = 'approved', transaction_id = ${posted.transactionId}, decided_by = ${actor}, decided_at = ${now.toISOString()}::timestamptz WHERE id = ${deposit.id}`,
    );
    await this.recordAction(tx, 'deposit', deposit.id, 'approved', actor);
  }

  async getSandboxDeposit(depositId: string): Promise<{ id: string; amount: string; currency: string; status: DepositView['status'] } | null> {
    if (!UUID.test(depositId) || !this.sandboxEnabled) return null;
    const deposit = await this.loadDeposit(this.deps.db.orm, sql`d.id = ${depositId} AND d.method_kind = 'sandbox_gateway'`);
    return deposit ? { id: deposit.id, amount: formatMinor(BigInt(deposit.amount_minor), deposit.currency), currency: deposit.currency, status: deposit.status } : null;
  }

  /** The sandbox provider's (signature-checked) answer. A repeated callback finds the deposit decided and changes nothing. */
  async settleSandboxDeposit(input: { depositId: string; outcome: 'paid' | 'declined'; amount: string; providerReference: string }): Promise<DepositView> {
    if (!UUID.test(input.depositId) || !this.sandboxEnabled) throw new AppError('NOT_FOUND');
    const view = await this.deps.db.transaction(async (tx) => {
      const deposit = await this.loadDeposit(tx, sql`d.id = ${input.depositId} AND d.method_kind = 'sandbox_gateway'`, true);
      if (!deposit) throw new AppError('NOT_FOUND');
      if (deposit.status !== 'pending') return this.depositView(deposit);
      if (parseMajor(input.amount, deposit.currency) !== BigInt(deposit.amount_minor)) throw new AppError('AMOUNT_INVALID', { field: 'amount' });
      await tx.execute(sql`UPDATE wallet.deposits SET provider_reference = ${input.providerReference.slice(0, 200)} WHERE id = ${deposit.id}`);
      const actor = 'provider:sandbox';
      if (input.outcome === 'paid') await this.creditDeposit(tx, deposit, actor);
      else {
        await tx.execute(
          sql`UPDATE wallet.deposits SET status = 'rejected', reason = 'DECLINED_BY_PROVIDER', decided_by = ${actor}, decided_at = ${this.now().toISOString()}::timestamptz WHERE id = ${deposit.id}`,
        );
        await this.recordAction(tx, 'deposit', deposit.id, 'rejected', actor, 'DECLINED_BY_PROVIDER');
      }
      return this.depositView((await this.loadDeposit(tx, sql`d.id = ${deposit.id}`))!);
    });
    this.wake();
    return view;
  }

  /** The review queue, oldest first so the longest-waiting request is on the first page. */
  async operatorDeposits(filter: OperatorListFilter & { status?: DepositView['status'] }) {
    const { limit, offset } = page(filter.pageNo, filter.pageSize);
    const where = this.operatorFilter('d', filter);
    const found = await rows<DepositRow>(this.deps.db.orm, sql`SELECT ${DEPOSIT_COLUMNS} FROM wallet.deposits d WHERE ${where} ORDER BY d.created_at, d.id LIMIT ${limit} OFFSET ${offset}`);
    const [count] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM wallet.deposits d WHERE ${where}`);
    const content = found.map((row) => ({ ...this.depositView(row), merchantCode: row.merchant_code, memberId: row.member_id }));
    return pageOf(content, count?.n ?? 0, filter.pageNo, filter.pageSize);
  }

  async operatorDecideDeposit(input: { depositId: string; decision: 'approve' | 'reject'; reason?: string; operator: string }): Promise<DepositView> {
    if (!UUID.test(input.depositId)) throw new AppError('NOT_FOUND');
    const reason = input.reason?.trim();
    if (input.decision === 'reject' && !reason) throw new AppError('INPUT_EMPTY', { field: 'reason' });
    const actor = `operator:${input.operator}`;
    const view = await this.deps.db.transaction(async (tx) => {
      const deposit = await this.loadDeposit(tx, sql`d.id = ${input.depositId}`, true);
      if (!deposit) throw new AppError('NOT_FOUND');
      if (deposit.status !== 'pending') throw new AppError('PAYMENT_STATE_CONFLICT');
      if (input.decision === 'approve') await this.creditDeposit(tx, deposit, actor);
      else {
        await tx.execute(
          sql`UPDATE wallet.deposits SET status = 'rejected', reason = ${reason!}, decided_by = ${actor}, decided_at = ${this.now().toISOString()}::timestamptz WHERE id = ${deposit.id}`,
        );
        await this.recordAction(tx, 'deposit', deposit.id, 'rejected', actor, reason);
      }
      return this.depositView((await this.loadDeposit(tx, sql`d.id = ${deposit.id}`))!);
    });
    this.wake();
    return view;
  }

  // ---- withdrawals ----

  private withdrawalView(row: WithdrawalRow): WithdrawalView {
    return {
      id: row.id,
      status: row.status,
      amount: formatMinor(BigInt(row.amount_minor), row.currency),
      currency: row.currency,
      createdAt: iso(row.created_at),
      bankName: row.bank_name,
      accountName: row.account_name,
      accountNumber: row.account_number,
      reason: row.reason,
      paidAt: isoOrNull(row.paid_at),
      confirmResult: row.confirm_result,
      receivedAmount: row.received_amount_minor === null ? null : formatMinor(BigInt(row.received_amount_minor), row.currency),
      autoConfirmed: row.auto_confirmed,
    };
  }

  private async loadWithdrawal(executor: Executor, where: SQL, lock = false): Promise<WithdrawalRow | undefined> {
    const [row] = await rows<WithdrawalRow>(executor, sql`SELECT * FROM wallet.withdrawals WHERE ${where} ${lock ? sql`FOR UPDATE` : sql``}`);
    return row;
  }

  /** Moves the amount from the main balance to the held balance at once; the payout or a rejection settles the hold. */
  async createWithdrawal(input: MemberRef & { amount: string; bankName: string; accountName: string; accountNumber: string; idempotencyKey: string }): Promise<WithdrawalView> {
    const [settings] = await rows<{ min_minor: string; max_minor: string }>(
      this.deps.db.orm,
      sql`SELECT min_minor, max_minor FROM wallet.withdrawal_settings WHERE merchant_code = ${input.merchantCode} AND currency = ${input.currency}`,
    );
    if (!settings) throw new AppError('FEATURE_DISABLED');
    const amountMinor = this.amount(input.amount, input.currency);
    this.inRange(amountMinor, BigInt(settings.min_minor), BigInt(settings.max_minor), input.currency);
    const payee = { bankName: input.bankName.trim(), accountName: input.accountName.trim(), accountNumber: input.accountNumber.trim() };
    const hash = requestHash({ op: 'withdraw', amountMinor: amountMinor.toString(), ...payee });
    const result = await onceper(
      async () => {
        const [row] = await rows<{ request_hash: string; response: unknown }>(
          this.deps.db.orm,
          sql`SELECT request_hash, response FROM wallet.withdrawals WHERE merchant_code = ${input.merchantCode} AND member_id = ${input.memberId} AND idempotency_key = ${input.idempotencyKey}`,
        );
        return row && { hash: row.request_hash, answer: (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as WithdrawalView };
      },
      hash,
      () =>
        this.deps.db.transaction(async (tx) => {
          const id = randomUUID();
          const { main, held } = await this.memberAccounts(tx, input);
          const posted = await this.move(tx, { merchantCode: input.merchantCode, cause: 'withdrawal_hold', causeRef: `withdrawal:${id}`, actor: `member:${input.memberId}`, fromAccountId: main.id, toAccountId: held.id, currency: input.currency, amountMinor });
          const createdAt = this.now().toISOString();
          const view: WithdrawalView = {
            id,
            status: 'pending',
            amount: formatMinor(amountMinor, input.currency),
            currency: input.currency,
            createdAt,
            ...payee,
            reason: null,
            paidAt: null,
            confirmResult: null,
            receivedAmount: null,
            autoConfirmed: false,
          };
          await tx.execute(
            sql`INSERT INTO wallet.withdrawals (id, merchant_code, member_id, currency, amount_minor, bank_name, account_name, account_number, hold_transaction_id,
                                                idempotency_key, request_hash, response, created_at)
                VALUES (${id}, ${input.merchantCode}, ${input.memberId}, ${input.currency}, ${amountMinor.toString()}::bigint, ${payee.bankName}, ${payee.accountName},
                        ${payee.accountNumber}, ${posted.transactionId}, ${input.idempotencyKey}, ${hash}, ${JSON.stringify(view)}::jsonb, ${createdAt}::timestamptz)`,
          );
          await this.recordAction(tx, 'withdrawal', id, 'requested', `member:${input.memberId}`);
          await this.announceMain(tx, input.merchantCode, posted, 'withdrawal_hold', [main.id]);
          return view;
        }),
    );
    this.wake();
    return result;
  }

  async listWithdrawals(input: MemberRef & { pageNo: number; pageSize: number }) {
    const { limit, offset } = page(input.pageNo, input.pageSize);
    const owner = sql`merchant_code = ${input.merchantCode} AND member_id = ${input.memberId}`;
    const content = await rows<WithdrawalRow>(this.deps.db.orm, sql`SELECT * FROM wallet.withdrawals WHERE ${owner} ORDER BY created_at DESC, id LIMIT ${limit} OFFSET ${offset}`);
    const [count] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM wallet.withdrawals WHERE ${owner}`);
    return pageOf(content.map((row) => this.withdrawalView(row)), count?.n ?? 0, input.pageNo, input.pageSize);
  }

  async operatorWithdrawals(filter: OperatorListFilter & { status?: WithdrawalView['status'] }) {
    const { limit, offset } = page(filter.pageNo, filter.pageSize);
    const where = this.operatorFilter('w', filter);
    const found = await rows<WithdrawalRow>(this.deps.db.orm, sql`SELECT w.* FROM wallet.withdrawals w WHERE ${where} ORDER BY w.created_at, w.id LIMIT ${limit} OFFSET ${offset}`);
    const [count] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM wallet.withdrawals w WHERE ${where}`);
    const content = found.map((row) => ({ ...this.withdrawalView(row), merchantCode: row.merchant_code, memberId: row.member_id }));
    return pageOf(content, count?.n ?? 0, filter.pageNo, filter.pageSize);
  }

  /** approve: pending → approved; paid: approved → paid (held → payout clearing); reject: pending or approved → rejected (held → main). */
  async operatorDecideWithdrawal(input: { withdrawalId: string; decision: 'approve' | 'reject' | 'paid'; reason?: string; operator: string }): Promise<WithdrawalView> {
    if (!UUID.test(input.withdrawalId)) throw new AppError('NOT_FOUND');
    const reason = input.reason?.trim();
    if (input.decision === 'reject' && !reason) throw new AppError('INPUT_EMPTY', { field: 'reason' });
    const actor = `operator:${input.operator}`;
    const view = await this.deps.db.transaction(async (tx) => {
      const withdrawal = await this.loadWithdrawal(tx, sql`id = ${input.withdrawalId}`, true);
      if (!withdrawal) throw new AppError('NOT_FOUND');
      const member = { merchantCode: withdrawal.merchant_code, memberId: withdrawal.member_id, currency: withdrawal.currency };
      const amountMinor = BigInt(withdrawal.amount_minor);
      const now = this.now().toISOString();
      if (input.decision === 'approve') {
        if (withdrawal.status !== 'pending') throw new AppError('PAYMENT_STATE_CONFLICT');
        await tx.execute(sql`UPDATE wallet.withdrawals SET status = 'approved' WHERE id = ${withdrawal.id}`);
        await this.recordAction(tx, 'withdrawal', withdrawal.id, 'approved', actor, reason);
      } else if (input.decision === 'reject') {
        if (withdrawal.status !== 'pending' && withdrawal.status !== 'approved') throw new AppError('PAYMENT_STATE_CONFLICT');
        const { main, held } = await this.memberAccounts(tx, member);
        const posted = await this.move(tx, { merchantCode: member.merchantCode, cause: 'withdrawal_release', causeRef: `withdrawal:${withdrawal.id}`, actor, fromAccountId: held.id, toAccountId: main.id, currency: member.currency, amountMinor });
        await tx.execute(sql`UPDATE wallet.withdrawals SET status = 'rejected', reason = ${reason!}, settle_transaction_id = ${posted.transactionId} WHERE id = ${withdrawal.id}`);
        await this.recordAction(tx, 'withdrawal', withdrawal.id, 'rejected', actor, reason);
        await this.announceMain(tx, member.merchantCode, posted, 'withdrawal_release', [main.id]);
      } else {
        if (withdrawal.status !== 'approved') throw new AppError('PAYMENT_STATE_CONFLICT');
        const { held } = await this.memberAccounts(tx, member);
        const payout = await ensureAccount(tx, { merchantCode: member.merchantCode, ownerType: 'clearing', ownerId: 'payout:BANK', currency: member.currency });
        const posted = await this.move(tx, { merchantCode: member.merchantCode, cause: 'withdrawal', causeRef: `withdrawal:${withdrawal.id}`, actor, fromAccountId: held.id, toAccountId: payout.id, currency: member.currency, amountMinor });
        await tx.execute(sql`UPDATE wallet.withdrawals SET status = 'paid', paid_at = ${now}::timestamptz, settle_transaction_id = ${posted.transactionId} WHERE id = ${withdrawal.id}`);
        await this.recordAction(tx, 'withdrawal', withdrawal.id, 'paid', actor, reason);
      }
      return this.withdrawalView((await this.loadWithdrawal(tx, sql`id = ${withdrawal.id}`))!);
    });
    this.wake();
    return view;
  }

  async confirmWithdrawal(input: MemberRef & { withdrawalId: string; result: 'received' | 'partial' | 'not_received'; receivedAmount?: string; comment?: string; files?: ProofFile[] }): Promise<WithdrawalView> {
    if (!UUID.test(input.withdrawalId)) throw new AppError('NOT_FOUND');
    const comment = input.comment?.trim() || null;
    if (comment && comment.length > CONFIRM_COMMENT_MAX) throw new AppError('COMMENT_TOO_LONG', { field: 'comment' });
    const files = input.files ?? [];
    let proofs: DecodedProof[] = [];
    if (input.result === 'not_received') {
      if (files.length === 0) throw new AppError('PROOF_REQUIRED', { field: 'files' });
      if (!comment) throw new AppError('INPUT_EMPTY', { field: 'comment' });
      proofs = decodeProofs(files);
    } else if (files.length > 0) proofs = decodeProofs(files);
    return this.deps.db.transaction(async (tx) => {
      const withdrawal = await this.loadWithdrawal(tx, sql`id = ${input.withdrawalId} AND member_id = ${input.memberId} AND merchant_code = ${input.merchantCode}`, true);
      if (!withdrawal) throw new AppError('NOT_FOUND');
      if (withdrawal.status !== 'paid') throw new AppError('PAYMENT_STATE_CONFLICT');
      const amountMinor = BigInt(withdrawal.amount_minor);
      let receivedMinor: bigint | null = input.result === 'received' ? amountMinor : input.result === 'not_received' ? 0n : null;
      if (input.result === 'partial') {
        if (!input.receivedAmount) throw new AppError('INPUT_EMPTY', { field: 'receivedAmount' });
        receivedMinor = this.amount(input.receivedAmount, withdrawal.currency, 'receivedAmount');
        if (receivedMinor >= amountMinor) throw new AppError('AMOUNT_INVALID', { field: 'receivedAmount' });
      }
      const status = input.result === 'not_received' ? 'disputed' : 'confirmed';
      await tx.execute(
        sql`UPDATE wallet.withdrawals SET status = ${status}, confirm_result = ${input.result}, received_amount_minor = ${receivedMinor?.toString() ?? null}::bigint,
              confirm_comment = ${comment}, confirmed_at = ${this.now().toISOString()}::timestamptz WHERE id = ${withdrawal.id}`,
      );
      await this.storeProofs(tx, 'withdrawal', withdrawal.id, proofs);
      await this.recordAction(tx, 'withdrawal', withdrawal.id, input.result, `member:${input.memberId}`, comment);
      return this.withdrawalView((await this.loadWithdrawal(tx, sql`id = ${withdrawal.id}`))!);
    });
  }

  /**
   * Paid withdrawals nobody confirmed within the brand's minutes count as received. Rows are claimed with SKIP LOCKED,
   * so several wallet instances can sweep at once without touching the same row.
   */
  async autoConfirmWithdrawals(): Promise<{ confirmed: number }> {
    const now = this.now().toISOString();
    return this.deps.db.transaction(async (tx) => {
      const confirmed = await rows<{ id: string }>(
        tx,
        sql`UPDATE wallet.withdrawals SET status = 'confirmed', confirm_result = 'received', received_amount_minor = amount_minor, auto_confirmed = true, confirmed_at = ${now}::timestamptz
            WHERE id IN (
              SELECT w.id FROM wallet.withdrawals w
              LEFT JOIN wallet.withdrawal_settings s ON s.merchant_code = w.merchant_code AND s.currency = w.currency
              WHERE w.status = 'paid'
                AND w.paid_at <= ${now}::timestamptz - make_interval(mins => coalesce(s.autoconfirm_minutes, ${this.deps.config.WALLET_WITHDRAWAL_AUTOCONFIRM_MINUTES}))
              ORDER BY w.paid_at LIMIT 500
              FOR UPDATE OF w SKIP LOCKED)
            RETURNING id`,
      );
      for (const { id } of confirmed) await this.recordAction(tx, 'withdrawal', id, 'auto_confirmed', 'system:auto-confirm');
      return { confirmed: confirmed.length };
    });
  }

  // ---- transfers and adjustments ----

  async transfer(input: TransferParties & { merchantCode: string; currency: string; amount: string; idempotencyKey: string }): Promise<{ transferId: string; balance: string; currency: string }> {
    const refusal = transferRefusal(input);
    if (refusal) throw new AppError(refusal);
    const amountMinor = this.amount(input.amount, input.currency);
    const actor = `member:${input.fromMemberId}`;
    const hash = requestHash({ op: 'transfer', toMemberId: input.toMemberId, amountMinor: amountMinor.toString() });
    type Answer = { transferId: string; balance: string; currency: string };
    const result = await onceper<Answer>(
      async () => {
        const stored = await findIdempotent(this.deps.db.orm, input.merchantCode, actor, input.idempotencyKey);
        return stored && { hash: stored.requestHash, answer: stored.response as Answer };
      },
      hash,
      () =>
        this.deps.db.transaction(async (tx) => {
          const transferId = randomUUID();
          const from = await ensureAccount(tx, { merchantCode: input.merchantCode, ownerType: 'member', ownerId: input.fromMemberId, currency: input.currency });
          const to = await ensureAccount(tx, { merchantCode: input.merchantCode, ownerType: 'member', ownerId: input.toMemberId, currency: input.currency });
          const posted = await postTransaction(tx, {
            merchantCode: input.merchantCode,
            cause: 'transfer',
            causeRef: `transfer:${transferId}`,
            actor,
            idempotencyKey: input.idempotencyKey,
            requestHash: hash,
            legs: transferLegs(from.id, to.id, input.currency, amountMinor),
            response: ({ legs }) => ({ transferId, balance: formatMinor(legs.find((leg) => leg.accountId === from.id)!.balanceAfterMinor, input.currency), currency: input.currency }),
          });
          const completedAt = this.now().toISOString();
          await tx.execute(
            sql`INSERT INTO wallet.transfers (id, merchant_code, from_member_id, to_member_id, currency, amount_minor, transaction_id, created_at)
                VALUES (${transferId}, ${input.merchantCode}, ${input.fromMemberId}, ${input.toMemberId}, ${input.currency}, ${amountMinor.toString()}::bigint, ${posted.transactionId}, ${completedAt}::timestamptz)`,
          );
          await this.announceMain(tx, input.merchantCode, posted, 'transfer', [from.id, to.id]);
          await this.deps.outbox.add(tx, 'transfer.completed', transferId, {
            transferId,
            merchantCode: input.merchantCode,
            fromMemberId: input.fromMemberId,
            toMemberId: input.toMemberId,
            currency: input.currency,
            amountMinor: amountMinor.toString(),
            completedAt,
          });
          return posted.response as Answer;
        }),
    );
    this.wake();
    return result;
  }

  async operatorAdjust(input: { memberId: string; currency: string; amount: string; reason: string; operator: string; idempotencyKey: string }) {
    const reason = input.reason.trim();
    if (!reason) throw new AppError('INPUT_EMPTY', { field: 'reason' });
    const negative = input.amount.trim().startsWith('-');
    const magnitude = parseMajor(input.amount.trim().replace(/^-/, ''), input.currency);
    if (magnitude === undefined || magnitude === 0n) throw new AppError('AMOUNT_INVALID', { field: 'amount' });
    const amountMinor = negative ? -magnitude : magnitude;
    const [account] = await rows<{ merchant_code: string }>(
      this.deps.db.orm,
      sql`SELECT merchant_code FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${input.memberId} AND kind = 'main' AND currency = ${input.currency}`,
    );
    if (!account) throw new AppError('NOT_FOUND');
    const merchantCode = account.merchant_code;
    const hash = requestHash({ op: 'adjust', memberId: input.memberId, currency: input.currency, amountMinor: amountMinor.toString(), reason });
    type Answer = { adjustmentId: string; transactionId: string; balance: string; currency: string };
    const result = await onceper<Answer>(
      async () => {
        const [row] = await rows<{ request_hash: string; response: unknown }>(this.deps.db.orm, sql`SELECT request_hash, response FROM wallet.adjustments WHERE idempotency_key = ${input.idempotencyKey}`);
        return row && { hash: row.request_hash, answer: (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as Answer };
      },
      hash,
      () =>
        this.deps.db.transaction(async (tx) => {
          const adjustmentId = randomUUID();
          const actor = `operator:${input.operator}`;
          const house = await ensureAccount(tx, { merchantCode, ownerType: 'house', ownerId: 'adjustments', currency: input.currency }, true);
          const main = await ensureAccount(tx, { merchantCode, ownerType: 'member', ownerId: input.memberId, currency: input.currency });
          const posted = await postTransaction(tx, {
            merchantCode,
            cause: 'adjustment',
            causeRef: `adjustment:${adjustmentId}`,
            actor,
            legs: negative ? transferLegs(main.id, house.id, input.currency, magnitude) : transferLegs(house.id, main.id, input.currency, magnitude),
            response: () => null,
          });
          const balance = posted.legs.find((leg) => leg.accountId === main.id)!.balanceAfterMinor;
          const answer: Answer = { adjustmentId, transactionId: posted.transactionId, balance: formatMinor(balance, input.currency), currency: input.currency };
          await tx.execute(
            sql`INSERT INTO wallet.adjustments (id, merchant_code, member_id, currency, amount_minor, reason, operator, transaction_id, idempotency_key, request_hash, response, created_at)
                VALUES (${adjustmentId}, ${merchantCode}, ${input.memberId}, ${input.currency}, ${amountMinor.toString()}::bigint, ${reason}, ${input.operator},
                        ${posted.transactionId}, ${input.idempotencyKey}, ${hash}, ${JSON.stringify(answer)}::jsonb, ${this.now().toISOString()}::timestamptz)`,
          );
          await this.recordAction(tx, 'adjustment', adjustmentId, amountMinor > 0n ? 'credit' : 'debit', actor, reason);
          await this.announceMain(tx, merchantCode, posted, 'adjustment', [main.id]);
          return answer;
        }),
    );
    this.wake();
    return result;
  }

  // ---- the account record ----

  async accountRecord(input: MemberRef & { pageNo: number; pageSize: number; type?: string; from?: string; to?: string }) {
    const { limit, offset } = page(input.pageNo, input.pageSize);
    const filters: SQL[] = [
      sql`a.merchant_code = ${input.merchantCode}`,
      sql`a.owner_type = 'member'`,
      sql`a.owner_id = ${input.memberId}`,
      sql`a.kind = 'main'`,
      sql`a.currency = ${input.currency}`,
    ];
    if (input.type) filters.push(sql`t.cause = ${input.type}`);
    if (input.from) filters.push(sql`e.created_at >= ${new Date(input.from).toISOString()}::timestamptz`);
    if (input.to) filters.push(sql`e.created_at < ${new Date(input.to).toISOString()}::timestamptz`);
    const where = sql.join(filters, sql` AND `);
    const from = sql`FROM wallet.entries e JOIN wallet.accounts a ON a.id = e.account_id JOIN wallet.transactions t ON t.id = e.transaction_id`;
    const found = await rows<{ id: string; cause: string; amount_minor: string; balance_after_minor: string; currency: string; cause_ref: string | null; created_at: Date | string }>(
      this.deps.db.orm,
      sql`SELECT e.id, t.cause, e.amount_minor, e.balance_after_minor, e.currency, t.cause_ref, e.created_at ${from} WHERE ${where} ORDER BY e.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    const [count] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n ${from} WHERE ${where}`);
    const content = found.map((row) => ({
      id: row.id,
      type: row.cause,
      amount: formatMinor(BigInt(row.amount_minor), row.currency),
      balanceAfter: formatMinor(BigInt(row.balance_after_minor), row.currency),
      currency: row.currency,
      reference: row.cause_ref,
      createdAt: iso(row.created_at),
    }));
    return pageOf(content, count?.n ?? 0, input.pageNo, input.pageSize);
  }
}

/** Runs the auto-confirm sweep every `intervalMs`; stop() waits for a sweep in flight. */
export function startAutoConfirmSweep(payments: Payments, intervalMs: number, logger: Logger): { stop(): Promise<void> } {
  let inFlight: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = payments
      .autoConfirmWithdrawals()
      .then(({ confirmed }) => confirmed > 0 && logger.info({ confirmed }, 'withdrawals auto-confirmed'))
      .catch((error: unknown) => logger.warn({ err: error }, 'auto-confirm sweep failed; will retry'))
      .finally(() => {
        inFlight = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
