import { z } from 'zod';
import { serviceUseCase, type UseCase } from '../use-case.js';
import { createEnvelopeWindowBodySchema, deviceIdSchema, envelopesRpcMethods as rpc } from '../loyalty-envelopes.js';
import { merchantCodePath as merchantCode, pathIdText } from './fields.js';

const windowId = pathIdText(/^[1-9][0-9]{0,17}$/);
const member = { tag: 'Red envelopes', auth: 'real-member', rateLimit: 'ip', idempotent: false } as const;
const MEMBER = { memberId: 'memberId', merchantCode: 'merchantCode' } as const;
const desk = { tag: 'Operator', auth: 'operator', rateLimit: 'none', idempotent: false, bodyLimit: '16kb' } as const;

/** Red envelopes: windows with a pool split when they open, one claim per member. */
export const envelopesUseCases = {
  currentEnvelope: serviceUseCase({
    ...member,
    id: 'currentEnvelope',
    summary: 'The red-envelope window open now for the member, else the next one: upcoming, open, claimed (with the amount) or closed',
    method: 'GET',
    paths: ['/wps/relay/MCS2_getRedEnvelope'],
    request: z.object({}),
    response: rpc.currentEnvelope.output,
    operation: { service: 'points', method: 'currentEnvelope' },
    context: MEMBER,
  }),
  claimEnvelope: serviceUseCase({
    ...member,
    id: 'claimEnvelope',
    summary: 'Opens the red envelope of an open window: the next slot of its split, paid to the wallet at once',
    description:
      'Once per member, per device (`deviceId`, kept by the client) and per address in each window. A second claim is ' +
      'ENVELOPE_ALREADY_CLAIMED (or ENVELOPE_DEVICE_USED, ENVELOPE_IP_USED) and pays nothing; a window with every ' +
      'envelope taken is ENVELOPE_EMPTY; outside the window ENVELOPE_NOT_OPEN.',
    method: 'POST',
    paths: ['/wps/relay/MCS2_claimRedEnvelope'],
    request: z.object({ windowId: z.string().regex(/^[1-9][0-9]{0,17}$/), deviceId: deviceIdSchema }),
    response: rpc.claimEnvelope.output,
    operation: { service: 'points', method: 'claimEnvelope' },
    context: { ...MEMBER, currency: 'currency', ip: 'ip' },
    memberRateLimit: { name: 'envelope-claim', limit: 10, windowMs: 10_000 },
  }),
  verifyEnvelope: serviceUseCase({
    tag: 'Red envelopes',
    auth: 'guest',
    rateLimit: 'ip',
    idempotent: false,
    id: 'verifyEnvelope',
    summary: 'A window’s split, verifiable: the hash published at opening, and once it closed the seed and every amount',
    description: 'SHA-256(seed + "|" + amounts joined by ",") equals the hash, and the amounts sum to the pool, each within [min, max].',
    method: 'GET',
    paths: ['/wps/relay/MCS2_verifyRedEnvelope'],
    request: z.object({ windowId: z.string().regex(/^[1-9][0-9]{0,17}$/) }),
    response: rpc.verifyEnvelope.output,
    operation: { service: 'points', method: 'verifyEnvelope' },
    context: { merchantCode: 'brandCode' },
  }),
  operatorEnvelopeWindows: serviceUseCase({
    ...desk,
    id: 'operatorEnvelopeWindows',
    summary: 'The brand’s red-envelope windows, newest first, with what was claimed',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/envelope-windows'],
    request: z.object({ merchantCode }),
    response: rpc.operatorListEnvelopeWindows.output,
    operation: { service: 'points', method: 'operatorListEnvelopeWindows' },
  }),
  operatorCreateEnvelopeWindow: serviceUseCase({
    ...desk,
    id: 'operatorCreateEnvelopeWindow',
    summary: 'Schedules a red-envelope window: start, end, pool, number of envelopes, min and max per envelope, who may claim',
    description: 'The pool must be splittable (count × min ≤ pool ≤ count × max) and the window must end after it starts and in the future (ENVELOPE_WINDOW_INVALID).',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/envelope-windows'],
    request: createEnvelopeWindowBodySchema.extend({ merchantCode }),
    response: rpc.operatorCreateEnvelopeWindow.output,
    operation: { service: 'points', method: 'operatorCreateEnvelopeWindow' },
    context: { operator: 'operator' },
  }),
  operatorCancelEnvelopeWindow: serviceUseCase({
    ...desk,
    id: 'operatorCancelEnvelopeWindow',
    summary: 'Cancels a scheduled or open window: no more claims (what was claimed stays paid), and an open window’s seed is revealed',
    description: 'A daily window cancelled is not scheduled again. Cancelling a window that is over is ENVELOPE_WINDOW_CLOSED.',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/envelope-windows/:windowId/cancel'],
    request: z.object({ merchantCode, windowId }),
    response: rpc.operatorCancelEnvelopeWindow.output,
    operation: { service: 'points', method: 'operatorCancelEnvelopeWindow' },
    context: { operator: 'operator' },
  }),
} satisfies Record<string, UseCase>;
