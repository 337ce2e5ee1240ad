/** The agent-contracts service's operations for contract settlement: each period's payouts, debts and carry-overs; `agentContractsRpc` includes them. */
export const agentSettlementRpcMethods = {};
