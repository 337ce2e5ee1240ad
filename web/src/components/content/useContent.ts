/**
 * The brand's content as the visitor sees it: one notices answer per language and login state, read when either
 * changes (spec §7), not while a stored session is still being checked, and read again when a `notice` push says the
 * brand's content changed.
 */
import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type BannerGroup, type NoticesAnswer } from '@wps/contracts';
import { useCases } from '../../useCases';
import { live } from '../../live/connection';
import { getToken, readStoredSession } from '../../session';
import { currentLanguage } from '../../i18n';
import { usePreferences } from '../../state/preferences';
import { queryKeys } from '../../state/queries';
import { useSession } from '../../state/session';
import { useSystem } from '../../state/system';
import { contentApi } from './contentApi';

const EMPTY: NoticesAnswer = { banners: [], player: [], popup: [], promotion: [], help: [] };

export interface ContentView {
  content: NoticesAnswer;
  /** The answer is the one for the current language and login state (not the one shown before it arrives). */
  current: boolean;
  loading: boolean;
}

/** The notices call for a language and a session (none for a visitor): one cache entry each. */
const noticesQuery = (language: string, token: string | null) =>
  queryOptions({ queryKey: queryKeys.notices(language, token), queryFn: ({ signal }) => contentApi.notices(language, token !== null, signal) });

export function useContent(): ContentView {
  const { language } = usePreferences();
  const { token, authReady } = useSession();
  const { phase, mode } = useSystem();
  // A token in the session that is not signed in yet: its audience is not known, so nothing is read until it is.
  const waiting = !authReady || (token === null && getToken() !== null);
  const { data, isPlaceholderData, isPending } = useQuery({
    ...noticesQuery(language, token),
    enabled: phase === 'ready' && mode === 'normal' && !waiting,
    placeholderData: keepPreviousData,
  });
  return { content: data ?? EMPTY, current: data !== undefined && !isPlaceholderData, loading: isPending };
}

/**
 * A visitor's content, asked for beside the brand's status instead of after it: the banners and the popup are what a
 * visitor sees first, and waiting for the status would add its round trip to them. Only for a visitor without a
 * session (a member's content depends on the member), and in the interface's language at start; should the status
 * change that language, the content is read again in the new one. An answer the site does not use (the brand is in
 * maintenance, say) is simply never shown.
 */
export function prefetchVisitorContent(client: QueryClient): void {
  if (readStoredSession() || new URLSearchParams(window.location.search).has('token')) return;
  const language = currentLanguage();
  void client.prefetchQuery(noticesQuery(language, null));
}

/** The banners of one group, in the brand's order. */
export function useBanners(group: BannerGroup) {
  const { content } = useContent();
  return content.banners.filter((banner) => banner.groupName === group);
}

/**
 * Reads the content and the help centre again when the brand changes them (`notice` push) and after a reconnect,
 * since pushes missed while disconnected are not replayed. Mounted once, by the layout's overlays.
 */
export function useContentPushes(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: [useCases.notices.id] }, { cancelRefetch: false });
      void client.invalidateQueries({ queryKey: [useCases.helpCentre.id] }, { cancelRefetch: false });
    };
    let connects = 0;
    const offPush = live.subscribe('notice', refresh);
    const offConnect = live.onConnect(() => {
      // The first connect comes with the first read; later ones may have missed pushes.
      if (connects++ > 0) refresh();
    });
    return () => {
      offPush();
      offConnect();
    };
  }, [client]);
}
