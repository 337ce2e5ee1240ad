import { z } from 'zod';

/** The points mall: the points ledger, the rewards, redemptions and conversion. */
export const pointsMallRpcMethods = {} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

/** Push `points`: The member’s points balance after any change. */
export const pointsPushSchema = z.object({});
