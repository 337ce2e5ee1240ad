import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api';
import { getToken } from '../../session';
import { usePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { useSystem } from '../../state/system';
import { useWallet } from '../../state/wallet';
import { LoadingScreen } from '../../components/SystemPages';
import { useRecallOnLeave } from '../../hooks/useRecallOnLeave';
import { gameTitle, lobbyApi, type Game, type LaunchValue, type LotteryDraw } from '../../components/lobby/lobbyApi';
import { HouseLotteryPlay } from './play/HouseLotteryPlay';
import { houseLotteryApi } from './play/houseLotteryApi';
import { DRAWS_REFRESH_MS, favouritesFirst, lotteryAreaOf, lotteryLaunchParams, lotteryVendorsOf, readFavourites, toggleFavourite, writeFavourites } from './lotteryRules';
import './lottery.css';
import { intlLocale } from '../../i18n/languages';

const AREA_PAGE_SIZE = 100;

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * /lottery, /vnLottery and /seaLottery (spec §2): a game page without side menu or footer. The bar lists the area's
 * lottery games with a favourite star, the vendor's game opens in the frame from a launch with the spec's lottery
 * fields, and the side panel shows the game's latest draws. A game the house lottery plays itself opens in place instead
 * (bet builder, slip, results, trends and tickets). Leaving the page recalls the balance, as /seamless does.
 */
export default function LotteryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { phase } = useSystem();
  const { member } = useSession();
  const { balanceText } = useWallet();
  const { language } = usePreferences();
  const area = useMemo(() => lotteryAreaOf(location.pathname), [location.pathname]);
  const gameCode = params.get('gameCode') ?? '';
  const ready = phase === 'ready' && member !== null;

  // ---- The area's games, from the lobby lists; the brand's lottery vendors decide the prize mode ------------------
  const [games, setGames] = useState<Game[] | null>(null);
  const [lotteryVendors, setLotteryVendors] = useState<string[] | null>(null);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    setGames(null);
    Promise.all(area.vendors.map((vassalage) => lobbyApi.gameMenus({ vassalage, pageNo: 1, pageSize: AREA_PAGE_SIZE }, controller.signal)))
      .then((pages) => setGames(pages.flatMap((page) => page?.games ?? [])))
      .catch(() => {
        if (!controller.signal.aborted) setGames([]);
      });
    lobbyApi
      .vendors(controller.signal)
      .then((value) => setLotteryVendors(lotteryVendorsOf(value?.data?.lanes ?? [])))
      .catch(() => {
        if (!controller.signal.aborted) setLotteryVendors([]);
      });
    return () => controller.abort();
  }, [ready, area]);

  // ---- The games the house lottery plays itself: no vendor launch, the house game opens in place ------------------
  const [houseCodes, setHouseCodes] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    houseLotteryApi
      .games(controller.signal)
      .then((value) => setHouseCodes(new Set(value.games.map((entry) => entry.gameCode))))
      .catch(() => {
        if (!controller.signal.aborted) setHouseCodes(new Set());
      });
    return () => controller.abort();
  }, [ready]);

  const game = games?.find((candidate) => candidate.gameCode === gameCode) ?? null;
  const house = game !== null && houseCodes?.has(game.gameCode) === true;
  // Opened without a game: the area's first one.
  useEffect(() => {
    if (games && games.length > 0 && !gameCode) setParams({ gameCode: games[0]!.gameCode }, { replace: true });
  }, [games, gameCode, setParams]);

  // ---- Favourites: kept in this browser per username, as a list of game ids (spec §3) -----------------------------
  const username = member?.account ?? '';
  const [favourites, setFavourites] = useState<string[]>([]);
  useEffect(() => setFavourites(username ? readFavourites(localStore(), username) : []), [username]);
  const toggleStar = (target: Game) => {
    const next = toggleFavourite(favourites, String(target.nodeId));
    setFavourites(next);
    writeFavourites(localStore(), username, next);
  };
  const shownGames = useMemo(() => favouritesFirst(games ?? [], favourites), [games, favourites]);

  // ---- The vendor's game: launched with the lottery fields, again when the view changes ----------------------------
  const [view, setView] = useState<'lobby' | 'betting'>('lobby');
  const [launched, setLaunched] = useState<LaunchValue | null>(null);
  const [launchError, setLaunchError] = useState<string | null>(null);
  useEffect(() => {
    if (!ready || !game || lotteryVendors === null || houseCodes === null || house) return;
    let cancelled = false;
    setLaunched(null);
    setLaunchError(null);
    const backUrl = `${window.location.origin}${area.path}?gameCode=${encodeURIComponent(game.gameCode)}`;
    lobbyApi
      .launchLottery(game.nodeId, lotteryLaunchParams({ area, lotteryVendors, view, backUrl, language }))
      .then((value) => {
        if (!cancelled) setLaunched(value);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 401) void navigate('/login', { replace: true, state: { returnTo: `${window.location.pathname}${window.location.search}` } });
        else setLaunchError(errorMessage(error));
      });
    return () => {
      cancelled = true;
    };
  }, [ready, game, lotteryVendors, houseCodes, house, view, area, language, navigate]);

  // ---- Latest draws, refreshed every 30 s; the VN page reads the VN call ------------------------------------------
  const [draws, setDraws] = useState<LotteryDraw[] | null>(null);
  const loadDraws = useCallback(
    (signal?: AbortSignal) => {
      if (!game) return;
      const load = area.vn ? lobbyApi.vnOpenedNumbers : lobbyApi.openedNumbers;
      load({ gameCode: game.gameCode, pageSize: 10 }, signal)
        .then((page) => setDraws(page?.list ?? []))
        .catch(() => undefined);
    },
    [game, area],
  );
  useEffect(() => {
    if (!ready || !game || house) return;
    const controller = new AbortController();
    setDraws(null);
    loadDraws(controller.signal);
    const timer = window.setInterval(() => loadDraws(controller.signal), DRAWS_REFRESH_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [ready, game, house, loadDraws]);

  // ---- Leaving the page recalls the balance (spec §4) --------------------------------------------------------------
  useRecallOnLeave();

  // Spec §5 route guard: lottery routes need a token; without one the visitor goes to /login.
  if (!getToken() && !member) return <Navigate to="/login" replace state={{ returnTo: `${location.pathname}${location.search}` }} />;
  if (phase === 'loading' || !member) return <LoadingScreen />;

  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/'));
  const selectGame = (target: Game) => setParams({ gameCode: target.gameCode });

  return (
    <div className="lottery-page" data-testid="lottery-page" data-area={area.area}>
      <header className="lottery-topbar">
        <button type="button" className="btn btn-ghost btn-sm" data-testid="lottery-back" onClick={() => void back()}>
          ‹ {t('lottery_back')}
        </button>
        <h1 className="lottery-title">{t(area.titleKey)}</h1>
        <span className="lottery-game-name" data-testid="lottery-game-name">
          {game ? gameTitle(game) : ''}
        </span>
        {balanceText && (
          <span className="lottery-balance" data-testid="lottery-balance">
            {t('lottery_balance')}: {balanceText}
          </span>
        )}
      </header>

      <nav className="lottery-games" aria-label={t('lottery_games')} data-testid="lottery-games">
        {games === null ? (
          <span className="lottery-muted">{t('lottery_loading')}</span>
        ) : games.length === 0 ? (
          <span className="lottery-muted">{t('lottery_no_games')}</span>
        ) : (
          shownGames.map((candidate) => {
            const favourite = favourites.includes(String(candidate.nodeId));
            const name = gameTitle(candidate);
            return (
              <span key={candidate.nodeId} className={`lottery-chip${candidate.gameCode === gameCode ? ' is-active' : ''}`}>
                <button
                  type="button"
                  className="lottery-chip-name"
                  data-testid={`lottery-game-${candidate.gameCode}`}
                  aria-current={candidate.gameCode === gameCode ? 'page' : undefined}
                  onClick={() => selectGame(candidate)}
                >
                  {name}
                </button>
                <button
                  type="button"
                  className={`lottery-star${favourite ? ' is-on' : ''}`}
                  data-testid={`lottery-fav-${candidate.gameCode}`}
                  aria-pressed={favourite}
                  aria-label={t(favourite ? 'lottery_favourite_remove' : 'lottery_favourite_add', { name })}
                  title={t(favourite ? 'lottery_favourite_remove' : 'lottery_favourite_add', { name })}
                  onClick={() => toggleStar(candidate)}
                >
                  {favourite ? '★' : '☆'}
                </button>
              </span>
            );
          })
        )}
      </nav>

      {house ? (
        <div className="lottery-house" data-testid="lottery-house">
          <HouseLotteryPlay key={gameCode} gameCode={gameCode} />
        </div>
      ) : (
        <div className="lottery-body">
          <section className="lottery-stage">
            <div className="lottery-view-switch" role="group" aria-label={t('lottery_view')}>
              {(['lobby', 'betting'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className={`btn btn-sm ${view === option ? 'btn-primary' : 'btn-ghost'}`}
                  data-testid={`lottery-view-${option}`}
                  aria-pressed={view === option}
                  onClick={() => setView(option)}
                >
                  {t(option === 'lobby' ? 'lottery_view_lobby' : 'lottery_view_betting')}
                </button>
              ))}
              {launched?.mode === 'redirect' && launched.url && (
                <a className="lottery-open" href={launched.url} target="_blank" rel="noopener noreferrer">
                  {t('lottery_open_new_window')}
                </a>
              )}
            </div>
            {games !== null && gameCode && !game ? (
              <p className="lottery-muted" data-testid="lottery-unknown-game">
                {t('lottery_unknown_game')}
              </p>
            ) : launchError ? (
              <p className="lottery-error" role="alert" data-testid="lottery-error">
                {launchError}
              </p>
            ) : launched?.url ? (
              <iframe
                key={launched.url}
                className="lottery-frame"
                data-testid="lottery-frame"
                src={launched.url}
                title={game ? gameTitle(game) : t(area.titleKey)}
                allow="autoplay; fullscreen"
                allowFullScreen
              />
            ) : (
              <div className="lottery-frame lottery-frame-loading" aria-busy="true" />
            )}
          </section>

          <aside className="lottery-draws" data-testid="lottery-draws" aria-labelledby="lottery-draws-title">
            <h2 id="lottery-draws-title">{t('lottery_latest_draws')}</h2>
            {draws === null ? (
              <p className="lottery-muted">{t('lottery_loading')}</p>
            ) : draws.length === 0 ? (
              <p className="lottery-muted" data-testid="lottery-no-draws">
                {t('lottery_no_draws')}
              </p>
            ) : (
              <ol className="lottery-draw-list">
                {draws.map((draw) => (
                  <li key={`${draw.vendor}:${draw.drawNo}`} className="lottery-draw" data-testid="lottery-draw">
                    <div className="lottery-draw-head">
                      <span>{t('lottery_draw_no', { drawNo: draw.drawNo })}</span>
                      <time dateTime={draw.drawnAt}>{new Date(draw.drawnAt).toLocaleString(intlLocale(language))}</time>
                    </div>
                    <div className="lottery-balls">
                      {draw.numbers.map((number, index) => (
                        <span key={index} className="lottery-ball">
                          {number}
                        </span>
                      ))}
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </aside>
        </div>
      )}
    </div>
  );
}
