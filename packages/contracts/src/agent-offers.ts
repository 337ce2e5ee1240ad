/** The agent-contracts service's operations for contract terms and offers: what an upline offers a direct downline, and the answers; `agentContractsRpc` includes them. */
export const agentOfferRpcMethods = {};
