import { z } from 'zod';
import { serviceUseCase } from '../use-case.js';
import { pathIdText } from './fields.js';
import { houseRpc } from '../house.js';
import { LOTTERY_DRAW_NO_PATTERN, LOTTERY_GAME_CODE_PATTERN, lotteryHistoryQuerySchema, lotterySlipBodySchema, lotteryTicketsQuerySchema, lotteryTrendsQuerySchema } from '../house-lottery.js';

/** A path field that, when malformed, is the resource's own not-found error naming the field. */
const gameCode = pathIdText(LOTTERY_GAME_CODE_PATTERN, 'LOTTERY_GAME_NOT_FOUND');
const drawNo = pathIdText(LOTTERY_DRAW_NO_PATTERN, 'LOTTERY_DRAW_NOT_FOUND');

const common = { tag: 'House lottery', rateLimit: 'ip', idempotent: false } as const;

/** The house lottery: anyone may watch the draws and check them; betting and one's own tickets need a member. */
export const houseLotteryUseCases = {
  lotteryGames: serviceUseCase({
    ...common,
    id: 'lotteryGames',
    summary: 'The lottery games with the draw taking bets (its seed hash, close and draw times) and the last result',
    method: 'GET',
    paths: ['/wps/house/lottery/games'],
    auth: 'guest',
    request: z.object({}),
    response: houseRpc.lotteryGames.output,
    operation: { service: 'house', method: 'lotteryGames' },
  }),
  lotteryGameState: serviceUseCase({
    ...common,
    id: 'lotteryGameState',
    summary: 'A lottery game: its open draw, the draws committed after it, the latest results and the caller’s tickets in the open draw',
    method: 'GET',
    paths: ['/wps/house/lottery/games/:gameCode'],
    auth: 'guest',
    request: z.object({ gameCode }),
    response: houseRpc.lotteryGameState.output,
    operation: { service: 'house', method: 'lotteryGameState' },
    context: { memberId: 'memberId' },
  }),
  placeLotterySlip: serviceUseCase({
    ...common,
    id: 'placeLotterySlip',
    summary: 'Places a betting slip of up to 20 bets on the open draw of a lottery game',
    description:
      'Each bet is one ticket: unit stake × combinations × multiplier, debited through the wallet. The slip is placed whole or not at all; the same requestId (or Idempotency-Key) answers the first slip. Refusals: LOTTERY_BETTING_CLOSED (409, after the close), LOTTERY_BET_TYPE_INVALID, LOTTERY_SELECTION_INVALID, LOTTERY_STAKE_LIMITS, LOTTERY_TICKET_LIMIT (400), INSUFFICIENT_FUNDS (409).',
    method: 'POST',
    paths: ['/wps/house/lottery/games/:gameCode/slips'],
    auth: 'real-member',
    request: lotterySlipBodySchema.extend({ gameCode }),
    response: houseRpc.placeLotterySlip.output,
    operation: { service: 'house', method: 'placeLotterySlip' },
    context: { player: 'player' },
    defaults: { requestId: 'retryKey' },
  }),
  lotteryMyTickets: serviceUseCase({
    ...common,
    id: 'lotteryMyTickets',
    summary: 'The member’s lottery tickets, newest first: open ones or settled ones, of one game or all',
    method: 'GET',
    paths: ['/wps/house/lottery/tickets'],
    auth: 'member',
    request: lotteryTicketsQuerySchema,
    response: houseRpc.lotteryMyTickets.output,
    operation: { service: 'house', method: 'lotteryMyTickets' },
    context: { memberId: 'memberId' },
  }),
  lotteryHistory: serviceUseCase({
    ...common,
    id: 'lotteryHistory',
    summary: 'A lottery game’s finished draws, newest first, with their numbers, revealed seeds and hashes',
    method: 'GET',
    paths: ['/wps/house/lottery/games/:gameCode/draws'],
    auth: 'guest',
    request: lotteryHistoryQuerySchema.extend({ gameCode }),
    response: houseRpc.lotteryHistory.output,
    operation: { service: 'house', method: 'lotteryHistory' },
  }),
  lotteryTrends: serviceUseCase({
    ...common,
    id: 'lotteryTrends',
    summary: 'How often each number came over a lottery game’s latest draws, and how long since each last came',
    method: 'GET',
    paths: ['/wps/house/lottery/games/:gameCode/trends'],
    auth: 'guest',
    request: lotteryTrendsQuerySchema.extend({ gameCode }),
    response: houseRpc.lotteryTrends.output,
    operation: { service: 'house', method: 'lotteryTrends' },
  }),
  lotteryDrawProof: serviceUseCase({
    ...common,
    id: 'lotteryDrawProof',
    summary: 'A drawn draw’s revealed seed, client seed and result, for the verify page to recompute it',
    method: 'GET',
    paths: ['/wps/house/lottery/games/:gameCode/draws/:drawNo/proof'],
    auth: 'guest',
    request: z.object({ gameCode, drawNo }),
    response: houseRpc.lotteryDrawProof.output,
    operation: { service: 'house', method: 'lotteryDrawProof' },
  }),
  operatorCancelLotteryDraw: serviceUseCase({
    tag: 'Operator',
    auth: 'operator',
    rateLimit: 'none',
    idempotent: false,
    bodyLimit: '16kb',
    id: 'operatorCancelLotteryDraw',
    summary: 'Cancels a lottery draw that has not been drawn: betting stops and every ticket is refunded',
    method: 'POST',
    paths: ['/operator/v1/house/lottery/games/:gameCode/draws/:drawNo/cancel'],
    request: z.object({ gameCode, drawNo, reason: z.string().trim().max(200).optional() }),
    response: houseRpc.cancelLotteryDraw.output,
    operation: { service: 'house', method: 'cancelLotteryDraw' },
    context: { operator: 'operator' },
  }),
};
