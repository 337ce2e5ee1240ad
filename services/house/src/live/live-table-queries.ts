import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import type { LiveBet, LiveHistoryEntry, LiveRoundProof, LiveTable, LiveTableState } from '@wps/contracts';
import { liveTable, requireLiveTable, type LiveInput, type LiveTablesDeps } from './live-context.js';
import { bettingSecondsOf, checkProvable, proofLinks } from './live-rules.js';
import { betView, historyView, normaliseRound, ROUND_COLUMNS, roundView, tableView, type BetRow, type RoundRow, type TableRow } from './store.js';

const HISTORY_SIZE = 20;

export type LiveQueryDeps = Pick<LiveTablesDeps, 'db' | 'schema' | 'config'>;

export async function liveTables(deps: LiveQueryDeps): Promise<LiveTable[]> {
  const found = await rows<TableRow>(deps.db.orm, sql`SELECT * FROM ${liveTable(deps.schema, 'live_tables')} ORDER BY table_id`);
  return found.map((row) => tableView(row, bettingSecondsOf(row, deps.config.HOUSE_LIVE_BETTING_SECONDS)));
}

async function history(deps: LiveQueryDeps, tableId: string, limit: number): Promise<LiveHistoryEntry[]> {
  const found = await rows<RoundRow>(
    deps.db.orm,
    sql`SELECT ${ROUND_COLUMNS} FROM ${liveTable(deps.schema, 'live_rounds')} WHERE table_id = ${tableId} AND status IN ('settled', 'refunded') ORDER BY round_no DESC LIMIT ${limit}`,
  );
  return found.map((row) => historyView(normaliseRound(row)));
}

export async function liveHistory(deps: LiveQueryDeps, { tableId, limit }: LiveInput<'liveHistory'>): Promise<LiveHistoryEntry[]> {
  await requireLiveTable(deps, tableId);
  return history(deps, tableId, limit);
}

/** The table as a player joining it sees it: the round in play, the recent results and the player's own bets in it. */
export async function liveTableState(deps: LiveQueryDeps, { tableId, memberId }: LiveInput<'liveTableState'>): Promise<LiveTableState> {
  const table = await requireLiveTable(deps, tableId);
  const [current] = await rows<RoundRow>(deps.db.orm, sql`SELECT ${ROUND_COLUMNS} FROM ${liveTable(deps.schema, 'live_rounds')} WHERE table_id = ${tableId} ORDER BY round_no DESC LIMIT 1`);
  const round = current ? normaliseRound(current) : undefined;
  const myBets =
    round && memberId
      ? await rows<BetRow>(deps.db.orm, sql`SELECT * FROM ${liveTable(deps.schema, 'live_bets')} WHERE round_id = ${round.round_id} AND member_id = ${memberId} ORDER BY created_at`)
      : [];
  return {
    table: tableView(table, bettingSecondsOf(table, deps.config.HOUSE_LIVE_BETTING_SECONDS)),
    round: round ? roundView(round) : null,
    history: await history(deps, tableId, HISTORY_SIZE),
    myBets: myBets.map(betView),
    serverTime: Date.now(),
  };
}

export async function liveMyBets(deps: LiveQueryDeps, { tableId, memberId, limit }: LiveInput<'liveMyBets'>): Promise<LiveBet[]> {
  await requireLiveTable(deps, tableId);
  const found = await rows<BetRow>(
    deps.db.orm,
    sql`SELECT * FROM ${liveTable(deps.schema, 'live_bets')} WHERE table_id = ${tableId} AND member_id = ${memberId} ORDER BY created_at DESC LIMIT ${limit}`,
  );
  return found.map(betView);
}

/** A settled round's seed, chain links and result; refused for a round still in play, whose seed must stay secret. */
export async function liveRoundProof(deps: LiveQueryDeps, { tableId, roundNo }: LiveInput<'liveRoundProof'>): Promise<LiveRoundProof> {
  const table = await requireLiveTable(deps, tableId);
  const found = await rows<RoundRow>(deps.db.orm, sql`SELECT ${ROUND_COLUMNS} FROM ${liveTable(deps.schema, 'live_rounds')} WHERE table_id = ${tableId} AND round_no IN (${roundNo}, ${roundNo + 1})`);
  const round = found.map(normaliseRound).find((row) => row.round_no === roundNo);
  checkProvable(round);
  const next = found.find((row) => row.round_no === roundNo + 1);
  const links = proofLinks(table, roundNo, next?.round_no);
  return {
    tableId,
    game: table.game,
    roundId: round.round_id,
    roundNo,
    clientSeed: table.client_seed,
    serverSeed: round.server_seed,
    seedHash: round.seed_hash,
    nextSeedHash: next && links.linksToNext ? next.seed_hash : null,
    chainHead: links.chainHead,
    chainDistance: links.chainDistance,
    result: round.result,
    odds: round.odds,
    settledAt: round.settled_ms,
  };
}
