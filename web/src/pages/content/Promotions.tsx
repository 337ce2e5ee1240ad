import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { linkAction } from '../../components/content/linkage';
import { useFollowLink } from '../../components/content/hooks';
import { RichText } from '../../components/content/RichText';
import { useContent } from '../../components/content/useContent';

/**
 * Promotions (spec §2 /promotions): the brand's promotion notices as cards with image, title, text and link.
 * /promotions#<id> scrolls to one and marks it.
 */
export default function Promotions() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const follow = useFollowLink();
  const { content, loading } = useContent();
  const promotions = content.promotion;
  const target = decodeURIComponent(hash.slice(1));

  // The list arrives after the navigation: scroll to the promotion the address names once it is there.
  const found = promotions.some((promotion) => promotion.id === target);
  useEffect(() => {
    if (found) document.getElementById(`promotion-${target}`)?.scrollIntoView({ block: 'start' });
  }, [found, target]);

  return (
    <section className="promotions-page" data-testid="promotions-page" aria-labelledby="promotions-title">
      <h1 id="promotions-title" className="promotions-title">
        {t('content_promotions')}
      </h1>
      {loading ? (
        <div className="area-loading" aria-busy="true" />
      ) : promotions.length === 0 ? (
        <p className="help-empty" data-testid="promotions-empty">
          {t('content_no_promotions')}
        </p>
      ) : (
        <div className="promotion-grid">
          {promotions.map((promotion) => (
            <article key={promotion.id} id={`promotion-${promotion.id}`} className={`promotion-card${promotion.id === target ? ' is-target' : ''}`} data-testid={`promotion-${promotion.id}`}>
              {promotion.url && <img className="promotion-image" src={promotion.url} alt="" loading="lazy" />}
              <div className="promotion-body">
                <h2 className="promotion-title">{promotion.title}</h2>
                <RichText html={promotion.content} className="promotion-text" />
                {linkAction(promotion).kind !== 'none' && (
                  <button type="button" className="btn btn-primary btn-sm promotion-link" data-testid={`promotion-link-${promotion.id}`} onClick={() => follow(promotion)}>
                    {t('content_more')}
                  </button>
                )}
              </div>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
