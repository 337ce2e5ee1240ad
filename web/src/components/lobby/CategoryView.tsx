import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import { usePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { useModal, useNotices } from '../../state/ui';
import { GameAnnouncements } from './GameAnnouncements';
import { GameGrid } from './GameCard';
import { lobbyApi, type Game } from './lobbyApi';
import { useLobby } from './LobbyContext';
import { Pager } from './Pager';
import { ALL, decideCategoryView, initialCategoryView, LOBBY_FILTERS, LOBBY_PAGE_SIZE, matchesName, pageOf, type CategoryViewAction, type CategoryViewState, type GameType } from './rules';

interface Loaded {
  games: Game[];
  totalPages: number;
}

const FILTER_ICONS: Record<string, string> = { ALL: '▦', HOT: '🔥', FAV: '★', RECENT: '⟲' };

/**
 * The vendor-category view (spec §2 "Home lobby", §4 "Lobby"): filter icons, search by name, the vendor carousel
 * and the paged grid of one game type.
 */
export function CategoryView({
  gameType,
  initialVassalage,
  showAnnouncements = true,
}: {
  gameType: GameType;
  initialVassalage?: string | null;
  /** Off where the page around the view already shows the announcement strip (HOME's category tabs). */
  showAnnouncements?: boolean;
}) {
  const { t } = useTranslation();
  const { member } = useSession();
  const { openModal } = useModal();
  const { showToast } = useNotices();
  const { language } = usePreferences();
  const { lanes, hotGames, favouritesVersion } = useLobby();
  const loggedIn = Boolean(member);

  const lane = lanes.find((entry) => entry.title === gameType);
  const vendors = lane?.cards ?? [];
  const classifications = useMemo(() => lane?.gameClassify ?? [], [lane]);
  const laneVendorKey = vendors.map((vendor) => vendor.vassalage).join(',');
  const laneVendors = useMemo(() => new Set(laneVendorKey ? laneVendorKey.split(',') : []), [laneVendorKey]);

  const [state, dispatch] = useReducer(
    (current: CategoryViewState, step: { action: CategoryViewAction; loggedIn: boolean }) => decideCategoryView(current, step.action, step.loggedIn).state,
    initialCategoryView(initialVassalage || ALL),
  );
  const act = (action: CategoryViewAction) => {
    const decision = decideCategoryView(state, action, loggedIn);
    if (decision.login) {
      openModal('login');
      return;
    }
    dispatch({ action, loggedIn });
  };

  // Signing out while on a member-only filter leaves nothing to show: back to all games.
  useEffect(() => {
    if (!loggedIn && (state.filter === 'FAV' || state.filter === 'RECENT')) dispatch({ action: { kind: 'filter', filter: 'ALL' }, loggedIn: true });
  }, [loggedIn, state.filter]);

  const [loaded, setLoaded] = useState<Loaded>({ games: [], totalPages: 0 });
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    const { filter, vassalage, gameClassify, gameName, pageNo } = state;
    setLoading(true);
    const load = async (): Promise<Loaded> => {
      if (filter === 'HOT') {
        // Esports and cockfight vendors are grouped by their lane, whatever type their games carry (spec §4).
        const inCategory = (game: Game) => (laneVendors.size > 0 ? laneVendors.has(game.vassalage) : game.gameType === gameType);
        const all = (hotGames ?? []).filter((game) => inCategory(game) && (vassalage === ALL || game.vassalage === vassalage) && matchesName(game.gameName, gameName));
        const page = pageOf(all, pageNo, LOBBY_PAGE_SIZE);
        return { games: page.items, totalPages: all.length ? page.totalPages : 0 };
      }
      if (filter === 'FAV') {
        const value = await lobbyApi.favourites({ pageNo, pageSize: LOBBY_PAGE_SIZE, gameType, vassalage }, controller.signal);
        return { games: (value.content ?? []).filter((game) => matchesName(game.gameName, gameName)), totalPages: value.totalPages ?? 0 };
      }
      if (filter === 'RECENT') {
        const value = await lobbyApi.recent({ page: pageNo, pageSize: LOBBY_PAGE_SIZE, gameType, vassalage }, controller.signal);
        return { games: (value.list ?? []).filter((game) => matchesName(game.gameName, gameName)), totalPages: value.totalPages ?? 0 };
      }
      const value = await lobbyApi.gameMenus({ gameType, vassalage, gameClassify, gameName, pageNo, pageSize: LOBBY_PAGE_SIZE }, controller.signal);
      return { games: value.games ?? [], totalPages: value.totalPages ?? 0 };
    };
    load()
      .then((next) => {
        if (!controller.signal.aborted) setLoaded(next);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ games: [], totalPages: 0 });
        showToast(errorMessage(error));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [state, gameType, language, hotGames, laneVendors, favouritesVersion, showToast]);

  const carousel = useRef<HTMLDivElement>(null);
  // Right to left, "next" scrolls towards the left: scrollLeft counts negative from the right edge.
  const scrollCarousel = (direction: 1 | -1) => carousel.current?.scrollBy({ left: direction * (document.documentElement.dir === 'rtl' ? -320 : 320), behavior: 'smooth' });

  const classifyVendors = useMemo(() => new Map(classifications.map((entry) => [entry.code, entry.vendors])), [classifications]);

  return (
    <section
      className="lobby-category"
      data-testid={`category-view-${gameType}`}
      data-filter={state.filter}
      data-vendor={state.vassalage}
      data-page={state.pageNo}
      data-loading={loading ? 'true' : 'false'}
    >
      {showAnnouncements && <GameAnnouncements />}
      <div className="lobby-toolbar">
        <div className="lobby-filters" role="group" aria-label={t('lobby_filters')}>
          {LOBBY_FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              className={`lobby-filter${state.filter === filter ? ' is-active' : ''}`}
              data-testid={`filter-${filter}`}
              aria-pressed={state.filter === filter}
              title={t(`lobby_filter_${filter}`)}
              onClick={() => act({ kind: 'filter', filter })}
            >
              <span aria-hidden>{FILTER_ICONS[filter]}</span>
              <span>{t(`lobby_filter_${filter}`)}</span>
            </button>
          ))}
        </div>
        <form
          className="lobby-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            act({ kind: 'search' });
          }}
        >
          <input
            type="search"
            value={state.searchText}
            maxLength={100}
            placeholder={t('lobby_search_placeholder')}
            aria-label={t('lobby_search_placeholder')}
            data-testid="lobby-search"
            onChange={(event) => act({ kind: 'typing', text: event.target.value })}
          />
          <button type="submit" className="btn btn-primary btn-sm" data-testid="lobby-search-submit">
            {t('lobby_search')}
          </button>
        </form>
      </div>

      {classifications.length > 0 && (
        <div className="lobby-classify" role="group" aria-label={t('lobby_classify')}>
          {[ALL, ...classifications.map((entry) => entry.code)].map((code) => (
            <button
              key={code}
              type="button"
              className={`lobby-chip${state.gameClassify === code ? ' is-active' : ''}`}
              data-testid={`classify-${code}`}
              aria-pressed={state.gameClassify === code}
              onClick={() => act({ kind: 'classify', gameClassify: code, vendorsOfClassify: classifyVendors.get(code) ?? [] })}
            >
              {t(`lobby_classify_${code}`, { defaultValue: code })}
            </button>
          ))}
        </div>
      )}

      {vendors.length > 0 && (
        <div className="lobby-carousel">
          <button type="button" className="lobby-carousel-arrow" onClick={() => scrollCarousel(-1)} aria-label={t('lobby_scroll_left')}>
            ‹
          </button>
          <div className="lobby-carousel-track" ref={carousel}>
            <button
              type="button"
              className={`lobby-vendor${state.vassalage === ALL ? ' is-active' : ''}`}
              data-testid="vendor-ALL"
              aria-pressed={state.vassalage === ALL}
              onClick={() => act({ kind: 'vendor', vassalage: ALL })}
            >
              {t('lobby_all_vendors')}
            </button>
            {vendors.map((vendor) => (
              <button
                key={vendor.vassalage}
                type="button"
                className={`lobby-vendor${state.vassalage === vendor.vassalage ? ' is-active' : ''}`}
                data-testid={`vendor-${vendor.vassalage}`}
                aria-pressed={state.vassalage === vendor.vassalage}
                onClick={() => act({ kind: 'vendor', vassalage: vendor.vassalage })}
              >
                {vendor.lagerIcon ? <img src={vendor.lagerIcon} alt="" aria-hidden /> : null}
                <span>{vendor.displayName}</span>
              </button>
            ))}
          </div>
          <button type="button" className="lobby-carousel-arrow" onClick={() => scrollCarousel(1)} aria-label={t('lobby_scroll_right')}>
            ›
          </button>
        </div>
      )}

      <div aria-busy={loading} className={loading ? 'lobby-loading' : undefined}>
        {!loading || loaded.games.length > 0 ? <GameGrid games={loaded.games} testId="category-games" /> : <div className="area-loading" />}
      </div>
      <Pager pageNo={state.pageNo} totalPages={loaded.totalPages} onPage={(pageNo) => act({ kind: 'page', pageNo, totalPages: loaded.totalPages })} />
    </section>
  );
}
