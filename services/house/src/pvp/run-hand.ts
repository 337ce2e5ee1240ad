import { sql } from 'drizzle-orm';
import { formatMinor, parseMajor, PVP_GAME_CODE, PVP_GAME_TYPE } from '@wps/contracts';
import { hashServerSeed, newServerSeed } from '../fairness/seeds.js';
import { isWalletAnswer, withWalletRetries } from '../tables/wallet-retries.js';
import { applyDecision, recordAction } from './apply-decision.js';
import { emitPvpEvent, iso, pvpBetTransactionId, pvpRollbackTransactionId, pvpWalletRoundId, type PvpDeps } from './pvp-context.js';
import { dealHands, decide, handDeck } from './rules.js';
import { refundHand, settleHand } from './settle-hand.js';
import { findHand, findPvpTable, handPlayers, handState, openHand, tableSeats, type HandRow } from './store.js';
import { afterBoots, dealOrder, handClock, handIdOf, handLimits, recoveryOf, tableClock, turnDeadline, turnTimedOut } from './table-rules.js';

export type RunHandDeps = Pick<PvpDeps, 'db' | 'outbox' | 'wakeRelay' | 'wallet' | 'logger' | 'config' | 'nudge'>;

/** A hand found open when the lease is taken was cut short: refunded unless already decided (then paid). */
export async function recoverPvpTable(deps: RunHandDeps, tableId: string): Promise<void> {
  const hand = await openHand(deps.db.orm, tableId);
  if (!hand) return;
  if (recoveryOf(hand) === 'settle') await settleHand(deps, hand.hand_id);
  else await refundHand(deps, hand.hand_id);
}

/** One look at a table's clock by its lease holder: the open hand's turn, or else the countdown to the next hand. */
export async function tickPvpTable(deps: RunHandDeps, tableId: string): Promise<void> {
  const hand = await openHand(deps.db.orm, tableId);
  if (hand) {
    const step = handClock(hand, Date.now());
    if (step === 'settle') return settleHand(deps, hand.hand_id);
    if (step === 'refund') return refundHand(deps, hand.hand_id);
    if (step === 'time-out') await timeOut(deps, hand);
    return;
  }
  const table = (await findPvpTable(deps.db.orm, tableId))!;
  const seats = await tableSeats(deps.db.orm, tableId);
  const step = tableClock(seats.length, table.starts_ms, Date.now(), deps.config.HOUSE_PVP_START_SECONDS);
  if (step.kind === 'countdown') {
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE house.pvp_tables SET starts_at = ${iso(step.startsAt)}::timestamptz WHERE table_id = ${tableId}`);
      await emitPvpEvent(deps.outbox, tx, tableId, 'bets', null, { pvp: 'countdown', startsAt: step.startsAt });
    });
    deps.wakeRelay();
  } else if (step.kind === 'deal') {
    await startHand(deps, tableId);
  } else if (step.kind === 'cancel-countdown') {
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE house.pvp_tables SET starts_at = NULL WHERE table_id = ${tableId}`);
      await emitPvpEvent(deps.outbox, tx, tableId, 'bets', null, { pvp: 'countdown', startsAt: null });
    });
    deps.wakeRelay();
  }
}

