import type { AgentContractsRpc, RpcClient, RpcHandlers, WalletRpc } from '@wps/contracts';
import type { Outbox, ServiceContext, Subscription } from '@wps/platform';
import type { AgentContractsConfig } from '../config.js';

/** What every part of the agent-contracts service is built from. */
export interface AgentContractsDeps extends ServiceContext {
  config: AgentContractsConfig;
  /** The wallet's operations (payouts); in process when embedded, over HTTP in a cluster. */
  wallet: () => RpcClient<WalletRpc>;
  /** The service's one outbox (contract changes, settlements), relayed by the composition root. */
  outbox: Outbox;
  /** Tells the relay that events were committed, so pushes go out at once. */
  wakeRelay(): void;
}

/**
 * One part of the service (team reports, offers, settlement): the operations it answers, and the consumers and timers
 * it runs while the service is up.
 */
export interface AgentContractsModule<M extends keyof RpcHandlers<AgentContractsRpc>> {
  handlers: Pick<RpcHandlers<AgentContractsRpc>, M>;
  start(): Promise<Subscription[]>;
}
