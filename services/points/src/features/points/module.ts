import { consumeBatches, type Subscription } from '@wps/platform';
import type { pointsMallRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';
import { earnPoints } from './earning.js';
import { createMall, pushPoints } from './mall.js';
import { seedDemoCatalogue, seedDemoHistory } from './demo.js';

/** Approved rewards and conversions the wallet could not pay at once are paid again this often, with the same key. */
const PAY_RETRY_MS = 30_000;
const DEMO_HISTORY = 'points.mall-demo';

/** The points mall: points earned from bets, the rewards and their redemption, conversion to cash. */
export function createPointsMallModule(deps: PointsDeps): PointsModule<keyof typeof pointsMallRpcMethods> {
  const mall = createMall(deps);
  return {
    handlers: {
      getPointSummary: (input) => mall.summary(input),
      getPointConfig: (input) => mall.config(input),
      listPointRewards: (input) => mall.rewards(input),
      listRedemptions: (input) => mall.redemptions(input),
      listPointDetails: (input) => mall.details(input),
      redeemPointReward: (input) => mall.redeem(input),
      convertPoints: (input) => mall.convert(input),
      operatorListPointRewards: (input) => mall.operatorRewards(input),
      operatorCreatePointReward: (input) => mall.saveReward(input),
      operatorUpdatePointReward: (input) => mall.saveReward(input),
      operatorLoadVoucherCodes: (input) => mall.loadCodes(input),
      operatorListRedemptions: (input) => mall.operatorRedemptions(input),
      operatorReviewRedemption: (input) => mall.review(input),
      operatorSetPointConfig: (input) => mall.setConfig(input),
    },
    async start() {
      const subscriptions: Subscription[] = [];
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        void mall
          .payPending()
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'points payouts retry failed'))
          .finally(() => (running = false));
      }, PAY_RETRY_MS);
      timer.unref?.();
      subscriptions.push({ close: async () => clearInterval(timer) });
      if (deps.config.SEED_DEMO) {
        subscriptions.push(
          await consumeBatches(
            { db: deps.db, bus: deps.bus },
            {
              schema: 'points',
              group: DEMO_HISTORY,
              type: 'member.registered',
              handle: async (tx, events) => {
                for (const { payload } of events) await seedDemoHistory(tx, mall, payload);
              },
            },
          ),
        );
      }
      return subscriptions;
    },
    async onBets(tx, bets) {
      const changed = await earnPoints(tx, bets);
      const brandOf = new Map(bets.map((bet) => [bet.memberId, bet.merchantCode]));
      await pushPoints(deps, tx, (memberId) => brandOf.get(memberId) ?? '', changed);
    },
    async seedDemo() {
      await deps.db.transaction((tx) => seedDemoCatalogue(tx, mall));
      await mall.payPending();
    },
  };
}
