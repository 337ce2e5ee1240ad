import { z } from 'zod';

/** VIP levels: the rules, each member’s level and progress, and the level bonuses. */
export const vipRpcMethods = {} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

/** Push `vip`: The member’s VIP level changed (an upgrade or the monthly re-evaluation). */
export const vipPushSchema = z.object({});
