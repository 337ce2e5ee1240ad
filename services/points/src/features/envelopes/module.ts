import type { envelopesRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';

/** Red envelopes: scheduled windows with a pool split when they open, one claim per member. */
export function createEnvelopesModule(_deps: PointsDeps): PointsModule<keyof typeof envelopesRpcMethods> {
  return {
    handlers: {},
    start: async () => [],
  };
}
