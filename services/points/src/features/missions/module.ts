import type { missionsRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';

/** Missions: daily and weekly tasks, progress from events, claims and the live leaderboard. */
export function createMissionsModule(_deps: PointsDeps): PointsModule<keyof typeof missionsRpcMethods> {
  return {
    handlers: {},
    start: async () => [],
  };
}
