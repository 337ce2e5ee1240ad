import { COCKFIGHT_VENDORS, ESPORTS_VENDORS, RNG_CLASSIFIES } from '@wps/contracts';

/** Spec sections 4 and 9: esports and cockfight vendors leave SPORTS for their own categories. */
export function lobbyGameType(vassalage: string, gameType: string): string {
  if ((ESPORTS_VENDORS as readonly string[]).includes(vassalage)) return 'ESPORTS';
  if ((COCKFIGHT_VENDORS as readonly string[]).includes(vassalage)) return 'COCKFIGHT';
  return gameType;
}

/** The RNG submenu types a brand shows: bingo only when its languages include TY (spec section 2). */
export function rngClassifiesFor(brandLanguages: readonly string[]): string[] {
  return RNG_CLASSIFIES.filter((code) => code !== 'BG' || brandLanguages.includes('TY'));
}

/** The winner board shows names as first two characters, three stars, last character. */
export function maskCustomerName(account: string | null): string {
  const name = account ?? '';
  if (name.length <= 3) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-1)}`;
}

export function totalPages(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/**
 * Spec section 2, game launch routing: lottery vendors open the client's own lottery pages, and an RNG vendor that
 * opens its own game list goes to /rng?vassalage=. Everything else is launched by the vendor's adapter.
 */
export function clientRouteFor(game: { vassalage: string; gameCode: string; gameType: string; isGame: 'GAME' | 'VASSALAGE' }): string | undefined {
  const code = encodeURIComponent(game.gameCode);
  if (game.vassalage === 'TCG_LOTTO_VN') return `/vnLottery?gameCode=${code}`;
  if (game.vassalage === 'TCG_SEA') return `/seaLottery?gameCode=${code}`;
  if (game.vassalage === 'LOTT' || game.vassalage === 'ELOTT') return `/lottery?gameCode=${code}`;
  if (game.gameType === 'RNG' && game.isGame === 'VASSALAGE') return `/rng?vassalage=${encodeURIComponent(game.vassalage)}`;
  // The house sportsbook takes every sports and e-sports tile of the catalogue.
  const lobbyType = lobbyGameType(game.vassalage, game.gameType);
  if (lobbyType === 'SPORTS') return '/sportsbook?group=sports';
  if (lobbyType === 'ESPORTS') return '/sportsbook?group=esports';
  return undefined;
}

/** Escapes LIKE wildcards so a searched name matches literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
