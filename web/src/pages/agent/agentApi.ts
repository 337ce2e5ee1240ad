/**
 * The agent centre's calls, typed by their declarations in `@wps/contracts` (api/agent-team.ts, agent-offers.ts,
 * agent-settlement.ts and the identity invitations). Query keys start with the use case's id and the session token.
 */
import { type ContractKind, type ContractTier, type UseCaseRequest, type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import { call } from '../../api';

type Answer<K extends keyof UseCases> = UseCaseResponse<UseCases[K]>;
type Fields<K extends keyof UseCases> = UseCaseRequest<UseCases[K]>;

export type TeamOverview = Answer<'agentTeamOverview'>;
export type TeamOverviewQuery = Fields<'agentTeamOverview'>;
export type Downline = Answer<'agentDownline'>;
export type DownlineRow = Downline['list'][number];
export type DownlineQuery = Fields<'agentDownline'>;
export type TeamBets = Answer<'agentTeamBets'>;
export type TeamBetsQuery = Fields<'agentTeamBets'>;
export type MemberProfit = Answer<'agentMemberProfit'>;
export type MemberProfitQuery = Fields<'agentMemberProfit'>;
export type ProfitSort = NonNullable<MemberProfitQuery['sortBy']>;

export type InvitationLinks = Answer<'listInvitationLinks'>;
export type InvitationLink = InvitationLinks['list'][number];
export type CreateInvitationBody = Fields<'createInvitationLink'>;
export type CreateDownlineBody = Fields<'createDownline'>;

export type AgentContracts = Answer<'agentContracts'>;
export type ContractView = NonNullable<AgentContracts['current']>;
export type DownlineContracts = AgentContracts['downlines']['items'][number];
export type Consolidated = Answer<'consolidatedContracts'>;
export type Settlements = Answer<'agentSettlements'>;
export type SettlementRecord = Settlements['list'][number];
export type SettlementsQuery = Fields<'agentSettlements'>;
export type Income = Answer<'agentIncome'>;
export type IncomeQuery = Fields<'agentIncome'>;

/** The relay call that answers offers of each kind (spec §7). */
const ANSWER_CALLS = {
  dividend: useCases.answerDividendOffer,
  daily: useCases.answerDailySalaryOffer,
  hourly: useCases.answerHourlySalaryOffer,
  realtime: useCases.answerRealtimeSalaryOffer,
} as const;

export const agentApi = {
  teamOverview: (q: TeamOverviewQuery, signal?: AbortSignal) => call(useCases.agentTeamOverview, q, { signal }),
  downline: (q: DownlineQuery, signal?: AbortSignal) => call(useCases.agentDownline, q, { signal }),
  teamBets: (q: TeamBetsQuery, signal?: AbortSignal) => call(useCases.agentTeamBets, q, { signal }),
  memberProfit: (q: MemberProfitQuery, signal?: AbortSignal) => call(useCases.agentMemberProfit, q, { signal }),
  invitationLinks: (pageNo: number, pageSize: number, signal?: AbortSignal) => call(useCases.listInvitationLinks, { pageNo, pageSize }, { signal }),
  createInvitationLink: (body: CreateInvitationBody) => call(useCases.createInvitationLink, body),
  setInvitationLinkEnabled: (id: string, enabled: boolean) => call(useCases.setInvitationLinkEnabled, { id, enabled }),
  deleteInvitationLink: (id: string) => call(useCases.deleteInvitationLink, { id }),
  createDownline: (body: CreateDownlineBody) => call(useCases.createDownline, body),
  contracts: (kind: ContractKind, page: number, pageSize: number, signal?: AbortSignal) => call(useCases.agentContracts, { kind, page, pageSize }, { signal }),
  consolidated: (signal?: AbortSignal) => call(useCases.consolidatedContracts, {}, { signal }),
  answerOffer: (kind: ContractKind, contractId: string, accept: boolean) => call(ANSWER_CALLS[kind], { contractId, accept }),
  offerContract: (agentId: string, kind: ContractKind, tiers: ContractTier[]) => call(useCases.offerContract, { agentId, kind, tiers }),
  offerTermination: (agentId: string, kind: ContractKind) => call(useCases.offerContractTermination, { agentId, kind }),
  withdrawOffer: (contractId: string) => call(useCases.withdrawContractOffer, { contractId }),
  settlements: (q: SettlementsQuery, signal?: AbortSignal) => call(useCases.agentSettlements, q, { signal }),
  income: (q: IncomeQuery, signal?: AbortSignal) => call(useCases.agentIncome, q, { signal }),
};

/** What a `contract` push changes: the contract pages and the menu flags. */
export const CONTRACT_QUERY_IDS: readonly string[] = [useCases.agentContracts.id, useCases.consolidatedContracts.id];
/** What a `contractPayout` push changes: the settlement records and the income. */
export const SETTLEMENT_QUERY_IDS: readonly string[] = [useCases.agentSettlements.id, useCases.agentIncome.id];

export const agentKeys = {
  teamOverview: (token: string, q: TeamOverviewQuery) => [useCases.agentTeamOverview.id, token, q] as const,
  downline: (token: string, q: DownlineQuery) => [useCases.agentDownline.id, token, q] as const,
  teamBets: (token: string, q: TeamBetsQuery) => [useCases.agentTeamBets.id, token, q] as const,
  memberProfit: (token: string, q: MemberProfitQuery) => [useCases.agentMemberProfit.id, token, q] as const,
  invitationLinks: (token: string, pageNo: number) => [useCases.listInvitationLinks.id, token, pageNo] as const,
  contracts: (token: string, kind: ContractKind, page: number, pageSize: number) => [useCases.agentContracts.id, token, kind, page, pageSize] as const,
  consolidated: (token: string) => [useCases.consolidatedContracts.id, token] as const,
  settlements: (token: string, q: SettlementsQuery) => [useCases.agentSettlements.id, token, q] as const,
  income: (token: string, q: IncomeQuery) => [useCases.agentIncome.id, token, q] as const,
};
