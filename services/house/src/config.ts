import { z } from 'zod';
import { envDuration } from '@wps/platform';
import { houseLiveEnv } from './live/config.js';
import { housePvpEnv } from './pvp/config.js';
import { houseLotteryEnv } from './lottery/config.js';
import { houseSportsbookEnv } from './sportsbook/config.js';
import { houseDemoPlayersEnv } from './demo-players/config.js';

export const houseEnv = {
  /** The HOUSE vendor's seamless-wallet secret; the wallet must list the same one in WALLET_VENDOR_SECRETS. */
  HOUSE_VENDOR_SECRET: z.string().min(16, 'must be at least 16 characters'),
  /** The wallet's internal URL (cluster mode); the embedded host connects the wallet in process instead. */
  WALLET_URL: z.string().url().optional(),
  SERVICE_TOKEN: z.string().min(16).optional(),
  /** Timeout of one wallet call; a round whose call timed out is finished by the recovery sweep. */
  HOUSE_WALLET_TIMEOUT_MS: envDuration({ default: 5_000, min: 100, max: 60_000 }),
  /** How often rounds left unfinished (a wallet call that failed, a restart) are retried. */
  HOUSE_RECOVERY_INTERVAL_MS: envDuration({ default: 30_000, min: 100, max: 3_600_000 }),
  // The live and Teen Patti tables are parsed with the rest of the house's settings, once at start, from whatever
  // environment the host gives the service; their schemas stay beside the tables they describe.
  ...houseLiveEnv,
  ...housePvpEnv,
  ...houseLotteryEnv,
  ...houseSportsbookEnv,
  ...houseDemoPlayersEnv,
};
export type HouseConfig = z.infer<z.ZodObject<typeof houseEnv>>;
