import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
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
  vendor: string;
  roundId: string;
  memberId: string;
  merchantCode: string;
  currency: string;
  gameType: string;
  gameCode: string | null;
  createdAt: string;
  settledAt: string | null;
}

export interface VendorTransactionRow {
  operation: string;
  round_id: string | null;
  target_transaction_id: string | null;
  amount_minor: string;
  rolled_back: boolean;
  request_hash: string;
  response: unknown;
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
  created_at: string | Date;
  settled_at: string | Date | null;
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
  createdAt: iso(row.created_at)!,
  settledAt: iso(row.settled_at),
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

/** The member's main account in a currency, locked: every keyed call of one member runs one after the other. */
export async function lockMemberAccount(tx: Executor, memberId: string, currency: string): Promise<MemberAccountRow | undefined> {
  const [account] = await rows<MemberAccountRow>(
    tx,
    sql`SELECT id, merchant_code, balance_minor, version FROM wallet.accounts
        WHERE owner_type = 'member' AND owner_id = ${memberId} AND kind = 'main' AND currency = ${currency}
        ORDER BY id LIMIT 1 FOR UPDATE`,
  );
  return account;
}

export async function findMemberAccount(tx: Executor, memberId: string, currency: string): Promise<MemberAccountRow | undefined> {
  const [account] = await rows<MemberAccountRow>(
    tx,
    sql`SELECT id, merchant_code, balance_minor, version FROM wallet.accounts
        WHERE owner_type = 'member' AND owner_id = ${memberId} AND kind = 'main' AND currency = ${currency} ORDER BY id LIMIT 1`,
  );
  return account;
}

export async function accountBalanceMinor(tx: Executor, accountId: string): Promise<bigint> {
  const [account] = await rows<{ balance_minor: string }>(tx, sql`SELECT balance_minor FROM wallet.accounts WHERE id = ${accountId}`);
  return BigInt(account!.balance_minor);
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

/** A rollback stored for this transaction id, also one that arrived before the transaction itself. */
export async function hasRollbackFor(tx: Executor, vendor: string, playerId: string, transactionId: string): Promise<boolean> {
  const found = await rows(
    tx,
    sql`SELECT 1 FROM wallet.vendor_transactions WHERE vendor = ${vendor} AND player_id = ${playerId} AND target_transaction_id = ${transactionId} AND operation = 'rollback' LIMIT 1`,
  );
  return found.length > 0;
}

export async function hasLiveBet(tx: Executor, vendor: string, roundId: string): Promise<boolean> {
  const found = await rows(
    tx,
    sql`SELECT 1 FROM wallet.vendor_transactions WHERE vendor = ${vendor} AND round_id = ${roundId} AND operation = 'bet' AND NOT rolled_back LIMIT 1`,
  );
  return found.length > 0;
}

export async function markRolledBack(tx: Executor, vendor: string, playerId: string, transactionId: string): Promise<void> {
  await tx.execute(sql`UPDATE wallet.vendor_transactions SET rolled_back = true WHERE vendor = ${vendor} AND player_id = ${playerId} AND transaction_id = ${transactionId}`);
}

export async function insertVendorTransaction(
  tx: Executor,
  row: {
    vendor: string;
    playerId: string;
    transactionId: string;
    operation: string;
    roundId: string | null;
    targetTransactionId: string | null;
    amountMinor: bigint;
    requestHash: string;
    response: unknown;
    ledgerTransactionId: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO wallet.vendor_transactions (vendor, player_id, transaction_id, operation, round_id, target_transaction_id, amount_minor, request_hash, response, ledger_transaction_id)
        VALUES (${row.vendor}, ${row.playerId}, ${row.transactionId}, ${row.operation}, ${row.roundId}, ${row.targetTransactionId}, ${row.amountMinor.toString()}::bigint,
                ${row.requestHash}, ${JSON.stringify(row.response)}::jsonb, ${row.ledgerTransactionId})`,
  );
}

const roundColumns = sql`vendor, round_id, member_id, merchant_code, currency, game_type, game_code, state, bet_total_minor, win_total_minor, adjust_total_minor, created_at, settled_at`;

export async function findRound(tx: Executor, vendor: string, roundId: string): Promise<StoredRound | undefined> {
  const [row] = await rows<RoundRow>(tx, sql`SELECT ${roundColumns} FROM wallet.rounds WHERE vendor = ${vendor} AND round_id = ${roundId}`);
  return row ? toRound(row) : undefined;
}

/** Writes the round's new state and totals, creating it on its first bet. */
export async function saveRound(tx: Executor, round: Omit<StoredRound, 'createdAt' | 'settledAt'>): Promise<StoredRound> {
  const closes = round.state !== 'open';
  const [row] = await rows<RoundRow>(
    tx,
    sql`INSERT INTO wallet.rounds (vendor, round_id, member_id, merchant_code, currency, game_type, game_code, state, bet_total_minor, win_total_minor, adjust_total_minor, settled_at)
        VALUES (${round.vendor}, ${round.roundId}, ${round.memberId}, ${round.merchantCode}, ${round.currency}, ${round.gameType}, ${round.gameCode}, ${round.state},
                ${round.betTotalMinor.toString()}::bigint, ${round.winTotalMinor.toString()}::bigint, ${round.adjustTotalMinor.toString()}::bigint, ${closes ? sql`now()` : null})
        ON CONFLICT (vendor, round_id) DO UPDATE SET state = excluded.state, bet_total_minor = excluded.bet_total_minor,
          win_total_minor = excluded.win_total_minor, adjust_total_minor = excluded.adjust_total_minor,
          settled_at = coalesce(wallet.rounds.settled_at, excluded.settled_at)
        RETURNING ${roundColumns}`,
  );
  return toRound(row!);
}

export async function recordMember(tx: Executor, member: { memberId: string; merchantCode: string; account: string; uplineId: string | null }): Promise<void> {
  await tx.execute(
    sql`INSERT INTO wallet.member_directory (member_id, merchant_code, account, upline_id) VALUES (${member.memberId}, ${member.merchantCode}, ${member.account}, ${member.uplineId})
        ON CONFLICT (member_id) DO NOTHING`,
  );
}

/** The member's account name and upline path (top first) as far as the wallet has seen them; nulls when unknown. */
export async function memberLineage(tx: Executor, memberId: string): Promise<{ account: string | null; agentPath: string[] | null }> {
  const chain = await rows<{ member_id: string; account: string; upline_id: string | null; depth: number }>(
    tx,
    sql`WITH RECURSIVE chain (member_id, account, upline_id, depth) AS (
          SELECT member_id, account, upline_id, 0 FROM wallet.member_directory WHERE member_id = ${memberId}
          UNION ALL
          SELECT d.member_id, d.account, d.upline_id, c.depth + 1 FROM wallet.member_directory d JOIN chain c ON d.member_id = c.upline_id WHERE c.depth < 30
        ) SELECT member_id, account, upline_id, depth FROM chain ORDER BY depth`,
  );
  const self = chain[0];
  if (!self) return { account: null, agentPath: null };
  const path: string[] = [];
  for (let upline = self.upline_id, depth = 1; upline; depth++) {
    path.unshift(upline);
    upline = chain.find((row) => row.depth === depth)?.upline_id ?? null;
  }
  return { account: self.account, agentPath: path };
}

export async function houseBalance(tx: Executor, merchantCode: string, ownerId: string, currency: string): Promise<{ sumMinor: bigint; shards: number }> {
  const [row] = await rows<{ sum_minor: string | null; shards: number }>(
    tx,
    sql`SELECT sum(balance_minor)::text AS sum_minor, count(*)::int AS shards FROM wallet.accounts
        WHERE merchant_code = ${merchantCode} AND owner_type = 'house' AND owner_id = ${ownerId} AND currency = ${currency} AND kind LIKE 'shard-%'`,
  );
  return { sumMinor: BigInt(row?.sum_minor ?? 0), shards: row?.shards ?? 0 };
}

export interface RoundFilter {
  memberId: string;
  merchantCode: string;
  gameType?: string;
  fromIso?: string;
  toIsoExclusive?: string;
}

export async function listMemberRounds(tx: Executor, filter: RoundFilter, limit: number, offset: number): Promise<{ rounds: StoredRound[]; total: number }> {
  const conditions = [sql`member_id = ${filter.memberId}`, sql`merchant_code = ${filter.merchantCode}`];
  if (filter.gameType) conditions.push(sql`game_type = ${filter.gameType}`);
  if (filter.fromIso) conditions.push(sql`created_at >= ${filter.fromIso}::timestamptz`);
  if (filter.toIsoExclusive) conditions.push(sql`created_at < ${filter.toIsoExclusive}::timestamptz`);
  const where = sql.join(conditions, sql` AND `);
  const [count] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM wallet.rounds WHERE ${where}`);
  const page = await rows<RoundRow>(tx, sql`SELECT ${roundColumns} FROM wallet.rounds WHERE ${where} ORDER BY created_at DESC, round_id LIMIT ${limit} OFFSET ${offset}`);
  return { rounds: page.map(toRound), total: count?.n ?? 0 };
}
