/**
 * The promotions part of the public state (availablePromoCount, availablePromo) for the side menu, and the page's
 * data. Read once per session (guests too: whether a referral promotion runs), then kept current by `promotions`
 * pushes, and read again after every reconnect, since pushes missed meanwhile are not replayed.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import i18n from 'i18next';
import { call } from '../../api';
import { live } from '../../live/connection';
import { newerVersion, sessionFollower } from '../../live/sessionFollower';
import { sessionStore, useSession } from '../../state/session';
import { showToast } from '../../state/ui';

export type PromotionSummaryValue = UseCaseResponse<UseCases['promotionSummary']>;
export type PromotionPageValue = UseCaseResponse<UseCases['promotionPage']>;
export type PromotionCardValue = PromotionPageValue['list'][number];
export type PromotionDetailValue = UseCaseResponse<UseCases['promotionDetail']>;
export type PromotionActionValue = UseCaseResponse<UseCases['claimPromotion']>;

export const promotionKeys = {
  summary: (token: string | null) => [useCases.promotionSummary.id, token] as const,
  /** The page for the session (guest: null token) in a language. */
  page: (token: string | null, language: string) => [useCases.promotionPage.id, token, language] as const,
  detail: (token: string | null, language: string, promotionId: string) => [useCases.promotionDetail.id, token, language, promotionId] as const,
};

/** Reads the session's page, summary and details again (a change elsewhere, a reconnect). */
export function refreshPromotions(client: QueryClient, token: string | null): void {
  void client.invalidateQueries({ queryKey: [useCases.promotionSummary.id, token] });
  void client.invalidateQueries({ queryKey: [useCases.promotionPage.id, token] });
  void client.invalidateQueries({ queryKey: [useCases.promotionDetail.id, token] });
}

/** One listener per session however many screens show promotions. */
const follow = sessionFollower((client, token) => {
  const offPush = live.subscribe('promotions', (data, push) => {
    if (sessionStore.get().member?.token !== token) return;
    client.setQueryData<PromotionSummaryValue>(promotionKeys.summary(token), (current) =>
      current ? newerVersion(current, { ...current, availablePromoCount: data.availablePromoCount, version: push.v }) : current,
    );
    // The card shows the new state at once; the rest of it (amounts, reasons) is read again.
    client.setQueriesData<PromotionPageValue>({ queryKey: [useCases.promotionPage.id, token] }, (page) =>
      page && page.version < push.v
        ? {
            ...page,
            version: push.v,
            availablePromoCount: data.availablePromoCount,
            list: page.list.map((card) => (card.promotionId === data.promotionId && card.kind !== 'cashback' ? { ...card, state: data.state } : card)),
          }
        : page,
    );
    refreshPromotions(client, token);
    // What someone else decided (an approval, a rejection, a deposit's match, a week's cashback) is announced.
    if (data.state === 'issued' || data.state === 'rejected') {
      const pages = client.getQueriesData<PromotionPageValue>({ queryKey: [useCases.promotionPage.id, token] });
      const title = pages.flatMap(([, page]) => page?.list ?? []).find((card) => card.promotionId === data.promotionId)?.title ?? '';
      showToast(i18n.t(data.state === 'issued' ? 'promo_issued_toast' : 'promo_rejected_toast', { title }));
    }
  });
  const offConnect = live.onConnect(() => refreshPromotions(client, token));
  return () => {
    offPush();
    offConnect();
  };
});

/** Follows the session's `promotions` pushes while the calling screen is shown (members only; trial accounts take no part). */
export function useFollowPromotions(): void {
  const client = useQueryClient();
  const { member, token } = useSession();
  const follows = token !== null && member !== null && !member.isTrial;
  useEffect(() => (follows && token ? follow(client, token) : undefined), [client, follows, token]);
}

/**
 * The promotions part of the public state for the session: for guests whether a referral promotion runs and what a
 * new member could take part in, for members their own count, kept live by pushes. Undefined while unknown.
 */
export function usePromotionSummary(): PromotionSummaryValue | undefined {
  const { token, authReady } = useSession();
  const { data } = useQuery({
    queryKey: promotionKeys.summary(token),
    queryFn: async ({ client }) => newerVersion(client.getQueryData<PromotionSummaryValue>(promotionKeys.summary(token)), await call(useCases.promotionSummary, {}, { withSession: token !== null })),
    enabled: authReady,
  });
  useFollowPromotions();
  return authReady ? data : undefined;
}

/** Whether the brand's invite-friends promotion runs (spec §6: the referral entry shows only then). */
export const referralEnabled = (summary: PromotionSummaryValue | undefined): boolean => summary?.availablePromo.some((entry) => entry.type === 'REFERRAL' && entry.enabled) ?? false;
