/**
 * The agent centre's pages (spec §2 "Agent centre"), named as the spec names them. `/agentHome?page=<name>` opens one;
 * `/agentHome` alone opens the team overview. A page may carry more of the query (a downline being viewed, a period).
 */
import type { ContractKind } from '@wps/contracts';

export const AGENT_PATH = '/agentHome';

export const AGENT_PAGES = [
  'agentTeamOverview',
  'deposit',
  'withdraw',
  'agentAnnouncement',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'messages',
  'customerService',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];

export const DEFAULT_AGENT_PAGE: AgentPage = 'agentTeamOverview';

/** The contract page of each kind. */
export const CONTRACT_PAGES: Record<ContractKind, AgentPage> = {
  dividend: 'agentDividendRecordCopy2',
  daily: 'agentDailyWages2',
  hourly: 'agentHourSalary',
  realtime: 'agentRealtimeSalary',
};

export function contractKindOf(page: AgentPage): ContractKind | null {
  const entry = Object.entries(CONTRACT_PAGES).find(([, name]) => name === page);
  return entry ? (entry[0] as ContractKind) : null;
}

/** The consolidated flag (spec §6) that shows each contract page in the menu. */
export const CONTRACT_FLAGS: Record<ContractKind, 'enableCt' | 'salary' | 'hourSalary' | 'agentRealtimeSalary'> = {
  dividend: 'enableCt',
  daily: 'salary',
  hourly: 'hourSalary',
  realtime: 'agentRealtimeSalary',
};

export function isAgentPage(value: string | null): value is AgentPage {
  return (AGENT_PAGES as readonly string[]).includes(value ?? '');
}

/** The link to a page; `extra` adds query fields (empty values left out). */
export function agentLink(page: AgentPage, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  if (page !== DEFAULT_AGENT_PAGE || Object.values(extra).some(Boolean)) params.set('page', page);
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `${AGENT_PATH}?${search}` : AGENT_PATH;
}
