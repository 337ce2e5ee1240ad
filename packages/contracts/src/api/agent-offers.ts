import { z } from 'zod';
import { merchantCodePath as merchantCode, pathIdText } from './fields.js';
import { serviceUseCase } from '../use-case.js';
import { contractKindSchema, type ContractKind } from '../events.js';
import { agentOfferRpcMethods, brandTermsUpdateSchema, contractAnswerBodySchema, contractIdBodySchema, contractOfferBodySchema, contractTerminateBodySchema } from '../agent-offers.js';

const AGENT = { memberId: 'memberId', merchantCode: 'merchantCode', memberType: 'memberType' } as const;
const agentCall = { tag: 'Agent contracts', auth: 'member', rateLimit: 'ip', idempotent: false } as const;
const operatorCall = { tag: 'Operator', auth: 'operator', rateLimit: 'none', bodyLimit: '16kb', idempotent: false } as const;
const kindPath = pathIdText(new RegExp(`^(${contractKindSchema.options.join('|')})$`));

const answerDescription =
  'The offered agent accepts or rejects an offer of terms or of termination. Accepting applies from the start of the next period in the brand’s time zone; ' +
  'the previous contract ends at that boundary. An offer can be answered once: an expired, withdrawn or answered offer is refused.';

/** One relay call per kind answers the offers of that kind (spec §7, agent and points). */
const answer = (id: string, kind: ContractKind, path: string, summary: string) =>
  serviceUseCase({
    ...agentCall,
    id,
    summary,
    description: answerDescription,
    method: 'POST',
    paths: [path],
    request: contractAnswerBodySchema,
    response: agentOfferRpcMethods.answerOffer.output,
    operation: { service: 'agentContracts', method: 'answerOffer' },
    context: AGENT,
    fixed: { kind },
  });

