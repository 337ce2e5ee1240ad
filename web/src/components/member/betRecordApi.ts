import { type UseCaseRequest, type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import { call } from '../../api';

export const BET_GAME_TYPES = ['RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT'] as const;
export const BET_STATUSES = ['settled', 'open', 'cancelled'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** A page of the betting record, with sums over every round the filters match, not just the page shown. */
export type BetRecordPage = UseCaseResponse<UseCases['betRecord']>;

export type BetRecordQuery = UseCaseRequest<UseCases['betRecord']>;

/** `GET /wps/v2/bets` with the betting record's filters; empty filters are left out. */
export function fetchBetRecord(query: BetRecordQuery): Promise<BetRecordPage> {
  return call(useCases.betRecord, query);
}
