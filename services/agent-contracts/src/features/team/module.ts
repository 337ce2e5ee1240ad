import type { agentTeamRpcMethods } from '@wps/contracts';
import type { AgentContractsDeps, AgentContractsModule } from '../module.js';

/** Team reports: settled bets rolled up the agent tree, and the reports read from the roll-ups. */
export function createTeamModule(_deps: AgentContractsDeps): AgentContractsModule<keyof typeof agentTeamRpcMethods> {
  return {
    handlers: {},
    start: () => Promise.resolve([]),
  };
}
