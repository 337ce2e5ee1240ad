/** The game a /seamless page shows, kept in the session so a reload of that page shows it again. */
export const SEAMLESS_PATH = '/seamless';
const SEAMLESS_KEY = 'seamlessGame';

export interface SeamlessGame {
  url: string;
  gameName: string;
  nodeId: string;
}

export function storeSeamlessGame(game: SeamlessGame): void {
  try {
    window.sessionStorage.setItem(SEAMLESS_KEY, JSON.stringify(game));
  } catch {
    // without storage the page still gets nothing to show and offers the way back
  }
}

export function readSeamlessGame(): SeamlessGame | null {
  try {
    const raw = window.sessionStorage.getItem(SEAMLESS_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SeamlessGame>;
    return typeof value.url === 'string' && /^https?:\/\/|^\//i.test(value.url) ? (value as SeamlessGame) : null;
  } catch {
    return null;
  }
}
