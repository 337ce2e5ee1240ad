import { sql } from 'drizzle-orm';
import { OUTBOX_QUIET, rows, type Database, type Executor } from '@wps/platform';
import type { Round, RoundState } from '../../domain/rounds.js';

/** SQL of the seamless-wallet feature: vendors, rounds, keyed vendor calls and the wallet's member directory. */

export interface VendorRow {
  code: string;
  secret: string;
  enabled: boolean;
}

export interface MemberAccountRow {
  id: string;
  merchant_code: string;
  balance_minor: string;
  version: string;
}

export interface StoredRound extends Round {
  /** How many times the settled round was corrected. */
  revision: number;
  vendor: string;
  roundId: string;
  memberId: string;
  merchantCode: string;
  currency: string;
  gameType: string;
  gameCode: string | null;
  createdAt: string;
  settledAt: string | null;
  /** How much of the round's stakes was bonus money. */
  bonusBetMinor: bigint;
}

export interface VendorTransactionRow {
  operation: string;
  round_id: string | null;
  target_transaction_id: string | null;
  amount_minor: string;
  rolled_back: boolean;
  request_hash: string;
  response: unknown;
  /** The bonus money in a bet's stake. */
  bonus_minor?: string;
}

interface RoundRow {
  vendor: string;
  round_id: string;
  member_id: string;
  merchant_code: string;
  currency: string;
  game_type: string;
  game_code: string | null;
  state: RoundState;
  bet_total_minor: string;
  win_total_minor: string;
  adjust_total_minor: string;
  revision: number;
  created_at: string | Date;
  settled_at: string | Date | null;
  bonus_bet_minor?: string;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

const toRound = (row: RoundRow): StoredRound => ({
  vendor: row.vendor,
  roundId: row.round_id,
  memberId: row.member_id,
  merchantCode: row.merchant_code,
  currency: row.currency,
  gameType: row.game_type,
  gameCode: row.game_code,
  state: row.state,
  betTotalMinor: BigInt(row.bet_total_minor),
  winTotalMinor: BigInt(row.win_total_minor),
  adjustTotalMinor: BigInt(row.adjust_total_minor),
  revision: Number(row.revision ?? 0),
  createdAt: iso(row.created_at)!,
  settledAt: iso(row.settled_at),
  bonusBetMinor: BigInt(row.bonus_bet_minor ?? 0),
});

export async function findVendor(tx: Executor, code: string): Promise<VendorRow | undefined> {
  const [vendor] = await rows<VendorRow>(tx, sql`SELECT code, secret, enabled FROM wallet.vendors WHERE code = ${code}`);
  return vendor;
}

export async function upsertVendorSecret(tx: Executor, code: string, secret: string): Promise<void> {
  await tx.execute(
    sql`INSERT INTO wallet.vendors (code, name, secret, enabled) VALUES (${code}, ${code}, ${secret}, true)
        ON CONFLICT (code) DO UPDATE SET secret = excluded.secret, enabled = true`,
  );
}

/** Inserts the vendor only if it does not exist; true when this call created it. */
export async function insertVendorIfMissing(tx: Executor, code: string, name: string, secret: string): Promise<boolean> {
  const inserted = await rows(tx, sql`INSERT INTO wallet.vendors (code, name, secret) VALUES (${code}, ${name}, ${secret}) ON CONFLICT (code) DO NOTHING RETURNING code`);
  return inserted.length > 0;
}

/** The member's cash account, with `playable_minor`: cash plus the bonus balance while a bonus is wagering. */
export async function findMemberAccount(tx: Executor, memberId: string, currency: string): Promise<(MemberAccountRow & { playable_minor: string }) | undefined> {
  const [account] = await rows<MemberAccountRow & { playable_minor: string }>(
    tx,
    sql`SELECT a.id, a.merchant_code, a.balance_minor, a.version,
               (a.balance_minor + coalesce((
                  SELECT b.balance_minor FROM wallet.accounts b
                   WHERE b.owner_type = 'member' AND b.owner_id = a.owner_id AND b.kind = 'bonus' AND b.currency = a.currency
                     AND EXISTS (SELECT 1 FROM wallet.bonuses w WHERE w.member_id = a.owner_id AND w.currency = a.currency AND w.state = 'wagering')
               ), 0))::text AS playable_minor
          FROM wallet.accounts a
         WHERE a.owner_type = 'member' AND a.owner_id = ${memberId} AND a.kind = 'main' AND a.currency = ${currency} ORDER BY a.id LIMIT 1`,
  );
  return account;
}

export async function findVendorTransaction(tx: Executor, vendor: string, playerId: string, transactionId: string): Promise<VendorTransactionRow | undefined> {
  const [row] = await rows<VendorTransactionRow>(
    tx,
    sql`SELECT operation, round_id, target_transaction_id, amount_minor, rolled_back, request_hash, response FROM wallet.vendor_transactions
        WHERE vendor = ${vendor} AND player_id = ${playerId} AND transaction_id = ${transactionId}`,
  );
  if (!row) return undefined;
  return { ...row, response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response };
}

const roundColumns = sql`vendor, round_id, member_id, merchant_code, currency, game_type, game_code, state, bet_total_minor, win_total_minor, adjust_total_minor, revision, created_at, settled_at, bonus_bet_minor`;

/** Everything one keyed call decides on, read in one statement without locks (`applyCall` checks nothing moved). */
export interface CallReading {
  account: MemberAccountRow | undefined;
  stored: VendorTransactionRow | undefined;
  /** The bet a win or rollback names. */
  target: VendorTransactionRow | undefined;
  /** The call's round: by its round id, or for a rollback the round of the bet it names. */
  round: StoredRound | undefined;
  /** A rollback of this call's transaction id is already stored (it arrived first). */
  rollbackExists: boolean;
  /** The round has a bet that was not rolled back. */
  liveBet: boolean;
  /** The member's account name and upline path (top first), when asked for; nulls when the wallet has not seen the member. */
  lineage: { account: string | null; agentPath: string[] | null } | undefined;
  /** The member's bonus account (none before its first bonus) and its newest bonus in the call's currency. */
  bonus: BonusReading | undefined;
}

export interface BonusReading {
  account: { id: string; balance_minor: string; version: string } | null;
  latest: { id: string; state: 'wagering' | 'completed' | 'forfeited' | 'expired'; max_bet_minor: string | null } | null;
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

const vendorTransactionJson = (alias: string) =>
  sql.raw(`json_build_object('operation', ${alias}.operation, 'round_id', ${alias}.round_id, 'target_transaction_id', ${alias}.target_transaction_id,
    'amount_minor', ${alias}.amount_minor::text, 'rolled_back', ${alias}.rolled_back, 'request_hash', ${alias}.request_hash, 'response', ${alias}.response,
    'bonus_minor', ${alias}.bonus_minor::text)`);

export async function loadCall(
  db: Database,
  input: {
    vendor: string;
    player: string;
    currency: string;
    transactionId: string;
    roundId: string | null;
    targetTransactionId: string | null;
    checkRollback: boolean;
    checkLiveBet: boolean;
    withLineage: boolean;
  },
): Promise<CallReading> {
  const [row] = await db.preparedRows<{
    account: unknown;
    stored: unknown;
    target: unknown;
    round: unknown;
    rollback_exists: boolean;
    live_bet: boolean;
    lineage: unknown;
    bonus_account: unknown;
    bonus: unknown;
  }>(
    'wallet_load_vendor_call',
    sql`WITH target AS (
          SELECT * FROM wallet.vendor_transactions
           WHERE vendor = ${input.vendor} AND player_id = ${input.player} AND transaction_id = ${input.targetTransactionId}
        ), round AS (
          SELECT ${roundColumns} FROM wallet.rounds
           WHERE vendor = ${input.vendor} AND round_id = coalesce(${input.roundId}::text, (SELECT round_id FROM target))
        )
        SELECT
          (SELECT json_build_object('id', a.id::text, 'merchant_code', a.merchant_code, 'balance_minor', a.balance_minor::text, 'version', a.version::text)
             FROM wallet.accounts a
            WHERE a.owner_type = 'member' AND a.owner_id = ${input.player} AND a.kind = 'main' AND a.currency = ${input.currency}
            ORDER BY a.id LIMIT 1) AS account,
          (SELECT ${vendorTransactionJson('s')} FROM wallet.vendor_transactions s
            WHERE s.vendor = ${input.vendor} AND s.player_id = ${input.player} AND s.transaction_id = ${input.transactionId}) AS stored,
          (SELECT ${vendorTransactionJson('t')} FROM target t) AS target,
          (SELECT json_build_object('vendor', r.vendor, 'round_id', r.round_id, 'member_id', r.member_id, 'merchant_code', r.merchant_code,
                  'currency', r.currency, 'game_type', r.game_type, 'game_code', r.game_code, 'state', r.state,
                  'bet_total_minor', r.bet_total_minor::text, 'win_total_minor', r.win_total_minor::text,
                  'adjust_total_minor', r.adjust_total_minor::text, 'revision', r.revision, 'created_at', r.created_at, 'settled_at', r.settled_at,
                  'bonus_bet_minor', r.bonus_bet_minor::text)
             FROM round r) AS round,
          (SELECT json_build_object('id', b.id::text, 'balance_minor', b.balance_minor::text, 'version', b.version::text)
             FROM wallet.accounts b
            WHERE b.owner_type = 'member' AND b.owner_id = ${input.player} AND b.kind = 'bonus' AND b.currency = ${input.currency}) AS bonus_account,
          (SELECT json_build_object('id', w.id::text, 'state', w.state, 'max_bet_minor', w.max_bet_minor::text)
             FROM wallet.bonuses w
            WHERE w.member_id = ${input.player} AND w.currency = ${input.currency}
            ORDER BY w.id DESC LIMIT 1) AS bonus,
          ${input.checkRollback}::boolean AND EXISTS (
            SELECT 1 FROM wallet.vendor_transactions
             WHERE vendor = ${input.vendor} AND player_id = ${input.player} AND target_transaction_id = ${input.transactionId} AND operation = 'rollback'
          ) AS rollback_exists,
          ${input.checkLiveBet}::boolean AND EXISTS (
            SELECT 1 FROM wallet.vendor_transactions
             WHERE vendor = ${input.vendor} AND round_id = (SELECT round_id FROM round) AND operation = 'bet' AND NOT rolled_back
          ) AS live_bet,
          CASE WHEN ${input.withLineage}::boolean THEN (
            WITH RECURSIVE chain (member_id, account, upline_id, depth) AS (
              SELECT member_id, account, upline_id, 0 FROM wallet.member_directory WHERE member_id = ${input.player}
              UNION ALL
              SELECT d.member_id, d.account, d.upline_id, c.depth + 1 FROM wallet.member_directory d JOIN chain c ON d.member_id = c.upline_id WHERE c.depth < 30
            )
            SELECT json_build_object('account', (SELECT account FROM chain WHERE depth = 0),
                                     'path', (SELECT json_agg(upline_id ORDER BY depth DESC) FROM chain WHERE upline_id IS NOT NULL),
                                     'known', EXISTS (SELECT 1 FROM chain))
          ) END AS lineage`,
  );
  const result = row!;
  const account = result.account ? parseJson<MemberAccountRow>(result.account) : undefined;
  const vendorTransaction = (value: unknown): VendorTransactionRow | undefined => {
    if (!value) return undefined;
    const parsed = parseJson<VendorTransactionRow>(value);
    return { ...parsed, response: parseJson(parsed.response) };
  };
  const lineage = result.lineage ? parseJson<{ account: string | null; path: string[] | null; known: boolean }>(result.lineage) : undefined;
  return {
    account,
    stored: vendorTransaction(result.stored),
    target: vendorTransaction(result.target),
    round: result.round ? toRound(parseJson<RoundRow>(result.round)) : undefined,
    rollbackExists: result.rollback_exists === true,
    liveBet: result.live_bet === true,
    lineage: lineage ? (lineage.known ? { account: lineage.account, agentPath: lineage.path ?? [] } : { account: null, agentPath: null }) : undefined,
    bonus:
      result.bonus_account || result.bonus
        ? {
            account: result.bonus_account ? parseJson<NonNullable<BonusReading['account']>>(result.bonus_account) : null,
            latest: result.bonus ? parseJson<NonNullable<BonusReading['latest']>>(result.bonus) : null,
          }
        : undefined,
  };
}

/** The decided call, as `wallet.apply_vendor_call` takes it (see migration 005). */
export interface DecidedCall {
  memberAccountId: string;
  expectedVersion: string;
  /** Present when the call moves bonus money: the bonus account must not have moved since the reading. */
  bonusAccountId?: string;
  expectedBonusVersion?: string;
  postings: Array<{
    id: string;
    merchantCode: string;
    cause: string;
    causeRef: string;
    actor: string;
    idempotencyKey: string;
    requestHash: string;
    legs: Array<{ accountId: string; currency: string; amountMinor: string }>;
  }>;
  round?: Record<string, unknown> & { expected: Record<string, unknown> | null };
  rolledBack?: { vendor: string; playerId: string; transactionId: string };
  call: {
    vendor: string;
    playerId: string;
    transactionId: string;
    operation: string;
    roundId: string | null;
    targetTransactionId: string | null;
    amountMinor: string;
    requestHash: string;
    response: unknown;
    ledgerTransactionId: string | null;
    bonusMinor: string;
  };
  events: Array<{ id: string; topic: string; key: string; envelope: unknown }>;
}

/**
 * One statement, one commit; throws SQLSTATE 40001 when the reading it was decided on is stale. The caller wakes its
 * own relay after the commit, so the outbox rows skip the cross-process notification (which would serialise commits).
 */
export async function applyCall(db: Database, decided: DecidedCall): Promise<void> {
  await db.preparedRows('wallet_apply_vendor_call', sql`SELECT wallet.apply_vendor_call(${JSON.stringify(decided)}::jsonb) FROM (SELECT ${sql.raw(OUTBOX_QUIET)}) AS quiet`);
}

export async function recordMember(tx: Executor, member: { memberId: string; merchantCode: string; account: string; uplineId: string | null }): Promise<void> {
  await tx.execute(
    sql`INSERT INTO wallet.member_directory (member_id, merchant_code, account, upline_id) VALUES (${member.memberId}, ${member.merchantCode}, ${member.account}, ${member.uplineId})
        ON CONFLICT (member_id) DO NOTHING`,
  );
}

export async function houseBalance(tx: Executor, merchantCode: string, ownerId: string, currency: string): Promise<{ sumMinor: bigint; shards: number }> {
  const [row] = await rows<{ sum_minor: string | null; shards: number }>(
    tx,
    sql`SELECT sum(balance_minor)::text AS sum_minor, count(*)::int AS shards FROM wallet.accounts
        WHERE merchant_code = ${merchantCode} AND owner_type = 'house' AND owner_id = ${ownerId} AND currency = ${currency} AND kind LIKE 'shard-%'`,
  );
  return { sumMinor: BigInt(row?.sum_minor ?? 0), shards: row?.shards ?? 0 };
}
