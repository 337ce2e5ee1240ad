import { z } from 'zod';
import { serviceUseCase, type UseCase } from '../use-case.js';
import { rebateRpcMethods as rpc } from '../loyalty-rebate.js';

const MEMBER = { memberId: 'memberId', merchantCode: 'merchantCode', currency: 'currency' } as const;

/** Manual rebate: today's rebate so far, claimable before the daily run. */
export const rebateUseCases = {
  rebateAccrual: serviceUseCase({
    tag: 'Rebate',
    auth: 'real-member',
    rateLimit: 'ip',
    idempotent: false,
    id: 'rebateAccrual',
    summary: 'Today’s rebate so far: valid bet of the brand’s day by game type times the rate of the member’s VIP level, what was claimed and what can be claimed',
    method: 'GET',
    paths: ['/wps/relay/MCS2_getManualRebate'],
    request: z.object({}),
    response: rpc.rebateAccrual.output,
    operation: { service: 'points', method: 'rebateAccrual' },
    context: MEMBER,
  }),
  claimRebate: serviceUseCase({
    tag: 'Rebate',
    auth: 'real-member',
    rateLimit: 'ip',
    idempotent: true,
    id: 'claimRebate',
    summary: 'Claims the rebate accrued today and not claimed yet, paid as cash at once and listed in bonusDetails',
    description:
      'The same Idempotency-Key answers the first claim. The daily run then grants only the rebate of the valid bet not claimed. ' +
      'Nothing to claim is REBATE_NOTHING_TO_CLAIM; a brand without VIP rebate REBATE_NOT_AVAILABLE; a day the daily run has settled REBATE_DAY_CLOSED.',
    method: 'POST',
    paths: ['/wps/relay/MCS2_claimManualRebate'],
    request: z.object({}),
    response: rpc.claimRebate.output,
    operation: { service: 'points', method: 'claimRebate' },
    context: MEMBER,
    memberRateLimit: { name: 'rebate-claim', limit: 10, windowMs: 10_000 },
  }),
} satisfies Record<string, UseCase>;
