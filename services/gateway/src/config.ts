import { z } from 'zod';

export const gatewayEnv = {
  IDENTITY_URL: z.string().url(),
  WALLET_URL: z.string().url(),
  GAMES_URL: z.string().url(),
  AGENT_CONTRACTS_URL: z.string().url(),
  POINTS_URL: z.string().url(),
  NOTICES_URL: z.string().url(),
  /** The built web client; served at / when present. */
  WEB_DIST: z.string().optional(),
  GATEWAY_REQUESTS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(1_200),
  /** The back-office API answers only with this token (`Authorization: Operator <token>`); unset, it answers 404. */
  OPERATOR_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Enables the sandbox payment provider (test deposits) and signs its callbacks; unset, the sandbox answers 404. */
  SANDBOX_PAY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
};
export type GatewayEnv = z.infer<z.ZodObject<typeof gatewayEnv>>;
