import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import { formatMinor, PVP_GAME_CODE, PVP_RAKE_BP, type PvpHand, type PvpHandProof, type PvpTable, type PvpActionKind } from '@wps/contracts';
import { evaluateHand, type HandState } from './rules.js';

/** Rows of the pvp tables and their public views. Times come back as epoch milliseconds on both drivers. */
export interface PvpTableRow {
  table_id: string;
  name: string;
  boot: string;
  max_stake: string;
  pot_limit: string;
  seats: number;
  client_seed: string;
  next_hand_no: number;
  dealer_seat: number;
  starts_ms: number | null;
}

export interface SeatRow {
  table_id: string;
  seat_no: number;
  member_id: string;
  merchant_code: string;
  currency: string;
  player: string;
}

export interface HandRow {
  hand_id: string;
  table_id: string;
  hand_no: number;
  status: PvpHand['status'];
  currency: string;
  dealer_seat: number;
  turn_seat: number | null;
  turn_deadline_ms: number | null;
  stake_minor: string;
  pot_minor: string;
  rake_minor: string | null;
  payout_minor: string | null;
  winner_seat: number | null;
  ended_by: PvpHand['endedBy'];
  server_seed: string;
  seed_hash: string;
  client_seed: string;
  next_seq: number;
  pending_seq: number | null;
}

export interface HandPlayerRow {
  hand_id: string;
  seat_no: number;
  turn_order: number;
  member_id: string;
  merchant_code: string;
  currency: string;
  player: string;
  cards: string[];
  status: 'active' | 'packed' | 'won' | 'lost' | 'refunded';
  staked_minor: string;
  payout_minor: string;
  shown: boolean;
  timed_out: boolean;
}

