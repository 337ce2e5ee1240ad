import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { emitLiveEvent, liveTable } from './live-context.js';
import { recoveryOf } from './live-rules.js';
import { payLiveMember, refundLiveBets, settleLiveRound, type SettleLiveRoundDeps } from './settle-live-round.js';
import { historyView, normaliseRound, ROUND_COLUMNS, type BetRow, type RoundRow } from './store.js';

/** A round cut short: settled when its result was announced, refunded otherwise (crash cash-outs taken are paid). */
export async function recoverLiveTable(deps: SettleLiveRoundDeps, tableId: string): Promise<void> {
  const rounds = liveTable(deps.schema, 'live_rounds');
  const bets = liveTable(deps.schema, 'live_bets');
  const open = await rows<RoundRow>(deps.db.orm, sql`SELECT ${ROUND_COLUMNS} FROM ${rounds} WHERE table_id = ${tableId} AND status IN ('betting', 'running', 'drawn') ORDER BY round_no`);
  for (const raw of open) {
    const round = normaliseRound(raw);
    if (recoveryOf(round) === 'settle') {
      await settleLiveRound(deps, round.round_id);
      continue;
    }
    await refundLiveBets(deps, round.round_id, ['pending', 'placed']);
    const cashed = await rows<BetRow>(deps.db.orm, sql`SELECT * FROM ${bets} WHERE round_id = ${round.round_id} AND status IN ('cashed', 'won')`);
    for (const bet of cashed) {
      await payLiveMember(deps, round, bet.member_id, bet.currency, BigInt(bet.payout_minor));
      await deps.db.orm.execute(sql`UPDATE ${bets} SET status = 'won' WHERE bet_id = ${bet.bet_id}`);
    }
    const at = Date.now();
    await deps.db.transaction(async (tx) => {
      const [refunded] = await rows<RoundRow>(tx, sql`UPDATE ${rounds} SET status = 'refunded', settled_at = now() WHERE round_id = ${round.round_id} RETURNING ${ROUND_COLUMNS}`);
      await emitLiveEvent(deps.outbox, tx, round, 'settled', { history: historyView(normaliseRound(refunded!)), refunded: true }, at);
    });
    deps.logger.warn({ roundId: round.round_id }, 'live round cut short was refunded');
  }
  deps.wakeRelay();
}
