import { consumeBatches } from '@wps/platform';
import type { agentTeamRpcMethods } from '@wps/contracts';
import type { AgentContractsDeps, AgentContractsModule } from '../module.js';
import { recordSettledBets } from './record-bets.js';
import { MemberTransactions } from './member-transactions.js';
import { TeamReports } from './reports.js';

const TEAM_STATS = 'agent-contracts.team-stats';

/** Team reports: settled bets rolled up the agent tree, and the reports read from the roll-ups. */
export function createTeamModule(deps: AgentContractsDeps): AgentContractsModule<keyof typeof agentTeamRpcMethods> {
  const reports = new TeamReports(deps.db.orm);
  const transactions = new MemberTransactions(deps.db.orm, deps.wallet);
  return {
    handlers: {
      agentTeamOverview: (input) => reports.overview(input),
      agentDownline: (input) => reports.downline(input),
      agentTeamBets: (input) => reports.bets(input),
      agentMemberProfit: (input) => reports.memberProfit(input),
      agentMemberTransactions: (input) => transactions.read(input),
    },
    start: async () => [
      await consumeBatches(
        { db: deps.db, bus: deps.bus },
        {
          schema: 'agent_contracts',
          group: TEAM_STATS,
          type: 'bet.settled',
          handle: (tx, events) =>
            recordSettledBets(
              tx,
              events.map((event) => event.payload),
            ),
        },
      ),
    ],
  };
}
