import { type OddsFormat, type SportsSlipBody, type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import { call } from '../../api';

type Answer<K extends keyof UseCases> = UseCaseResponse<UseCases[K]>;

export type MenuValue = Answer<'sportsbookMenu'>;
export type EventPageValue = Answer<'sportsEvents'>;
export type EventValue = Answer<'sportsEvent'>;
export type MarketValue = EventValue['markets'][number];
export type BetValue = Answer<'sportsMyBets'>['list'][number];
export type LegValue = BetValue['legs'][number];
export type PlacedValue = Answer<'placeSportsBet'>;
export type CashedOutValue = Answer<'cashOutSportsBet'>;

/** Which events the list shows: a group of sports, one sport, and live or upcoming ones (blank: both). */
export interface EventsQuery {
  group: 'sports' | 'esports';
  sport: EventValue['sport'] | '';
  status: 'live' | 'upcoming' | '';
  pageNo: number;
  pageSize: number;
}

/** The house sportsbook's calls, as the sportsbook page makes them. */
export const sportsbookApi = {
  /** With the session, so the answer carries the member's odds format. */
  menu: (withSession: boolean, signal?: AbortSignal) => call(useCases.sportsbookMenu, {}, { withSession, signal }),
  events: (query: EventsQuery, signal?: AbortSignal) => call(useCases.sportsEvents, query, { signal }),
  event: (eventId: string, signal?: AbortSignal) => call(useCases.sportsEvent, { eventId }, { signal }),
  /** One bet of the slip; its requestId is its Idempotency-Key too. */
  place: (slip: SportsSlipBody & { requestId: string }) => call(useCases.placeSportsBet, slip, { idempotencyKey: slip.requestId }),
  myBets: (status: 'open' | 'settled', pageSize: number, signal?: AbortSignal) => call(useCases.sportsMyBets, { status, pageNo: 1, pageSize }, { signal }),
  cashOut: (betId: string, body: { expectedOffer: string; amount?: string; requestId: string }) => call(useCases.cashOutSportsBet, { betId, ...body }, { idempotencyKey: body.requestId }),
  setOddsFormat: (oddsFormat: OddsFormat) => call(useCases.setSportsOddsFormat, { oddsFormat }),
};
