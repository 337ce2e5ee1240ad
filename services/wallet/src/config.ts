import { z } from 'zod';
import { booleanEnv } from '@wps/platform';

/** `CODE:secret,CODE2:secret`; a secret may itself contain colons, so only the first one splits. */
const vendorSecretsEnv = z
  .string()
  .default('')
  .transform((text, context) => {
    const secrets = new Map<string, string>();
    for (const pair of text.split(',').map((part) => part.trim()).filter(Boolean)) {
      const colon = pair.indexOf(':');
      const code = colon > 0 ? pair.slice(0, colon).trim() : '';
      const secret = colon > 0 ? pair.slice(colon + 1).trim() : '';
      if (!/^[A-Z0-9_]{1,40}$/.test(code) || secret.length < 16) {
        context.addIssue({ code: 'custom', message: 'must be CODE:secret pairs separated by commas, codes in A-Z0-9_, secrets of 16 characters or more' });
        return z.NEVER;
      }
      secrets.set(code, secret);
    }
    return secrets;
  });

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
  WALLET_VENDOR_SKEW_SECONDS: z.coerce.number().int().min(1).max(3_600).default(300),
};
export type WalletConfig = z.infer<z.ZodObject<typeof walletEnv>>;
export const defaultWalletConfig = (overrides: Partial<Record<keyof typeof walletEnv, string>> = {}): WalletConfig => z.object(walletEnv).parse(overrides);
