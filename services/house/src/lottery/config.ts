import { z } from 'zod';
import { envBoolean, envList, vendorSecretsEnv } from '@wps/platform';

/**
 * Settings of the house lottery. Each game keeps its schedule in `games.ts`; the overrides put every game on one
 * short interval (tests and benches).
 */
export const houseLotteryEnv = {
  /** Whether this instance runs the draws at all (every instance takes slips; one runner per cluster holds a lease). */
  HOUSE_LOTTERY_RUNNER: envBoolean(true),
  /** Comma-separated game codes to run; empty runs every game. */
  HOUSE_LOTTERY_GAMES: envList(''),
  /** Puts every game, fast or daily, on a draw every this many seconds. */
  HOUSE_LOTTERY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  /** Closes betting this many seconds before every draw. */
  HOUSE_LOTTERY_CLOSE_SECONDS: z.coerce.number().int().min(0).max(3_600).optional(),
  /** Wallet calls in flight at once while a draw is settled or refunded. */
  HOUSE_LOTTERY_SETTLE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /**
   * Reports drawn results to the games service's draw feed (below), so the spec's opened-numbers calls show the house's
   * draws. Turn it off only where another feed reports the same games.
   */
  HOUSE_LOTTERY_REPORT_DRAWS: envBoolean(true),
  /**
   * The games service's internal URL (cluster mode): drawn results are reported to it as the catalogue vendor's signed
   * `lottery-draws` call, so the opened-numbers calls show them. The embedded host connects it in process instead.
   */
  GAMES_URL: z.string().url().optional(),
  /** The catalogue lottery vendors' secrets (`CODE:secret,…`), to sign those reports; a vendor without one is not reported. */
  WALLET_VENDOR_SECRETS: vendorSecretsEnv,
};
export type HouseLotteryConfig = z.infer<z.ZodObject<typeof houseLotteryEnv>>;
