import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { useWallet } from '../../state/wallet';
import { panelLink } from '../../pages/memberPanels';
import { useFollowPromotions } from '../../pages/promotions/promotionsState';
import { promotionPageQuery } from '../../pages/promotions/promotionsApi';
import { headline, openToMember } from '../../pages/promotions/format';
import { ArrowUpIcon, GiftIcon, PlusIcon } from '../Icons';

/**
 * Home for a signed-in member (trial accounts excluded): a greeting with the balance and the way to deposit and
 * withdraw, and the promotions open to the member now, kept live by `promotions` pushes. Recently played and
 * favourite games follow in the lobby below.
 */
export default function MemberWelcome() {
  const { t, i18n } = useTranslation();
  const { member, token } = useSession();
  const { balanceText, balanceHidden } = useWallet();
  useFollowPromotions();
  const { data, isPending } = useQuery({ ...promotionPageQuery(token, i18n.language), enabled: token !== null });
  if (!member || member.isTrial) return null;
  const open = openToMember(data?.list ?? []);

  return (
    <section className="member-welcome" data-testid="member-welcome" aria-labelledby="member-welcome-title">
      <div className="member-welcome-account">
        <h1 id="member-welcome-title" className="member-welcome-hello">
          {t('home_member_hello', { name: member.nickname || member.account })}
        </h1>
        <p className="member-welcome-balance">
          <span className="member-welcome-label">{t('home_member_balance')}</span>
          <span className="member-welcome-amount" data-testid="member-welcome-balance">
            {balanceHidden ? '***' : (balanceText ?? '—')}
          </span>
        </p>
        <div className="member-welcome-actions">
          <Link className="btn btn-primary" to={panelLink('depositv2')} data-testid="member-welcome-deposit">
            <PlusIcon />
            <span>{t('header_deposit')}</span>
          </Link>
          <Link className="btn btn-outline" to={panelLink('withdraw')} data-testid="member-welcome-withdraw">
            <ArrowUpIcon />
            <span>{t('header_withdraw')}</span>
          </Link>
        </div>
      </div>
      <div className="member-welcome-promos">
        <div className="member-welcome-promos-head">
          <h2>
            <GiftIcon />
            <span>{t('home_member_promos')}</span>
          </h2>
          <Link to="/promotions" className="member-welcome-all" data-testid="member-welcome-all-promotions">
            {t('home_member_all_promos')}
          </Link>
        </div>
        {!isPending && open.length === 0 ? (
          <p className="member-welcome-empty" data-testid="member-welcome-no-promotions">
            {t('home_member_no_promos')}
          </p>
        ) : (
          <ul className="member-welcome-promo-list" data-testid="member-welcome-promotions" aria-busy={isPending}>
            {open.map((card) => (
              <li key={card.promotionId} data-state={card.state}>
                <Link to={`/promotions?promotion=${encodeURIComponent(card.promotionId)}`} className="member-welcome-promo" data-testid={`member-welcome-promo-${card.promotionId}`}>
                  <span className="member-welcome-promo-title">{card.title}</span>
                  <span className="member-welcome-promo-figure">{headline(card, t)}</span>
                  <span className={`member-welcome-promo-state state-${card.state}`}>{t(`promo_state_${card.state}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
