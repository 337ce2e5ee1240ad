import { z } from 'zod';

/** Red envelopes: windows with a pool split when they open, one claim per member. */
export const envelopesRpcMethods = {} satisfies Record<string, { input: z.ZodTypeAny; output: z.ZodTypeAny }>;

/** Push `envelope`: A red-envelope window opened or closed for the brand. */
export const envelopePushSchema = z.object({});
