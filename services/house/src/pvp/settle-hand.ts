import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { formatMinor } from '@wps/contracts';
import { isWalletAnswer, withWalletRetries } from '../tables/wallet-retries.js';
import { emitPvpEvent, pvpRollbackTransactionId, pvpWalletRoundId, pvpWinTransactionId, type PvpDeps } from './pvp-context.js';
import { findHand, handPlayers, HAND_COLUMNS, type HandRow } from './store.js';
import { awayMembers } from './table-rules.js';

export type SettleHandDeps = Pick<PvpDeps, 'db' | 'outbox' | 'wakeRelay' | 'wallet' | 'logger' | 'nudge'>;

/** Pays a decided hand: one win for the winner (pot − rake), a zero win closing each other player's wallet round. */
export async function settleHand(deps: SettleHandDeps, handId: string): Promise<void> {
  const hand = await findHand(deps.db.orm, handId);
  if (!hand || hand.status !== 'settling') return;
  const players = (await handPlayers(deps.db.orm, handId)).filter((player) => player.status === 'won' || player.status === 'lost');
  for (const player of players) {
    await withWalletRetries(deps.logger, 'win', () =>
      deps.wallet.win({
        player: player.member_id,
        currency: player.currency,
        transactionId: pvpWinTransactionId(handId, player.member_id),
        roundId: pvpWalletRoundId(handId, player.member_id),
        amount: formatMinor(BigInt(player.payout_minor), player.currency),
        settle: true,
      }),
    );
  }
  const done = await deps.db.transaction(async (tx) => {
    const [settled] = await rows<HandRow>(tx, sql`UPDATE house.pvp_hands SET status = 'settled', settled_at = now() WHERE hand_id = ${handId} AND status = 'settling' RETURNING ${HAND_COLUMNS}`);
    if (!settled) return false;
    const away = awayMembers(players);
    if (away.length) await tx.execute(sql`DELETE FROM house.pvp_seats WHERE table_id = ${hand.table_id} AND member_id = ANY(${`{${away.join(',')}}`}::text[])`);
    await emitPvpEvent(deps.outbox, tx, hand.table_id, 'settled', hand, {
      pvp: 'settled',
      winnerSeat: settled.winner_seat,
      endedBy: settled.ended_by,
      pot: formatMinor(BigInt(settled.pot_minor), hand.currency),
      rake: formatMinor(BigInt(settled.rake_minor ?? '0'), hand.currency),
      payout: formatMinor(BigInt(settled.payout_minor ?? '0'), hand.currency),
      serverSeed: settled.server_seed,
      stoodUp: away.length,
    });
    return true;
  });
  if (done) deps.logger.debug({ handId, pot: hand.pot_minor }, 'teen patti hand settled');
  deps.wakeRelay();
  deps.nudge();
}

/** Rolls back every stake of a hand (each debit once, however often this runs) and closes it as refunded. */
export async function refundHand(deps: Omit<SettleHandDeps, 'nudge'>, handId: string): Promise<void> {
  const hand = await findHand(deps.db.orm, handId);
  if (!hand || hand.status === 'settled' || hand.status === 'refunded') return;
  const players = await handPlayers(deps.db.orm, handId);
  const stakes = await rows<{ seq: number; member_id: string; wallet_tx: string }>(
    deps.db.orm,
    sql`SELECT seq, member_id, wallet_tx FROM house.pvp_actions WHERE hand_id = ${handId} AND wallet_tx IS NOT NULL AND status IN ('pending', 'done')`,
  );
  for (const stake of stakes) {
    const player = players.find((row) => row.member_id === stake.member_id)!;
    await withWalletRetries(deps.logger, 'rollback', () =>
      deps.wallet.rollback({
        player: stake.member_id,
        currency: player.currency,
        transactionId: pvpRollbackTransactionId(stake.wallet_tx),
        betTransactionId: stake.wallet_tx,
        roundId: pvpWalletRoundId(handId, stake.member_id),
      }),
    ).catch((error: unknown) => {
      // Refused means there is nothing to refund: the debit never landed or was already rolled back.
      if (!isWalletAnswer(error)) throw error;
    });
    await deps.db.orm.execute(sql`UPDATE house.pvp_actions SET status = 'refunded' WHERE hand_id = ${handId} AND seq = ${stake.seq}`);
  }
  await deps.db.transaction(async (tx) => {
    const [refunded] = await rows<{ hand_id: string }>(
      tx,
      sql`UPDATE house.pvp_hands SET status = 'refunded', ended_by = 'refund', rake_minor = 0, payout_minor = 0, turn_seat = NULL, turn_deadline = NULL,
          pending_seq = NULL, settled_at = now() WHERE hand_id = ${handId} AND status NOT IN ('settled', 'refunded') RETURNING hand_id`,
    );
    if (!refunded) return;
    await tx.execute(sql`UPDATE house.pvp_hand_players SET status = 'refunded' WHERE hand_id = ${handId}`);
    await tx.execute(sql`UPDATE house.pvp_tables SET starts_at = NULL WHERE table_id = ${hand.table_id}`);
    await emitPvpEvent(deps.outbox, tx, hand.table_id, 'settled', hand, { pvp: 'refunded', serverSeed: hand.server_seed });
  });
  deps.logger.warn({ handId }, 'teen patti hand refunded');
  deps.wakeRelay();
}
