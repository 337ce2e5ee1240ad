import type { pointsMallRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';

/** The points mall: points earned from bets, the rewards and their redemption, conversion to cash. */
export function createPointsMallModule(_deps: PointsDeps): PointsModule<keyof typeof pointsMallRpcMethods> {
  return {
    handlers: {},
    start: async () => [],
  };
}
