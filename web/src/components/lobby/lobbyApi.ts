/** The lobby calls (spec §7 "Games"), through the typed client of the declared use cases. */
import type { UseCaseResponse, UseCases } from '@wps/contracts';
import { LOBBY_CLIENT_TYPE, LOBBY_FAVOURITE_PLATFORM, LOBBY_IS_PLATFORM, LOBBY_LIST_PLATFORM, LOBBY_VENDOR_PLATFORM, WINNER_BOARD_LIMIT } from '@wps/contracts/shared-values';
import { useCases } from '../../useCases';
import { call } from '../../api';
import { currentLanguage } from '../../i18n';
import { getMerchantCode } from '../../session';

type Answer<K extends keyof UseCases> = UseCaseResponse<UseCases[K]>;

export type Game = Answer<'listGames'>['games'][number];
export type VendorLane = Answer<'vendorLanes'>['data']['lanes'][number];
export type VendorCard = VendorLane['cards'][number];
export type GameMenusValue = Answer<'listGames'>;
export type FavouritesValue = Answer<'favouriteGames'>;
export type RecentValue = Answer<'recentGames'>;
export type LaunchValue = Answer<'launchGame'>;
export type Winner = Answer<'winners'>['list'][number];
/** One game announcement in the interface language (EN where the operator wrote none in it). */
export type GameAnnouncement = Answer<'announcements'>['list'][number];
export type JackpotValue = Answer<'jackpot'>;

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
    call(
      useCases.listGames,
      {
        clientType: LOBBY_CLIENT_TYPE,
        platform: LOBBY_LIST_PLATFORM,
        merchant: getMerchantCode() ?? undefined,
        gameType: unlessAll(q.gameType),
        vassalage: unlessAll(q.vassalage),
        gameClassify: unlessAll(q.gameClassify),
        gameName: q.gameName?.trim(),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        language: currentLanguage(),
      },
      { signal },
    ),
  hotGames: (q: { gameType?: string; vassalage?: string } = {}, signal?: AbortSignal) =>
    call(
      useCases.hotGames,
      {
        merchantCode: getMerchantCode() ?? undefined,
        isPlatform: LOBBY_IS_PLATFORM,
        gameType: unlessAll(q.gameType),
        vassalage: unlessAll(q.vassalage),
        platform: LOBBY_LIST_PLATFORM,
        language: currentLanguage(),
      },
      { signal },
    ),
  vendors: (signal?: AbortSignal) => call(useCases.vendorLanes, { platform: LOBBY_VENDOR_PLATFORM, language: currentLanguage() }, { signal }),
  recent: (q: { page: number; pageSize: number; gameType?: string; vassalage?: string }, signal?: AbortSignal) =>
    call(
      useCases.recentGames,
      { page: q.page, pageSize: q.pageSize, gameType: unlessAll(q.gameType), vassalage: unlessAll(q.vassalage), language: currentLanguage(), clientType: LOBBY_CLIENT_TYPE },
      { signal },
    ),
  favourites: (q: { pageNo: number; pageSize: number; gameType?: string; vassalage?: string }, signal?: AbortSignal) =>
    call(
      useCases.favouriteGames,
      {
        clientType: LOBBY_CLIENT_TYPE,
        platform: LOBBY_FAVOURITE_PLATFORM,
        gameType: unlessAll(q.gameType),
        vassalage: unlessAll(q.vassalage),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        language: currentLanguage(),
      },
      { signal },
    ),
  favouriteIds: () => call(useCases.favouriteIds, {}),
  addFavourite: (game: Game) => call(useCases.addFavourite, { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType }),
  removeFavourite: (game: Game) => call(useCases.removeFavourite, { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType }),
  launch: (nodeId: string | number) => call(useCases.launchGame, { nodeId }),
  recall: () => call(useCases.recallBalance, {}),
  winners: (signal?: AbortSignal) => call(useCases.winners, { gameCategory: 'ALL', limitNum: WINNER_BOARD_LIMIT }, { signal }),
  jackpot: (signal?: AbortSignal) => call(useCases.jackpot, {}, { signal }),
  // ---- Lottery pages (spec §7 "Lottery lobby/launch", opened numbers) ----
  /** Launch from a lottery page: with the lottery fields the answer is the vendor's URL, not the page's route. */
  launchLottery: (nodeId: string | number, params: LotteryLaunchParams) => call(useCases.launchGame, { nodeId, ...params }),
  openedNumbers: (q: { gameCode: string; pageNo?: number; pageSize?: number }, signal?: AbortSignal) =>
    call(useCases.openedNumbers, { gameCode: q.gameCode, pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10 }, { signal }),
  vnOpenedNumbers: (q: { gameCode: string; pageNo?: number; pageSize?: number }, signal?: AbortSignal) =>
    call(useCases.vnOpenedNumbers, { gameCode: q.gameCode, pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10 }, { signal }),
  announcements: (signal?: AbortSignal) => call(useCases.announcements, {}, { signal }),
  /** Games by how often they were launched, most first; `gameType` narrows to one category. */
  rank: (q: { gameType?: string } = {}, signal?: AbortSignal) => call(useCases.rank, { gameType: unlessAll(q.gameType) }, { signal }),
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

export type LotteryDrawPage = Answer<'openedNumbers'>;
export type LotteryDraw = LotteryDrawPage['list'][number];
