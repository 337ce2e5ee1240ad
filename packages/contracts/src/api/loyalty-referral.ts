import { serviceUseCase, type UseCase } from '../use-case.js';
import { referralLinkRpcMethods, referralRpcMethods as rpc, referralSummaryQuerySchema } from '../loyalty-referral.js';
import { z } from 'zod';

const member = { tag: 'Referral', auth: 'real-member', rateLimit: 'ip', idempotent: false } as const;
const MEMBER = { memberId: 'memberId', merchantCode: 'merchantCode' } as const;

/** Invite friends: the member's referral link and the friends who registered with it. */
export const referralUseCases = {
  referralLink: serviceUseCase({
    ...member,
    id: 'referralLink',
    summary: 'The member’s own referral code and the registration address that carries it (`/register?referralCode=…`)',
    description: 'A member without a code gets one now. Whoever registers with it becomes the member’s invited friend.',
    method: 'GET',
    paths: ['/wps/relay/MCS2_getReferralLink'],
    request: z.object({}),
    response: referralLinkRpcMethods.referralLink.output,
    operation: { service: 'identity', method: 'referralLink' },
    context: { ...MEMBER, host: 'host' },
  }),
  referralSummary: serviceUseCase({
    ...member,
    id: 'referralSummary',
    summary: 'The friends the member invited (newest first, masked), each with its progress toward the referral reward, and the rewards earned',
    description:
      'A friend qualifies once: its first deposit reaches the promotion’s minimum and its valid bet reaches the minimum, both within the ' +
      'promotion’s days of registering; the member is then paid the reward (bonus money when the promotion has a wagering multiple, else cash). ' +
      'Only the caller’s own friends are listed. `terms` is null while the brand runs no referral promotion.',
    method: 'GET',
    paths: ['/wps/relay/MCS2_getReferralSummary'],
    request: referralSummaryQuerySchema,
    response: rpc.referralSummary.output,
    operation: { service: 'points', method: 'referralSummary' },
    context: { ...MEMBER, currency: 'currency' },
  }),
} satisfies Record<string, UseCase>;
