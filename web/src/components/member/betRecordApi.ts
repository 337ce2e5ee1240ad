import { request, type BetRecord, type Paged } from '../../api';

export const BET_GAME_TYPES = ['RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT'] as const;
export const BET_STATUSES = ['settled', 'open', 'cancelled'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** Sums over every round the filters match, not just the page shown. */
export interface BetTotals {
  betAmount: string;
  validBet: string;
  winAmount: string;
  net: string;
  currency: string;
}

export interface BetRecordPage extends Paged<BetRecord> {
  totals: BetTotals;
}

export interface BetRecordQuery {
  pageNo: number;
  pageSize: number;
  gameType?: string;
  status?: BetStatus;
  from?: string;
  to?: string;
}

/** `GET /wps/v2/bets` with the betting record's filters; empty filters are left out. */
export function fetchBetRecord(query: BetRecordQuery): Promise<BetRecordPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return request<BetRecordPage>('GET', `/wps/v2/bets?${params.toString()}`, { auth: true });
}
