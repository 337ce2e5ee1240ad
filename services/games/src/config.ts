import { z } from 'zod';
import { envBoolean, envDuration, vendorSecretsEnv, vendorSkewSecondsEnv } from '@wps/platform';

export const gamesEnv = {
  /** Seeds the demo catalogue (the house games and a dozen fictional vendors) into an empty catalogue. */
  SEED_DEMO: envBoolean(false),
  /** How long hot-game lists stay cached; the lobby contract allows up to 60 s. */
  GAMES_HOT_CACHE_MS: envDuration({ default: 30_000, min: 0, max: 60_000 }),
  /** How often the reconcile job asks transfer-style vendors about transfers left pending. */
  GAMES_RECONCILE_INTERVAL_MS: envDuration({ default: 60_000, min: 100, max: 3_600_000 }),
  /** A transfer is left to the reconcile job once it is this old. */
  GAMES_RECONCILE_AFTER_MS: envDuration({ default: 30_000, min: 0, max: 86_400_000 }),
  /** Timeout of one call to a transfer-style vendor. */
  GAMES_VENDOR_TIMEOUT_MS: envDuration({ default: 5_000, min: 50, max: 60_000 }),
  /** The wallet's internal URL; with SERVICE_TOKEN it lets the games service move money to transfer-style vendors. */
  WALLET_URL: z.string().url().optional(),
  SERVICE_TOKEN: z.string().min(16).optional(),
  // Lottery vendors sign their launch-token exchanges and draws like wallet calls: the same secrets, the same window.
  /** `CODE:secret,…`, the list the wallet reads: one secret per vendor for all its signed calls. */
  WALLET_VENDOR_SECRETS: vendorSecretsEnv,
  WALLET_VENDOR_SKEW_SECONDS: vendorSkewSecondsEnv,
  /** With SEED_DEMO, the demo lottery vendors draw every this many ms (0: off; the embedded demo turns it on). */
  GAMES_DEMO_LOTTERY_MS: envDuration({ default: 0, min: 0, max: 86_400_000 }),
};
export type GamesConfig = z.infer<z.ZodObject<typeof gamesEnv>>;
export const defaultGamesConfig = (overrides: Partial<Record<keyof typeof gamesEnv, string>> = {}): GamesConfig => z.object(gamesEnv).parse(overrides);
