/**
 * The signed-in member's unread message count (CSP_unreadCount), for the header and side-menu badges and the inbox.
 * Read once per session, then kept current by `unread` pushes and by the answers of the inbox's own actions; read
 * again after every reconnect, since pushes missed meanwhile are not replayed. Guests and trial accounts have none.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type UnreadCount } from '@wps/contracts';
import { useCases } from '../useCases';
import { call } from '../api';
import { live } from '../live/connection';
import { queryKeys } from './queries';
import { sessionStore, useSession } from './session';
import { newerVersion, sessionFollower } from '../live/sessionFollower';

/** The newer of two counts: the one with the higher version (an answer and a push may cross). */
export const newerUnread = newerVersion<UnreadCount>;

/** Shows `next` for the session of `token`, unless a newer count is shown already. */
export function acceptUnread(client: QueryClient, token: string, next: UnreadCount): void {
  if (sessionStore.get().member?.token !== token) return;
  client.setQueryData<UnreadCount>(queryKeys.unreadCount(token), (current) => newerUnread(current, next));
}

const unreadQuery = (token: string | null, enabled: boolean) => ({
  queryKey: queryKeys.unreadCount(token),
  queryFn: async ({ client }: { client: QueryClient }) => newerUnread(client.getQueryData<UnreadCount>(queryKeys.unreadCount(token)), await call(useCases.unreadCount, {})),
  enabled,
});

/** One listener per session however many badges show the count. */
const follow = sessionFollower((client, token) => {
  const offPush = live.subscribe('unread', (count) => acceptUnread(client, token, count));
  const offConnect = live.onConnect(() => void client.invalidateQueries({ queryKey: queryKeys.unreadCount(token) }));
  return () => {
    offPush();
    offConnect();
  };
});

/** The count and its version (undefined while unknown, or for guests and trial accounts). */
export function useUnread(): UnreadCount | undefined {
  const client = useQueryClient();
  const { member, token } = useSession();
  const enabled = token !== null && member !== null && !member.isTrial;
  const { data } = useQuery(unreadQuery(token, enabled));
  useEffect(() => (enabled && token ? follow(client, token) : undefined), [client, enabled, token]);
  return enabled ? data : undefined;
}

/** The signed-in member's unread message count, kept live by `unread` pushes; 0 for guests and trial accounts. */
export function useUnreadCount(): number {
  return useUnread()?.unread ?? 0;
}
