import { sql } from 'drizzle-orm';
import { AppError, rows, sleep } from '@wps/platform';
import { formatMinor, PVP_GAME_CODE, PVP_GAME_TYPE } from '@wps/contracts';
import { isWalletAnswer } from '../tables/wallet-retries.js';
import { applyDecision, recordAction } from './apply-decision.js';
import { pvpBetTransactionId, pvpRollbackTransactionId, pvpWalletRoundId, requirePvpTable, type PvpDeps, type PvpInput } from './pvp-context.js';
import { decide, type Decision } from './rules.js';
import { settleHand } from './settle-hand.js';
import { findActionByRequest, findHand, handPlayers, handState } from './store.js';
import { checkHandOpen, checkTurn, handLimits } from './table-rules.js';

export type ActInHandDeps = Pick<PvpDeps, 'db' | 'outbox' | 'wakeRelay' | 'wallet' | 'logger' | 'config' | 'nudge'>;
export interface ActAnswer {
  seq: number;
  kind: Decision['kind'];
  amount: string;
  replayed: boolean;
}

/** How long a repeated request waits for the first one's stake to land before answering with what it has. */
const REPLAY_WAIT_MS = 5_000;
const REPLAY_POLL_MS = 100;

const answered = (row: { seq: number; kind: Decision['kind']; amount_minor: string }, currency: string): ActAnswer => ({
  seq: row.seq,
  kind: row.kind,
  amount: formatMinor(BigInt(row.amount_minor), currency),
  replayed: true,
});

/**
 * A player's move in their turn. A move that stakes is logged as pending and debited before it counts; a repeated
 * request id answers the first request instead of acting (and paying) again.
 */
export async function actInHand(deps: ActInHandDeps, input: PvpInput<'pvpAct'>): Promise<ActAnswer> {
  const table = await requirePvpTable(deps.db, input.tableId);
  const replay = await findActionByRequest(deps.db.orm, input.handId, input.memberId, input.requestId);
  if (replay && replay.status !== 'pending') return answered(replay, input.currency);

  const first = await deps.db.transaction(async (tx) => {
    const hand = await findHand(tx, input.handId, true);
    checkHandOpen(hand, table.table_id);
    const again = await findActionByRequest(tx, hand.hand_id, input.memberId, input.requestId);
    if (again) return { replayed: again, hand };
    const players = await handPlayers(tx, hand.hand_id);
    const mine = players.find((player) => player.member_id === input.memberId);
    if (!mine) {
      const seated = await rows(tx, sql`SELECT 1 FROM house.pvp_seats WHERE table_id = ${table.table_id} AND member_id = ${input.memberId}`);
      throw new AppError(seated.length ? 'PVP_NOT_IN_HAND' : 'PVP_NOT_SEATED');
    }
    checkTurn(hand, mine);
    const decision = decide(handState(hand, players), mine.seat_no, input.action, handLimits(table, hand.currency));
    const paying = decision.amountMinor > 0n;
    const seq = await recordAction(tx, hand, mine, decision, input.requestId, paying ? 'pending' : 'done');
    if (paying) {
      await tx.execute(sql`UPDATE house.pvp_hands SET pending_seq = ${seq} WHERE hand_id = ${hand.hand_id}`);
      return { hand, decision, seq, mine, ended: false };
    }
    return { hand, decision, seq, mine, ended: await applyDecision(deps, tx, hand, decision) };
  });
  if (first.replayed) {
    const replayed = first.replayed;
    // The same request is still paying: its answer is the first one's once it lands.
    for (let waited = 0; replayed.status === 'pending' && waited < REPLAY_WAIT_MS; waited += REPLAY_POLL_MS) {
      await sleep(REPLAY_POLL_MS);
      const now = await findActionByRequest(deps.db.orm, input.handId, input.memberId, input.requestId);
      if (!now) throw new AppError('PVP_HAND_CLOSED');
      if (now.status !== 'pending') return answered(now, first.hand.currency);
    }
    return answered(replayed, first.hand.currency);
  }
  const { hand, decision, seq, mine } = first;
  let ended = first.ended;
  if (decision.amountMinor > 0n) {
    const transactionId = pvpBetTransactionId(hand.hand_id, seq);
    const roundId = pvpWalletRoundId(hand.hand_id, mine.member_id);
    const forget = () =>
      deps.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM house.pvp_actions WHERE hand_id = ${hand.hand_id} AND seq = ${seq} AND status = 'pending'`);
        await tx.execute(sql`UPDATE house.pvp_hands SET pending_seq = NULL WHERE hand_id = ${hand.hand_id} AND pending_seq = ${seq}`);
      });
    try {
      await deps.wallet.bet({
        player: mine.member_id,
        currency: mine.currency,
        transactionId,
        roundId,
        gameType: PVP_GAME_TYPE,
        gameCode: PVP_GAME_CODE,
        amount: formatMinor(decision.amountMinor, mine.currency),
      });
    } catch (error) {
      if (isWalletAnswer(error)) {
        await forget();
        throw error;
      }
      await deps.wallet
        .rollback({ player: mine.member_id, currency: mine.currency, transactionId: pvpRollbackTransactionId(transactionId), betTransactionId: transactionId, roundId })
        .then(forget, () => undefined);
      throw new AppError('PVP_WALLET_UNAVAILABLE', { cause: error });
    }
    ended = await deps.db.transaction(async (tx) => {
      const current = await findHand(tx, hand.hand_id, true);
      // A recovery refunded the hand while the debit was on its way; the refund rolled this stake back too.
      if (!current || current.status !== 'playing' || current.pending_seq !== seq) throw new AppError('PVP_HAND_CLOSED', { field: 'handId' });
      await tx.execute(sql`UPDATE house.pvp_actions SET status = 'done' WHERE hand_id = ${hand.hand_id} AND seq = ${seq}`);
      return applyDecision(deps, tx, current, decision);
    });
  }
  deps.wakeRelay();
  if (ended) await settleHand(deps, hand.hand_id);
  else deps.nudge();
  return { seq, kind: decision.kind, amount: formatMinor(decision.amountMinor, hand.currency), replayed: false };
}
