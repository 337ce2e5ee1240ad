/**
 * The lobby's rules (spec §4 "Lobby", "Favourites"; §9 constants) as pure functions, so they can be tested
 * without a browser and the components only render what these decide.
 */

export const LOBBY_PAGE_SIZE = 18;
export const HOME_SECTION_SIZE = 12;
export const HOME_VENDOR_LIMIT = 5;
export const HOME_FAVOURITES_PAGE_SIZE = 999;
export const RECENT_PAGE_SIZE = 12;
export const PAGING_RANGE = 5;
export const PAGING_MARGIN = 2;
export const FAVOURITE_TOGGLE_THROTTLE_MS = 1000;
export const WINNER_LIMIT = 20;
export const HEADER_LARGE_MENU_VENDORS = 10;

export const GAME_TYPES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'COCKFIGHT'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const isGameType = (value: unknown): value is GameType => (GAME_TYPES as readonly unknown[]).includes(value);

/** Sections of HOME after recent, hot and favourite, in the spec's order; lottery covers LOTT and ELOTT. */
export const HOME_CATEGORY_SECTIONS: readonly { key: string; gameTypes: readonly GameType[] }[] = [
  { key: 'RNG', gameTypes: ['RNG'] },
  { key: 'LIVE', gameTypes: ['LIVE'] },
  { key: 'FISH', gameTypes: ['FISH'] },
  { key: 'PVP', gameTypes: ['PVP'] },
  { key: 'SPORTS', gameTypes: ['SPORTS'] },
  { key: 'ESPORTS', gameTypes: ['ESPORTS'] },
  { key: 'COCKFIGHT', gameTypes: ['COCKFIGHT'] },
  { key: 'LOTTERY', gameTypes: ['LOTT', 'ELOTT'] },
];

/** The route of each category page (spec §2 routes). */
export const CATEGORY_ROUTES: Record<GameType, string> = {
  LIVE: '/live',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LOTT: '/lott',
  ELOTT: '/elott',
  COCKFIGHT: '/cockfight',
};

export function gameTypeOfPath(path: string): GameType | null {
  const lower = path.toLowerCase();
  for (const [type, route] of Object.entries(CATEGORY_ROUTES)) if (route === lower) return type as GameType;
  return null;
}

/** Where a vendor chosen in a menu leads: its category page, preselecting the vendor. */
export function vendorLink(gameType: string, vassalage: string): string {
  const route = isGameType(gameType) ? CATEGORY_ROUTES[gameType] : '/';
  return `${route}?vassalage=${encodeURIComponent(vassalage)}`;
}

// ---- Paging -------------------------------------------------------------------------------------------------

export type PageItem = number | 'gap';

/**
 * The page links shown: `margin` pages at each end and `range` pages around the current one, with a gap marker
 * where pages are left out.
 */
export function pagingRange(current: number, totalPages: number, range = PAGING_RANGE, margin = PAGING_MARGIN): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  if (totalPages <= range + 2 * margin) return Array.from({ length: totalPages }, (_, i) => i + 1);
  let start = page - Math.floor(range / 2);
  let end = start + range - 1;
  if (start < 1) {
    start = 1;
    end = range;
  }
  if (end > totalPages) {
    end = totalPages;
    start = totalPages - range + 1;
  }
  const shown = new Set<number>();
  for (let p = 1; p <= margin; p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = totalPages - margin + 1; p <= totalPages; p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous > 1) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}

// ---- Throttle ---------------------------------------------------------------------------------------------

/** Leading-edge throttle: the first call in each window runs, the others in that window are dropped. */
export function leadingThrottle(windowMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < windowMs) return false;
    last = at;
    return true;
  };
}

// ---- Favourite ids ------------------------------------------------------------------------------------------

/** Optimistic add: unchanged (same array) when the game is already a favourite. */
export function addFavouriteId(ids: readonly string[], nodeId: string): readonly string[] {
  return ids.includes(nodeId) ? ids : [...ids, nodeId];
}

export function removeFavouriteId(ids: readonly string[], nodeId: string): readonly string[] {
  return ids.includes(nodeId) ? ids.filter((id) => id !== nodeId) : ids;
}

// ---- The lobby view state ---------------------------------------------------------------------------------

export type LobbyFilter = 'ALL' | 'HOT' | 'FAV' | 'RECENT';
export const LOBBY_FILTERS: readonly LobbyFilter[] = ['ALL', 'HOT', 'FAV', 'RECENT'];
export const ALL = 'ALL';

export interface CategoryViewState {
  vassalage: string;
  gameClassify: string;
  filter: LobbyFilter;
  pageNo: number;
  /** What the search box shows. */
  searchText: string;
  /** The trimmed name the list is filtered by. */
  gameName: string;
}

export const initialCategoryView = (vassalage = ALL): CategoryViewState => ({
  vassalage,
  gameClassify: ALL,
  filter: 'ALL',
  pageNo: 1,
  searchText: '',
  gameName: '',
});

