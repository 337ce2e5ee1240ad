import { sql } from 'drizzle-orm';
import { DrawStream, drawLottery, LOTTERY_NONCE, lotteryClientSeed, lotteryOutcomeSchema, lotteryResultNumbers, type LotteryOutcome } from '@wps/contracts';
import { AppError, rows, sleep } from '@wps/platform';
import { hashServerSeed, newServerSeed, nodeBlocks } from '../fairness/seeds.js';
import type { LotteryGameDefinition } from './games.js';
import { emitDrawEvent, type LotteryDeps } from './lottery-context.js';
import { slotsAhead } from './schedule.js';
import { finishRefunds, refundTickets, type SettleDeps } from './settle.js';
import { drawView, findDraw, type DrawRow } from './store.js';

/** How long closing waits for slips whose wallet debits are still on their way before refunding them. */
const PENDING_GRACE_MS = 2_000;
/** How long the result waits for its push to leave before settlement starts anyway. */
const RESULT_FLUSH_MS = 500;

export type DrawDeps = SettleDeps & Pick<LotteryDeps, 'flushRelay'>;

const isoOf = (epochMs: number) => new Date(epochMs).toISOString();

/**
 * Commits the game's next draws: each gets a fresh server seed whose SHA-256 is published from now on. A draw that
 * exists already is left as it is (another instance, or an earlier turn, committed it). Answers the draws it made.
 */
export async function commitDraws(deps: DrawDeps, game: LotteryGameDefinition, nowMs: number): Promise<number> {
  let made = 0;
  for (const slot of slotsAhead(game, nowMs)) {
    const serverSeed = newServerSeed();
    const inserted = await deps.db.transaction(async (tx) => {
      const [row] = await rows<{ draw_id: string }>(
        tx,
        sql`INSERT INTO house.lottery_draws (game_code, draw_no, seq, status, opens_at, closes_at, draw_at, seed_hash, server_seed)
            VALUES (${game.gameCode}, ${slot.drawNo}, ${slot.seq}, 'open', ${isoOf(slot.opensAtMs)}::timestamptz, ${isoOf(slot.closesAtMs)}::timestamptz,
                    ${isoOf(slot.drawAtMs)}::timestamptz, ${hashServerSeed(serverSeed)}, ${serverSeed})
            ON CONFLICT (game_code, draw_no) DO NOTHING RETURNING draw_id::text`,
      );
      if (!row) return false;
      const draw = (await findDraw(tx, sql`d.draw_id = ${row.draw_id}`))!;
      await emitDrawEvent(deps.outbox, tx, draw, 'round-opened', { draw: drawView(draw) });
      return true;
    });
    if (inserted) made++;
  }
  if (made > 0) deps.wakeRelay();
  return made;
}

/**
 * Closes betting: the draw stops taking slips at once (placing holds the draw's row while it writes), slips whose
 * debits are still on their way get a moment to land, and what is still pending then is refunded.
 */
export async function closeDraw(deps: DrawDeps, draw: DrawRow): Promise<void> {
  const closed = await deps.db.transaction(async (tx) => {
    const updated = await rows<{ draw_id: string }>(tx, sql`UPDATE house.lottery_draws SET status = 'closed' WHERE draw_id = ${draw.draw_id} AND status = 'open' RETURNING draw_id::text`);
    if (updated.length === 0) return false;
    await emitDrawEvent(deps.outbox, tx, { ...draw, status: 'closed' }, 'betting-closed', { draw: drawView({ ...draw, status: 'closed' }) });
    return true;
  });
  if (!closed) return;
  deps.wakeRelay();
  const deadline = Date.now() + PENDING_GRACE_MS;
  while (Date.now() < deadline) {
    const [pending] = await rows<{ n: number }>(deps.db.orm, sql`SELECT count(*)::int AS n FROM house.lottery_tickets WHERE draw_id = ${draw.draw_id} AND status = 'pending'`);
    if (!pending?.n) break;
    await sleep(50);
  }
  await refundTickets(deps, draw.draw_id, ['pending']);
}

/** The numbers of a draw from its revealed seed: the stream every house game uses, keyed by the draw's public name. */
export function outcomeOf(game: Pick<LotteryGameDefinition, 'family' | 'gameCode'>, drawNo: string, serverSeed: string): LotteryOutcome {
  return drawLottery(game.family, new DrawStream(nodeBlocks(serverSeed, lotteryClientSeed(game.gameCode, drawNo), LOTTERY_NONCE)));
}

