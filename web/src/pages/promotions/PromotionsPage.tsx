/**
 * Promotions (spec §2 /promotions, lazy area "Promotions"): the brand's promotions by category, each card with its
 * banner, title, period and the member's state in the spec's words; a detail with the terms and the action (join,
 * claim, the application form, a raffle's panel). States change live with `promotions` pushes. The brand's promotion
 * notices follow under "News" (/promotions#<id> scrolls to one).
 */
import { useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PROMOTION_CATEGORIES, type PromotionCategory } from '@wps/contracts';
import { errorMessage } from '../../api';
import { useSession } from '../../state/session';
import { linkAction } from '../../components/content/linkage';
import { useFollowLink } from '../../components/content/hooks';
import { RichText } from '../../components/content/RichText';
import { useContent } from '../../components/content/useContent';
import { headline, periodText } from './format';
import { useFollowPromotions, type PromotionCardValue } from './promotionsState';
import { promotionPageQuery } from './promotionsApi';
import { PromotionDetail } from './PromotionDetail';
import { PlayFreeRounds, StateButton, usePromotionActions } from './actions';
import './promotions.css';

type Tab = 'all' | PromotionCategory;
const isTab = (value: string | null): value is Tab => value === 'all' || (PROMOTION_CATEGORIES as readonly string[]).includes(value ?? '');

function PromotionCard({ card, onOpen }: { card: PromotionCardValue; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const actions = usePromotionActions();
  return (
    <li className={`promo-card state-${card.state}`} data-testid={`promo-card-${card.promotionId}`} data-kind={card.kind} data-state={card.state} data-category={card.category}>
      {/* The picture opens the same details as the title's button; it is left out of the keyboard and reader order. */}
      <button type="button" className="promo-banner" onClick={onOpen} aria-hidden tabIndex={-1}>
        {card.bannerUrl ? <img src={card.bannerUrl} alt="" loading="lazy" /> : <span className={`promo-banner-fallback kind-${card.kind}`} />}
        <span className="promo-kind">{t(`promo_kind_${card.kind}`)}</span>
      </button>
      <div className="promo-body">
        <h2 className="promo-card-title">
          <button type="button" className="promo-title-link" onClick={onOpen} data-testid={`promo-open-${card.promotionId}`}>
            {card.title}
          </button>
        </h2>
        {card.summary && <p className="promo-summary">{card.summary}</p>}
        <p className="promo-figure" data-testid={`promo-figure-${card.promotionId}`}>
          {headline(card, t)}
        </p>
        <p className="promo-period" data-testid={`promo-period-${card.promotionId}`}>
          {periodText(card, t, i18n.language)}
        </p>
        <div className="promo-foot">
          <button type="button" className="btn btn-outline btn-sm" onClick={onOpen} data-testid={`promo-details-${card.promotionId}`}>
            {t('promo_details')}
          </button>
          <StateButton card={card} busy={actions.busy === card.promotionId} onAct={() => void actions.act(card, onOpen)} />
          <PlayFreeRounds card={card} />
        </div>
      </div>
    </li>
  );
}

/** The brand's promotion notices (content type PR), as the content team writes them. */
function News() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const follow = useFollowLink();
  const { content } = useContent();
  const notices = content.promotion;
  const target = decodeURIComponent(hash.slice(1));
  // The list arrives after the navigation: scroll to the notice the address names once it is there.
  const found = notices.some((notice) => notice.id === target);
  useEffect(() => {
    if (found) document.getElementById(`promotion-${target}`)?.scrollIntoView({ block: 'start' });
  }, [found, target]);
  if (notices.length === 0) return null;
  return (
    <section className="promo-news" aria-labelledby="promo-news-title" data-testid="promotions-news">
      <h2 id="promo-news-title" className="promo-section-title">
        {t('promo_announcements')}
      </h2>
      <div className="promotion-grid">
        {notices.map((notice) => (
          <article key={notice.id} id={`promotion-${notice.id}`} className={`promotion-card${notice.id === target ? ' is-target' : ''}`} data-testid={`promotion-${notice.id}`}>
            {notice.url && <img className="promotion-image" src={notice.url} alt="" loading="lazy" />}
            <div className="promotion-body">
              <h3 className="promotion-title">{notice.title}</h3>
              <RichText html={notice.content} className="promotion-text" />
              {linkAction(notice).kind !== 'none' && (
                <button type="button" className="btn btn-primary btn-sm promotion-link" data-testid={`promotion-link-${notice.id}`} onClick={() => follow(notice)}>
                  {t('content_more')}
                </button>
              )}
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

export default function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const { token, authReady } = useSession();
  const [params, setParams] = useSearchParams();
  useFollowPromotions();
  const { data, error, isPending } = useQuery({ ...promotionPageQuery(token, i18n.language), enabled: authReady });

  const requested = params.get('category');
  const tab: Tab = isTab(requested) ? requested : 'all';
  const openId = params.get('promotion');
  const list = useMemo(() => data?.list ?? [], [data]);
  const tabs: Tab[] = useMemo(() => ['all', ...PROMOTION_CATEGORIES.filter((category) => list.some((card) => card.category === category))], [list]);
  const shown = tab === 'all' ? list : list.filter((card) => card.category === tab);
  const opened = openId ? list.find((card) => card.promotionId === openId) : undefined;

  const change = (next: { category?: Tab; promotion?: string | null }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.category !== undefined) {
          if (next.category === 'all') updated.delete('category');
          else updated.set('category', next.category);
        }
        if (next.promotion !== undefined) {
          if (next.promotion === null) updated.delete('promotion');
          else updated.set('promotion', next.promotion);
        }
        return updated;
      },
      { replace: next.category !== undefined, preventScrollReset: true },
    );

  return (
    <section className="promo-page" data-testid="promotions-page" aria-labelledby="promotions-title">
      <header className="promo-hero">
        <h1 id="promotions-title" className="promo-title">
          {t('promo_title')}
        </h1>
        <p className="promo-muted">{t('promo_intro')}</p>
        {data && data.availablePromoCount > 0 && (
          <p className="promo-available" data-testid="promotions-available" data-count={data.availablePromoCount}>
            {t('promo_available', { count: data.availablePromoCount })}
          </p>
        )}
      </header>
      <div className="promo-tabs" role="tablist" aria-label={t('promo_tabs')} data-testid="promotions-tabs">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`promo-tab${tab === name ? ' active' : ''}`}
            onClick={() => change({ category: name })}
            data-testid={`promotions-tab-${name}`}
          >
            {t(`promo_tab_${name}`)}
          </button>
        ))}
      </div>
      {error ? (
        <div className="form-error" role="alert" data-testid="promotions-error">
          {errorMessage(error)}
        </div>
      ) : isPending || !data ? (
        <div className="area-loading" aria-busy="true" />
      ) : shown.length === 0 ? (
        <p className="panel-card list-empty" data-testid="promotions-empty">
          {t('promo_empty')}
        </p>
      ) : (
        <ul className="promo-grid" data-testid="promotions-list" data-tab={tab}>
          {shown.map((card) => (
            <PromotionCard key={card.promotionId} card={card} onOpen={() => change({ promotion: card.promotionId })} />
          ))}
        </ul>
      )}
      {tab === 'all' && <News />}
      {opened && <PromotionDetail card={opened} onClose={() => change({ promotion: null })} />}
    </section>
  );
}
