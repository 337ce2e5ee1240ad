import { z } from 'zod';
import { envBoolean, envInt } from '@wps/platform';

export const gatewayEnv = {
  IDENTITY_URL: z.string().url(),
  WALLET_URL: z.string().url(),
  GAMES_URL: z.string().url(),
  AGENT_CONTRACTS_URL: z.string().url(),
  POINTS_URL: z.string().url(),
  NOTICES_URL: z.string().url(),
  HOUSE_URL: z.string().url(),
  /** The built web client; served at / when present. */
  WEB_DIST: z.string().optional(),
  GATEWAY_REQUESTS_PER_IP_PER_MINUTE: envInt({ default: 1_200, min: 1 }),
  /** The back-office API answers only with this token (`Authorization: Operator <token>`); unset, it answers 404. */
  OPERATOR_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Offers the sandbox payment provider (test deposits, no real money); give the wallet the same setting. Off: 404. */
  SANDBOX_PAY_ENABLED: envBoolean(false),
  /** Signs the sandbox provider's callbacks; the sandbox needs it when SANDBOX_PAY_ENABLED is on. */
  SANDBOX_PAY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Seamless-wallet calls allowed per vendor code in each 10-second window, across all gateway processes. */
  VENDOR_REQUESTS_PER_10S: envInt({ default: 6_000, min: 1 }),
  /** Vendor calls with a wrong signature or an unknown vendor code allowed per source address in each 10 s. */
  VENDOR_SIGNATURE_FAILURES_PER_10S: envInt({ default: 20, min: 1 }),
  /** How often each brand's game-frame origins (the Content-Security-Policy's frame-src) are asked of games again. */
  GATEWAY_FRAME_ORIGINS_REFRESH_MS: envInt({ default: 60_000, min: 10 }),
};
export type GatewayEnv = z.infer<z.ZodObject<typeof gatewayEnv>>;
