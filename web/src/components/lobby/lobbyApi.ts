/** The lobby calls of /work/briefs/games-api.md (spec §7 "Games"), through the app's one HTTP client. */
import { request } from '../../api';
import { currentLanguage } from '../../i18n';
import { getMerchantCode } from '../../session';
import type { GameType } from './rules';

export interface Game {
  nodeId: string | number;
  gameName: string;
  nodeName?: string;
  iconUrl?: string | null;
  showIcon?: unknown;
  vassalage: string;
  gameCode: string;
  gameType: GameType | string;
  isHot: number;
  supportPlay: number;
  isGame: 'VASSALAGE' | 'GAME' | string;
  gameClassify?: string | null;
}

export interface VendorCard {
  vassalage: string;
  displayName: string;
  gameType: string;
  lagerIcon?: string | null;
}

export interface VendorLane {
  title: string;
  cards: VendorCard[];
  gameClassify?: { code: string; vendors: string[] }[];
}

export interface GameMenusValue {
  games: Game[];
  totalPages: number;
  pageNum?: number;
  total?: number;
}

export interface FavouritesValue {
  content: Game[];
  totalPages: number;
  pageNum: number;
}

export interface RecentValue {
  list: Game[];
  totalPages: number;
}

export interface LaunchValue {
  url?: string;
  mode: 'iframe' | 'redirect' | 'route';
  route?: string;
}

export interface Winner {
  customerName: string;
  winAmount: string;
  currency?: string;
  gameName: string;
  iconUrl?: string | null;
  vo?: { vendor?: string; gameType?: string; at?: string };
}

/** One game announcement in the interface language (EN where the operator wrote none in it). */
export interface GameAnnouncement {
  id: string;
  title: string;
  content: string;
  at: string;
}

export interface JackpotValue {
  amount: string;
  currency: string;
  pools?: unknown[];
}

const CLIENT_TYPE = 3;
const IS_PLATFORM = 2;
const LIST_PLATFORM = 'flash,html5-desktop';
const FAVOURITE_PLATFORM = 'flash';
const VENDOR_PLATFORM = 'html5-desktop';

function query(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  return params.toString();
}

/** 'ALL' in the view state means "no filter" on the wire. */
const unlessAll = (value: string | undefined): string | undefined => (value && value !== 'ALL' ? value : undefined);

export interface GameListQuery {
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  pageNo: number;
  pageSize: number;
}

