/** Agent centre calls: contract settlements and income. */
export const agentSettlementUseCases = {};
