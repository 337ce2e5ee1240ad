import { consumeBatches, eachEvent, type Subscription } from '@wps/platform';
import type { rewardsRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';
import { RewardClaims } from './claims.js';
import { bonusDetails, listRewards, rewardCount } from './queries.js';
import { pushRewardCounts } from './grants.js';
import { isDemoPlayer, seedDemoRewards } from './demo.js';
import { every } from './timer.js';

/** How often claimed rewards left unpaid are paid again, and grants past their date expire. */
const SWEEP_MS = 10_000;

/**
 * The reward centre: the member's claimable rewards, claims, and what was received. Other parts grant rewards with
 * `grantRewards` and push the member's count with `pushRewardCounts` (or both with `grantRewardsAndPush`).
 */
export function createRewardsModule(deps: PointsDeps): PointsModule<keyof typeof rewardsRpcMethods> {
  const claims = new RewardClaims(deps);
  const { db } = deps;
  return {
    handlers: {
      listRewards: (input) => listRewards(db.orm, input),
      rewardCount: (input) => rewardCount(db.orm, input),
      claimReward: (input) => claims.claim(input),
      claimAllRewards: (input) => claims.claimAll(input),
      bonusDetails: (input) => bonusDetails(db.orm, input),
    },
    async start() {
      const subscriptions: Subscription[] = [every(SWEEP_MS, () => claims.sweep(), deps.logger, 'the reward centre sweep')];
      if (deps.config.SEED_DEMO) {
        subscriptions.push(
          await consumeBatches(
            { db, bus: deps.bus },
            {
              schema: 'points',
              group: 'points.rewards-demo',
              type: 'member.registered',
              relevant: isDemoPlayer,
              handle: eachEvent(async (tx, member) => {
                await pushRewardCounts(deps, tx, await seedDemoRewards(tx, member));
              }),
            },
          ),
        );
      }
      return subscriptions;
    },
  };
}
