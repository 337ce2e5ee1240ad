import { sql } from 'drizzle-orm';
import { AppError, rows } from '@wps/platform';
import { formatMinor, PVP_GAME_CODE, PVP_RAKE_BP, type PvpHandProof, type PvpTableState } from '@wps/contracts';
import { requirePvpTable, type PvpDeps, type PvpInput } from './pvp-context.js';
import { allowedActions } from './rules.js';
import { findHandByNo, handActions, handPlayers, handProof, handState, handView, HAND_COLUMNS, latestHand, tableSeats, tableView, type HandRow, type PvpTableRow } from './store.js';
import { handLimits, mayAct } from './table-rules.js';

const HISTORY_SIZE = 10;

export type PvpQueryDeps = Pick<PvpDeps, 'db' | 'config'>;

export async function pvpRooms(deps: PvpQueryDeps) {
  const found = await rows<PvpTableRow & { seated: number; playing: boolean }>(
    deps.db.orm,
    sql`SELECT t.table_id, t.name, t.boot, t.max_stake, t.seats,
          (SELECT count(*)::int FROM house.pvp_seats s WHERE s.table_id = t.table_id) AS seated,
          EXISTS (SELECT 1 FROM house.pvp_hands h WHERE h.table_id = t.table_id AND h.status IN ('booting', 'playing', 'settling')) AS playing
        FROM house.pvp_tables t ORDER BY t.table_id`,
  );
  return found.map((row) => ({
    roomId: row.table_id,
    name: row.name,
    gameCode: PVP_GAME_CODE,
    boot: row.boot,
    maxStake: row.max_stake,
    seats: row.seats,
    seated: row.seated,
    playing: row.playing,
    rakeBp: PVP_RAKE_BP,
  }));
}

/** The table as `memberId` sees it: seats, the hand in play with their own cards, what they may do now, recent hands. */
export async function pvpTableState(deps: PvpQueryDeps, { tableId, memberId }: PvpInput<'pvpTableState'>): Promise<PvpTableState> {
  const table = await requirePvpTable(deps.db, tableId);
  // One snapshot for the seats and the hand: a hand's settlement stands up its timed-out players in the same commit,
  // and reading them one statement after another could show the settled hand with a seat already gone or still there.
  const { seats, hand, players, actions, history } = await deps.db.transaction(async (db) => {
    await db.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    const seats = await tableSeats(db, table.table_id);
    const hand = await latestHand(db, table.table_id);
    const players = hand ? await handPlayers(db, hand.hand_id) : [];
    const actions = hand ? await handActions(db, hand.hand_id) : [];
    const history = await rows<HandRow & { winner: string | null }>(
      db,
      sql`SELECT ${HAND_COLUMNS}, (SELECT player FROM house.pvp_hand_players p WHERE p.hand_id = h.hand_id AND p.seat_no = h.winner_seat) AS winner
          FROM house.pvp_hands h WHERE table_id = ${table.table_id} AND status IN ('settled', 'refunded') ORDER BY hand_no DESC LIMIT ${HISTORY_SIZE}`,
    );
    return { seats, hand, players, actions, history };
  });
  const mySeat = memberId ? (seats.find((seat) => seat.member_id === memberId)?.seat_no ?? null) : null;
  const mine = memberId ? players.find((player) => player.member_id === memberId) : undefined;
  const canAct = hand && mine && mayAct(hand, mine) ? allowedActions(handState(hand, players), mine.seat_no, handLimits(table, hand.currency)) : [];
  return {
    table: tableView(table, deps.config.HOUSE_PVP_TURN_SECONDS),
    seats: seats.map((seat) => ({ seatNo: seat.seat_no, player: seat.player, mine: seat.member_id === memberId })),
    startsAt: table.starts_ms,
    hand: hand ? handView(hand, players, actions, memberId) : null,
    mySeat,
    myCards: mine ? mine.cards : null,
    canAct,
    history: history.map((row) => ({
      handId: row.hand_id,
      handNo: row.hand_no,
      status: row.status,
      currency: row.currency,
      pot: formatMinor(BigInt(row.pot_minor), row.currency),
      rake: formatMinor(BigInt(row.rake_minor ?? '0'), row.currency),
      winnerSeat: row.winner_seat,
      winner: row.winner,
      endedBy: row.ended_by,
      seedHash: row.seed_hash,
      serverSeed: row.server_seed,
    })),
    serverTime: Date.now(),
  };
}

/** A finished hand's seed and result; a hand still in play keeps its seed (and so its cards) secret. */
export async function pvpHandProof(deps: PvpQueryDeps, { tableId, handNo }: PvpInput<'pvpHandProof'>): Promise<PvpHandProof> {
  const table = await requirePvpTable(deps.db, tableId);
  const hand = Number.isSafeInteger(handNo) && handNo > 0 ? await findHandByNo(deps.db.orm, table.table_id, handNo) : undefined;
  if (!hand) throw new AppError('PVP_HAND_NOT_FOUND', { field: 'handNo' });
  if (hand.status !== 'settled' && hand.status !== 'refunded') throw new AppError('PVP_HAND_NOT_FINISHED', { field: 'handNo' });
  return handProof(hand, await handPlayers(deps.db.orm, hand.hand_id), await handActions(deps.db.orm, hand.hand_id));
}
