import type { agentOfferRpcMethods } from '@wps/contracts';
import type { AgentContractsDeps, AgentContractsModule } from '../module.js';

/** Contract terms per brand, and the offers an upline makes to a direct downline with their answers. */
export function createOffersModule(_deps: AgentContractsDeps): AgentContractsModule<keyof typeof agentOfferRpcMethods> {
  return {
    handlers: {},
    start: () => Promise.resolve([]),
  };
}
