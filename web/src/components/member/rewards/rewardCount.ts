/**
 * The signed-in member's claimable reward count (the reward-centre badge). Read once per session, then kept current by
 * `rewards` pushes and by the answers of claims; read again after every reconnect, since pushes missed meanwhile are
 * not replayed. Guests and trial accounts have none.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type RewardCount } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call } from '../../../api';
import { live } from '../../../live/connection';
import { sessionStore, useSession } from '../../../state/session';
import { newerVersion, sessionFollower } from '../../../live/sessionFollower';

export const rewardCountKey = (token: string | null) => [useCases.rewardCount.id, token] as const;

/** The newer of two counts: the one with the higher version (an answer and a push may cross). */
export const newerCount = newerVersion<RewardCount>;

/** Shows `next` for the session of `token`, unless a newer count is shown already. */
export function acceptRewardCount(client: QueryClient, token: string, next: RewardCount): void {
  if (sessionStore.get().member?.token !== token) return;
  client.setQueryData<RewardCount>(rewardCountKey(token), (current) => newerCount(current, next));
}

/** One listener per session however many badges show the count. */
const follow = sessionFollower((client, token) => {
  const offPush = live.subscribe('rewards', (count) => acceptRewardCount(client, token, count));
  const offConnect = live.onConnect(() => void client.invalidateQueries({ queryKey: rewardCountKey(token) }));
  return () => {
    offPush();
    offConnect();
  };
});

/** The count and its version (undefined while unknown, or for guests and trial accounts). */
export function useRewardCount(): RewardCount | undefined {
  const client = useQueryClient();
  const { member, token } = useSession();
  const enabled = token !== null && member !== null && !member.isTrial;
  const { data } = useQuery({
    queryKey: rewardCountKey(token),
    queryFn: async ({ client: queryClient }) => newerCount(queryClient.getQueryData<RewardCount>(rewardCountKey(token)), await call(useCases.rewardCount, {})),
    enabled,
  });
  useEffect(() => (enabled && token ? follow(client, token) : undefined), [client, enabled, token]);
  return enabled ? data : undefined;
}