export type CategoryViewAction =
  | { kind: 'vendor'; vassalage: string }
  | { kind: 'classify'; gameClassify: string; vendorsOfClassify: readonly string[] }
  | { kind: 'filter'; filter: LobbyFilter }
  | { kind: 'page'; pageNo: number; totalPages: number }
  | { kind: 'typing'; text: string }
  | { kind: 'search' };

export interface Decision<S> {
  state: S;
  /** The visitor must sign in first: the state is unchanged and the login popup opens. */
  login?: boolean;
}

const needsMember = (filter: LobbyFilter): boolean => filter === 'FAV' || filter === 'RECENT';

export function decideCategoryView(state: CategoryViewState, action: CategoryViewAction, loggedIn: boolean): Decision<CategoryViewState> {
  const cleared = { pageNo: 1, searchText: '', gameName: '' };
  switch (action.kind) {
    case 'vendor':
      return { state: { ...state, ...cleared, vassalage: action.vassalage, gameClassify: ALL, filter: 'ALL' } };
    case 'classify': {
      const firstVendor = action.gameClassify === ALL ? state.vassalage : (action.vendorsOfClassify[0] ?? state.vassalage);
      return { state: { ...state, ...cleared, gameClassify: action.gameClassify, vassalage: firstVendor } };
    }
    case 'filter':
      if (needsMember(action.filter) && !loggedIn) return { state, login: true };
      return { state: { ...state, ...cleared, filter: action.filter } };
    case 'page':
      if (!Number.isInteger(action.pageNo) || action.pageNo < 1 || action.pageNo > Math.max(1, action.totalPages)) return { state };
      if (action.pageNo === state.pageNo) return { state };
      return { state: { ...state, ...cleared, pageNo: action.pageNo } };
    case 'typing':
      return { state: { ...state, searchText: action.text } };
    case 'search':
      return { state: { ...state, pageNo: 1, gameName: state.searchText.trim() } };
  }
}

/** The home lobby's category menu: HOME, HOT, FAV, then the categories of the vendor lanes. */
export type LobbyCategory = 'HOME' | 'HOT' | 'FAV' | GameType;

export function decideCategory(next: LobbyCategory, loggedIn: boolean): Decision<LobbyCategory> {
  if (next === 'FAV' && !loggedIn) return { state: 'HOME', login: true };
  return { state: next };
}

/** Names filter: case-insensitive substring of the trimmed text (used where the server answers whole lists). */
export function matchesName(gameName: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || gameName.toLowerCase().includes(needle);
}

/** One page of a list the server answers whole (hot games). */
export function pageOf<T>(items: readonly T[], pageNo: number, pageSize: number): { items: T[]; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const start = (pageNo - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), totalPages };
}

/** Winner board: by win amount, largest first (decimal strings compared without floats), at most `limit`. */
export function sortWinners<T extends { winAmount: string }>(list: readonly T[], limit = WINNER_LIMIT): T[] {
  return [...list].sort((a, b) => compareDecimal(b.winAmount, a.winAmount)).slice(0, limit);
}

export function compareDecimal(a: string, b: string): number {
  const parse = (value: string): [boolean, string, string] => {
    const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(value.trim());
    if (!match) return [false, '0', ''];
    return [Boolean(match[1]), (match[2] ?? '').replace(/^0+/, ''), (match[3] ?? '').replace(/0+$/, '')];
  };
  const [negA, wholeA, fracA] = parse(a);
  const [negB, wholeB, fracB] = parse(b);
  const zeroA = wholeA === '' && fracA === '';
  const zeroB = wholeB === '' && fracB === '';
  const signA = zeroA ? 0 : negA ? -1 : 1;
  const signB = zeroB ? 0 : negB ? -1 : 1;
  if (signA !== signB) return signA < signB ? -1 : 1;
  if (signA === 0) return 0;
  let magnitude: number;
  if (wholeA.length !== wholeB.length) magnitude = wholeA.length < wholeB.length ? -1 : 1;
  else if (wholeA !== wholeB) magnitude = wholeA < wholeB ? -1 : 1;
  else {
    const width = Math.max(fracA.length, fracB.length);
    const fa = fracA.padEnd(width, '0');
    const fb = fracB.padEnd(width, '0');
    magnitude = fa === fb ? 0 : fa < fb ? -1 : 1;
  }
  return signA * magnitude;
}

/** Prize mode (spec §4): ELOTT when the lottery vendors include TCG_LOTTO_VN or LOTT, else LOTT. */
export function prizeMode(lotteryVendors: readonly string[]): 'ELOTT' | 'LOTT' {
  return lotteryVendors.includes('TCG_LOTTO_VN') || lotteryVendors.includes('LOTT') ? 'ELOTT' : 'LOTT';
}
