import { z } from 'zod';
import { serviceUseCase, type UseCase } from '../use-case.js';
import { rafflePromotionIdSchema, raffleRpcMethods as rpc } from '../loyalty-raffle.js';
import { merchantCodePath as merchantCode, pathIdText } from './fields.js';

const promotionPath = pathIdText(/^[A-Za-z0-9_-]{1,64}$/);
const desk = { tag: 'Operator', auth: 'operator', rateLimit: 'none', idempotent: false } as const;
const promotionQuery = z.object({ promotionId: rafflePromotionIdSchema });

/** Raffles: join, the state for the promotions page, the verifiable draw. */
export const raffleUseCases = {
  raffleState: serviceUseCase({
    tag: 'Raffle',
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    id: 'raffleState',
    summary: 'A raffle promotion’s state: prizes, draw time, the published hash, entrants and tickets; the signed-in member’s tickets; once drawn the seed and the winners (masked)',
    method: 'GET',
    paths: ['/wps/relay/MCS2_getRafflePromotion'],
    request: promotionQuery,
    response: rpc.raffleState.output,
    operation: { service: 'points', method: 'raffleState' },
    context: { merchantCode: 'brandCode', memberId: 'memberId' },
  }),
  joinRaffle: serviceUseCase({
    tag: 'Raffle',
    auth: 'real-member',
    rateLimit: 'ip',
    idempotent: false,
    id: 'joinRaffle',
    summary: 'Joins a raffle promotion (idempotent): from then on the member’s tickets take part in the draw',
    description:
      'Tickets = floor(valid bet settled since the raffle started ÷ ticketPerMinor), bets before joining included. Joining again answers the ' +
      'same state. A raffle that has not started or is closed is RAFFLE_NOT_OPEN; one already drawn RAFFLE_ALREADY_DRAWN.',
    method: 'POST',
    paths: ['/wps/relay/MCS2_claimRafflePromotion'],
    request: promotionQuery,
    response: rpc.joinRaffle.output,
    operation: { service: 'points', method: 'joinRaffle' },
    context: { merchantCode: 'merchantCode', memberId: 'memberId', currency: 'currency' },
    memberRateLimit: { name: 'raffle-join', limit: 20, windowMs: 10_000 },
  }),
  verifyRaffle: serviceUseCase({
    tag: 'Raffle',
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    id: 'verifyRaffle',
    summary: 'A raffle’s draw, verifiable: the hash published before it, and once drawn the seed, the ticket list and the winners',
    description: 'SHA-256(seed) equals the hash. Drawing from the seed over the ticket list (see the schema) gives the winners in rank order, ' + 'each entry winning at most once.',
    method: 'GET',
    paths: ['/wps/relay/MCS2_verifyRafflePromotion'],
    request: promotionQuery,
    response: rpc.verifyRaffle.output,
    operation: { service: 'points', method: 'verifyRaffle' },
    context: { merchantCode: 'brandCode' },
  }),
  operatorRaffleEntries: serviceUseCase({
    ...desk,
    id: 'operatorRaffleEntries',
    summary: 'A raffle’s entries: every member with valid bet counted, joined or not, with tickets and any prize rank',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/raffles/:promotionId/entries'],
    request: z.object({ merchantCode, promotionId: promotionPath }),
    response: rpc.operatorRaffleEntries.output,
    operation: { service: 'points', method: 'operatorRaffleEntries' },
  }),
  operatorDrawRaffle: serviceUseCase({
    ...desk,
    id: 'operatorDrawRaffle',
    summary: 'Draws an open raffle now, before its draw time if need be: winners from the committed seed, prizes paid, seed revealed',
    description: 'A raffle drawn already is RAFFLE_ALREADY_DRAWN; one not started RAFFLE_NOT_OPEN.',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/raffles/:promotionId/draw'],
    request: z.object({ merchantCode, promotionId: promotionPath }),
    response: rpc.operatorDrawRaffle.output,
    operation: { service: 'points', method: 'operatorDrawRaffle' },
    context: { operator: 'operator' },
  }),
} satisfies Record<string, UseCase>;
