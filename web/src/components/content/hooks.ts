import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NoticeEntry } from '@wps/contracts';
import { useLobby } from '../lobby/LobbyContext';
import type { Game } from '../lobby/lobbyApi';
import { linkAction } from './linkage';

/** Whether a media query matches, following changes (viewport width, reduced motion). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    useCallback(
      (listener: () => void) => {
        const list = window.matchMedia(query);
        list.addEventListener('change', listener);
        return () => list.removeEventListener('change', listener);
      },
      [query],
    ),
    () => window.matchMedia(query).matches,
  );
}

export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
export const usePhone = (): boolean => useMediaQuery('(max-width: 640px)');

/** The game a GAME link names, as the lobby's launch takes it. */
function linkedGame(nodeId: string, title: string): Game {
  return {
    nodeId,
    gameName: title,
    nodeName: title,
    iconUrl: '',
    showIcon: '',
    fallbackIconUrl: '',
    vassalage: '',
    vendorName: '',
    gameCode: '',
    gameType: '',
    isHot: 0,
    supportPlay: 1,
    isGame: 'GAME',
    gameClassify: null,
  };
}

/**
 * Follows an entry's link: a game launches through the lobby (which asks guests to sign in), a promotion or page of
 * the site is navigated to, an outside address opens in a new tab without access to this one.
 */
export function useFollowLink(): (entry: Pick<NoticeEntry, 'linkageType' | 'linkTarget' | 'title'>) => void {
  const navigate = useNavigate();
  const { launch } = useLobby();
  return useCallback(
    (entry) => {
      const action = linkAction(entry);
      if (action.kind === 'game') void launch(linkedGame(action.nodeId, entry.title));
      else if (action.kind === 'route') void navigate(action.path);
      else if (action.kind === 'external') window.open(action.url, '_blank', 'noopener,noreferrer');
    },
    [launch, navigate],
  );
}
