import type { z } from 'zod';

/** The games service reads no variables of its own yet; the common ones come from the platform. */
export const gamesEnv = {};
export type GamesConfig = z.infer<z.ZodObject<typeof gamesEnv>>;
