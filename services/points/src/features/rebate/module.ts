import { consumeBatches, eachEvent, type Subscription } from '@wps/platform';
import type { rebateRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';
import { every } from '../rewards/timer.js';
import { isDemoPlayer, seedDemoRebate } from './demo.js';
import { ManualRebates } from './rebates.js';
import { forgetOldRebateBets, recordRebateBets } from './store.js';

const DEMO_GROUP = 'points.rebate-demo';
/** How often per-bet rows of past days are forgotten. */
const PRUNE_MS = 3_600_000;

/** Manual rebate: today's rebate so far by game type, claimed before the daily run (which then grants only the rest). */
export function createRebateModule(deps: PointsDeps): PointsModule<keyof typeof rebateRpcMethods> {
  const rebates = new ManualRebates(deps);
  return {
    handlers: {
      rebateAccrual: (input) => rebates.accrual(input),
      claimRebate: (input) => rebates.claim(input),
    },
    async start(): Promise<Subscription[]> {
      const subscriptions: Subscription[] = [every(PRUNE_MS, () => forgetOldRebateBets(deps.db.orm), deps.logger, 'forgetting old rebate bets')];
      if (deps.config.SEED_DEMO) {
        subscriptions.push(
          await consumeBatches({ db: deps.db, bus: deps.bus }, { schema: 'points', group: DEMO_GROUP, type: 'member.registered', relevant: isDemoPlayer, handle: eachEvent(seedDemoRebate) }),
        );
      }
      return subscriptions;
    },
    onBets: (tx, bets) => recordRebateBets(tx, bets),
  };
}
