import { serviceUseCase } from '../use-case.js';
import { agentContractsRpc } from '../small-services.js';
import { agentIncomeQuerySchema, agentSettlementsQuerySchema, runAgentSettlementsBodySchema } from '../agent-settlement.js';

/** The caller, from the session: only agents (types 1, 2, 41, 42) get an answer. */
const AGENT_CALLER = { memberId: 'memberId', merchantCode: 'merchantCode', memberType: 'memberType' } as const;
const RULES =
  'Agents only (others get AGENT_ONLY). The caller sees its own records and the ones it paid to its direct downline agents. ' +
  '`from` and `to` are days (yyyy-MM-dd, UTC, both included) or instants; a start after the end is SETTLEMENT_RANGE_INVALID.';

/** Agent centre calls: contract settlements and income. */
export const agentSettlementUseCases = {
  agentSettlements: serviceUseCase({
    id: 'agentSettlements',
    summary: 'Contract records of one kind (dividend, daily, hourly or real-time salary): the agent’s own and what it paid its downline, newest first',
    description: RULES,
    tag: 'Agent',
    method: 'GET',
    paths: ['/wps/agent/settlements'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: agentSettlementsQuerySchema,
    response: agentContractsRpc.agentSettlements.output,
    operation: { service: 'agentContracts', method: 'agentSettlements' },
    context: AGENT_CALLER,
  }),
  agentIncome: serviceUseCase({
    id: 'agentIncome',
    summary: 'My income: the contract payouts received and paid over a range, newest first, a page at a time, each explained, with totals over the range and the outstanding debts',
    description: RULES,
    tag: 'Agent',
    method: 'GET',
    paths: ['/wps/agent/income'],
    auth: 'member',
    rateLimit: 'ip',
    idempotent: false,
    request: agentIncomeQuerySchema,
    response: agentContractsRpc.agentIncome.output,
    operation: { service: 'agentContracts', method: 'agentIncome' },
    context: AGENT_CALLER,
  }),
  runAgentSettlements: serviceUseCase({
    id: 'runAgentSettlements',
    summary: 'Settles and pays every closed, unsettled contract period (optionally of one brand or kind), and finishes interrupted payments',
    tag: 'Operator',
    method: 'POST',
    paths: ['/operator/v1/agent-settlements/run'],
    auth: 'operator',
    rateLimit: 'none',
    bodyLimit: '16kb',
    idempotent: false,
    request: runAgentSettlementsBodySchema,
    response: agentContractsRpc.runAgentSettlements.output,
    operation: { service: 'agentContracts', method: 'runAgentSettlements' },
  }),
};
