/**
 * The side menu's state: a drawer on phones and tablets (open or closed), a panel or a narrow rail on desktop (the
 * choice kept in local storage). Game pages show no side menu.
 */
import { useSyncExternalStore } from 'react';
import { createStore, useStoreValue } from '../../state/store';

export const DESKTOP_QUERY = '(min-width: 1200px)';
/** Desktops this wide start with the full panel, narrower ones with the rail, until the visitor chooses. */
const WIDE_QUERY = '(min-width: 1440px)';
const COLLAPSED_KEY = 'sideMenuCollapsed';

/** Pages that give the whole width to a game (spec §2); the house games and lotteries have a layout of their own. */
const GAME_PAGES = ['/seamless', '/lottery', '/vnlottery', '/sealottery'];

export function isGamePage(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return GAME_PAGES.includes(path) || path.startsWith('/house/');
}

/** The visitor's last choice, or the rail unless the screen is wide. */
function readCollapsed(): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(COLLAPSED_KEY);
  } catch {
    // storage disabled: the default applies
  }
  return stored === null ? !window.matchMedia(WIDE_QUERY).matches : stored === '1';
}

const sideMenuStore = createStore({ drawerOpen: false, collapsed: typeof window === 'undefined' ? false : readCollapsed() });

const desktopMedia = () => window.matchMedia(DESKTOP_QUERY);

export function setDrawerOpen(open: boolean): void {
  if (sideMenuStore.get().drawerOpen !== open) sideMenuStore.set({ drawerOpen: open });
}

export function setCollapsed(collapsed: boolean): void {
  sideMenuStore.set({ collapsed });
  try {
    window.localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  } catch {
    // storage disabled: the choice lasts for this visit
  }
}

/** The header's menu button: opens or closes the drawer on small screens, widens or narrows the panel on desktop. */
export function toggleSideMenu(): void {
  if (desktopMedia().matches) setCollapsed(!sideMenuStore.get().collapsed);
  else setDrawerOpen(!sideMenuStore.get().drawerOpen);
}

function subscribeDesktop(listener: () => void): () => void {
  const media = desktopMedia();
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribeDesktop, () => desktopMedia().matches);
}

export function useSideMenu() {
  const drawerOpen = useStoreValue(sideMenuStore, (state) => state.drawerOpen);
  const collapsed = useStoreValue(sideMenuStore, (state) => state.collapsed);
  const desktop = useIsDesktop();
  /** How the menu shows now: a drawer (small screens), the full panel or the icon rail (desktop). */
  const mode = desktop ? (collapsed ? 'rail' : 'panel') : 'drawer';
  return { mode, drawerOpen, collapsed, desktop } as const;
}
