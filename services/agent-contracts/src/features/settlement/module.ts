import type { agentSettlementRpcMethods } from '@wps/contracts';
import type { AgentContractsDeps, AgentContractsModule } from '../module.js';

/** Settlement: each period's payouts down the tree, paid through the wallet, with debts and carry-overs. */
export function createSettlementModule(_deps: AgentContractsDeps): AgentContractsModule<keyof typeof agentSettlementRpcMethods> {
  return {
    handlers: {},
    start: () => Promise.resolve([]),
  };
}