/** Agent centre calls: contracts offered and answered. */
export const agentOfferUseCases = {
  answerDividendOffer: answer('answerDividendOffer', 'dividend', '/wps/relay/MCS2_processDividendReq', 'Accepts or rejects a dividend contract offer'),
  answerDailySalaryOffer: answer('answerDailySalaryOffer', 'daily', '/wps/relay/MCS2_processDailySalContract', 'Accepts or rejects a daily salary contract offer'),
  answerHourlySalaryOffer: answer('answerHourlySalaryOffer', 'hourly', '/wps/relay/MCS2_processContractHourSalary', 'Accepts or rejects an hourly salary contract offer'),
  answerRealtimeSalaryOffer: answer('answerRealtimeSalaryOffer', 'realtime', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'Accepts or rejects a real-time salary contract offer'),
  agentContracts: serviceUseCase({
    ...agentCall,
    id: 'agentContracts',
    summary: 'The agent centre’s page of one contract kind: the brand’s tiers, my contract, offers to me, and my direct downline agents’ contracts',
    method: 'GET',
    paths: ['/wps/agent/contracts'],
    request: z.object({ kind: contractKindSchema, page: z.coerce.number().int().min(1).max(100_000).optional(), pageSize: z.coerce.number().int().min(1).max(100).optional() }),
    response: agentOfferRpcMethods.agentContracts.output,
    operation: { service: 'agentContracts', method: 'agentContracts' },
    context: AGENT,
  }),
  offerContract: serviceUseCase({
    ...agentCall,
    id: 'offerContract',
    summary: 'Offers a direct downline agent a contract; every tier’s rate at most the offering agent’s own',
    method: 'POST',
    paths: ['/wps/agent/contracts/offer'],
    request: contractOfferBodySchema,
    response: agentOfferRpcMethods.offerContract.output,
    operation: { service: 'agentContracts', method: 'offerContract' },
    context: AGENT,
  }),
  offerContractTermination: serviceUseCase({
    ...agentCall,
    id: 'offerContractTermination',
    summary: 'Offers a direct downline agent the termination of its active contract; it ends at the next period once accepted',
    method: 'POST',
    paths: ['/wps/agent/contracts/terminate'],
    request: contractTerminateBodySchema,
    response: agentOfferRpcMethods.offerTermination.output,
    operation: { service: 'agentContracts', method: 'offerTermination' },
    context: AGENT,
  }),
  withdrawContractOffer: serviceUseCase({
    ...agentCall,
    id: 'withdrawContractOffer',
    summary: 'Withdraws an offer of mine that still waits for an answer',
    method: 'POST',
    paths: ['/wps/agent/contracts/withdraw'],
    request: contractIdBodySchema,
    response: agentOfferRpcMethods.withdrawOffer.output,
    operation: { service: 'agentContracts', method: 'withdrawOffer' },
    context: AGENT,
  }),
  consolidatedContracts: serviceUseCase({
    id: 'consolidatedContracts',
    summary: 'The member’s contract state per kind (0 off, 1 none, 2 offer waiting, 3 in force) and the agent centre’s menu flags',
    tag: 'Agent contracts',
    method: 'GET',
    paths: ['/wps/member/info/funds/consolidated'],
    auth: 'real-member',
    rateLimit: 'ip',
    idempotent: false,
    request: z.object({}),
    response: agentOfferRpcMethods.consolidatedContracts.output,
    operation: { service: 'agentContracts', method: 'consolidatedContracts' },
    context: { ...AGENT, agentPolicy: 'brandAgentPolicy' },
  }),
  operatorContractTerms: serviceUseCase({
    ...operatorCall,
    id: 'operatorContractTerms',
    summary: 'A brand’s contract terms per kind: periods, tier thresholds and the highest rates, active threshold, offer lifetime',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/contract-terms'],
    request: z.object({ merchantCode }),
    response: agentOfferRpcMethods.operatorGetContractTerms.output,
    operation: { service: 'agentContracts', method: 'operatorGetContractTerms' },
  }),
  operatorSetContractTerms: serviceUseCase({
    ...operatorCall,
    id: 'operatorSetContractTerms',
    summary: 'Sets a brand’s terms for one contract kind; contracts already made keep their tiers',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/contract-terms/:kind'],
    request: brandTermsUpdateSchema.extend({ merchantCode, kind: kindPath.pipe(contractKindSchema) }),
    response: agentOfferRpcMethods.operatorSetContractTerms.output,
    operation: { service: 'agentContracts', method: 'operatorSetContractTerms' },
    context: { operator: 'operator' },
  }),
  operatorOfferContract: serviceUseCase({
    ...operatorCall,
    id: 'operatorOfferContract',
    summary: 'The platform offers a top agent a contract within the brand’s rates',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/contracts/offer'],
    request: contractOfferBodySchema.extend({ merchantCode }),
    response: agentOfferRpcMethods.operatorOfferContract.output,
    operation: { service: 'agentContracts', method: 'operatorOfferContract' },
    context: { operator: 'operator' },
  }),
  operatorOfferTermination: serviceUseCase({
    ...operatorCall,
    id: 'operatorOfferTermination',
    summary: 'The platform offers a top agent the termination of its active contract; accepted, it ends at the next period',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/contracts/terminate'],
    request: contractTerminateBodySchema.extend({ merchantCode }),
    response: agentOfferRpcMethods.operatorOfferTermination.output,
    operation: { service: 'agentContracts', method: 'operatorOfferTermination' },
    context: { operator: 'operator' },
  }),
  operatorWithdrawOffer: serviceUseCase({
    ...operatorCall,
    id: 'operatorWithdrawOffer',
    summary: 'The platform withdraws an offer to a top agent that still waits for an answer',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/contracts/withdraw'],
    request: contractIdBodySchema.extend({ merchantCode }),
    response: agentOfferRpcMethods.operatorWithdrawOffer.output,
    operation: { service: 'agentContracts', method: 'operatorWithdrawOffer' },
    context: { operator: 'operator' },
  }),
};
