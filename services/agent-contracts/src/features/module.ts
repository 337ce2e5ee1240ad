import type { AgentContractsRpc, RpcClient, RpcHandlers, WalletRpc } from '@wps/contracts';
import type { ServiceContext, Subscription } from '@wps/platform';
import type { AgentContractsConfig } from '../config.js';

/** What every part of the agent-contracts service is built from. */
export interface AgentContractsDeps extends ServiceContext {
  config: AgentContractsConfig;
  /** The wallet's operations (payouts); in process when embedded, over HTTP in a cluster. */
  wallet: () => RpcClient<WalletRpc>;
}

/**
 * One part of the service (team reports, offers, settlement): the operations it answers, and the consumers and timers
 * it runs while the service is up.
 */
export interface AgentContractsModule<M extends keyof RpcHandlers<AgentContractsRpc>> {
  handlers: Pick<RpcHandlers<AgentContractsRpc>, M>;
  start(): Promise<Subscription[]>;
}
