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
};
export type GatewayEnv = z.infer<z.ZodObject<typeof gatewayEnv>>;
