import { z } from 'zod';

/** Daily and weekly missions, their progress and claims, and the mission leaderboard. */
export const missionsRpcMethods = {} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

/** Push `missions`: A mission leaderboard or the member’s mission progress changed. */
export const missionsPushSchema = z.object({});
