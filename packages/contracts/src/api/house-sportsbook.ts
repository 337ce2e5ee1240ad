import { z } from 'zod';
import { serviceUseCase } from '../use-case.js';
import { pathIdText } from './fields.js';
import { houseRpc } from '../house.js';
import {
  SPORTS_BET_ID_PATTERN,
  SPORTS_EVENT_ID_PATTERN,
  sportsBetsQuerySchema,
  sportsCashOutBodySchema,
  sportsEventsQuerySchema,
  sportsOddsFormatBodySchema,
  sportsSlipBodySchema,
} from '../house-sportsbook.js';

/** A path field that, when malformed, is the resource's own not-found error naming the field. */
const eventId = pathIdText(SPORTS_EVENT_ID_PATTERN, 'SPORTS_EVENT_NOT_FOUND');
const betId = pathIdText(SPORTS_BET_ID_PATTERN, 'SPORTS_BET_NOT_FOUND');

const common = { tag: 'House sportsbook', rateLimit: 'ip', idempotent: false } as const;

/** The house sportsbook: anyone may browse events and odds; betting, cash-out and one's own bets need a member. */
export const houseSportsbookUseCases = {
  sportsbookMenu: serviceUseCase({
    ...common,
    id: 'sportsbookMenu',
    summary: 'The sports and e-sports with their live and upcoming event counts, the betting limits and the caller’s odds format',
    method: 'GET',
    paths: ['/wps/house/sports'],
    auth: 'guest',
    request: z.object({}),
    response: houseRpc.sportsbookMenu.output,
    operation: { service: 'house', method: 'sportsbookMenu' },
    context: { memberId: 'memberId', currency: 'brandCurrency' },
  }),
  sportsEvents: serviceUseCase({
    ...common,
    id: 'sportsEvents',
    summary: 'Events taking bets, live first then by start time, each with its main markets',
    method: 'GET',
    paths: ['/wps/house/sports/events'],
    auth: 'guest',
    request: sportsEventsQuerySchema,
    response: houseRpc.sportsEvents.output,
    operation: { service: 'house', method: 'sportsEvents' },
  }),
  sportsEvent: serviceUseCase({
    ...common,
    id: 'sportsEvent',
    summary: 'One event with all its markets, its score and status',
    method: 'GET',
    paths: ['/wps/house/sports/events/:eventId'],
    auth: 'guest',
    request: z.object({ eventId }),
    response: houseRpc.sportsEvent.output,
    operation: { service: 'house', method: 'sportsEvent' },
  }),
  placeSportsBet: serviceUseCase({
    ...common,
    id: 'placeSportsBet',
    summary: 'Places one bet of the slip: a single, a parlay or a system bet',
    description:
      'The stake is debited through the wallet. A bet with a live selection waits the live acceptance delay first; a suspension in that time refuses it. Prices are compared with the book’s under `acceptOdds`. The same requestId (or Idempotency-Key) answers the first bet. Refusals: SPORTS_SELECTION_UNAVAILABLE, SPORTS_MARKET_SUSPENDED, SPORTS_ODDS_CHANGED (409), SPORTS_SLIP_INVALID, SPORTS_STAKE_LIMITS, SPORTS_MAX_PAYOUT (400), INSUFFICIENT_FUNDS (409).',
    method: 'POST',
    paths: ['/wps/house/sports/bets'],
    auth: 'real-member',
    request: sportsSlipBodySchema,
    response: houseRpc.placeSportsBet.output,
    operation: { service: 'house', method: 'placeSportsBet' },
    context: { player: 'player' },
    defaults: { requestId: 'retryKey' },
  }),
  sportsMyBets: serviceUseCase({
    ...common,
    id: 'sportsMyBets',
    summary: 'The member’s sports bets, newest first, with each leg’s state and the cash-out offer of open ones',
    method: 'GET',
    paths: ['/wps/house/sports/bets'],
    auth: 'member',
    request: sportsBetsQuerySchema,
    response: houseRpc.sportsMyBets.output,
    operation: { service: 'house', method: 'sportsMyBets' },
    context: { memberId: 'memberId' },
  }),
  cashOutSportsBet: serviceUseCase({
    ...common,
    id: 'cashOutSportsBet',
    summary: 'Cashes out an open bet, whole or in part, at the current offer',
    description:
      'Refused while a market of the bet is suspended (SPORTS_CASHOUT_UNAVAILABLE) or when the offer fell below `expectedOffer` (SPORTS_CASHOUT_CHANGED). A partial cash-out keeps the rest of the stake riding.',
    method: 'POST',
    paths: ['/wps/house/sports/bets/:betId/cashout'],
    auth: 'real-member',
    request: sportsCashOutBodySchema.extend({ betId }),
    response: houseRpc.cashOutSportsBet.output,
    operation: { service: 'house', method: 'cashOutSportsBet' },
    context: { player: 'player' },
    defaults: { requestId: 'retryKey' },
  }),
  setSportsOddsFormat: serviceUseCase({
    ...common,
    id: 'setSportsOddsFormat',
    summary: 'Keeps the member’s odds format: decimal, Hong Kong, Malay, Indonesian or American',
    method: 'PUT',
    paths: ['/wps/house/sports/odds-format'],
    auth: 'member',
    request: sportsOddsFormatBodySchema,
    response: houseRpc.setSportsOddsFormat.output,
    operation: { service: 'house', method: 'setSportsOddsFormat' },
    context: { memberId: 'memberId' },
  }),
};