/** Deals a hand to everyone seated: the boots are taken first; a player whose boot is refused is stood up. */
async function startHand(deps: RunHandDeps, tableId: string): Promise<void> {
  const serverSeed = newServerSeed();
  const created = await deps.db.transaction(async (tx) => {
    const table = (await findPvpTable(tx, tableId, true))!;
    const deal = dealOrder(await tableSeats(tx, tableId), table.dealer_seat);
    if (!deal) return undefined;
    const { currency, dealer, inTurnOrder } = deal;
    const handNo = table.next_hand_no;
    const handId = handIdOf(tableId, handNo);
    const boot = parseMajor(table.boot, currency)!;
    const hands = dealHands(handDeck(serverSeed, table.client_seed, handNo), inTurnOrder.length);
    await tx.execute(sql`UPDATE house.pvp_tables SET next_hand_no = next_hand_no + 1, dealer_seat = ${dealer.seat_no}, starts_at = NULL WHERE table_id = ${tableId}`);
    await tx.execute(sql`INSERT INTO house.pvp_hands (hand_id, table_id, hand_no, status, currency, dealer_seat, stake_minor, server_seed, seed_hash, client_seed, next_seq)
      VALUES (${handId}, ${tableId}, ${handNo}, 'booting', ${currency}, ${dealer.seat_no}, ${boot.toString()}, ${serverSeed}, ${hashServerSeed(serverSeed)}, ${table.client_seed}, ${inTurnOrder.length + 1})`);
    for (const [order, seat] of inTurnOrder.entries()) {
      await tx.execute(sql`INSERT INTO house.pvp_hand_players (hand_id, seat_no, turn_order, member_id, merchant_code, currency, player, cards, status)
        VALUES (${handId}, ${seat.seat_no}, ${order}, ${seat.member_id}, ${seat.merchant_code}, ${currency}, ${seat.player}, ${JSON.stringify(hands[order])}::jsonb, 'active')`);
      await tx.execute(sql`INSERT INTO house.pvp_actions (hand_id, seq, seat_no, member_id, kind, amount_minor, status, wallet_tx)
        VALUES (${handId}, ${order + 1}, ${seat.seat_no}, ${seat.member_id}, 'boot', ${boot.toString()}, 'pending', ${pvpBetTransactionId(handId, order + 1)})`);
    }
    return { handId, handNo, boot, currency, players: inTurnOrder, table };
  });
  if (!created) return;
  const { handId, handNo, boot, currency, players, table } = created;

  const refused: number[] = [];
  await Promise.all(
    players.map(async (seat, order) => {
      const transactionId = pvpBetTransactionId(handId, order + 1);
      try {
        await deps.wallet.bet({
          player: seat.member_id,
          currency,
          transactionId,
          roundId: pvpWalletRoundId(handId, seat.member_id),
          gameType: PVP_GAME_TYPE,
          gameCode: PVP_GAME_CODE,
          amount: formatMinor(boot, currency),
        });
      } catch (error) {
        if (!isWalletAnswer(error)) {
          // Nobody knows whether the debit landed: it is rolled back (a late debit is then refused).
          await withWalletRetries(deps.logger, 'rollback', () =>
            deps.wallet.rollback({
              player: seat.member_id,
              currency,
              transactionId: pvpRollbackTransactionId(transactionId),
              betTransactionId: transactionId,
              roundId: pvpWalletRoundId(handId, seat.member_id),
            }),
          ).catch(() => undefined);
        }
        deps.logger.info({ handId, seat: seat.seat_no, err: error }, 'boot refused; the player is stood up');
        refused.push(seat.seat_no);
      }
    }),
  );
  const booted = afterBoots(players, refused, boot);
  if (booted.kind === 'refund') {
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE house.pvp_actions SET status = 'refunded' WHERE hand_id = ${handId} AND seat_no = ANY(${`{${refused.join(',')}}`}::int[])`);
      await tx.execute(sql`DELETE FROM house.pvp_seats WHERE table_id = ${tableId} AND seat_no = ANY(${`{${refused.join(',')}}`}::int[])`);
    });
    await refundHand(deps, handId);
    return;
  }
  const now = Date.now();
  const deadline = turnDeadline(now, deps.config.HOUSE_PVP_TURN_SECONDS);
  await deps.db.transaction(async (tx) => {
    if (refused.length) {
      const list = `{${refused.join(',')}}`;
      await tx.execute(sql`UPDATE house.pvp_actions SET status = 'refunded' WHERE hand_id = ${handId} AND seat_no = ANY(${list}::int[])`);
      await tx.execute(sql`UPDATE house.pvp_hand_players SET status = 'refunded' WHERE hand_id = ${handId} AND seat_no = ANY(${list}::int[])`);
      await tx.execute(sql`DELETE FROM house.pvp_seats WHERE table_id = ${tableId} AND seat_no = ANY(${list}::int[])`);
    }
    await tx.execute(sql`UPDATE house.pvp_actions SET status = 'done' WHERE hand_id = ${handId} AND status = 'pending'`);
    await tx.execute(sql`UPDATE house.pvp_hand_players SET staked_minor = ${boot.toString()} WHERE hand_id = ${handId} AND status = 'active'`);
    await tx.execute(sql`UPDATE house.pvp_hands SET status = 'playing', pot_minor = ${booted.potMinor.toString()}, turn_seat = ${booted.turnSeat},
        turn_deadline = ${iso(deadline)}::timestamptz WHERE hand_id = ${handId}`);
    const hand = { hand_id: handId, hand_no: handNo };
    await emitPvpEvent(deps.outbox, tx, tableId, 'round-opened', hand, {
      pvp: 'hand-started',
      seedHash: hashServerSeed(serverSeed),
      clientSeed: table.client_seed,
      seats: booted.booted.map((seat) => seat.seat_no),
      turnSeat: booted.turnSeat,
      turnDeadline: deadline,
      pot: formatMinor(booted.potMinor, currency),
      serverTime: now,
    });
  });
  deps.wakeRelay();
}

/** The player to act let the clock run out: the server packs them (and they are stood up when the hand ends). */
async function timeOut(deps: RunHandDeps, seen: HandRow): Promise<void> {
  const ended = await deps.db.transaction(async (tx) => {
    const hand = await findHand(tx, seen.hand_id, true);
    if (!hand || !turnTimedOut(hand, Date.now())) return false;
    const players = await handPlayers(tx, hand.hand_id);
    const table = (await findPvpTable(tx, hand.table_id))!;
    const decision = decide(handState(hand, players), hand.turn_seat!, 'timeout', handLimits(table, hand.currency));
    const seat = players.find((player) => player.seat_no === hand.turn_seat)!;
    await tx.execute(sql`UPDATE house.pvp_hand_players SET timed_out = true WHERE hand_id = ${hand.hand_id} AND seat_no = ${seat.seat_no}`);
    await recordAction(tx, hand, seat, decision, null, 'done');
    return applyDecision(deps, tx, hand, decision);
  });
  deps.wakeRelay();
  if (ended) await settleHand(deps, seen.hand_id);
}
