import { z } from 'zod';
import { serviceUseCase, type UseCase } from '../use-case.js';
import { bonusDetailsQuerySchema, rewardsRpcMethods as rpc } from '../loyalty-rewards.js';

const member = { tag: 'Reward centre', auth: 'real-member', rateLimit: 'ip', idempotent: false } as const;
const MEMBER = { memberId: 'memberId', merchantCode: 'merchantCode' } as const;
/** Calls that answer rewards' names: written in the caller's interface language. */
const READER = { ...MEMBER, language: 'interfaceLanguage' } as const;

/** The reward centre: everything a member can claim, in one list, and what was received. */
export const rewardsUseCases = {
  listRewards: serviceUseCase({
    ...member,
    id: 'listRewards',
    summary: 'The reward centre (rewardCenter): claimable rewards first, then the ones claimed or expired in the last 30 days',
    method: 'GET',
    paths: ['/wps/relay/MCS2_getRewardCenter'],
    request: z.object({}),
    response: rpc.listRewards.output,
    operation: { service: 'points', method: 'listRewards' },
    context: READER,
  }),
  rewardCount: serviceUseCase({
    ...member,
    id: 'rewardCount',
    summary: 'How many rewards the member can claim (the reward-centre badge), with the version `rewards` pushes carry',
    method: 'GET',
    paths: ['/wps/relay/MCS2_getRewardCount'],
    request: z.object({}),
    response: rpc.rewardCount.output,
    operation: { service: 'points', method: 'rewardCount' },
    context: MEMBER,
  }),
  claimReward: serviceUseCase({
    ...member,
    id: 'claimReward',
    summary: 'Claims one reward: money is paid to the wallet, points to the points balance',
    description: 'Once: a second claim (another tab) is REWARD_ALREADY_CLAIMED and pays nothing; an expired reward is REWARD_EXPIRED; another member’s is REWARD_NOT_FOUND.',
    method: 'POST',
    paths: ['/wps/relay/MCS2_claimReward'],
    request: z.object({ grantId: z.string().regex(/^[1-9][0-9]{0,17}$/) }),
    response: rpc.claimReward.output,
    operation: { service: 'points', method: 'claimReward' },
    context: READER,
    memberRateLimit: { name: 'reward-claim', limit: 20, windowMs: 10_000 },
  }),
  claimAllRewards: serviceUseCase({
    ...member,
    id: 'claimAllRewards',
    summary: 'Claims every reward the member can claim now; answers what was claimed',
    method: 'POST',
    paths: ['/wps/relay/MCS2_claimAllRewards'],
    request: z.object({}),
    response: rpc.claimAllRewards.output,
    operation: { service: 'points', method: 'claimAllRewards' },
    context: READER,
    memberRateLimit: { name: 'reward-claim-all', limit: 5, windowMs: 10_000 },
  }),
  bonusDetails: serviceUseCase({
    ...member,
    id: 'bonusDetails',
    summary: 'bonusDetails: everything the member received (claimed rewards and red envelopes), newest first, paged, within dates',
    method: 'GET',
    paths: ['/wps/relay/MCS2_getBonusDetails'],
    request: bonusDetailsQuerySchema,
    response: rpc.bonusDetails.output,
    operation: { service: 'points', method: 'bonusDetails' },
    context: READER,
  }),
} satisfies Record<string, UseCase>;
