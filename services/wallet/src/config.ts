import { z } from 'zod';
import { booleanEnv } from '@wps/platform';

export const walletEnv = {
  /** Lets members credit themselves play money from the brand's demo funding account (demo and test brands only). */
  WALLET_DEMO_DEPOSITS: booleanEnv(false),
  WALLET_DEMO_DEPOSIT_MAX: z.string().regex(/^\d+(\.\d{1,2})?$/).default('100000.00'),
};
export type WalletConfig = z.infer<z.ZodObject<typeof walletEnv>>;
export const defaultWalletConfig = (overrides: Partial<Record<keyof typeof walletEnv, string>> = {}): WalletConfig => z.object(walletEnv).parse(overrides);
