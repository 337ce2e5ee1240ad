import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lazyArea } from '../lazyArea';
import { useSession } from '../state/session';
import { trimPath, useModal } from '../state/ui';
import { HomeLobby } from './lobby/HomeLobby';
import { GameAnnouncements } from './lobby/GameAnnouncements';
import { BannerCarousel } from './content/BannerCarousel';
import { useBanners, useContent } from './content/useContent';

const HelpCentre = lazyArea(() => import('../pages/content/HelpCentre'));
/** Only members see it: guests do not download it. */
const MemberWelcome = lazyArea(() => import('./lobby/MemberWelcome'));

/** The welcome panel shown where the brand has no home banners. */
function Hero() {
  const { t } = useTranslation();
  const { member } = useSession();
  const { openModal } = useModal();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-glow" aria-hidden />
      <div className="hero-content">
        <span className="hero-kicker">{t('home_hero_kicker')}</span>
        <h1 id="hero-title">{t('home_hero_title')}</h1>
        <p>{t('home_hero_text')}</p>
        {member ? (
          <p className="hero-member">{t('home_hero_cta_member', { name: member.nickname || member.account })}</p>
        ) : (
          <button type="button" className="btn btn-primary btn-lg" data-testid="hero-register" onClick={() => openModal('register')}>
            {t('home_hero_cta')}
          </button>
        )}
      </div>
      <div className="hero-art" aria-hidden>
        <div className="chip chip-a" />
        <div className="chip chip-b" />
        <div className="chip chip-c" />
        <div className="card card-a">A♠</div>
        <div className="card card-b">K♥</div>
      </div>
    </section>
  );
}

/**
 * Home (spec §2), for whoever is looking: a signed-in member first sees a greeting with the balance and the promotions
 * open to them, then the brand's home banners; a visitor the banners (or the welcome panel with the way to join when
 * the brand has none). The notice marquee and the game lobby (with a member's recent and favourite games) follow.
 * /help shows the help centre over it.
 */
export function Home() {
  const { loading } = useContent();
  const { member } = useSession();
  const hasBanners = useBanners('w_home').length > 0;
  const help = trimPath(useLocation().pathname) === '/help';
  const welcome = member !== null && !member.isTrial;
  return (
    <div className="home" data-testid="home">
      {welcome && (
        <Suspense fallback={<div className="member-welcome-placeholder" aria-hidden />}>
          <MemberWelcome />
        </Suspense>
      )}
      {loading ? <div className="banner-placeholder" aria-hidden /> : hasBanners ? <BannerCarousel group="w_home" /> : welcome ? null : <Hero />}
      <GameAnnouncements />
      <HomeLobby />
      {help && (
        <Suspense fallback={null}>
          <HelpCentre />
        </Suspense>
      )}
    </div>
  );
}
