import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { useModal } from '../../state/ui';
import { AccountGameList } from './AccountGameList';
import { CategoryView } from './CategoryView';
import { GameGrid } from './GameCard';
import { JackpotTicker, WinnerBoard } from './LiveBoards';
import { RankList } from './RankList';
import { lobbyApi, type Game, type VendorCard } from './lobbyApi';
import { useLobby } from './LobbyContext';
import {
  decideCategory,
  HOME_CATEGORY_SECTIONS,
  HOME_FAVOURITES_PAGE_SIZE,
  HOME_SECTION_SIZE,
  HOME_VENDOR_LIMIT,
  isGameType,
  RECENT_PAGE_SIZE,
  vendorLink,
  type GameType,
  type LobbyCategory,
} from './rules';
import './lobby.css';

function Section({
  id,
  title,
  games,
  vendors,
  onMore,
  action,
}: {
  id: string;
  title: string;
  games: readonly Game[] | null;
  vendors?: readonly VendorCard[];
  onMore?: () => void;
  action?: React.ReactNode;
}) {
  const { t } = useTranslation();
  if (games === null) return null;
  if (games.length === 0 && (!vendors || vendors.length === 0)) return null;
  return (
    <section className="lobby-section" data-testid={`home-section-${id}`} aria-labelledby={`home-section-${id}-title`}>
      <div className="lobby-section-head">
        <h2 id={`home-section-${id}-title`}>{title}</h2>
        <div className="lobby-section-actions">
          {action}
          {onMore && (
            <button type="button" className="btn btn-ghost btn-sm" data-testid={`home-section-${id}-more`} onClick={onMore}>
              {t('lobby_more')}
            </button>
          )}
        </div>
      </div>
      {vendors && vendors.length > 0 && (
        <div className="lobby-section-vendors">
          {vendors.slice(0, HOME_VENDOR_LIMIT).map((vendor) => (
            <Link key={vendor.vassalage} className="lobby-vendor" to={vendorLink(vendor.gameType, vendor.vassalage)} data-testid={`home-vendor-${vendor.vassalage}`}>
              {vendor.lagerIcon ? <img src={vendor.lagerIcon} alt="" aria-hidden /> : null}
              <span>{vendor.displayName}</span>
            </Link>
          ))}
        </div>
      )}
      {games.length > 0 && <GameGrid games={games.slice(0, HOME_SECTION_SIZE)} testId={`home-section-${id}-games`} />}
    </section>
  );
}

/** Games of one or more types for a HOME section (first page, up to 12). */
function useSectionGames(gameTypes: readonly GameType[], language: string): Game[] | null {
  const [games, setGames] = useState<Game[] | null>(null);
  const key = gameTypes.join(',');
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(key.split(',').map((gameType) => lobbyApi.gameMenus({ gameType, pageNo: 1, pageSize: HOME_SECTION_SIZE }, controller.signal)))
      .then((answers) => {
        if (!controller.signal.aborted) setGames(answers.flatMap((answer) => answer.games ?? []).slice(0, HOME_SECTION_SIZE));
      })
      .catch(() => {
        if (!controller.signal.aborted) setGames([]);
      });
    return () => controller.abort();
  }, [key, language]);
  return games;
}

function CategorySection({ id, gameTypes, onMore }: { id: string; gameTypes: readonly GameType[]; onMore: () => void }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { lanes } = useLobby();
  const games = useSectionGames(gameTypes, language);
  const vendors = lanes.filter((lane) => (gameTypes as readonly string[]).includes(lane.title)).flatMap((lane) => lane.cards);
  return <Section id={id} title={t(`lobby_cat_${id}`)} games={games} vendors={vendors} onMore={onMore} />;
}

