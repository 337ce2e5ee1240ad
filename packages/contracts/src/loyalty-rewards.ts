import { z } from 'zod';

/** The reward centre: everything a member can claim, in one list, and what was received. */
export const rewardsRpcMethods = {} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

/** Push `rewards`: The number of rewards the member can claim changed. */
export const rewardsPushSchema = z.object({});
