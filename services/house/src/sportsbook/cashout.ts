import { sql } from 'drizzle-orm';
import { formatMinor, parseMajor, partialCashOut } from '@wps/contracts';
import { AppError, rows, type Database } from '@wps/platform';
import { loadBetContext, offerOf, queuePayment } from './settle.js';
import { betsWhere } from './store.js';

export interface CashOutInput {
  player: { memberId: string; merchantCode: string; currency: string };
  betId: string;
  amount?: string | undefined;
  expectedOffer: string;
  requestId?: string | undefined;
}

/**
 * Cashes out an open bet at the current offer, in the bet's locked row: whole (the bet ends, `cashed_out`) or in part
 * (the cashed share of the stake is taken off, rounded up so the book never gives more; the rest keeps riding). The
 * payment is queued as a `win` on the bet's round in the same transaction. Refused while a market is suspended or when
 * the offer fell below what the member saw. The same key answers the first cash-out.
 */
export async function cashOutBet(db: Database, marginBp: number, input: CashOutInput): Promise<{ amountMinor: bigint; betId: string }> {
  const { player } = input;
  const requestKey = input.requestId;
  if (!requestKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  // An offer with more decimals than the currency has was never shown: it is not the offer now.
  const expected = parseMajor(input.expectedOffer, player.currency);
  if (expected === undefined) throw new AppError('SPORTS_CASHOUT_CHANGED', { field: 'expectedOffer' });
  const requested = input.amount === undefined ? undefined : parseMajor(input.amount, player.currency);
  if (input.amount !== undefined && requested === undefined) throw new AppError('SPORTS_CASHOUT_AMOUNT', { field: 'amount' });

  return db.transaction(async (tx) => {
    const [bet] = await betsWhere(tx, sql`b.bet_id = ${input.betId}::bigint AND b.member_id = ${player.memberId}`, sql`FOR UPDATE`);
    if (!bet || bet.status === 'pending' || bet.status === 'failed') throw new AppError('SPORTS_BET_NOT_FOUND', { field: 'betId' });
    const [done] = await rows<{ amount_minor: string }>(tx, sql`SELECT amount_minor::text AS amount_minor FROM house.sb_cashouts WHERE bet_id = ${bet.bet_id} AND request_key = ${requestKey}`);
    if (done) return { amountMinor: BigInt(done.amount_minor), betId: bet.bet_id };

    const context = await loadBetContext(tx, [bet.bet_id]);
    const offer = offerOf(bet, context.legs.get(bet.bet_id) ?? [], context.markets, context.events, marginBp);
    if (offer === null) throw new AppError('SPORTS_CASHOUT_UNAVAILABLE');
    if (offer < expected) throw new AppError('SPORTS_CASHOUT_CHANGED', { field: 'expectedOffer', value: { offer: formatMinor(offer, bet.currency) } });
    const stake = BigInt(bet.unit_minor);
    let amount = offer;
    let remaining = 0n;
    if (requested !== undefined && requested !== offer) {
      if (requested <= 0n || requested > offer) throw new AppError('SPORTS_CASHOUT_AMOUNT', { field: 'amount' });
      let split: { cashedStakeMinor: number; remainingStakeMinor: number };
      try {
        split = partialCashOut(Number(stake), Number(offer), Number(requested));
      } catch {
        throw new AppError('SPORTS_CASHOUT_AMOUNT', { field: 'amount' });
      }
      amount = requested;
      remaining = BigInt(split.remainingStakeMinor);
    }
    const full = remaining === 0n;
    await tx.execute(
      sql`INSERT INTO house.sb_cashouts (bet_id, request_key, amount_minor, unit_before_minor, unit_after_minor)
          VALUES (${bet.bet_id}, ${requestKey}, ${amount.toString()}, ${stake.toString()}, ${remaining.toString()})`,
    );
    await tx.execute(
      sql`UPDATE house.sb_bets SET cashed_out_minor = cashed_out_minor + ${amount.toString()},
            ${full ? sql`status = 'cashed_out', payout_minor = 0, settled_at = now()` : sql`unit_minor = ${remaining.toString()}`}
          WHERE bet_id = ${bet.bet_id}`,
    );
    await queuePayment(tx, bet, BigInt(bet.paid_minor) + amount, full);
    return { amountMinor: amount, betId: bet.bet_id };
  });
}
