import type { rewardsRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';

/** The reward centre: the member's claimable rewards, claims, and what was received. */
export function createRewardsModule(_deps: PointsDeps): PointsModule<keyof typeof rewardsRpcMethods> {
  return {
    handlers: {},
    start: async () => [],
  };
}
