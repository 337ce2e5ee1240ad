import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, isUniqueViolation } from '@wps/platform';
import { formatMinor, type LiveBet } from '@wps/contracts';
import { isWalletAnswer } from '../tables/wallet-retries.js';
import { WALLET_GAME_TYPE } from './config.js';
import { emitLiveEvent, liveTable, requireLiveTable, type LiveInput, type LiveTablesDeps } from './live-context.js';
import { acceptBets, checkRoundOpen, checkRoundStake, stakeLimits } from './live-rules.js';
import { betView, findRound, type BetRow } from './store.js';
import { rollbackTransactionId, walletRoundId } from './wallet.js';

export type PlaceLiveBetDeps = Pick<LiveTablesDeps, 'db' | 'schema' | 'outbox' | 'wakeRelay' | 'wallet'>;

/**
 * Places one call's bets in a round: written as pending, debited in one wallet call, then confirmed. Closing the
 * betting refunds what is still pending, so a debit that lands too late never counts in the round.
 */
export async function placeLiveBets(deps: PlaceLiveBetDeps, input: LiveInput<'placeLiveBets'>): Promise<{ bets: LiveBet[]; balance: string; currency: string }> {
  const table = await requireLiveTable(deps, input.tableId);
  const limits = stakeLimits(table, input.currency);
  const { bets, autoX100, totalMinor: total } = acceptBets(table.game, limits, input.currency, input);
  const betsTable = liveTable(deps.schema, 'live_bets');
  const already = await rows<{ staked: string | null }>(
    deps.db.orm,
    sql`SELECT sum(amount_minor)::text AS staked FROM ${betsTable} WHERE round_id = ${input.roundId} AND member_id = ${input.memberId} AND status IN ('pending', 'placed')`,
  );
  checkRoundStake(BigInt(already[0]?.staked ?? '0'), total, limits);

  const walletTx = `hl-bet:${randomUUID()}`;
  const rowsToInsert = bets.map((bet) => ({ betId: randomUUID(), ...bet }));
  const round = await deps.db.transaction(async (tx) => {
    const found = await findRound(tx, deps.schema, input.roundId, true);
    checkRoundOpen(found, table.table_id, Date.now());
    for (const bet of rowsToInsert) {
      try {
        await tx.execute(sql`INSERT INTO ${betsTable} (bet_id, round_id, table_id, member_id, merchant_code, currency, spot, amount_minor, status, auto_cashout_x100, wallet_bet_tx)
          VALUES (${bet.betId}, ${found.round_id}, ${table.table_id}, ${input.memberId}, ${input.merchantCode}, ${input.currency}, ${bet.spot}, ${bet.amount.toString()}, 'pending', ${autoX100}, ${walletTx})`);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('LIVE_ONE_BET_PER_ROUND', { field: 'bets' });
        }
        throw error;
      }
    }
    return found;
  });
  const wallet = walletRoundId(round.round_id, input.memberId);
  const forget = () => deps.db.orm.execute(sql`DELETE FROM ${betsTable} WHERE wallet_bet_tx = ${walletTx} AND status = 'pending'`);
  let answer;
  try {
    answer = await deps.wallet.bet({
      player: input.memberId,
      currency: input.currency,
      transactionId: walletTx,
      roundId: wallet,
      gameType: WALLET_GAME_TYPE[table.game],
      gameCode: table.game_code,
      amount: formatMinor(total, input.currency),
    });
  } catch (error) {
    if (isWalletAnswer(error)) {
      await forget();
      throw error;
    }
    // Nobody knows whether the debit landed: roll it back (the wallet refuses the debit if it arrives later).
    await deps.wallet
      .rollback({ player: input.memberId, currency: input.currency, transactionId: rollbackTransactionId(walletTx), betTransactionId: walletTx, roundId: wallet })
      .then(forget, () => undefined);
    throw new AppError('LIVE_WALLET_UNAVAILABLE', { cause: error });
  }
  const confirmed = await rows<BetRow>(deps.db.orm, sql`UPDATE ${betsTable} SET status = 'placed' WHERE wallet_bet_tx = ${walletTx} AND status = 'pending' RETURNING *`);
  // Closing refunded the debit while it was on its way: the bet did not make it into the round.
  if (confirmed.length === 0) throw new AppError('LIVE_BETTING_CLOSED', { field: 'roundId' });
  const at = Date.now();
  await deps.db.transaction((tx) =>
    emitLiveEvent(deps.outbox, tx, round, 'bets', { count: confirmed.length, spots: confirmed.map((bet) => bet.spot), amount: formatMinor(total, input.currency), currency: input.currency }, at),
  );
  deps.wakeRelay();
  return { bets: confirmed.map(betView), balance: answer.balance, currency: answer.currency };
}
