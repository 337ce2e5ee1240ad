/** The agent-contracts service's operations for team reports: roll-ups of settled bets up the agent tree; `agentContractsRpc` includes them. */
export const agentTeamRpcMethods = {};
