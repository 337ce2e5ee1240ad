/**
 * Server data shared across screens lives in one query cache. Its keys start with the id of the use case that reads
 * the data (`@wps/contracts`), followed by what the answer depends on: the session's token for a member's data, the
 * interface language for data shown in it.
 */
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { useCases } from '../useCases';
import { api, call, type BalanceValue } from '../api';
import { newerBalance } from './freshness';

export const queryKeys = {
  systemStatus: [useCases.systemStatus.id] as const,
  memberInfo: (token: string) => [useCases.memberInfo.id, token] as const,
  balance: (token: string | null) => [useCases.balance.id, token] as const,
  favouriteIds: (token: string | null) => [useCases.favouriteIds.id, token] as const,
  vendorLanes: (language: string) => [useCases.vendorLanes.id, language] as const,
  hotGames: (language: string) => [useCases.hotGames.id, language] as const,
  winners: (language: string) => [useCases.winners.id, language] as const,
  jackpot: [useCases.jackpot.id] as const,
  unreadCount: (token: string | null) => [useCases.unreadCount.id, token] as const,
  messages: (token: string | null, language: string, pageNo: number) => [useCases.listMessages.id, token, language, pageNo] as const,
  /** The brand's content for the language and the login state (guest: null token). */
  notices: (language: string, token: string | null) => [useCases.notices.id, language, token] as const,
  helpCentre: (language: string, search: string) => [useCases.helpCentre.id, language, search] as const,
};

/** The answers that belong to a session: dropped when it ends. */
const MEMBER_QUERIES = [useCases.memberInfo.id, useCases.balance.id, useCases.favouriteIds.id, useCases.unreadCount.id, useCases.listMessages.id];

export function forgetMemberQueries(client: QueryClient): void {
  for (const id of MEMBER_QUERIES) {
    void client.cancelQueries({ queryKey: [id] });
    client.removeQueries({ queryKey: [id] });
  }
}

/**
 * Data is read when a screen first needs it and then kept current by pushes and by the actions that change it: nothing
 * is read again behind the screen's back (window focus, network back), and a failed read is not repeated by itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** The brand's status and settings (spec §3 permission response), read once at start. */
export const systemStatusQuery = queryOptions({
  queryKey: queryKeys.systemStatus,
  queryFn: ({ signal }) => call(useCases.systemStatus, {}, { signal }),
});

/** The signed-in member as the server knows them; read at start to check a stored session. */
export const memberInfoQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.memberInfo(token),
    queryFn: () => api.memberInfo(),
  });

/**
 * The member's balance. Pushes set it as they arrive; an answer never replaces a newer pushed balance, since the
 * answer is merged with what the cache holds when it lands.
 */
export const balanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.balance(token),
    queryFn: async ({ client, queryKey }) => newerBalance(client.getQueryData<BalanceValue>(queryKey), await api.balance()),
    enabled: token !== null,
  });
