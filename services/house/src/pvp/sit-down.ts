import { sql } from 'drizzle-orm';
import { parseMajor } from '@wps/contracts';
import { emitPvpEvent, requirePvpTable, type PvpDeps, type PvpInput } from './pvp-context.js';
import { findPvpTable, maskAccount, tableSeats } from './store.js';
import { checkBoot, chooseSeat } from './table-rules.js';

export type SitDownDeps = Pick<PvpDeps, 'db' | 'outbox' | 'wakeRelay' | 'wallet' | 'nudge'>;

/** Seats a player who can pay the boot; the table's clock is woken, as a second player starts the countdown. */
export async function sitDown(deps: SitDownDeps, input: PvpInput<'pvpSit'>): Promise<{ seatNo: number }> {
  const table = await requirePvpTable(deps.db, input.tableId);
  const boot = parseMajor(table.boot, input.currency)!;
  const balance = await deps.wallet.balance({ player: input.memberId, currency: input.currency });
  checkBoot(parseMajor(balance.balance, input.currency)!, boot, input.currency);
  const seatNo = await deps.db.transaction(async (tx) => {
    await findPvpTable(tx, table.table_id, true);
    const seat = chooseSeat(await tableSeats(tx, table.table_id), table.seats, input);
    await tx.execute(sql`INSERT INTO house.pvp_seats (table_id, seat_no, member_id, merchant_code, currency, player)
      VALUES (${table.table_id}, ${seat}, ${input.memberId}, ${input.merchantCode}, ${input.currency}, ${maskAccount(input.account)})`);
    await emitPvpEvent(deps.outbox, tx, table.table_id, 'bets', null, { pvp: 'seated', seatNo: seat });
    return seat;
  });
  deps.wakeRelay();
  deps.nudge();
  return { seatNo };
}
