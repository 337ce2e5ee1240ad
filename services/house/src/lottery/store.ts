import { sql } from 'drizzle-orm';
import { formatMinor, lotteryClientSeed, type LotteryDrawView, type LotteryOutcome, type LotteryTicketView } from '@wps/contracts';
import { rows, type Executor } from '@wps/platform';

/** Rows of the lottery tables. Times come back as epoch milliseconds on both drivers; jsonb may come back as text. */
export interface DrawRow {
  draw_id: string;
  game_code: string;
  draw_no: string;
  seq: number;
  status: LotteryDrawView['status'];
  opens_ms: number;
  closes_ms: number;
  draw_ms: number;
  seed_hash: string;
  server_seed: string | null;
  outcome: LotteryOutcome | null;
  numbers: string[] | null;
  drawn_ms: number | null;
  settled_ms: number | null;
  cancel_reason: string | null;
}

export interface TicketRow {
  ticket_id: string;
  slip_id: string;
  draw_id: string;
  draw_no: string;
  game_code: string;
  member_id: string;
  merchant_code: string;
  currency: string;
  bet_type: string;
  selection: Record<string, unknown>;
  unit_minor: string;
  multiplier: number;
  combinations: number;
  stake_minor: string;
  win_minor: string;
  status: 'pending' | 'placed' | 'won' | 'lost' | 'refunding' | 'refunded';
  refund_op: 'rollback' | 'void' | null;
  created_ms: number;
  settled_ms: number | null;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const ms = (column: string, alias: string) => `(extract(epoch from ${column}) * 1000)::float8 AS ${alias}`;

export const DRAW_COLUMNS = sql.raw(`d.draw_id::text AS draw_id, d.game_code, d.draw_no, d.seq::int AS seq, d.status, d.seed_hash, d.server_seed, d.outcome, d.numbers,
  d.cancel_reason, ${ms('d.opens_at', 'opens_ms')}, ${ms('d.closes_at', 'closes_ms')}, ${ms('d.draw_at', 'draw_ms')},
  ${ms('d.drawn_at', 'drawn_ms')}, ${ms('d.settled_at', 'settled_ms')}`);

export const TICKET_COLUMNS = sql.raw(`t.ticket_id::text AS ticket_id, t.slip_id::text AS slip_id, t.draw_id::text AS draw_id, d.draw_no, t.game_code, t.member_id,
  t.merchant_code, t.currency, t.bet_type, t.selection, t.unit_minor::text AS unit_minor, t.multiplier, t.combinations,
  t.stake_minor::text AS stake_minor, t.win_minor::text AS win_minor, t.status, t.refund_op,
  ${ms('t.created_at', 'created_ms')}, ${ms('t.settled_at', 'settled_ms')}`);

export function normaliseDraw(row: DrawRow): DrawRow {
  return { ...row, outcome: row.outcome === null ? null : json(row.outcome), numbers: row.numbers === null ? null : json(row.numbers) };
}
export function normaliseTicket(row: TicketRow): TicketRow {
  return { ...row, selection: json(row.selection) };
}

export async function drawsWhere(executor: Executor, where: ReturnType<typeof sql>, tail: ReturnType<typeof sql> = sql``): Promise<DrawRow[]> {
  return (await rows<DrawRow>(executor, sql`SELECT ${DRAW_COLUMNS} FROM house.lottery_draws d WHERE ${where} ${tail}`)).map(normaliseDraw);
}

export async function findDraw(executor: Executor, where: ReturnType<typeof sql>, lock: 'update' | 'share' | false = false): Promise<DrawRow | undefined> {
  const locking = lock === 'update' ? sql`FOR UPDATE` : lock === 'share' ? sql`FOR SHARE` : sql``;
  const [row] = await drawsWhere(executor, where, sql`LIMIT 1 ${locking}`);
  return row;
}

export async function ticketsWhere(executor: Executor, where: ReturnType<typeof sql>, tail: ReturnType<typeof sql> = sql``): Promise<TicketRow[]> {
  return (await rows<TicketRow>(executor, sql`SELECT ${TICKET_COLUMNS} FROM house.lottery_tickets t JOIN house.lottery_draws d ON d.draw_id = t.draw_id WHERE ${where} ${tail}`)).map(normaliseTicket);
}

const iso = (epochMs: number | null): string | null => (epochMs === null ? null : new Date(epochMs).toISOString());
const revealed = (row: DrawRow) => row.status === 'drawn' || row.status === 'settled' || row.status === 'cancelled';

export const drawView = (row: DrawRow): LotteryDrawView => ({
  gameCode: row.game_code,
  drawNo: row.draw_no,
  seq: row.seq,
  status: row.status,
  opensAt: iso(row.opens_ms)!,
  closesAt: iso(row.closes_ms)!,
  drawAt: iso(row.draw_ms)!,
  seedHash: row.seed_hash,
  serverSeed: revealed(row) ? row.server_seed : null,
  clientSeed: lotteryClientSeed(row.game_code, row.draw_no),
  numbers: row.numbers,
  outcome: row.outcome,
  drawnAt: iso(row.drawn_ms),
  settledAt: iso(row.settled_ms),
  cancelReason: row.cancel_reason,
});

const PUBLIC_TICKET_STATUS: Record<TicketRow['status'], LotteryTicketView['status']> = {
  pending: 'placed',
  placed: 'placed',
  won: 'won',
  lost: 'lost',
  refunding: 'refunded',
  refunded: 'refunded',
};

export const ticketView = (row: TicketRow): LotteryTicketView => ({
  ticketId: row.ticket_id,
  slipId: row.slip_id,
  gameCode: row.game_code,
  drawNo: row.draw_no,
  betType: row.bet_type,
  selection: row.selection,
  currency: row.currency,
  unitStake: formatMinor(BigInt(row.unit_minor), row.currency),
  multiplier: row.multiplier,
  combinations: row.combinations,
  stake: formatMinor(BigInt(row.stake_minor), row.currency),
  win: formatMinor(BigInt(row.win_minor), row.currency),
  status: PUBLIC_TICKET_STATUS[row.status],
  createdAt: iso(row.created_ms)!,
  settledAt: iso(row.settled_ms),
});
