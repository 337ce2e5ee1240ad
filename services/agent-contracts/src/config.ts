import type { z } from 'zod';

/** The agent-contracts service reads no variables of its own yet; the common ones come from the platform. */
export const agentContractsEnv = {};
export type AgentContractsConfig = z.infer<z.ZodObject<typeof agentContractsEnv>>;
