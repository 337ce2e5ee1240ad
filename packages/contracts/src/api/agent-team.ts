import { serviceUseCase } from '../use-case.js';
import { queryWithBlanksAbsent } from './fields.js';
import { agentContractsRpc } from '../small-services.js';
import { agentDownlineQuerySchema, agentMemberProfitQuerySchema, agentMemberTransactionsQuerySchema, agentTeamBetsQuerySchema, agentTeamOverviewQuerySchema } from '../agent-team.js';

/** The caller, from the session: only agents (types 1, 2, 41, 42) get an answer. */
const AGENT_CALLER = { memberId: 'memberId', merchantCode: 'merchantCode', memberType: 'memberType', currency: 'currency' } as const;
const RULES =
  'Agents only (others get AGENT_ONLY). A member id in the request must be the caller or inside the caller’s team, else AGENT_MEMBER_NOT_FOUND. ' +
  'The range is whole days from..to (yyyy-MM-dd) in the brand’s time zone, or at timeZoneOffsetMinutes from UTC when given; at most 93 days (else AGENT_REPORT_RANGE_INVALID).';

/** Agent centre calls: team reports. */
export const agentTeamUseCases = {
  agentTeamOverview: serviceUseCase({
    id: 'agentTeamOverview',
    summary: 'The agent’s team at a glance: its size, new and active members, valid bet and profit and loss over a range, per day',
    description: RULES,
    tag: 'Agent',
    method: 'GET',
    paths: ['/wps/agent/team/overview'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: queryWithBlanksAbsent(agentTeamOverviewQuerySchema),
    response: agentContractsRpc.agentTeamOverview.output,
    operation: { service: 'agentContracts', method: 'agentTeamOverview' },
    context: AGENT_CALLER,
  }),
  agentDownline: serviceUseCase({
    id: 'agentDownline',
    summary: 'Team management: the direct downline of the agent or of one of its downline agents, with each one’s team figures',
    description: RULES,
    tag: 'Agent',
    method: 'GET',
    paths: ['/wps/agent/team/members'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: queryWithBlanksAbsent(agentDownlineQuerySchema),
    response: agentContractsRpc.agentDownline.output,
    operation: { service: 'agentContracts', method: 'agentDownline' },
    context: AGENT_CALLER,
  }),
  agentTeamBets: serviceUseCase({
    id: 'agentTeamBets',
    summary: 'Team betting: the settled bets of the agent’s team, newest first, with totals over the whole filtered range',
    description: RULES,
    tag: 'Agent',
    method: 'GET',
    paths: ['/wps/agent/team/bets'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: queryWithBlanksAbsent(agentTeamBetsQuerySchema),
    response: agentContractsRpc.agentTeamBets.output,
    operation: { service: 'agentContracts', method: 'agentTeamBets' },
    context: AGENT_CALLER,
  }),
  agentMemberProfit: serviceUseCase({
    id: 'agentMemberProfit',
    summary: 'User profit and loss: each team member’s own bets over a range, sorted by a chosen column, with totals',
    description: RULES,
    tag: 'Agent',
    method: 'GET',
    paths: ['/wps/agent/team/profit'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: queryWithBlanksAbsent(agentMemberProfitQuerySchema),
    response: agentContractsRpc.agentMemberProfit.output,
    operation: { service: 'agentContracts', method: 'agentMemberProfit' },
    context: AGENT_CALLER,
  }),
  agentMemberTransactions: serviceUseCase({
    id: 'agentMemberTransactions',
    summary: 'Account details: the account record (every balance movement with its cause, newest first) of the agent or of a member of its team',
    description: RULES + ' Without teamMemberId the record is the caller’s own; type filters by movement type (deposit, transfer, bet, win, commission, …).',
    tag: 'Agent',
    method: 'GET',
    paths: ['/wps/relay/ODSFE2_MemTransDet'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: queryWithBlanksAbsent(agentMemberTransactionsQuerySchema),
    response: agentContractsRpc.agentMemberTransactions.output,
    operation: { service: 'agentContracts', method: 'agentMemberTransactions' },
    context: AGENT_CALLER,
  }),
};
