import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';
import { useModal } from '../state/ui';
import { HomeLobby } from './lobby/HomeLobby';
import { GameAnnouncements } from './lobby/GameAnnouncements';

export function Home() {
  const { t } = useTranslation();
  const { member } = useSession();
  const { openModal } = useModal();

  return (
    <div className="home" data-testid="home">
      <GameAnnouncements />
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

      <HomeLobby />
    </div>
  );
}
