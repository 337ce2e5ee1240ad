import { sql } from 'drizzle-orm';
import { AppError, rows } from '@wps/platform';
import type { LiveBet } from '@wps/contracts';
import { emitLiveEvent, liveTable, requireLiveTable, type LiveInput, type LiveTablesDeps } from './live-context.js';
import { cashoutX100 } from './live-rules.js';
import { payLiveMember } from './settle-live-round.js';
import { betView, findRound, type BetRow } from './store.js';

export type CashOutLiveBetDeps = Pick<LiveTablesDeps, 'db' | 'schema' | 'outbox' | 'wakeRelay' | 'wallet' | 'logger'>;

/** Crash: takes the caller's bet out at the multiplier of the server's clock now (or its auto cash-out, if lower) and pays it. */
export async function cashOutLiveBet(deps: CashOutLiveBetDeps, input: LiveInput<'liveCashout'>): Promise<{ bet: LiveBet; balance: string; currency: string }> {
  const table = await requireLiveTable(deps, input.tableId);
  if (table.game !== 'crash') throw new AppError('LIVE_CASHOUT_UNAVAILABLE', { field: 'tableId' });
  const bets = liveTable(deps.schema, 'live_bets');
  const at = Date.now();
  const { round, bet } = await deps.db.transaction(async (tx) => {
    const { round: found, x100 } = cashoutX100(await findRound(tx, deps.schema, input.roundId, true), table.table_id, at);
    const [taken] = await rows<BetRow>(
      tx,
      sql`UPDATE ${bets} SET status = 'cashed', cashout_x100 = LEAST(${x100}, coalesce(auto_cashout_x100, ${x100})),
            payout_minor = amount_minor * LEAST(${x100}, coalesce(auto_cashout_x100, ${x100})) / 100
          WHERE round_id = ${found.round_id} AND member_id = ${input.memberId} AND status = 'placed' RETURNING *`,
    );
    if (!taken) throw new AppError('LIVE_CASHOUT_UNAVAILABLE', { field: 'roundId' });
    await emitLiveEvent(deps.outbox, tx, found, 'cashout', { multiplier: (taken.cashout_x100! / 100).toFixed(2) }, at);
    return { round: found, bet: taken };
  });
  deps.wakeRelay();
  const answer = await payLiveMember(deps, round, input.memberId, bet.currency, BigInt(bet.payout_minor));
  const [won] = await rows<BetRow>(deps.db.orm, sql`UPDATE ${bets} SET status = 'won' WHERE bet_id = ${bet.bet_id} RETURNING *`);
  return { bet: betView(won!), balance: answer.balance, currency: answer.currency };
}
