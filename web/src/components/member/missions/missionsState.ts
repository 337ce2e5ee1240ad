/**
 * The signed-in member's missions (summary) and the weekly leaderboard, read through TanStack Query and kept live by
 * `missions` pushes: a `progress` push reads both again, a `leaderboard` push sets the brand's top N as it came. Both
 * are read again after every reconnect, since pushes missed meanwhile are not replayed. A `rewards` push (a claim
 * anywhere) reads the summary again.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Leaderboard, type MissionSummary } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call } from '../../../api';
import { live } from '../../../live/connection';
import { usePreferences } from '../../../state/preferences';
import { useSession } from '../../../state/session';
import { sessionFollower } from '../../../live/sessionFollower';

export const missionKeys = {
  summary: (token: string | null, language: string) => [useCases.missionSummary.id, token, language] as const,
  leaderboard: (token: string | null) => [useCases.missionLeaderboard.id, token] as const,
};

/** One listener per session however many screens show missions. */
const follow = sessionFollower((client, token) => {
  const reload = () => {
    void client.invalidateQueries({ queryKey: [useCases.missionSummary.id, token] });
    void client.invalidateQueries({ queryKey: missionKeys.leaderboard(token) });
  };
  const offPush = live.subscribe('missions', (push) => {
    if (push.scope === 'progress') return reload();
    const top = push.top;
    if (!top) return;
    client.setQueryData<Leaderboard>(missionKeys.leaderboard(token), (current) => {
      if (!current || current.weekStart !== push.weekStart) return current;
      const mine = current.own?.account ?? null;
      return { ...current, top: top.map((row) => ({ ...row, self: row.account === mine })) };
    });
  });
  // A reward claimed anywhere (the reward centre, another tab) changes the missions' claim state.
  const offRewards = live.subscribe('rewards', () => void client.invalidateQueries({ queryKey: [useCases.missionSummary.id, token] }));
  const offConnect = live.onConnect(reload);
  return () => {
    offPush();
    offRewards();
    offConnect();
  };
});

function useFollowMissions(enabled: boolean, token: string | null) {
  const client = useQueryClient();
  useEffect(() => (enabled && token ? follow(client, token) : undefined), [client, enabled, token]);
}

/** The member's missions with progress and claim state (undefined while unknown or for guests). */
export function useMissionSummary() {
  const { token } = useSession();
  const { language } = usePreferences();
  const enabled = token !== null;
  useFollowMissions(enabled, token);
  return useQuery({
    queryKey: missionKeys.summary(token, language),
    queryFn: ({ signal }) => call(useCases.missionSummary, {}, { signal }),
    enabled,
  });
}

export function useMissionLeaderboard() {
  const { token } = useSession();
  const enabled = token !== null;
  useFollowMissions(enabled, token);
  return useQuery({
    queryKey: missionKeys.leaderboard(token),
    queryFn: ({ signal }) => call(useCases.missionLeaderboard, {}, { signal }),
    enabled,
  });
}

/** Completed missions whose reward waits to be claimed: the badge on the missions links. */
export function useClaimableMissions(): number {
  return useMissionSummary().data?.claimable ?? 0;
}

export type { MissionSummary };
