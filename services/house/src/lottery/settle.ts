import { sql } from 'drizzle-orm';
import { formatMinor, ticketWinMinor, type LotteryOutcome } from '@wps/contracts';
import { rows } from '@wps/platform';
import { isWalletAnswer, withWalletRetries } from '../tables/wallet-retries.js';
import { emitDrawEvent, type LotteryDeps } from './lottery-context.js';
import { drawView, findDraw, ticketsWhere, type DrawRow, type TicketRow } from './store.js';
import { lotteryWalletIds } from './wallet.js';

/** Tickets read and settled per step: their wallet calls run `HOUSE_LOTTERY_SETTLE_CONCURRENCY` at a time. */
const SETTLE_BATCH = 512;

export type SettleDeps = Pick<LotteryDeps, 'db' | 'outbox' | 'wakeRelay' | 'wallet' | 'logger' | 'config'>;

/** Runs `work` over `items` with at most `limit` in flight; the failures are returned, the rest resolved. */
export async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<Array<{ item: T; result?: R; error?: unknown }>> {
  const out: Array<{ item: T; result?: R; error?: unknown }> = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index]!;
      try {
        out[index] = { item, result: await work(item) };
      } catch (error) {
        out[index] = { item, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const idList = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * Gives back every ticket of a draw marked `refunding`: a void of the ticket's wallet round when its debit is known
 * (the round is recorded cancelled), a rollback of the debit when it is not (safe if the debit never arrives). The
 * ids come from the ticket, so running this again after a failure or a restart refunds each ticket once.
 */
export async function finishRefunds(deps: SettleDeps, drawId: string, keepGoing: () => boolean = () => true): Promise<number> {
  let refunded = 0;
  let after = '0';
  while (keepGoing()) {
    const batch = await ticketsWhere(deps.db.orm, sql`t.draw_id = ${drawId} AND t.status = 'refunding' AND t.ticket_id > ${after}`, sql`ORDER BY t.ticket_id LIMIT ${SETTLE_BATCH}`);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.ticket_id;
    const done = await pool(batch, deps.config.HOUSE_LOTTERY_SETTLE_CONCURRENCY, async (ticket) => {
      const ids = lotteryWalletIds(ticket.ticket_id);
      const player = { player: ticket.member_id, currency: ticket.currency };
      try {
        await withWalletRetries(deps.logger, `lottery ${ticket.refund_op}`, () =>
          ticket.refund_op === 'void'
            ? deps.wallet.void({ ...player, transactionId: ids.void, roundId: ids.roundId })
            : deps.wallet.rollback({ ...player, transactionId: ids.rollback, betTransactionId: ids.bet, roundId: ids.roundId }),
        );
      } catch (error) {
        // Refused: there is nothing to give back (the debit never landed, or it was already given back).
        if (!isWalletAnswer(error)) throw error;
        deps.logger.debug({ err: error, ticketId: ticket.ticket_id }, 'lottery refund refused; nothing to give back');
      }
      return ticket.ticket_id;
    });
    const ids = done.filter((one) => one.error === undefined).map((one) => one.result!);
    for (const failed of done.filter((one) => one.error !== undefined)) deps.logger.warn({ err: failed.error, ticketId: failed.item.ticket_id }, 'lottery refund failed; will retry');
    if (ids.length > 0) {
      await deps.db.orm.execute(sql`UPDATE house.lottery_tickets SET status = 'refunded', win_minor = 0, settled_at = now() WHERE ticket_id = ANY(${idList(ids)}::bigint[]) AND status = 'refunding'`);
    }
    refunded += ids.length;
  }
  return refunded;
}

/** Marks tickets of a draw in the given states for refunding, then refunds them. */
export async function refundTickets(deps: SettleDeps, drawId: string, from: ReadonlyArray<'pending' | 'placed'>, keepGoing?: () => boolean): Promise<number> {
  await deps.db.orm.execute(
    sql`UPDATE house.lottery_tickets SET status = 'refunding', refund_op = CASE WHEN status = 'pending' THEN 'rollback' ELSE 'void' END
        WHERE draw_id = ${drawId} AND status = ANY(${`{${from.join(',')}}`}::text[])`,
  );
  return finishRefunds(deps, drawId, keepGoing);
}

/** What one ticket wins on the draw's result, stake included (0 for a loss), from the published rules. */
export const winOfTicket = (ticket: Pick<TicketRow, 'bet_type' | 'selection' | 'unit_minor' | 'multiplier'>, outcome: LotteryOutcome): bigint =>
  ticketWinMinor({ betType: ticket.bet_type, selection: ticket.selection, unitStakeMinor: BigInt(ticket.unit_minor), multiplier: ticket.multiplier }, outcome);

export interface SettleOptions {
  /** Stops early while the runner still holds the draw (false when the service stops or the lease is lost). */
  keepGoing?: () => boolean;
  /** Stops after this many tickets (to cut a settlement short, as a crash would). */
  stopAfter?: number;
}

/**
 * Pays every ticket of a drawn draw: the rules' win through one wallet `win` per ticket (zero for a loss, so the
 * ticket's wallet round settles), under ids derived from the ticket, then the ticket's state in one update per batch.
 * A settlement cut short (a restart, a lost lease, a failing wallet) is resumed by running this again: the tickets
 * still `placed` are paid, and a win the wallet already took is answered from its stored reply, so each ticket is paid
 * once. When no ticket is left the draw is settled and everyone watching is told.
 */
export async function settleDraw(deps: SettleDeps, drawId: string, options: SettleOptions = {}): Promise<{ paid: number; finished: boolean }> {
  const draw = await findDraw(deps.db.orm, sql`d.draw_id = ${drawId}`);
  if (!draw || draw.status !== 'drawn' || !draw.outcome) return { paid: 0, finished: draw?.status === 'settled' };
  const outcome = draw.outcome;
  const keepGoing = options.keepGoing ?? (() => true);
  let paid = 0;
  let after = '0';
  let failures = 0;
  while (keepGoing()) {
    const limit = options.stopAfter === undefined ? SETTLE_BATCH : Math.min(SETTLE_BATCH, options.stopAfter - paid);
    if (limit <= 0) return { paid, finished: false };
    const batch = await ticketsWhere(deps.db.orm, sql`t.draw_id = ${drawId} AND t.status = 'placed' AND t.ticket_id > ${after}`, sql`ORDER BY t.ticket_id LIMIT ${limit}`);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.ticket_id;
    const done = await pool(batch, deps.config.HOUSE_LOTTERY_SETTLE_CONCURRENCY, async (ticket) => {
      const winMinor = winOfTicket(ticket, outcome);
      const ids = lotteryWalletIds(ticket.ticket_id);
      await withWalletRetries(deps.logger, 'lottery win', () =>
        deps.wallet.win({
          player: ticket.member_id,
          currency: ticket.currency,
          transactionId: ids.win,
          roundId: ids.roundId,
          betTransactionId: ids.bet,
          amount: formatMinor(winMinor, ticket.currency),
          settle: true,
        }),
      );
      return winMinor;
    });
    const settled = done.filter((one) => one.error === undefined);
    for (const failed of done.filter((one) => one.error !== undefined)) {
      failures++;
      deps.logger.warn({ err: failed.error, ticketId: failed.item.ticket_id, drawId }, 'lottery win not confirmed; the runner will pay it');
    }
    if (settled.length > 0) {
      await deps.db.orm.execute(
        sql`UPDATE house.lottery_tickets t SET status = CASE WHEN w.win > 0 THEN 'won' ELSE 'lost' END, win_minor = w.win, settled_at = now()
            FROM unnest(${idList(settled.map((one) => one.item.ticket_id))}::bigint[], ${idList(settled.map((one) => one.result!.toString()))}::bigint[]) AS w(id, win)
            WHERE t.ticket_id = w.id AND t.status = 'placed'`,
      );
    }
    paid += settled.length;
  }
  if (failures > 0 || !keepGoing()) return { paid, finished: false };
  return { paid, finished: await closeSettledDraw(deps, draw) };
}

/** The draw is settled once none of its tickets waits for money; the summary goes to everyone watching. */
async function closeSettledDraw(deps: SettleDeps, draw: DrawRow): Promise<boolean> {
  const finished = await deps.db.transaction(async (tx) => {
    const [left] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM house.lottery_tickets WHERE draw_id = ${draw.draw_id} AND status IN ('pending', 'placed', 'refunding')`);
    if ((left?.n ?? 0) > 0) return false;
    const [summary] = await rows<{ tickets: number; winners: number }>(
      tx,
      sql`SELECT count(*)::int AS tickets, count(*) FILTER (WHERE status = 'won')::int AS winners FROM house.lottery_tickets WHERE draw_id = ${draw.draw_id}`,
    );
    const updated = await rows<{ draw_id: string }>(
      tx,
      sql`UPDATE house.lottery_draws SET status = 'settled', settled_at = now() WHERE draw_id = ${draw.draw_id} AND status = 'drawn' RETURNING draw_id::text`,
    );
    if (updated.length === 0) return true;
    const settled = (await findDraw(tx, sql`d.draw_id = ${draw.draw_id}`))!;
    await emitDrawEvent(deps.outbox, tx, settled, 'settled', { draw: drawView(settled), tickets: summary?.tickets ?? 0, winners: summary?.winners ?? 0 });
    return true;
  });
  if (finished) deps.wakeRelay();
  return finished;
}
