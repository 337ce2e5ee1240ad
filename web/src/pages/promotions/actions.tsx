import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useCases } from '../../useCases';
import { errorMessage } from '../../api';
import { useIdempotentAction } from '../../idempotency';
import { newerVersion } from '../../live/sessionFollower';
import { useSession } from '../../state/session';
import { showNotice, showToast, useModal } from '../../state/ui';
import { MEMBER_PATH } from '../memberPanels';
import { freeRoundsToPlay, isAction, money, slotName, slotPath } from './format';
import { promotionKeys, refreshPromotions, type PromotionActionValue, type PromotionCardValue, type PromotionPageValue, type PromotionSummaryValue } from './promotionsState';
import { promotionsApi } from './promotionsApi';

/** Invite friends: the member centre's referral panel. */
export const REFERRAL_PANEL = `${MEMBER_PATH}?panel=referral`;

const TONES: Record<PromotionCardValue['state'], string> = {
  join: 'info',
  claim: 'info',
  applying: 'info',
  signed: 'ok',
  claimed: 'ok',
  issued: 'ok',
  process: 'warn',
  rejected: 'bad',
  close: 'bad',
  coming_soon: 'info',
};

/** The member's answer to a join, claim or application, put where the page and the summary read it. */
export function useSettleAction(): (answer: PromotionActionValue) => void {
  const client = useQueryClient();
  const { token } = useSession();
  return useCallback(
    (answer: PromotionActionValue) => {
      client.setQueriesData<PromotionPageValue>({ queryKey: [useCases.promotionPage.id, token] }, (page) =>
        page && page.version <= answer.version
          ? {
              ...page,
              version: answer.version,
              availablePromoCount: answer.availablePromoCount,
              list: page.list.map((card) => (card.promotionId === answer.promotion.promotionId ? answer.promotion : card)),
            }
          : page,
      );
      client.setQueryData<PromotionSummaryValue>(promotionKeys.summary(token), (current) =>
        current ? newerVersion(current, { ...current, availablePromoCount: answer.availablePromoCount, version: answer.version }) : current,
      );
      refreshPromotions(client, token);
    },
    [client, token],
  );
}

/**
 * What the state button does: a guest signs in first; invite friends opens the referral panel; a raffle or an
 * application opens the detail (its panel, its form); join and claim act at once (a claim once per key, so a retry
 * after a lost answer gives nothing twice).
 */
export function usePromotionActions() {
  const { t } = useTranslation();
  const { member } = useSession();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const runAction = useIdempotentAction();
  const settle = useSettleAction();
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (card: PromotionCardValue, openDetail: () => void): Promise<void> => {
    if (!member) {
      openModal('login');
      return;
    }
    if (card.kind === 'referral') {
      void navigate(REFERRAL_PANEL);
      return;
    }
    if (card.kind === 'raffle' || card.state === 'applying') {
      openDetail();
      return;
    }
    setBusy(card.promotionId);
    try {
      if (card.state === 'join') {
        settle(await promotionsApi.join(card.promotionId));
        showToast(t('promo_joined_toast', { title: card.title }));
      } else if (card.state === 'claim') {
        const answer = await runAction({ claim: card.promotionId }, (key) => promotionsApi.claim(card.promotionId, key));
        settle(answer);
        if (card.kind === 'free_rounds') {
          showToast(t('promo_free_rounds_claimed_toast', { count: card.terms.rounds, game: slotName(card.terms.game, t) }));
        } else {
          const amount = answer.promotion.participation?.bonusMinor;
          showToast(t('promo_claimed_toast', { amount: amount ? money(amount, card.currency) : '' }));
        }
      }
    } catch (failure) {
      showNotice({ title: card.title, text: errorMessage(failure) });
    } finally {
      setBusy(null);
    }
  };
  return { act, busy };
}

/** The card's state: a button while the member can act (join, claim, apply), else the state in the spec's words. */
export function StateButton({ card, busy, onAct, large = false }: { card: PromotionCardValue; busy: boolean; onAct: () => void; large?: boolean }) {
  const { t } = useTranslation();
  if (isAction(card.state) && !(card.kind === 'raffle' && large)) {
    const label = card.kind === 'referral' ? t('promo_invite') : t(`promo_state_${card.state}`);
    return (
      <button
        type="button"
        className={`btn btn-primary${large ? '' : ' btn-sm'} promo-action`}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={onAct}
        data-testid={`promo-action-${card.promotionId}`}
        data-state={card.state}
      >
        {label}
      </button>
    );
  }
  if (isAction(card.state)) return null;
  return (
    <span className={`status-badge tone-${TONES[card.state]} promo-state`} data-testid={`promo-state-${card.promotionId}`} data-state={card.state}>
      {t(`promo_state_${card.state}`)}
    </span>
  );
}

/** Claimed free rounds: a way to the slot's page, where they are played. */
export function PlayFreeRounds({ card, large = false }: { card: PromotionCardValue; large?: boolean }) {
  const { t } = useTranslation();
  if (!freeRoundsToPlay(card)) return null;
  return (
    <Link
      to={slotPath(card.terms.game)}
      className={`btn btn-primary${large ? ' promo-detail-action' : ' btn-sm'} promo-play`}
      aria-label={t('promo_free_rounds_play_label', { game: slotName(card.terms.game, t) })}
      data-testid={`promo-play-${card.promotionId}`}
    >
      {t('promo_free_rounds_play')}
    </Link>
  );
}