export const lobbyApi = {
  gameMenus: (q: GameListQuery, signal?: AbortSignal) =>
    request<GameMenusValue>(
      'GET',
      `/lgw/games/game_menus?${query({
        clientType: CLIENT_TYPE,
        platform: LIST_PLATFORM,
        merchant: getMerchantCode(),
        gameType: unlessAll(q.gameType),
        vassalage: unlessAll(q.vassalage),
        gameClassify: unlessAll(q.gameClassify),
        gameName: q.gameName?.trim(),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        language: currentLanguage(),
      })}`,
      { signal },
    ),
  hotGames: (q: { gameType?: string; vassalage?: string } = {}, signal?: AbortSignal) =>
    request<{ list: Game[] }>(
      'GET',
      `/lgw/games/hot?${query({
        merchantCode: getMerchantCode(),
        isPlatform: IS_PLATFORM,
        gameType: unlessAll(q.gameType),
        vassalage: unlessAll(q.vassalage),
        platform: LIST_PLATFORM,
        language: currentLanguage(),
      })}`,
      { signal },
    ),
  vendors: (signal?: AbortSignal) =>
    request<{ data: { lanes: VendorLane[] } }>('GET', `/lgw/games/vendors?${query({ platform: VENDOR_PLATFORM, language: currentLanguage() })}`, { signal }),
  recent: (q: { page: number; pageSize: number; gameType?: string; vassalage?: string }, signal?: AbortSignal) =>
    request<RecentValue>(
      'GET',
      `/lgw/vn/games/game_menu/recent?${query({
        page: q.page,
        pageSize: q.pageSize,
        gameType: unlessAll(q.gameType),
        vassalage: unlessAll(q.vassalage),
        language: currentLanguage(),
        clientType: CLIENT_TYPE,
      })}`,
      { auth: true, signal },
    ),
  favourites: (q: { pageNo: number; pageSize: number; gameType?: string; vassalage?: string }, signal?: AbortSignal) =>
    request<FavouritesValue>(
      'GET',
      `/wps/relay/MCSFE_getFavoriteGameV2?${query({
        clientType: CLIENT_TYPE,
        platform: FAVOURITE_PLATFORM,
        gameType: unlessAll(q.gameType),
        vassalage: unlessAll(q.vassalage),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        language: currentLanguage(),
      })}`,
      { auth: true, signal },
    ),
  favouriteIds: () => request<(string | number)[]>('GET', '/wps/relay/MCSFE_getFavoriteGameIds', { auth: true }),
  addFavourite: (game: Game) =>
    request<{ nodeId: string | number; favorite: boolean }>('POST', '/wps/relay/MCSFE_addFavoriteGameV2', {
      auth: true,
      body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
    }),
  removeFavourite: (game: Game) =>
    request<{ nodeId: string | number; favorite: boolean }>('DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2', {
      auth: true,
      body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
    }),
  launch: (nodeId: string | number) => request<LaunchValue>('POST', '/wps/game/launchGame', { auth: true, body: { nodeId } }),
  recall: () => request<{ balance: string }>('POST', '/wps/game/recall', { auth: true }),
  winners: (signal?: AbortSignal) =>
    request<{ list: Winner[] }>('GET', `/lgw/games/winners?${query({ gameCategory: 'ALL', language: currentLanguage(), limitNum: 20 })}`, { signal }),
  jackpot: (signal?: AbortSignal) => request<JackpotValue>('GET', '/lgw/games/jackpot', { signal }),
  // ---- Lottery pages (spec §7 "Lottery lobby/launch", opened numbers) ----
  /** Launch from a lottery page: with the lottery fields the answer is the vendor's URL, not the page's route. */
  launchLottery: (nodeId: string | number, params: LotteryLaunchParams) =>
    request<LaunchValue>('POST', '/wps/game/launchGame', { auth: true, body: { nodeId, ...params } }),
  openedNumbers: (q: { gameCode: string; pageNo?: number; pageSize?: number }, signal?: AbortSignal) =>
    request<LotteryDrawPage>('GET', `/lotto/lgw/games/opened/numero?${query({ gameCode: q.gameCode, pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10 })}`, { auth: true, signal }),
  vnOpenedNumbers: (q: { gameCode: string; pageNo?: number; pageSize?: number }, signal?: AbortSignal) =>
    request<LotteryDrawPage>('GET', `/lgw/vn/numeros/opened/game?${query({ gameCode: q.gameCode, pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10 })}`, { signal }),
  announcements: (signal?: AbortSignal) =>
    request<{ list: GameAnnouncement[] }>('GET', `/lgw/games/announcements?${query({ language: currentLanguage() })}`, { signal }),
  /** Games by how often they were launched, most first; `gameType` narrows to one category. */
  rank: (q: { gameType?: string } = {}, signal?: AbortSignal) =>
    request<{ list: Game[] }>('GET', `/lgw/games/rank?${query({ gameType: unlessAll(q.gameType), language: currentLanguage() })}`, { signal }),
};

export const gameKey = (game: Pick<Game, 'nodeId'>): string => String(game.nodeId);
export const gameTitle = (game: Game): string => game.gameName || game.nodeName || game.gameCode;

// ---- Lottery pages ----------------------------------------------------------------------------------------------
export interface LotteryLaunchParams {
  lottoArea?: string;
  launchMode?: 'LOTT';
  prizeMode: 'LOTT' | 'ZY' | 'ELOTT' | 'SEA';
  view: 'betting' | 'lobby';
  device: 'WEB' | 'MOBILE';
  backUrl: string;
  language: string;
}

export interface LotteryDraw {
  vendor: string;
  gameCode: string;
  drawNo: string;
  numbers: string[];
  drawnAt: string;
}

export interface LotteryDrawPage {
  list: LotteryDraw[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  total: number;
}