export interface ActionRow {
  hand_id: string;
  seq: number;
  seat_no: number;
  member_id: string;
  kind: PvpActionKind;
  amount_minor: string;
  request_id: string | null;
  status: 'pending' | 'done' | 'refunded';
  wallet_tx: string | null;
  at_ms: number;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export const TABLE_COLUMNS = sql.raw(`table_id, name, boot, max_stake, pot_limit, seats, client_seed, next_hand_no, dealer_seat,
  (extract(epoch from starts_at) * 1000)::float8 AS starts_ms`);
export const HAND_COLUMNS = sql.raw(`hand_id, table_id, hand_no, status, currency, dealer_seat, turn_seat,
  (extract(epoch from turn_deadline) * 1000)::float8 AS turn_deadline_ms, stake_minor::text, pot_minor::text, rake_minor::text,
  payout_minor::text, winner_seat, ended_by, server_seed, seed_hash, client_seed, next_seq, pending_seq`);
const ACTION_COLUMNS = sql.raw(`hand_id, seq, seat_no, member_id, kind, amount_minor::text, request_id, status, wallet_tx,
  (extract(epoch from created_at) * 1000)::float8 AS at_ms`);

export async function findPvpTable(tx: Executor, tableId: string, lock = false): Promise<PvpTableRow | undefined> {
  const [row] = await rows<PvpTableRow>(tx, sql`SELECT ${TABLE_COLUMNS} FROM house.pvp_tables WHERE table_id = ${tableId} ${lock ? sql`FOR UPDATE` : sql``}`);
  return row;
}

export async function findHand(tx: Executor, handId: string, lock = false): Promise<HandRow | undefined> {
  const [row] = await rows<HandRow>(tx, sql`SELECT ${HAND_COLUMNS} FROM house.pvp_hands WHERE hand_id = ${handId} ${lock ? sql`FOR UPDATE` : sql``}`);
  return row;
}

export async function findHandByNo(tx: Executor, tableId: string, handNo: number): Promise<(HandRow & { settled_ms: number | null }) | undefined> {
  const [row] = await rows<HandRow & { settled_ms: number | null }>(
    tx,
    sql`SELECT ${HAND_COLUMNS}, (extract(epoch from settled_at) * 1000)::float8 AS settled_ms FROM house.pvp_hands WHERE table_id = ${tableId} AND hand_no = ${handNo}`,
  );
  return row;
}

/** The hand a table is in the middle of, if any. */
export async function openHand(tx: Executor, tableId: string): Promise<HandRow | undefined> {
  const [row] = await rows<HandRow>(tx, sql`SELECT ${HAND_COLUMNS} FROM house.pvp_hands WHERE table_id = ${tableId} AND status IN ('booting', 'playing', 'settling') ORDER BY hand_no LIMIT 1`);
  return row;
}

export async function latestHand(tx: Executor, tableId: string): Promise<HandRow | undefined> {
  const [row] = await rows<HandRow>(tx, sql`SELECT ${HAND_COLUMNS} FROM house.pvp_hands WHERE table_id = ${tableId} ORDER BY hand_no DESC LIMIT 1`);
  return row;
}

export async function handPlayers(tx: Executor, handId: string): Promise<HandPlayerRow[]> {
  const found = await rows<HandPlayerRow>(
    tx,
    sql`SELECT hand_id, seat_no, turn_order, member_id, merchant_code, currency, player, cards, status,
      staked_minor::text, payout_minor::text, shown, timed_out FROM house.pvp_hand_players WHERE hand_id = ${handId} ORDER BY turn_order`,
  );
  return found.map((row) => ({ ...row, cards: json<string[]>(row.cards) }));
}

export const handActions = (tx: Executor, handId: string): Promise<ActionRow[]> => rows<ActionRow>(tx, sql`SELECT ${ACTION_COLUMNS} FROM house.pvp_actions WHERE hand_id = ${handId} ORDER BY seq`);

export const findActionByRequest = async (tx: Executor, handId: string, memberId: string, requestId: string): Promise<ActionRow | undefined> =>
  (await rows<ActionRow>(tx, sql`SELECT ${ACTION_COLUMNS} FROM house.pvp_actions WHERE hand_id = ${handId} AND member_id = ${memberId} AND request_id = ${requestId}`))[0];

export const tableSeats = (tx: Executor, tableId: string): Promise<SeatRow[]> =>
  rows<SeatRow>(tx, sql`SELECT table_id, seat_no, member_id, merchant_code, currency, player FROM house.pvp_seats WHERE table_id = ${tableId} ORDER BY seat_no`);

/** The pure state of a hand, for the rules. */
export const handState = (hand: HandRow, players: readonly HandPlayerRow[]): HandState => ({
  players: players.map((player) => ({
    seatNo: player.seat_no,
    status: player.status === 'active' ? 'active' : 'packed',
    stakedMinor: BigInt(player.staked_minor),
    cards: player.cards,
  })),
  turnSeat: hand.turn_seat,
  stakeMinor: BigInt(hand.stake_minor),
  potMinor: BigInt(hand.pot_minor),
});

/** A finished hand's proof. The seed is public once the hand is over, and with it every seat's cards: all are included. */
export function handProof(hand: HandRow & { settled_ms: number | null }, players: readonly HandPlayerRow[], actions: readonly ActionRow[]): PvpHandProof {
  const money = (minor: string | null) => formatMinor(BigInt(minor ?? '0'), hand.currency);
  return {
    tableId: hand.table_id,
    handId: hand.hand_id,
    handNo: hand.hand_no,
    status: hand.status as PvpHandProof['status'],
    currency: hand.currency,
    serverSeed: hand.server_seed,
    seedHash: hand.seed_hash,
    clientSeed: hand.client_seed,
    nonce: hand.hand_no,
    players: players.map((player) => ({
      seatNo: player.seat_no,
      player: player.player,
      status: player.status,
      cards: player.cards,
      shown: player.shown,
      staked: money(player.staked_minor),
      payout: money(player.payout_minor),
    })),
    actions: actions.filter((action) => action.status === 'done').map((action) => ({ seq: action.seq, seatNo: action.seat_no, kind: action.kind, amount: money(action.amount_minor) })),
    winnerSeat: hand.winner_seat,
    endedBy: hand.ended_by,
    pot: money(hand.pot_minor),
    rake: money(hand.rake_minor),
    payout: money(hand.payout_minor),
    rakeBp: PVP_RAKE_BP,
    settledAt: hand.settled_ms,
  };
}

/** "abcdef" → "ab***": enough to tell players apart at a table without showing account names. */
export const maskAccount = (account: string): string => `${account.slice(0, 2)}***`;

export const tableView = (row: PvpTableRow, turnSeconds: number): PvpTable => ({
  tableId: row.table_id,
  name: row.name,
  gameCode: PVP_GAME_CODE,
  boot: row.boot,
  maxStake: row.max_stake,
  potLimit: row.pot_limit,
  seats: row.seats,
  rakeBp: PVP_RAKE_BP,
  turnSeconds,
  clientSeed: row.client_seed,
});

const over = (status: HandRow['status']) => status === 'settled' || status === 'refunded';

/** A hand as `memberId` may see it: their own cards, and everyone's shown cards once a show revealed them. */
export function handView(hand: HandRow, players: readonly HandPlayerRow[], actions: readonly ActionRow[], memberId: string | undefined): PvpHand {
  const money = (minor: string | null) => (minor === null ? null : formatMinor(BigInt(minor), hand.currency));
  const revealed = hand.status === 'settling' || over(hand.status);
  return {
    handId: hand.hand_id,
    handNo: hand.hand_no,
    status: hand.status,
    currency: hand.currency,
    dealerSeat: hand.dealer_seat,
    turnSeat: hand.status === 'playing' ? hand.turn_seat : null,
    turnDeadline: hand.status === 'playing' ? hand.turn_deadline_ms : null,
    stake: money(hand.stake_minor)!,
    pot: money(hand.pot_minor)!,
    rake: money(hand.rake_minor),
    payout: money(hand.payout_minor),
    winnerSeat: hand.winner_seat,
    endedBy: hand.ended_by,
    seedHash: hand.seed_hash,
    serverSeed: over(hand.status) ? hand.server_seed : null,
    clientSeed: hand.client_seed,
    nonce: hand.hand_no,
    players: players.map((player) => {
      const visible = player.member_id === memberId || (revealed && player.shown);
      return {
        seatNo: player.seat_no,
        player: player.player,
        status: player.status,
        staked: formatMinor(BigInt(player.staked_minor), hand.currency),
        payout: formatMinor(BigInt(player.payout_minor), hand.currency),
        cards: visible ? player.cards : null,
        rank: visible ? evaluateHand(player.cards).rank : null,
      };
    }),
    actions: actions
      .filter((action) => action.status !== 'pending')
      .map((action) => ({ seq: action.seq, seatNo: action.seat_no, kind: action.kind, amount: formatMinor(BigInt(action.amount_minor), hand.currency), at: action.at_ms })),
  };
}
