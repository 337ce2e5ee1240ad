import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../components/Modal';
import { RafflePanel } from '../../components/promotions/RafflePanel';
import { useSession } from '../../state/session';
import { useModal } from '../../state/ui';
import { formatDay, freeRoundsPlayBy, freeRoundsToPlay, headline, isAction, money, periodText, slotName, termLines } from './format';
import { promotionKeys, type PromotionCardValue } from './promotionsState';
import { promotionsApi } from './promotionsApi';
import { ApplicationForm } from './ApplicationForm';
import { PlayFreeRounds, REFERRAL_PANEL, StateButton, usePromotionActions } from './actions';

/** What the member's state means, in words, where it needs more than its name. */
function stateHint(card: PromotionCardValue, t: (key: string, params?: Record<string, unknown>) => string, language: string): string | null {
  const participation = card.participation;
  const bonus = participation?.bonusMinor ? money(participation.bonusMinor, card.currency) : '';
  switch (card.state) {
    case 'signed':
      if (card.kind === 'deposit_match') return t('promo_state_hint_signed_deposit_match', { min: money(card.terms.minDepositMinor, card.currency) });
      if (card.kind === 'cashback' || card.kind === 'tournament') return t(`promo_state_hint_signed_${card.kind}`);
      return null;
    case 'process':
      return participation?.state === 'process' ? t('promo_state_hint_process') : t('promo_state_hint_process_bonus');
    case 'issued':
      if (card.kind === 'free_rounds') {
        if (!participation?.bonusMinor || /^0+$/.test(participation.bonusMinor)) return t('promo_state_hint_free_rounds_none');
        return t(card.terms.multiple === 0 ? 'promo_state_hint_issued_free_rounds_cash' : 'promo_state_hint_issued_free_rounds', { amount: bonus });
      }
      return t('promo_state_hint_issued', { amount: bonus });
    case 'claimed':
      if (card.kind === 'free_rounds') {
        // Spins that won nothing leave the participation claimed, with a total of zero.
        if (participation?.bonusMinor != null) return t('promo_state_hint_free_rounds_none');
        const game = slotName(card.terms.game, t);
        const by = participation ? formatDay(freeRoundsPlayBy(participation.createdAt, card.terms.playDays), language) : null;
        return by ? t('promo_state_hint_claimed_free_rounds', { game, date: by }) : t('promo_state_hint_claimed_free_rounds_soon', { game });
      }
      return t('promo_state_hint_claimed', { amount: bonus });
    case 'rejected':
      return t('promo_state_hint_rejected', { reason: participation?.rejectReason ?? '' });
    case 'coming_soon':
      return t('promo_state_hint_coming_soon', { date: formatDay(card.startsAt, language) });
    case 'close':
      return t('promo_state_hint_close');
    default:
      return null;
  }
}

/** The action part of the detail: the raffle's own panel, invite friends, the application form, or join and claim. */
function Action({ card }: { card: PromotionCardValue }) {
  const { t } = useTranslation();
  const { member } = useSession();
  const { openModal } = useModal();
  const actions = usePromotionActions();
  if (card.kind === 'raffle') return <RafflePanel promotion={card} />;
  if (!member && isAction(card.state)) {
    return (
      <button type="button" className="btn btn-primary promo-detail-action" onClick={() => openModal('login')} data-testid="promo-detail-sign-in">
        {t('promo_sign_in')}
      </button>
    );
  }
  if (card.kind === 'referral' && card.state === 'join') {
    return (
      <Link to={REFERRAL_PANEL} className="btn btn-primary promo-detail-action" data-testid="promo-detail-invite">
        {t('promo_invite')}
      </Link>
    );
  }
  if (card.kind === 'application' && card.state === 'applying') return <ApplicationForm card={card} />;
  if (freeRoundsToPlay(card)) return <PlayFreeRounds card={card} large />;
  if (!isAction(card.state)) return null;
  return <StateButton card={card} large busy={actions.busy === card.promotionId} onAct={() => void actions.act(card, () => undefined)} />;
}

/** One promotion: its banner, period, terms and rules, the member's state with what it means, and what to do. */
export function PromotionDetail({ card, onClose }: { card: PromotionCardValue; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { token, authReady } = useSession();
  const { data } = useQuery({
    queryKey: promotionKeys.detail(token, i18n.language, card.promotionId),
    queryFn: () => promotionsApi.detail(card.promotionId, token !== null),
    enabled: authReady,
  });
  const hint = stateHint(card, t, i18n.language);
  const terms = termLines(card, t, i18n.language);
  return (
    <Modal title={card.title} onClose={onClose} testId="promo-detail">
      <div className="promo-detail" data-kind={card.kind} data-state={card.state} data-testid={`promo-detail-${card.promotionId}`}>
        {card.bannerUrl && <img className="promo-detail-banner" src={card.bannerUrl} alt="" />}
        <div className="promo-detail-head">
          <span className="promo-chip">{t(`promo_kind_${card.kind}`)}</span>
          <span className="promo-period">{periodText(card, t, i18n.language)}</span>
        </div>
        {card.summary && <p className="promo-summary">{card.summary}</p>}
        <p className="promo-figure">{headline(card, t)}</p>
        {!isAction(card.state) && (
          <section className="promo-detail-state" aria-label={t('promo_your_state')} data-testid="promo-detail-state" data-state={card.state}>
            <StateButton card={card} busy={false} onAct={() => undefined} />
            {hint && <p className="promo-hint">{hint}</p>}
            {card.participation?.depositMinor && <p className="promo-hint">{t('promo_deposit_matched', { amount: money(card.participation.depositMinor, card.currency) })}</p>}
          </section>
        )}
        <section className="promo-terms" aria-labelledby="promo-terms-title">
          <h3 id="promo-terms-title">{t('promo_terms')}</h3>
          <ul data-testid="promo-detail-terms">
            {terms.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {data && (data.limitDevice || data.limitIp) && <p className="promo-muted">{t('promo_limits')}</p>}
        </section>
        {data?.rules && (
          <section className="promo-rules" aria-labelledby="promo-rules-title">
            <h3 id="promo-rules-title">{t('promo_rules')}</h3>
            <p className="promo-rules-text" data-testid="promo-detail-rules">
              {data.rules}
            </p>
          </section>
        )}
        <div className="promo-detail-actions">
          <Action card={card} />
        </div>
      </div>
    </Modal>
  );
}
