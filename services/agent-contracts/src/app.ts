import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, consumeBatches, createHttpClient, eachEvent, Outbox, type OutboxRelay, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { agentContractsRpc, walletRpc, type AgentContractsRpc, type RpcClient, type WalletRpc } from '@wps/contracts';
import { agentContractsEnv, type AgentContractsConfig } from './config.js';
import { addToTree, getDownline } from './features/agent-tree.js';
import type { AgentContractsDeps } from './features/module.js';
import { createTeamModule } from './features/team/module.js';
import { createOffersModule } from './features/offers/module.js';
import { createSettlementModule } from './features/settlement/module.js';
import { seedDemoProgramme } from './features/demo.js';
import { ensureDemoTerms } from './features/offers/terms.js';

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
  const outbox = new Outbox(AGENT_CONTRACTS_SCHEMA, 'agent-contracts');
  let relay: OutboxRelay | undefined;
  const deps: AgentContractsDeps = { ...context, config, wallet: ports.wallet, outbox, wakeRelay: () => relay?.wake() };
  const modules = [createTeamModule(deps), createOffersModule(deps), createSettlementModule(deps)];
  const subscriptions: Subscription[] = [];
  let demo: Promise<unknown> = Promise.resolve();
  let stopping = false;

  const handlers = {
    getDownline: (input) => getDownline(db.orm, input),
    ...modules[0]!.handlers,
    ...modules[1]!.handlers,
    ...modules[2]!.handlers,
  } as ServiceInstance<AgentContractsRpc>['handlers'];

  return {
    name: 'agent-contracts',
    contract: agentContractsRpc,
    handlers,
    async start() {
      relay = outbox.relay(db, bus, context.logger);
      relay.start();
      subscriptions.push(await consumeBatches({ db, bus }, { schema: AGENT_CONTRACTS_SCHEMA, group: BUILD_TREE, type: 'member.registered', handle: eachEvent(addToTree) }));
      for (const module of modules) subscriptions.push(...(await module.start()));
      if (config.SEED_DEMO && !config.AGENT_DEMO_PROGRAMME) await ensureDemoTerms(db);
      if (config.SEED_DEMO && config.AGENT_DEMO_PROGRAMME) {
        // In the background: the demo team reaches the tree through identity's events after start. Its closed periods
        // are settled (and paid) right after, not at the next timer tick.
        demo = seedDemoProgramme(db, context.logger, { stopped: () => stopping })
          .then((seeded) => (seeded ? handlers.runAgentSettlements({ merchantCode: 'DEMO' }) : undefined))
          .catch((error: unknown) => context.logger.error({ err: error }, 'seeding the demo agent programme failed'));
      }
    },
    async stop() {
      stopping = true;
      await demo;
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
      await relay?.stop();
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
