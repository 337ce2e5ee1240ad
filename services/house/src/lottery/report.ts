import { sql } from 'drizzle-orm';
import type { LotteryDrawBody } from '@wps/contracts';
import { vendorSignature } from '@wps/platform';
import { isWalletAnswer } from '../tables/wallet-retries.js';
import { findLotteryGame } from './games.js';
import type { LotteryDeps } from './lottery-context.js';
import { drawsWhere } from './store.js';

const REPORT_BATCH = 50;

/**
 * Reports drawn results to the games service's draw feed, each as its catalogue vendor's signed `lottery-draws` call
 * (the call a third-party lottery vendor makes), so the spec's opened-numbers calls show the house's real results. A
 * result is reported once; the feed answers a repeat as stored. Nothing is reported without a connected feed or the
 * vendor's secret.
 */
export async function reportDraws(deps: Pick<LotteryDeps, 'db' | 'config' | 'logger' | 'reportDraw'>): Promise<number> {
  const report = deps.reportDraw;
  if (!report || !deps.config.HOUSE_LOTTERY_REPORT_DRAWS) return 0;
  const due = await drawsWhere(deps.db.orm, sql`d.reported_at IS NULL AND d.status IN ('drawn', 'settled')`, sql`ORDER BY d.draw_at LIMIT ${REPORT_BATCH}`);
  let reported = 0;
  for (const draw of due) {
    const game = findLotteryGame(draw.game_code);
    const secret = game && deps.config.WALLET_VENDOR_SECRETS.get(game.vendor);
    if (!game || !secret || !draw.numbers || draw.drawn_ms === null) continue;
    const body: LotteryDrawBody = { gameCode: draw.game_code, drawNo: draw.draw_no, numbers: draw.numbers, drawnAt: new Date(draw.drawn_ms).toISOString() };
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    try {
      await report({ vendor: game.vendor, timestamp, signature: vendorSignature(secret, timestamp, raw), body: raw });
    } catch (error) {
      // A refusal (the game left the catalogue, the same draw number already holds other numbers) will not change.
      if (!isWalletAnswer(error)) {
        deps.logger.warn({ err: error, drawId: draw.draw_id }, 'lottery result not reported; will retry');
        break;
      }
      deps.logger.warn({ err: error, drawId: draw.draw_id }, 'the draw feed refused a lottery result');
    }
    await deps.db.orm.execute(sql`UPDATE house.lottery_draws SET reported_at = now() WHERE draw_id = ${draw.draw_id}`);
    reported++;
  }
  return reported;
}
