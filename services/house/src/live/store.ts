import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { LiveBet, LiveGame, LiveHistoryEntry, LiveRound, LiveTable } from '@wps/contracts';
import { formatMinor } from '@wps/contracts';

/** Rows of the live schema and their public views. Times come back as epoch milliseconds on both drivers. */
export interface TableRow {
  table_id: string;
  game: LiveGame;
  game_code: string;
  min_bet: string;
  max_bet: string;
  betting_seconds: number;
  client_seed: string;
  chain_start: string;
  chain_head: string;
  chain_length: number;
  chain_first_round: number;
  next_round_no: number;
}

export interface RoundRow {
  round_id: string;
  table_id: string;
  round_no: number;
  status: LiveRound['status'];
  opens_ms: number;
  closes_ms: number;
  started_ms: number | null;
  growth: number | null;
  seed_hash: string;
  server_seed: string | null;
  drawn: Record<string, unknown>;
  odds: Record<string, string> | null;
  result: Record<string, unknown> | null;
  settled_ms: number | null;
}

export interface BetRow {
  bet_id: string;
  round_id: string;
  table_id: string;
  member_id: string;
  merchant_code: string;
  currency: string;
  spot: string;
  amount_minor: string;
  payout_minor: string;
  status: 'pending' | 'placed' | 'cashed' | 'won' | 'lost' | 'push' | 'refunding' | 'refunded';
  auto_cashout_x100: number | null;
  cashout_x100: number | null;
  wallet_bet_tx: string;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export const ROUND_COLUMNS = sql.raw(`round_id, table_id, round_no, status, seed_hash, server_seed, growth, drawn, odds, result,
  (extract(epoch from opens_at) * 1000)::float8 AS opens_ms, (extract(epoch from closes_at) * 1000)::float8 AS closes_ms,
  (extract(epoch from started_at) * 1000)::float8 AS started_ms, (extract(epoch from settled_at) * 1000)::float8 AS settled_ms`);

export function normaliseRound(row: RoundRow): RoundRow {
  return { ...row, drawn: json(row.drawn), odds: row.odds === null ? null : json(row.odds), result: row.result === null ? null : json(row.result) };
}

export async function findRound(tx: Executor, schema: string, roundId: string, lock = false): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(tx, sql`SELECT ${ROUND_COLUMNS} FROM ${sql.raw(schema)}.live_rounds WHERE round_id = ${roundId} ${lock ? sql`FOR UPDATE` : sql``}`);
  return row ? normaliseRound(row) : undefined;
}

export async function findTable(tx: Executor, schema: string, tableId: string, lock = false): Promise<TableRow | undefined> {
  const [row] = await rows<TableRow>(tx, sql`SELECT * FROM ${sql.raw(schema)}.live_tables WHERE table_id = ${tableId} ${lock ? sql`FOR UPDATE` : sql``}`);
  return row;
}

export const tableView = (row: TableRow, bettingSeconds?: number): LiveTable => ({
  tableId: row.table_id,
  game: row.game,
  gameCode: row.game_code,
  minBet: row.min_bet,
  maxBet: row.max_bet,
  bettingSeconds: bettingSeconds ?? row.betting_seconds,
  clientSeed: row.client_seed,
});

const announced = (status: RoundRow['status']) => status === 'drawn' || status === 'settled' || status === 'refunded';

export const roundView = (row: RoundRow): LiveRound => ({
  roundId: row.round_id,
  roundNo: row.round_no,
  status: row.status,
  opensAt: row.opens_ms,
  closesAt: row.closes_ms,
  seedHash: row.seed_hash,
  serverSeed: announced(row.status) ? row.server_seed : null,
  startedAt: row.started_ms,
  growth: row.growth,
  odds: row.odds,
  result: announced(row.status) ? row.result : null,
});

export const historyView = (row: RoundRow): LiveHistoryEntry => ({
  roundId: row.round_id,
  roundNo: row.round_no,
  result: announced(row.status) ? row.result : null,
  status: row.status,
  seedHash: row.seed_hash,
  serverSeed: announced(row.status) ? row.server_seed : null,
  settledAt: row.settled_ms,
});

const PUBLIC_BET_STATUS: Record<BetRow['status'], LiveBet['status']> = {
  pending: 'placed',
  placed: 'placed',
  cashed: 'cashed',
  won: 'won',
  lost: 'lost',
  push: 'push',
  refunding: 'refunded',
  refunded: 'refunded',
};

export const betView = (row: BetRow): LiveBet => ({
  betId: row.bet_id,
  roundId: row.round_id,
  spot: row.spot,
  amount: formatMinor(BigInt(row.amount_minor), row.currency),
  currency: row.currency,
  payout: formatMinor(BigInt(row.payout_minor), row.currency),
  status: PUBLIC_BET_STATUS[row.status],
  autoCashout: row.auto_cashout_x100 === null ? null : (row.auto_cashout_x100 / 100).toFixed(2),
  cashoutMultiplier: row.cashout_x100 === null ? null : (row.cashout_x100 / 100).toFixed(2),
});
