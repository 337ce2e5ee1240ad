import { z } from 'zod';
import { booleanEnv, vendorSecretsEnv, vendorSkewSecondsEnv } from '@wps/platform';

export const walletEnv = {
  /** Minutes after a withdrawal is marked paid before an unconfirmed one counts as received (brands may override). */
  WALLET_WITHDRAWAL_AUTOCONFIRM_MINUTES: z.coerce.number().int().min(1).max(525_600).default(1440),
  /** How often the auto-confirm sweep looks for paid withdrawals past their minutes. */
  WALLET_WITHDRAWAL_SWEEP_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** Cooling-off before a raised or removed deposit limit applies. */
  WALLET_DEPOSIT_LIMIT_COOLING_OFF_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** Offers the SANDBOX_PAY test method (no real money); off, it is not listed and its deposits are refused. On in the embedded demo. */
  SANDBOX_PAY_ENABLED: booleanEnv(false),
  /** Lets members credit themselves play money from the brand's demo funding account (demo and test brands only). */
  WALLET_DEMO_DEPOSITS: booleanEnv(false),
  WALLET_DEMO_DEPOSIT_MAX: z.string().regex(/^\d+(\.\d{1,2})?$/).default('100000.00'),
  /** Secrets of the game vendors allowed to call the seamless-wallet API, upserted at start. */
  WALLET_VENDOR_SECRETS: vendorSecretsEnv,
  /** Creates the demo vendors HOUSE and SIMVENDOR with a random secret when none is configured (embedded mode). */
  WALLET_DEMO_VENDORS: booleanEnv(false),
  /** How far a vendor request's X-Timestamp may be from the wallet's clock. */
  WALLET_VENDOR_SKEW_SECONDS: vendorSkewSecondsEnv,
};
export type WalletConfig = z.infer<z.ZodObject<typeof walletEnv>>;
export const defaultWalletConfig = (overrides: Partial<Record<keyof typeof walletEnv, string>> = {}): WalletConfig => z.object(walletEnv).parse(overrides);
