import { sql } from 'drizzle-orm';
import { rows, sleep } from '@wps/platform';
import type { TableLeaseRunner } from '../tables/table-lease.js';
import { OutcomeStream, roundSeed } from './fairness-chain.js';
import { drawResult } from './games.js';
import { emitLiveEvent, liveTable, type LiveTablesDeps } from './live-context.js';
import { bettingClosesAt, bettingSecondsOf, bustAtMs, chainExhausted, crashPointOf, curveAt, curveBusted, curveStartsOnClose, curveWaitMs, roundIdOf } from './live-rules.js';
import { newChain, type ChainLinks } from './live-table-chains.js';
import { refundLiveBets, settleLiveRound, type SettleLiveRoundDeps } from './settle-live-round.js';
import { findTable, normaliseRound, ROUND_COLUMNS, roundView, type RoundRow } from './store.js';

/** How long closing waits for bets whose wallet debit is still on its way before refunding them. */
const PENDING_GRACE_MS = 2_000;
/** How long settlement waits for the result push to leave before it starts anyway. */
const RESULT_FLUSH_MS = 500;

/** The lease holder's view of its table: whether the service still runs, its stop-aware pauses, and lease renewal. */
export type LiveClock = Pick<TableLeaseRunner, 'running' | 'pause' | 'lease'>;

export type RunLiveRoundDeps = SettleLiveRoundDeps & Pick<LiveTablesDeps, 'flushRelay' | 'config'> & { clock: LiveClock; chains: ChainLinks };

/** Each step of a round runs only while this instance still holds the table: another may have taken it over. */
async function stillHeld(clock: LiveClock, tableId: string): Promise<boolean> {
  return clock.running && (await clock.lease(tableId));
}

/** One whole round of a table, from opening to settlement: the lease runner's turn. */
export async function runLiveRound(deps: RunLiveRoundDeps, tableId: string): Promise<void> {
  const table = (await findTable(deps.db.orm, deps.schema, tableId))!;
  const round = await openRound(deps, tableId);
  await deps.clock.pause(round.closes_ms - Date.now());
  if (!(await stillHeld(deps.clock, tableId))) return;
  await closeBetting(deps, round);
  if (table.game === 'crash') {
    await runCrash(deps, round);
  } else {
    await deps.clock.pause(deps.config.HOUSE_LIVE_REVEAL_MS);
    if (!(await stillHeld(deps.clock, tableId))) return;
    await announce(deps, round);
  }
  await settleLiveRound(deps, round.round_id);
  await deps.clock.pause(deps.config.HOUSE_LIVE_PAUSE_MS);
}

/** Opens the next round: its seed from the chain, its result drawn and kept private until it is announced. */
async function openRound(deps: RunLiveRoundDeps, tableId: string): Promise<RoundRow> {
  const tables = liveTable(deps.schema, 'live_tables');
  const round = await deps.db.transaction(async (tx) => {
    let table = (await findTable(tx, deps.schema, tableId, true))!;
    if (chainExhausted(table)) {
      const chain = newChain();
      await tx.execute(
        sql`UPDATE ${tables} SET chain_start = ${chain.start}, chain_head = ${chain.head}, chain_length = ${chain.length}, chain_first_round = next_round_no WHERE table_id = ${tableId}`,
      );
      table = (await findTable(tx, deps.schema, tableId, true))!;
    }
    const roundNo = table.next_round_no;
    const { serverSeed, seedHash } = roundSeed(deps.chains.linksFor(table), roundNo - table.chain_first_round);
    const drawn = drawResult(table.game, new OutcomeStream(serverSeed, table.client_seed, roundNo));
    const now = Date.now();
    const closes = bettingClosesAt(now, bettingSecondsOf(table, deps.config.HOUSE_LIVE_BETTING_SECONDS));
    const roundId = roundIdOf(tableId, roundNo);
    await tx.execute(sql`UPDATE ${tables} SET next_round_no = next_round_no + 1 WHERE table_id = ${tableId}`);
    const [row] = await rows<RoundRow>(
      tx,
      sql`INSERT INTO ${liveTable(deps.schema, 'live_rounds')} (round_id, table_id, round_no, status, opens_at, closes_at, seed_hash, server_seed, drawn, odds, growth)
          VALUES (${roundId}, ${tableId}, ${roundNo}, 'betting', ${new Date(now).toISOString()}::timestamptz, ${new Date(closes).toISOString()}::timestamptz,
                  ${seedHash}, ${serverSeed}, ${JSON.stringify(drawn.result)}::jsonb, ${drawn.odds ? JSON.stringify(drawn.odds) : null}::jsonb,
                  ${table.game === 'crash' ? deps.config.HOUSE_LIVE_CRASH_GROWTH : null})
          RETURNING ${ROUND_COLUMNS}`,
    );
    const opened = normaliseRound(row!);
    await emitLiveEvent(deps.outbox, tx, opened, 'round-opened', { round: roundView(opened), serverTime: now }, now);
    return opened;
  });
  deps.wakeRelay();
  return round;
}

