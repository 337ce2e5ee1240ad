import type { z } from 'zod';

/** The points service reads no variables of its own yet; the common ones come from the platform. */
export const pointsEnv = {};
export type PointsConfig = z.infer<z.ZodObject<typeof pointsEnv>>;
