import { z } from 'zod';
import { envBoolean } from '@wps/platform';

export const pointsEnv = {
  /** The wallet's internal URL (cluster mode), for payouts; the embedded host connects the wallet in process instead. */
  WALLET_URL: z.string().url().optional(),
  SERVICE_TOKEN: z.string().min(16).optional(),
  /** Fills the demo brand's loyalty programme: points ratios and rewards, VIP levels, missions, a red-envelope window. */
  SEED_DEMO: envBoolean(false),
};
export type PointsConfig = z.infer<z.ZodObject<typeof pointsEnv>>;