/** Bets whose debit is still on its way get a moment to land; the rest are refunded (the wallet refuses a late one). */
async function closeBetting(deps: RunLiveRoundDeps, round: RoundRow): Promise<void> {
  const deadline = Date.now() + PENDING_GRACE_MS;
  while (Date.now() < deadline) {
    const [pending] = await rows<{ n: number }>(deps.db.orm, sql`SELECT count(*)::int AS n FROM ${liveTable(deps.schema, 'live_bets')} WHERE round_id = ${round.round_id} AND status = 'pending'`);
    if (!pending?.n) break;
    await sleep(50);
  }
  await refundLiveBets(deps, round.round_id, ['pending']);
  const now = Date.now();
  await deps.db.transaction(async (tx) => {
    if (curveStartsOnClose(round)) {
      await tx.execute(sql`UPDATE ${liveTable(deps.schema, 'live_rounds')} SET status = 'running', started_at = ${new Date(now).toISOString()}::timestamptz WHERE round_id = ${round.round_id}`);
      round.status = 'running';
      round.started_ms = now;
    }
    await emitLiveEvent(deps.outbox, tx, round, 'betting-closed', { status: round.status, startedAt: round.started_ms, growth: round.growth, serverTime: now }, now);
  });
  deps.wakeRelay();
}

/** Crash: the curve runs, ticks go out, auto cash-outs are taken as the curve passes them, then the bust. */
async function runCrash(deps: RunLiveRoundDeps, round: RoundRow): Promise<void> {
  const bustAt = bustAtMs(round);
  while (deps.clock.running) {
    const wait = curveWaitMs(Date.now(), bustAt, deps.config.HOUSE_LIVE_TICK_MS);
    if (wait === null) break;
    await deps.clock.pause(wait);
    if (!(await stillHeld(deps.clock, round.table_id))) return;
    const at = Date.now();
    if (curveBusted(at, bustAt)) break;
    const { x100, elapsedMs } = curveAt(round, at);
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE ${liveTable(deps.schema, 'live_bets')} SET status = 'cashed', cashout_x100 = auto_cashout_x100, payout_minor = amount_minor * auto_cashout_x100 / 100
                           WHERE round_id = ${round.round_id} AND status = 'placed' AND auto_cashout_x100 <= ${x100}`);
      await emitLiveEvent(deps.outbox, tx, round, 'tick', { multiplier: (x100 / 100).toFixed(2), elapsedMs }, at);
    });
    deps.wakeRelay();
  }
  if (!deps.clock.running) return;
  await announce(deps, round);
}

/** The result is made public: the decision time goes with it, so clients can measure how late it reached them. */
async function announce(deps: RunLiveRoundDeps, round: RoundRow): Promise<void> {
  const at = Date.now();
  await deps.db.transaction(async (tx) => {
    if (round.drawn.crashX100 !== undefined) {
      await tx.execute(sql`UPDATE ${liveTable(deps.schema, 'live_bets')} SET status = 'cashed', cashout_x100 = auto_cashout_x100, payout_minor = amount_minor * auto_cashout_x100 / 100
                           WHERE round_id = ${round.round_id} AND status = 'placed' AND auto_cashout_x100 <= ${crashPointOf(round)}`);
    }
    await tx.execute(
      sql`UPDATE ${liveTable(deps.schema, 'live_rounds')} SET status = 'drawn', result = drawn, decided_at = ${new Date(at).toISOString()}::timestamptz WHERE round_id = ${round.round_id}`,
    );
    await emitLiveEvent(deps.outbox, tx, round, 'result', { result: round.drawn, serverSeed: round.server_seed, seedHash: round.seed_hash }, at);
  });
  // Settlement floods the database with wallet work right after this; on one embedded database the relay would queue
  // behind it and every watcher would see the result late, so the result leaves first. Embedded PGlite answers in
  // promise callbacks alone, which would keep the in-memory bus's delivery (a macrotask) waiting until settlement is
  // done: one turn of the event loop lets the push out to the sockets first.
  await deps.flushRelay(RESULT_FLUSH_MS);
  await new Promise<void>((resolve) => setImmediate(resolve));
}
