import { z } from 'zod';

export const houseEnv = {
  /** The HOUSE vendor's seamless-wallet secret; the wallet must list the same one in WALLET_VENDOR_SECRETS. */
  HOUSE_VENDOR_SECRET: z.string().min(16, 'must be at least 16 characters'),
  /** The wallet's internal URL (cluster mode); the embedded host connects the wallet in process instead. */
  WALLET_URL: z.string().url().optional(),
  SERVICE_TOKEN: z.string().min(16).optional(),
  /** Timeout of one wallet call; a round whose call timed out is finished by the recovery sweep. */
  HOUSE_WALLET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** How often rounds left unfinished (a wallet call that failed, a restart) are retried. */
  HOUSE_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
};
export type HouseConfig = z.infer<z.ZodObject<typeof houseEnv>>;