export function HomeLobby() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { member } = useSession();
  const { openModal } = useModal();
  const { language } = usePreferences();
  const { lanes, hotGames, refreshHotGames, favouritesVersion } = useLobby();
  const [category, setCategory] = useState<LobbyCategory>('HOME');
  const loggedIn = Boolean(member);
  const token = member?.token;

  const choose = (next: LobbyCategory) => {
    const decision = decideCategory(next, loggedIn);
    setCategory(decision.state);
    if (decision.login) openModal('login');
  };

  // Signing out on FAV returns to HOME.
  useEffect(() => {
    if (!loggedIn && category === 'FAV') setCategory('HOME');
  }, [loggedIn, category]);

  const [recent, setRecent] = useState<Game[] | null>(null);
  const [favourites, setFavourites] = useState<Game[] | null>(null);
  useEffect(() => {
    setRecent(null);
    if (!token) return;
    const controller = new AbortController();
    lobbyApi
      .recent({ page: 1, pageSize: RECENT_PAGE_SIZE }, controller.signal)
      .then((value) => {
        if (!controller.signal.aborted) setRecent(value.list ?? []);
      })
      .catch(() => {
        if (!controller.signal.aborted) setRecent([]);
      });
    return () => controller.abort();
  }, [token, language]);
  useEffect(() => {
    if (!token) {
      setFavourites(null);
      return;
    }
    const controller = new AbortController();
    lobbyApi
      .favourites({ pageNo: 1, pageSize: HOME_FAVOURITES_PAGE_SIZE }, controller.signal)
      .then((value) => {
        if (!controller.signal.aborted) setFavourites(value.content ?? []);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFavourites([]);
      });
    return () => controller.abort();
  }, [token, language, favouritesVersion]);

  const laneCategories = lanes.map((lane) => lane.title).filter(isGameType);
  const menu: LobbyCategory[] = ['HOME', 'HOT', 'FAV', ...laneCategories];
  const showCategory = (gameType: GameType) => (laneCategories.includes(gameType) ? () => choose(gameType) : () => navigate(vendorLink(gameType, 'ALL').replace(/\?.*$/, '')));

  return (
    <div className="lobby" data-testid="lobby" data-category={category}>
      <nav className="lobby-menu" aria-label={t('lobby_categories')}>
        {menu.map((entry) => (
          <button
            key={entry}
            type="button"
            className={`lobby-menu-item${category === entry ? ' is-active' : ''}`}
            data-testid={`lobby-cat-${entry}`}
            aria-pressed={category === entry}
            onClick={() => choose(entry)}
          >
            {t(`lobby_cat_${entry}`, { defaultValue: entry })}
          </button>
        ))}
      </nav>

      {category === 'HOME' && (
        <>
          <div className="lobby-live">
            <JackpotTicker />
            <WinnerBoard />
            <RankList />
          </div>
          {loggedIn && <Section id="recent" title={t('lobby_section_recent')} games={recent} />}
          <Section id="hot" title={t('lobby_section_hot')} games={hotGames} onMore={() => choose('HOT')} />
          {loggedIn && <Section id="favorite" title={t('lobby_section_favorite')} games={favourites} onMore={() => choose('FAV')} />}
          {HOME_CATEGORY_SECTIONS.map((section) => (
            <CategorySection key={section.key} id={section.key} gameTypes={section.gameTypes} onMore={showCategory(section.gameTypes[0] as GameType)} />
          ))}
        </>
      )}

      {category === 'HOT' && (
        <section className="lobby-section" data-testid="lobby-hot">
          <div className="lobby-section-head">
            <h2>{t('lobby_section_hot')}</h2>
            <button type="button" className="btn btn-ghost btn-sm" data-testid="hot-refresh" onClick={() => void refreshHotGames()}>
              {t('lobby_refresh')}
            </button>
          </div>
          <GameGrid games={hotGames ?? []} testId="hot-games" />
        </section>
      )}

      {category === 'FAV' && loggedIn && <AccountGameList kind="favorite" />}

      {isGameType(category) && <CategoryView key={category} gameType={category} showAnnouncements={false} />}
    </div>
  );
}
