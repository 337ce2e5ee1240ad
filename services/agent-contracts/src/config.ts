import { z } from 'zod';
import { envBoolean } from '@wps/platform';

export const agentContractsEnv = {
  /** The wallet's internal URL (cluster mode), for payouts; the embedded host connects the wallet in process instead. */
  WALLET_URL: z.string().url().optional(),
  SERVICE_TOKEN: z.string().min(16).optional(),
  /** How often closed contract periods are settled and paid, in ms (default 60 s; 0: only when the operator asks). */
  /** Fills the demo brand's contract terms (with the demo brand and team that identity seeds). */
  SEED_DEMO: envBoolean(false),
  /**
   * With SEED_DEMO: also the demo team's contracts of every kind and state and its last 30 days of play, settled and
   * paid on start, so a fresh install's agent centre is full (`npm start` turns it on).
   */
  AGENT_DEMO_PROGRAMME: envBoolean(false),
  AGENT_SETTLEMENT_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /**
   * Days of member-hours the member-profit report holds in memory (about 50 bytes a member-hour; default the longest
   * report range, 93); 0 reads every member-profit page from the database.
   */
  AGENT_REPORT_MEMORY_DAYS: z.coerce.number().int().min(0).max(400).default(93),
};
export type AgentContractsConfig = z.infer<z.ZodObject<typeof agentContractsEnv>>;
