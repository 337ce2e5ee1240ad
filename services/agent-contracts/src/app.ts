import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, consumeBatches, createHttpClient, eachEvent, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { agentContractsRpc, walletRpc, type AgentContractsRpc, type RpcClient, type WalletRpc } from '@wps/contracts';
import { agentContractsEnv, type AgentContractsConfig } from './config.js';
import { addToTree, getDownline } from './features/agent-tree.js';
import type { AgentContractsDeps } from './features/module.js';
import { createTeamModule } from './features/team/module.js';
import { createOffersModule } from './features/offers/module.js';
import { createSettlementModule } from './features/settlement/module.js';

export const AGENT_CONTRACTS_SCHEMA = 'agent_contracts';
export const agentContractsMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const BUILD_TREE = 'agent-contracts.build-tree';

/**
 * The composition root of the agent-contracts service: the agent tree, team reports rolled up from settled bets,
 * contract offers and their answers, and the settlement that pays each period through the wallet.
 */
export async function createAgentContractsService(
  context: ServiceContext,
  config: AgentContractsConfig,
  ports: { wallet: () => RpcClient<WalletRpc> } = { wallet: walletFromConfig(config) },
): Promise<ServiceInstance<AgentContractsRpc>> {
  const { db, bus } = context;
  const deps: AgentContractsDeps = { ...context, config, wallet: ports.wallet };
  const modules = [createTeamModule(deps), createOffersModule(deps), createSettlementModule(deps)];
  const subscriptions: Subscription[] = [];

  return {
    name: 'agent-contracts',
    contract: agentContractsRpc,
    handlers: {
      getDownline: (input) => getDownline(db.orm, input),
      ...modules[0]!.handlers,
      ...modules[1]!.handlers,
      ...modules[2]!.handlers,
    } as ServiceInstance<AgentContractsRpc>['handlers'],
    async start() {
      subscriptions.push(await consumeBatches({ db, bus }, { schema: AGENT_CONTRACTS_SCHEMA, group: BUILD_TREE, type: 'member.registered', handle: eachEvent(addToTree) }));
      for (const module of modules) subscriptions.push(...(await module.start()));
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
    },
  };
}

function walletFromConfig(config: AgentContractsConfig): () => RpcClient<WalletRpc> {
  let remote: RpcClient<WalletRpc> | undefined;
  return () => {
    if (!config.WALLET_URL || !config.SERVICE_TOKEN) throw new AppError('SERVICE_UNAVAILABLE');
    return (remote ??= createHttpClient('wallet', walletRpc, { baseUrl: config.WALLET_URL, serviceToken: config.SERVICE_TOKEN }));
  };
}

/**
 * The service for a host that reaches the wallet in its own way (the embedded host passes its in-process client);
 * standalone it uses the wallet's internal RPC at WALLET_URL.
 */
export const agentContractsServiceWith = (wallet?: () => RpcClient<WalletRpc>): ServiceDefinition<AgentContractsRpc, typeof agentContractsEnv> => ({
  name: 'agent-contracts',
  schema: AGENT_CONTRACTS_SCHEMA,
  migrationsDir: agentContractsMigrations,
  defaultPort: 8104,
  env: agentContractsEnv,
  create: (context, config) => createAgentContractsService(context, config, { wallet: wallet ?? walletFromConfig(config) }),
});

export const agentContractsService = agentContractsServiceWith();
