import type { vipRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';

/** VIP: levels, upgrades as thresholds are crossed, the monthly re-evaluation and the level bonuses. */
export function createVipModule(_deps: PointsDeps): PointsModule<keyof typeof vipRpcMethods> {
  return {
    handlers: {},
    start: async () => [],
  };
}
