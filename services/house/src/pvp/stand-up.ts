import { sql } from 'drizzle-orm';
import { AppError, rows } from '@wps/platform';
import { applyDecision, recordAction } from './apply-decision.js';
import { emitPvpEvent, requirePvpTable, type PvpDeps, type PvpInput } from './pvp-context.js';
import { decide } from './rules.js';
import { settleHand } from './settle-hand.js';
import { findHand, findPvpTable, handPlayers, handState, openHand } from './store.js';
import { checkCanLeave, handLimits } from './table-rules.js';

export type StandUpDeps = Pick<PvpDeps, 'db' | 'outbox' | 'wakeRelay' | 'wallet' | 'logger' | 'config' | 'nudge'>;

/** Standing up during a hand packs the player first. */
export async function standUp(deps: StandUpDeps, input: PvpInput<'pvpStand'>): Promise<{ stood: boolean }> {
  const table = await requirePvpTable(deps.db, input.tableId);
  const ended = await deps.db.transaction(async (tx) => {
    await findPvpTable(tx, table.table_id, true);
    const [seat] = await rows<{ seat_no: number }>(tx, sql`SELECT seat_no FROM house.pvp_seats WHERE table_id = ${table.table_id} AND member_id = ${input.memberId}`);
    if (!seat) throw new AppError('PVP_NOT_SEATED');
    let handEnded: string | null = null;
    const open = await openHand(tx, table.table_id);
    if (open && open.status === 'playing') {
      const hand = (await findHand(tx, open.hand_id, true))!;
      const players = await handPlayers(tx, hand.hand_id);
      const mine = players.find((player) => player.member_id === input.memberId && player.status === 'active');
      if (mine) {
        checkCanLeave(hand);
        const decision = decide(handState(hand, players), mine.seat_no, 'leave', handLimits(table, hand.currency));
        await recordAction(tx, hand, mine, decision, null, 'done');
        if (await applyDecision(deps, tx, hand, decision)) handEnded = hand.hand_id;
      }
    }
    await tx.execute(sql`DELETE FROM house.pvp_seats WHERE table_id = ${table.table_id} AND member_id = ${input.memberId}`);
    await emitPvpEvent(deps.outbox, tx, table.table_id, 'bets', null, { pvp: 'stood', seatNo: seat.seat_no });
    return handEnded;
  });
  deps.wakeRelay();
  if (ended) await settleHand(deps, ended);
  deps.nudge();
  return { stood: true };
}
