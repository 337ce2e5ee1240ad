import { sql } from 'drizzle-orm';
import type { Executor } from '@wps/platform';
import { formatMinor } from '@wps/contracts';
import { emitPvpEvent, iso, pvpBetTransactionId, type PvpDeps } from './pvp-context.js';
import type { Decision } from './rules.js';
import { handPlayers, type HandPlayerRow, type HandRow } from './store.js';
import { nextTurnDeadline, potSplit } from './table-rules.js';

/** Writes a move into the hand's log under the hand's next sequence number; a paying move names its wallet debit. */
export async function recordAction(tx: Executor, hand: HandRow, seat: HandPlayerRow, decision: Decision, requestId: string | null, status: 'pending' | 'done'): Promise<number> {
  const seq = hand.next_seq;
  const walletTx = decision.amountMinor > 0n ? pvpBetTransactionId(hand.hand_id, seq) : null;
  await tx.execute(sql`INSERT INTO house.pvp_actions (hand_id, seq, seat_no, member_id, kind, amount_minor, request_id, status, wallet_tx)
    VALUES (${hand.hand_id}, ${seq}, ${seat.seat_no}, ${seat.member_id}, ${decision.kind}, ${decision.amountMinor.toString()}, ${requestId}, ${status}, ${walletTx})`);
  await tx.execute(sql`UPDATE house.pvp_hands SET next_seq = next_seq + 1 WHERE hand_id = ${hand.hand_id}`);
  hand.next_seq = seq + 1;
  return seq;
}

/** Writes a decision into the hand (the stake was paid, or nothing was due) and tells the table. True when it ended the hand. */
export async function applyDecision(deps: Pick<PvpDeps, 'outbox' | 'config'>, tx: Executor, hand: HandRow, decision: Decision): Promise<boolean> {
  const { next, ended } = decision;
  const deadline = nextTurnDeadline(decision, Date.now(), deps.config.HOUSE_PVP_TURN_SECONDS);
  for (const player of next.players) {
    await tx.execute(sql`UPDATE house.pvp_hand_players SET staked_minor = ${player.stakedMinor.toString()}, status = ${player.status}
        WHERE hand_id = ${hand.hand_id} AND seat_no = ${player.seatNo} AND status IN ('active', 'packed')`);
  }
  await tx.execute(sql`UPDATE house.pvp_hands SET stake_minor = ${next.stakeMinor.toString()}, pot_minor = ${next.potMinor.toString()}, turn_seat = ${next.turnSeat},
      turn_deadline = ${deadline === null ? null : iso(deadline)}::timestamptz, pending_seq = NULL WHERE hand_id = ${hand.hand_id}`);
  await emitPvpEvent(deps.outbox, tx, hand.table_id, 'bets', hand, {
    pvp: 'action',
    seatNo: decision.seatNo,
    action: decision.kind,
    amount: formatMinor(decision.amountMinor, hand.currency),
    pot: formatMinor(next.potMinor, hand.currency),
    stake: formatMinor(next.stakeMinor, hand.currency),
    turnSeat: next.turnSeat,
    turnDeadline: deadline,
  });
  if (!ended) return false;
  const pot = next.potMinor;
  const { rakeMinor: rake, payoutMinor: payout } = potSplit(pot);
  await tx.execute(sql`UPDATE house.pvp_hand_players SET status = CASE WHEN seat_no = ${ended.winnerSeat} THEN 'won' ELSE 'lost' END,
      payout_minor = CASE WHEN seat_no = ${ended.winnerSeat} THEN ${payout.toString()}::bigint ELSE 0 END,
      shown = seat_no = ANY(${`{${ended.shownSeats.join(',')}}`}::int[]) WHERE hand_id = ${hand.hand_id} AND status IN ('active', 'packed')`);
  await tx.execute(sql`UPDATE house.pvp_hands SET status = 'settling', winner_seat = ${ended.winnerSeat}, ended_by = ${ended.by}, rake_minor = ${rake.toString()},
      payout_minor = ${payout.toString()}, turn_seat = NULL, turn_deadline = NULL WHERE hand_id = ${hand.hand_id}`);
  const shown = (await handPlayers(tx, hand.hand_id)).filter((player) => player.shown).map((player) => ({ seatNo: player.seat_no, cards: player.cards }));
  await emitPvpEvent(deps.outbox, tx, hand.table_id, 'result', hand, {
    pvp: 'result',
    winnerSeat: ended.winnerSeat,
    endedBy: ended.by,
    shown,
    pot: formatMinor(pot, hand.currency),
    rake: formatMinor(rake, hand.currency),
    payout: formatMinor(payout, hand.currency),
  });
  return true;
}
