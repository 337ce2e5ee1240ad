import type { z } from 'zod';

/** The notices service reads no variables of its own yet; the common ones come from the platform. */
export const noticesEnv = {};
export type NoticesConfig = z.infer<z.ZodObject<typeof noticesEnv>>;
