import { useTranslation } from 'react-i18next';
import { useAppState } from '../state/AppState';

const CATEGORIES: { key: string; emoji: string; hue: number }[] = [
  { key: 'cat_live', emoji: '🎰', hue: 340 },
  { key: 'cat_rng', emoji: '🍒', hue: 20 },
  { key: 'cat_sports', emoji: '⚽', hue: 140 },
  { key: 'cat_esports', emoji: '🎮', hue: 260 },
  { key: 'cat_fish', emoji: '🐟', hue: 195 },
  { key: 'cat_pvp', emoji: '🃏', hue: 0 },
  { key: 'cat_lottery', emoji: '🎱', hue: 45 },
  { key: 'cat_cockfight', emoji: '🐓', hue: 90 },
];

export function Home() {
  const { t } = useTranslation();
  const { member, openModal } = useAppState();

  return (
    <div className="home" data-testid="home">
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

      <section className="categories" aria-labelledby="categories-title">
        <h2 id="categories-title">{t('home_categories')}</h2>
        <div className="category-grid">
          {CATEGORIES.map((category) => (
            <div key={category.key} className="category-card" style={{ ['--hue' as string]: category.hue }}>
              <span className="category-emoji" aria-hidden>
                {category.emoji}
              </span>
              <span className="category-name">{t(category.key)}</span>
              <span className="category-soon">{t('home_coming_soon')}</span>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