/**
 * Draws the numbers at the draw time: from the committed seed, checked against its published hash and the family's
 * result shape, stored with the seed revealed, and pushed to everyone watching. A draw that cannot be produced (no
 * seed, a seed that does not match its hash, a result that fails its shape) is cancelled and every ticket refunded.
 */
export async function produceDraw(deps: DrawDeps, game: LotteryGameDefinition, draw: DrawRow): Promise<'drawn' | 'cancelled' | 'skipped'> {
  if (draw.status === 'open') await closeDraw(deps, draw);
  let failure: string | undefined;
  const produced = await deps.db.transaction(async (tx) => {
    const locked = await findDraw(tx, sql`d.draw_id = ${draw.draw_id}`, 'update');
    if (!locked || locked.status !== 'closed') return undefined;
    let outcome: LotteryOutcome | undefined;
    if (!locked.server_seed) failure = 'the draw’s seed is missing';
    else if (hashServerSeed(locked.server_seed) !== locked.seed_hash) failure = 'the draw’s seed does not match its published hash';
    else {
      try {
        outcome = lotteryOutcomeSchema.parse(outcomeOf(game, locked.draw_no, locked.server_seed));
      } catch (error) {
        failure = `the numbers could not be drawn: ${(error as Error).message}`.slice(0, 200);
      }
    }
    if (!outcome) return undefined;
    const numbers = lotteryResultNumbers(outcome);
    await tx.execute(
      sql`UPDATE house.lottery_draws SET status = 'drawn', outcome = ${JSON.stringify(outcome)}::jsonb, numbers = ${JSON.stringify(numbers)}::jsonb, drawn_at = now()
          WHERE draw_id = ${locked.draw_id}`,
    );
    const drawn = (await findDraw(tx, sql`d.draw_id = ${locked.draw_id}`))!;
    await emitDrawEvent(deps.outbox, tx, drawn, 'result', { draw: drawView(drawn) });
    return drawn;
  });
  if (produced) {
    // Settlement floods the database with wallet work next: the result leaves first, so watchers see it on time.
    await deps.flushRelay(RESULT_FLUSH_MS);
    await new Promise<void>((resolve) => setImmediate(resolve));
    return 'drawn';
  }
  if (failure === undefined) return 'skipped';
  deps.logger.error({ drawId: draw.draw_id, gameCode: draw.game_code, drawNo: draw.draw_no, reason: failure }, 'lottery draw could not be produced; cancelled');
  await cancelDraw(deps, draw.draw_id, failure);
  return 'cancelled';
}

/**
 * Cancels a draw that has not been drawn: no more slips, no numbers, every ticket refunded (placed ones by voiding
 * their wallet round, pending ones by rolling their debit back). Its seed is revealed: nothing depends on it any more.
 */
export async function cancelDraw(deps: DrawDeps, drawId: string, reason: string, options: { refund?: boolean } = {}): Promise<DrawRow> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const locked = await findDraw(tx, sql`d.draw_id = ${drawId}`, 'update');
    if (!locked) throw new AppError('LOTTERY_DRAW_NOT_FOUND', { field: 'drawNo' });
    if (locked.status === 'cancelled') return locked;
    if (locked.status === 'drawn' || locked.status === 'settled') throw new AppError('LOTTERY_DRAW_NOT_CANCELLABLE', { field: 'drawNo' });
    await tx.execute(sql`UPDATE house.lottery_draws SET status = 'cancelled', cancel_reason = ${reason.slice(0, 200)}, settled_at = now() WHERE draw_id = ${drawId}`);
    await tx.execute(
      sql`UPDATE house.lottery_tickets SET status = 'refunding', refund_op = CASE WHEN status = 'pending' THEN 'rollback' ELSE 'void' END
          WHERE draw_id = ${drawId} AND status IN ('pending', 'placed')`,
    );
    const row = (await findDraw(tx, sql`d.draw_id = ${drawId}`))!;
    await emitDrawEvent(deps.outbox, tx, row, 'settled', { draw: drawView(row), cancelled: true });
    return row;
  });
  deps.wakeRelay();
  if (options.refund ?? true) await finishRefunds(deps, drawId);
  return cancelled;
}
