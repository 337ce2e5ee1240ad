import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api';
import { usePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { useSystem } from '../../state/system';
import { useModal, useNotices } from '../../state/ui';
import { changeOptimistically } from '../../state/freshness';
import { queryKeys } from '../../state/queries';
import { Modal } from '../Modal';
import { gameKey, lobbyApi, type Game, type VendorLane } from './lobbyApi';
import { addFavouriteId, FAVOURITE_TOGGLE_THROTTLE_MS, leadingThrottle, removeFavouriteId } from './rules';
import { SEAMLESS_PATH, storeSeamlessGame } from './seamless';

const HOT_GAMES_KEY = 'HOT_GAMES';
const VENDOR_CACHE_KEY = 'gameVendor';
const NO_LANES: VendorLane[] = [];
const NO_IDS: readonly string[] = [];

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

/** A list kept in the session for one language, when it is of `language`. */
function cachedFor<T>(key: string, field: string, language: string): T[] | undefined {
  const cached = readSession<Record<string, unknown>>(key);
  const list = cached?.[field];
  return cached && cached.language === language && Array.isArray(list) ? (list as T[]) : undefined;
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
  const { member } = useSession();
  const { language } = usePreferences();
  const { openModal } = useModal();
  const { showToast, showNotice } = useNotices();
  const { phase } = useSystem();
  const client = useQueryClient();
  const token = member?.token ?? null;

  // ---- Vendor lanes: cached per language in the session, read again when the language changes --------------
  const lanesQuery = useQuery({
    queryKey: queryKeys.vendorLanes(language),
    queryFn: async ({ signal }) => {
      const next = (await lobbyApi.vendors(signal))?.data?.lanes ?? [];
      writeSession(VENDOR_CACHE_KEY, { language, lanes: next });
      return next;
    },
    initialData: () => cachedFor<VendorLane>(VENDOR_CACHE_KEY, 'lanes', language),
    // The lanes of the language before stay on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    enabled: phase === 'ready',
  });
  const lanes = lanesQuery.data ?? NO_LANES;
  const lanesLoaded = lanesQuery.status !== 'pending';

  // ---- Hot games: cached in the session (HOT_GAMES), refreshable ---------------------------------------
  const hotGamesQuery = useQuery({
    queryKey: queryKeys.hotGames(language),
    queryFn: async () => {
      try {
        const list = (await lobbyApi.hotGames())?.list ?? [];
        writeSession(HOT_GAMES_KEY, { language, list });
        return list;
      } catch (error) {
        showToast(errorMessage(error));
        throw error;
      }
    },
    initialData: () => cachedFor<Game>(HOT_GAMES_KEY, 'list', language),
    // Until the list of this language arrives: the one shown before, or the one kept in the session.
    placeholderData: (previous) => previous ?? readSession<{ list?: Game[] }>(HOT_GAMES_KEY)?.list,
    enabled: phase === 'ready',
  });
  const hotGames = hotGamesQuery.data ?? null;
  const refreshHotGames = useCallback(() => client.refetchQueries({ queryKey: queryKeys.hotGames(language), exact: true }), [client, language]);

  // ---- Favourites: ids read for the session, toggles optimistic and throttled --------------------------------
  const { data: favouriteIds = NO_IDS } = useQuery({
    queryKey: queryKeys.favouriteIds(token),
    queryFn: async () => {
      const ids = await lobbyApi.favouriteIds();
      return Array.isArray(ids) ? ids.map(String) : [];
    },
    enabled: token !== null,
  });
  const [favouritesVersion, setFavouritesVersion] = useState(0);

  const throttle = useRef(leadingThrottle(FAVOURITE_TOGGLE_THROTTLE_MS));
  const toggleFavourite = useCallback(
    (game: Game) => {
      if (!token) {
        openModal('login');
        return;
      }
      if (!throttle.current()) return;
      const id = gameKey(game);
      const favouritesKey = queryKeys.favouriteIds(token);
      const adding = !(client.getQueryData<readonly string[]>(favouritesKey) ?? NO_IDS).includes(id);
      const change = changeOptimistically<readonly string[]>(client, favouritesKey, (now = NO_IDS) => (adding ? addFavouriteId(now, id) : removeFavouriteId(now, id)));
      (adding ? lobbyApi.addFavourite(game) : lobbyApi.removeFavourite(game))
        .then(() => setFavouritesVersion((v) => v + 1))
        .catch((error: unknown) => {
          // Undo only this game's optimistic change; other toggles since then stay.
          client.setQueryData<readonly string[]>(favouritesKey, (now = NO_IDS) => (adding ? removeFavouriteId(now, id) : addFavouriteId(now, id)));
          if (!(error instanceof ApiError && error.status === 401)) showToast(errorMessage(error));
        })
        .finally(change.settle);
    },
    [token, openModal, client, showToast],
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
      if (member.isTrial) {
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
