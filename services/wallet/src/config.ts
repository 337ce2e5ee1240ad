import { z } from 'zod';
import { envBoolean, envDuration, envInt, envList, vendorSecretsEnv, vendorSkewSecondsEnv } from '@wps/platform';

/** The progressive jackpot's settings (features/jackpot.ts). */
export const jackpotEnv = {
  /** Share of each eligible bet's valid amount that feeds the pool, in basis points (50 = 0.5 %); 0 turns the jackpot off. */
  WALLET_JACKPOT_SHARE_BP: envInt({ default: 50, min: 0, max: 1_000 }),
  /** Game types whose bets feed the pool and may hit it. */
  WALLET_JACKPOT_GAME_TYPES: envList('RNG,FISH,PVP').transform((types) => types.map((type) => type.toUpperCase())),
  /** What the pool starts at and is reset to after a hit, in major units of each brand's currency, funded by the house. */
  WALLET_JACKPOT_SEED: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/)
    .default('10000.00'),
  /** Chance that one eligible bet hits the pool. */
  WALLET_JACKPOT_HIT_PROBABILITY: z.coerce.number().min(0).max(1).default(0.0001),
};
export type JackpotConfig = z.infer<z.ZodObject<typeof jackpotEnv>>;

export const walletEnv = {
  /** Minutes after a withdrawal is marked paid before an unconfirmed one counts as received (brands may override). */
  WALLET_WITHDRAWAL_AUTOCONFIRM_MINUTES: envInt({ default: 1440, min: 1, max: 525_600 }),
  /** How often the auto-confirm sweep looks for paid withdrawals past their minutes. */
  WALLET_WITHDRAWAL_SWEEP_MS: envDuration({ default: 60_000, min: 50, max: 3_600_000 }),
  /** How often bonuses whose time ran out are ended. */
  WALLET_BONUS_SWEEP_MS: envDuration({ default: 30_000, min: 50, max: 3_600_000 }),
  /** Cooling-off before a raised or removed deposit limit applies. */
  WALLET_DEPOSIT_LIMIT_COOLING_OFF_HOURS: envInt({ default: 24, min: 0, max: 720 }),
  /** Offers the SANDBOX_PAY test method (no real money); off, it is not listed and its deposits are refused. On in the embedded demo. */
  SANDBOX_PAY_ENABLED: envBoolean(false),
  /** Lets members credit themselves play money from the brand's demo funding account (demo and test brands only). */
  WALLET_DEMO_DEPOSITS: envBoolean(false),
  WALLET_DEMO_DEPOSIT_MAX: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .default('100000.00'),
  /** Secrets of the game vendors allowed to call the seamless-wallet API, upserted at start. */
  WALLET_VENDOR_SECRETS: vendorSecretsEnv,
  /** Creates the demo vendors HOUSE and SIMVENDOR with a random secret when none is configured (embedded mode). */
  WALLET_DEMO_VENDORS: envBoolean(false),
  /** How far a vendor request's X-Timestamp may be from the wallet's clock. */
  WALLET_VENDOR_SKEW_SECONDS: vendorSkewSecondsEnv,
  /**
   * Identity's internal URL (cluster mode), where the member directory (account names and uplines of settled bets)
   * catches up on members whose registration it never heard of; the embedded host connects identity in process
   * instead. Without it (or SERVICE_TOKEN) there is no catch-up.
   */
  IDENTITY_URL: z.string().url().optional(),
  SERVICE_TOKEN: z.string().min(16).optional(),
  ...jackpotEnv,
};
export type WalletConfig = z.infer<z.ZodObject<typeof walletEnv>>;
export const defaultWalletConfig = (overrides: Partial<Record<keyof typeof walletEnv, string>> = {}): WalletConfig => z.object(walletEnv).parse(overrides);
