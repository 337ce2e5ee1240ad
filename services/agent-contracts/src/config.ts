import { z } from 'zod';

export const agentContractsEnv = {
  /** The wallet's internal URL (cluster mode), for payouts; the embedded host connects the wallet in process instead. */
  WALLET_URL: z.string().url().optional(),
  SERVICE_TOKEN: z.string().min(16).optional(),
  /** How often closed contract periods are settled and paid, in ms (default 60 s; 0: only when the operator asks). */
  AGENT_SETTLEMENT_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
};
export type AgentContractsConfig = z.infer<z.ZodObject<typeof agentContractsEnv>>;
