import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { formatMinor } from '@wps/contracts';
import { isWalletAnswer, withWalletRetries } from '../tables/wallet-retries.js';
import { emitLiveEvent, liveTable, type LiveTablesDeps } from './live-context.js';
import { betsByMember, distinctDebits, settleMemberBets } from './live-rules.js';
import { findRound, findTable, historyView, normaliseRound, ROUND_COLUMNS, type BetRow, type RoundRow } from './store.js';
import { rollbackTransactionId, walletRoundId, winTransactionId, type LiveWalletAnswer } from './wallet.js';

/** How many players' wallet calls run at once while a round is settled or refunded. */
const SETTLE_CONCURRENCY = 16;

export type LivePayoutDeps = Pick<LiveTablesDeps, 'db' | 'schema' | 'wallet' | 'logger'>;
export type SettleLiveRoundDeps = LivePayoutDeps & Pick<LiveTablesDeps, 'outbox' | 'wakeRelay'>;

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let index = 0; index < items.length; index += size) await Promise.all(items.slice(index, index + size).map(work));
}

/** Refunds the bets of a round in the given states: each debit rolled back once, however often this runs. */
export async function refundLiveBets(deps: LivePayoutDeps, roundId: string, states: readonly BetRow['status'][]): Promise<void> {
  const bets = liveTable(deps.schema, 'live_bets');
  const taken = await rows<BetRow>(
    deps.db.orm,
    sql`UPDATE ${bets} SET status = 'refunding' WHERE round_id = ${roundId} AND status = ANY(${`{${[...states, 'refunding'].join(',')}}`}::text[]) RETURNING *`,
  );
  await inBatches(distinctDebits(taken), SETTLE_CONCURRENCY, async (bet) => {
    await withWalletRetries(deps.logger, 'rollback', () =>
      deps.wallet.rollback({
        player: bet.member_id,
        currency: bet.currency,
        transactionId: rollbackTransactionId(bet.wallet_bet_tx),
        betTransactionId: bet.wallet_bet_tx,
        roundId: walletRoundId(roundId, bet.member_id),
      }),
    ).catch((error: unknown) => {
      // Refused means there is nothing to refund (the debit never landed, or was already rolled back).
      if (!isWalletAnswer(error)) throw error;
    });
    await deps.db.orm.execute(sql`UPDATE ${bets} SET status = 'refunded' WHERE wallet_bet_tx = ${bet.wallet_bet_tx} AND status = 'refunding'`);
  });
}

/** Pays one player's round: one win (zero for a loss) that settles the player's wallet round. */
export function payLiveMember(deps: Pick<LiveTablesDeps, 'wallet' | 'logger'>, round: RoundRow, memberId: string, currency: string, payoutMinor: bigint): Promise<LiveWalletAnswer> {
  return withWalletRetries(deps.logger, 'win', () =>
    deps.wallet.win({
      player: memberId,
      currency,
      transactionId: winTransactionId(round.round_id, memberId),
      roundId: walletRoundId(round.round_id, memberId),
      amount: formatMinor(payoutMinor, currency),
      settle: true,
    }),
  );
}

/** Settles every open bet of a drawn round through the wallet, then closes the round and publishes its history. */
export async function settleLiveRound(deps: SettleLiveRoundDeps, roundId: string): Promise<void> {
  const round = await findRound(deps.db.orm, deps.schema, roundId);
  if (!round || round.status !== 'drawn' || !round.result) return;
  const table = (await findTable(deps.db.orm, deps.schema, round.table_id))!;
  const betsTable = liveTable(deps.schema, 'live_bets');
  const bets = await rows<BetRow>(deps.db.orm, sql`SELECT * FROM ${betsTable} WHERE round_id = ${roundId} AND status IN ('placed', 'cashed', 'won', 'lost', 'push')`);
  const byMember = betsByMember(bets);
  let staked = 0n;
  let paid = 0n;
  await inBatches([...byMember.entries()], SETTLE_CONCURRENCY, async ([memberId, memberBets]) => {
    const settled = settleMemberBets(table.game, memberBets, round.result!, round.odds);
    await payLiveMember(deps, round, memberId, memberBets[0]!.currency, settled.payoutMinor);
    await deps.db.transaction(async (tx) => {
      for (const outcome of settled.outcomes) {
        await tx.execute(sql`UPDATE ${betsTable} SET status = ${outcome.status}, payout_minor = ${outcome.payout.toString()} WHERE bet_id = ${outcome.bet.bet_id}`);
      }
    });
    staked += settled.stakedMinor;
    paid += settled.payoutMinor;
  });
  const at = Date.now();
  await deps.db.transaction(async (tx) => {
    const [settled] = await rows<RoundRow>(
      tx,
      sql`UPDATE ${liveTable(deps.schema, 'live_rounds')} SET status = 'settled', settled_at = ${new Date(at).toISOString()}::timestamptz WHERE round_id = ${roundId} AND status = 'drawn' RETURNING ${ROUND_COLUMNS}`,
    );
    if (settled) await emitLiveEvent(deps.outbox, tx, round, 'settled', { history: historyView(normaliseRound(settled)), players: byMember.size, bets: bets.length }, at);
  });
  deps.logger.debug({ roundId, staked: staked.toString(), paid: paid.toString() }, 'live round settled');
  deps.wakeRelay();
}
