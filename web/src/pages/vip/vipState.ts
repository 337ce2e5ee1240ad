/**
 * The VIP part of the public state (hasVip, vipLabelName, vipRankLevel) for the avatar's label, the side menu and the
 * VIP page. Read once per session (guests too: whether the brand has VIP), then kept current by `vip` pushes (an
 * upgrade also shows a toast) and the page's progress by `vipProgress` pushes, and read again after every reconnect,
 * since pushes missed meanwhile are not replayed.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import i18n from 'i18next';
import { call } from '../../api';
import { live } from '../../live/connection';
import { sessionStore, useSession } from '../../state/session';
import { showToast } from '../../state/ui';
import { sessionFollower } from '../../live/sessionFollower';

export type VipStanding = UseCaseResponse<UseCases['vipState']>;
export type VipPageValue = UseCaseResponse<UseCases['vipPage']>;
export type VipLevelValue = VipPageValue['levels'][number];

export const vipKeys = {
  state: (token: string | null) => [useCases.vipState.id, token] as const,
  /** The page for the session (guest: null token). */
  page: (token: string | null) => [useCases.vipPage.id, token] as const,
};

/** The newer of two standings: the one with the higher version (an answer and a push may cross). */
export function newerStanding(current: VipStanding | undefined, next: VipStanding): VipStanding {
  return current && current.version > next.version ? current : next;
}

/** One listener per session however many screens show the standing. */
const follow = sessionFollower((client, token) => {
  const offPush = live.subscribe('vip', (data, push) => {
    if (sessionStore.get().member?.token !== token) return;
    const next: VipStanding = { hasVip: data.hasVip, vipLabelName: data.vipLabelName, vipRankLevel: data.vipRankLevel, version: push.v };
    client.setQueryData<VipStanding>(vipKeys.state(token), (current) => newerStanding(current, next));
    void client.invalidateQueries({ queryKey: vipKeys.page(token) });
    if (data.vipRankLevel > data.fromLevel) showToast(i18n.t('vip_upgrade_toast', { label: data.vipLabelName }));
  });
  // The progress bars move with every settled bet or deposit; a level the page does not show yet means a fresh read.
  const offProgress = live.subscribe('vipProgress', (data) => {
    if (sessionStore.get().member?.token !== token) return;
    // The page is kept per language: every copy of it moves.
    const pages = client.getQueriesData<VipPageValue>({ queryKey: vipKeys.page(token) });
    if (pages.some(([, page]) => page?.member && page.member.level !== data.level)) {
      void client.invalidateQueries({ queryKey: vipKeys.page(token) });
      return;
    }
    client.setQueriesData<VipPageValue>({ queryKey: vipKeys.page(token) }, (page) =>
      page?.member ? { ...page, member: { ...page.member, depositMinor: data.depositMinor, validBetMinor: data.validBetMinor } } : page,
    );
  });
  const offConnect = live.onConnect(() => {
    void client.invalidateQueries({ queryKey: vipKeys.state(token) });
    void client.invalidateQueries({ queryKey: vipKeys.page(token) });
  });
  return () => {
    offPush();
    offProgress();
    offConnect();
  };
});

/**
 * The VIP standing for the session: the brand's hasVip for guests, the member's level for members, kept live by
 * pushes for members (trial accounts included, at level 0). Undefined while unknown.
 */
export function useVipStanding(): VipStanding | undefined {
  const client = useQueryClient();
  const { member, token, authReady } = useSession();
  const { data } = useQuery({
    queryKey: vipKeys.state(token),
    queryFn: async ({ client: queryClient }) => newerStanding(queryClient.getQueryData<VipStanding>(vipKeys.state(token)), await call(useCases.vipState, {}, { withSession: token !== null })),
    enabled: authReady,
  });
  const follows = token !== null && member !== null && !member.isTrial;
  useEffect(() => (follows && token ? follow(client, token) : undefined), [client, follows, token]);
  return authReady ? data : undefined;
}

/** Minor units as a decimal amount of two places ("130000" → "1300.00"). */
export function minorToAmount(minor: string): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** How far `value` is toward `target`, 0–100 (100 when the target is zero). */
export function percentOf(value: string, target: string): number {
  const goal = BigInt(target);
  if (goal <= 0n) return 100;
  const done = BigInt(value);
  if (done >= goal) return 100;
  return Number((done * 1000n) / goal) / 10;
}
