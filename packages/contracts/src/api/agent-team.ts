/** Agent centre calls: team reports. */
export const agentTeamUseCases = {};
