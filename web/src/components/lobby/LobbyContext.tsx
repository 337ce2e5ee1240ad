import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api';
import { useAppState } from '../../state/AppState';
import { TRIAL_TYPE } from '../../pages/memberPanels';
import { Modal } from '../Modal';
import { gameKey, lobbyApi, type Game, type VendorLane } from './lobbyApi';
import { addFavouriteId, FAVOURITE_TOGGLE_THROTTLE_MS, leadingThrottle, removeFavouriteId } from './rules';
import { SEAMLESS_PATH, storeSeamlessGame } from './seamless';

const HOT_GAMES_KEY = 'HOT_GAMES';
const VENDOR_CACHE_KEY = 'gameVendor';

interface LobbyValue {
  lanes: VendorLane[];
  lanesLoaded: boolean;
  favouriteIds: readonly string[];
  isFavourite: (game: Game) => boolean;
  toggleFavourite: (game: Game) => void;
  /** Bumped after every favourite change the server confirmed, so favourite lists can refetch. */
  favouritesVersion: number;
  hotGames: Game[] | null;
  refreshHotGames: () => Promise<void>;
  launch: (game: Game) => Promise<void>;
  launching: string | null;
}

const LobbyContext = createContext<LobbyValue | null>(null);

export function useLobby(): LobbyValue {
  const value = useContext(LobbyContext);
  if (!value) throw new Error('useLobby outside LobbyProvider');
  return value;
}

function readSession<T>(key: string): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeSession(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the cache is only an optimisation
  }
}

