/** The lottery pages' rules (spec §2 routes, §3 lottery favourites, §4 prize mode, §7 lottery launch) as pure functions. */
import { prizeMode } from '../../components/lobby/rules';
import type { LotteryLaunchParams } from '../../components/lobby/lobbyApi';

export type LotteryArea = 'lottery' | 'vnLottery' | 'seaLottery';

export interface LotteryAreaInfo {
  area: LotteryArea;
  path: string;
  /** The vendors whose games the page's bar lists. */
  vendors: readonly string[];
  /** VN lottery: `lottoArea VN` in the launch, and the public VN draws call. */
  vn: boolean;
  titleKey: string;
}

export const LOTTERY_AREAS: Record<LotteryArea, LotteryAreaInfo> = {
  lottery: { area: 'lottery', path: '/lottery', vendors: ['LOTT', 'ELOTT'], vn: false, titleKey: 'lottery_title' },
  vnLottery: { area: 'vnLottery', path: '/vnLottery', vendors: ['TCG_LOTTO_VN'], vn: true, titleKey: 'lottery_title_vn' },
  seaLottery: { area: 'seaLottery', path: '/seaLottery', vendors: ['TCG_SEA'], vn: false, titleKey: 'lottery_title_sea' },
};

/** The area of a path; the router matches paths case-insensitively, so /vnlottery is the VN page too. */
export function lotteryAreaOf(pathname: string): LotteryAreaInfo {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '/vnlottery') return LOTTERY_AREAS.vnLottery;
  if (path === '/sealottery') return LOTTERY_AREAS.seaLottery;
  return LOTTERY_AREAS.lottery;
}

/** The vendors the lobby lists under LOTT and ELOTT, which decide the prize mode. */
export function lotteryVendorsOf(lanes: readonly { title: string; cards: readonly { vassalage: string }[] }[]): string[] {
  return lanes.filter((lane) => lane.title === 'LOTT' || lane.title === 'ELOTT').flatMap((lane) => lane.cards.map((card) => card.vassalage));
}

/** The launch fields of spec §7; the SEA page plays the SEA prize mode, the others the brand's (rules.ts). */
export function lotteryLaunchParams(input: { area: LotteryAreaInfo; lotteryVendors: readonly string[]; view: 'betting' | 'lobby'; backUrl: string; language: string }): LotteryLaunchParams {
  return {
    ...(input.area.vn ? { lottoArea: 'VN' } : {}),
    launchMode: 'LOTT',
    prizeMode: input.area.area === 'seaLottery' ? 'SEA' : prizeMode(input.lotteryVendors),
    view: input.view,
    device: 'WEB',
    backUrl: input.backUrl,
    language: input.language,
  };
}

// ---- Favourites: stored locally per username as a list of game ids (spec §3) -------------------------------------

export const favouritesKey = (username: string): string => `lotteryFavourites:${username}`;

export function readFavourites(storage: Pick<Storage, 'getItem'> | null, username: string): string[] {
  try {
    const raw = storage?.getItem(favouritesKey(username));
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function toggleFavourite(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((candidate) => candidate !== id) : [...ids, id];
}

export function writeFavourites(storage: Pick<Storage, 'setItem'> | null, username: string, ids: readonly string[]): void {
  try {
    storage?.setItem(favouritesKey(username), JSON.stringify(ids));
  } catch {
    // storage full or disabled: the star still shows for this visit
  }
}

/** Favourites first, each group in the lobby's order. */
export function favouritesFirst<T extends { nodeId: string | number }>(games: readonly T[], favourites: readonly string[]): T[] {
  const isFavourite = (game: T) => favourites.includes(String(game.nodeId));
  return [...games.filter(isFavourite), ...games.filter((game) => !isFavourite(game))];
}

/** The draws panel refreshes this often. */
export const DRAWS_REFRESH_MS = 30_000;
