import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumeBatches, eachEvent, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { agentContractsRpc, type AgentContractsRpc } from '@wps/contracts';
import { agentContractsEnv, type AgentContractsConfig } from './config.js';
import { addToTree, getDownline } from './features/agent-tree.js';

export const AGENT_CONTRACTS_SCHEMA = 'agent_contracts';
export const agentContractsMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const BUILD_TREE = 'agent-contracts.build-tree';

/** The composition root of the agent-contracts service: the agent tree and the consumer that grows it. */
export async function createAgentContractsService(context: ServiceContext, _config: AgentContractsConfig): Promise<ServiceInstance<AgentContractsRpc>> {
  const { db, bus } = context;
  const subscriptions: Subscription[] = [];

  return {
    name: 'agent-contracts',
    contract: agentContractsRpc,
    handlers: {
      getDownline: (input) => getDownline(db.orm, input),
    },
    async start() {
      subscriptions.push(await consumeBatches({ db, bus }, { schema: AGENT_CONTRACTS_SCHEMA, group: BUILD_TREE, type: 'member.registered', handle: eachEvent(addToTree) }));
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
    },
  };
}

export const agentContractsService: ServiceDefinition<AgentContractsRpc, typeof agentContractsEnv> = {
  name: 'agent-contracts',
  schema: AGENT_CONTRACTS_SCHEMA,
  migrationsDir: agentContractsMigrations,
  defaultPort: 8104,
  env: agentContractsEnv,
  create: createAgentContractsService,
};