export function LobbyProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { member, language, openModal, showToast, showNotice, phase } = useAppState();
  const token = member?.token ?? null;

  // ---- Vendor lanes: cached per language in the session, reloaded when the language changes -------------
  const [lanes, setLanes] = useState<VendorLane[]>([]);
  const [lanesLoaded, setLanesLoaded] = useState(false);
  useEffect(() => {
    if (phase !== 'ready') return;
    const cached = readSession<{ language: string; lanes: VendorLane[] }>(VENDOR_CACHE_KEY);
    if (cached && cached.language === language && Array.isArray(cached.lanes)) {
      setLanes(cached.lanes);
      setLanesLoaded(true);
      return;
    }
    const controller = new AbortController();
    lobbyApi
      .vendors(controller.signal)
      .then((value) => {
        const next = value?.data?.lanes ?? [];
        setLanes(next);
        writeSession(VENDOR_CACHE_KEY, { language, lanes: next });
      })
      .catch(() => setLanes([]))
      .finally(() => {
        if (!controller.signal.aborted) setLanesLoaded(true);
      });
    return () => controller.abort();
  }, [phase, language]);

  // ---- Hot games: cached in the session (HOT_GAMES), refreshable ---------------------------------------
  const [hotGames, setHotGames] = useState<Game[] | null>(() => readSession<{ language: string; list: Game[] }>(HOT_GAMES_KEY)?.list ?? null);
  const refreshHotGames = useCallback(async () => {
    try {
      const value = await lobbyApi.hotGames();
      const list = value?.list ?? [];
      setHotGames(list);
      writeSession(HOT_GAMES_KEY, { language, list });
    } catch (error) {
      showToast(errorMessage(error));
    }
  }, [language, showToast]);
  useEffect(() => {
    if (phase !== 'ready') return;
    const cached = readSession<{ language: string; list: Game[] }>(HOT_GAMES_KEY);
    if (cached && cached.language === language && Array.isArray(cached.list)) {
      setHotGames(cached.list);
      return;
    }
    void refreshHotGames();
  }, [phase, language, refreshHotGames]);

  // ---- Favourites: ids loaded on login, toggles optimistic and throttled ------------------------------------
  const [favouriteIds, setFavouriteIds] = useState<readonly string[]>([]);
  const favouriteIdsRef = useRef<readonly string[]>([]);
  const [favouritesVersion, setFavouritesVersion] = useState(0);
  const applyIds = useCallback((ids: readonly string[]) => {
    favouriteIdsRef.current = ids;
    setFavouriteIds(ids);
  }, []);
  useEffect(() => {
    applyIds([]);
    if (!token) return;
    let cancelled = false;
    lobbyApi
      .favouriteIds()
      .then((ids) => {
        if (!cancelled && Array.isArray(ids)) applyIds(ids.map(String));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [token, applyIds]);

  const throttle = useRef(leadingThrottle(FAVOURITE_TOGGLE_THROTTLE_MS));
  const toggleFavourite = useCallback(
    (game: Game) => {
      if (!token) {
        openModal('login');
        return;
      }
      if (!throttle.current()) return;
      const id = gameKey(game);
      const before = favouriteIdsRef.current;
      const adding = !before.includes(id);
      applyIds(adding ? addFavouriteId(before, id) : removeFavouriteId(before, id));
      (adding ? lobbyApi.addFavourite(game) : lobbyApi.removeFavourite(game))
        .then(() => setFavouritesVersion((v) => v + 1))
        .catch((error: unknown) => {
          // Undo only this game's optimistic change; other toggles since then stay.
          const now = favouriteIdsRef.current;
          applyIds(adding ? removeFavouriteId(now, id) : addFavouriteId(now, id));
          if (!(error instanceof ApiError && error.status === 401)) showToast(errorMessage(error));
        });
    },
    [token, openModal, applyIds, showToast],
  );
  const isFavourite = useCallback((game: Game) => favouriteIds.includes(gameKey(game)), [favouriteIds]);

  // ---- Launch (spec §4 "Game launch") ----------------------------------------------------------------------
  const [trialPrompt, setTrialPrompt] = useState(false);
  const [launching, setLaunching] = useState<string | null>(null);
  const launch = useCallback(
    async (game: Game) => {
      if (!member) {
        openModal('login');
        return;
      }
      if (member.type === TRIAL_TYPE) {
        setTrialPrompt(true);
        return;
      }
      const id = gameKey(game);
      setLaunching(id);
      try {
        const value = await lobbyApi.launch(game.nodeId);
        if (value.mode === 'route' && value.route) {
          try {
            void navigate(value.route);
          } catch {
            // spec §2: a route push failure is silently ignored
          }
        } else if (value.mode === 'iframe' && value.url) {
          storeSeamlessGame({ url: value.url, gameName: game.gameName, nodeId: id });
          void navigate(`${SEAMLESS_PATH}?nodeId=${encodeURIComponent(id)}`);
        } else if (value.url) {
          const opened = window.open(value.url, '_blank');
          if (opened) opened.opener = null;
          if (opened === null) showNotice({ title: t('in_popup_prompt'), text: t('lobby_popup_blocked') });
        } else {
          showToast(t('lobby_invalid_url'));
        }
      } catch (error) {
        if (error instanceof ApiError && error.code === 'TRIAL_ACCOUNT_REFUSED') setTrialPrompt(true);
        else if (error instanceof ApiError && error.status === 401) openModal('login');
        else showNotice({ title: t('in_popup_prompt'), text: errorMessage(error) });
      } finally {
        setLaunching(null);
      }
    },
    [member, openModal, navigate, showNotice, showToast, t],
  );

  const value = useMemo<LobbyValue>(
    () => ({ lanes, lanesLoaded, favouriteIds, isFavourite, toggleFavourite, favouritesVersion, hotGames, refreshHotGames, launch, launching }),
    [lanes, lanesLoaded, favouriteIds, isFavourite, toggleFavourite, favouritesVersion, hotGames, refreshHotGames, launch, launching],
  );

  return (
    <LobbyContext.Provider value={value}>
      {children}
      {trialPrompt && (
        <Modal title={t('in_popup_prompt')} onClose={() => setTrialPrompt(false)} testId="trial-dialog" size="sm">
          <p className="dialog-text">{t('in_need_true_account')}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" data-testid="trial-dialog-ok" onClick={() => setTrialPrompt(false)}>
              {t('in_increase_submit')}
            </button>
          </div>
        </Modal>
      )}
    </LobbyContext.Provider>
  );
}
