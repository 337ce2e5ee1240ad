/**
 * Which of two values of the same server data is the newer one, when both an answer and a push may bring it: a
 * balance carries its version; a public value (winner board, jackpot) only the time its last push arrived.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BalanceValue } from '../api';

/** The newer of two balances (by version); currency fields a newer one leaves out carry over. */
export function newerBalance(current: BalanceValue | undefined, next: BalanceValue): BalanceValue {
  if (current && next.version < current.version) return current;
  return {
    balance: next.balance,
    currency: next.currency ?? current?.currency,
    currencySymbol: next.currencySymbol ?? current?.currencySymbol,
    version: next.version,
  };
}

/** A public value that pushes replace (the winner board, the jackpot), with when the last push set it. */
export interface Pushed<T> {
  value: T;
  pushedAt: number | null;
}

/**
 * A public value read over HTTP and then replaced by pushes. It is read again each time a screen showing it opens
 * (pushes are followed only while it is shown), but an answer never replaces a push that arrived after the request
 * left, or within the gateway's public cache time (`publicCacheMs` of the use case) before: such an answer may be
 * older than the push.
 */
export const pushedQuery = <T, K extends readonly unknown[]>(queryKey: K, read: (signal: AbortSignal) => Promise<T>, publicCacheMs = 0) =>
  queryOptions({
    queryKey,
    queryFn: async ({ client, signal }): Promise<Pushed<T>> => {
      const sentAt = Date.now();
      const value = await read(signal);
      const current = client.getQueryData<Pushed<T>>(queryKey);
      if (current && current.pushedAt !== null && current.pushedAt >= sentAt - publicCacheMs) return current;
      return { value, pushedAt: null };
    },
    staleTime: 0,
  });

/** Shows a pushed value at once. */
export function setPushed<T>(client: QueryClient, queryKey: readonly unknown[], value: T): void {
  client.setQueryData<Pushed<T>>(queryKey, { value, pushedAt: Date.now() });
}

/**
 * Reads a pushed value again after every connect of the live socket: pushes sent while it was away are not replayed.
 * A public answer may come from the gateway's cache, filled before the connect, so the value is read once more when
 * that cache time has passed; an answer is still never taken over a push that arrived in the meantime.
 */
export function readAgainOnConnect(onConnect: (listener: () => void) => () => void, client: QueryClient, queryKey: readonly unknown[], publicCacheMs = 0): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const stop = onConnect(() => {
    void client.invalidateQueries({ queryKey });
    if (publicCacheMs <= 0) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void client.invalidateQueries({ queryKey });
    }, publicCacheMs + 100);
    timers.add(timer);
  });
  return () => {
    stop();
    for (const timer of timers) clearTimeout(timer);
  };
}

/**
 * Reads a public value again after a push said it changed without carrying it in the reader's form (the winner board's
 * push carries the lists of some languages only): at once, and once more when the gateway's public cache of the
 * previous answer has expired. Returns what cancels the second read.
 */
export function readAgainAfterPush(client: QueryClient, queryKey: readonly unknown[], publicCacheMs = 0): () => void {
  void client.invalidateQueries({ queryKey });
  if (publicCacheMs <= 0) return () => undefined;
  const timer = setTimeout(() => void client.invalidateQueries({ queryKey }), publicCacheMs + 100);
  return () => clearTimeout(timer);
}

/** Changes to a cached read that the client shows before the server confirms them, per query client and key. */
const pendingChanges = new WeakMap<QueryClient, Map<string, { pending: number; readAgain: boolean }>>();

/**
 * Shows a change to a cached read at once, before the server confirms it. A read of the same key still in flight left
 * before the change and would answer without it, overwriting what the screen shows: it is cancelled, and the key is read
 * again once every change made to it since has settled (confirmed or refused; a refused change the caller undoes
 * itself), so the screen ends on the server's answer.
 */
export function changeOptimistically<T>(client: QueryClient, queryKey: readonly unknown[], change: (current: T | undefined) => T): { settle: () => void } {
  const byKey = pendingChanges.get(client) ?? new Map<string, { pending: number; readAgain: boolean }>();
  pendingChanges.set(client, byKey);
  const hash = JSON.stringify(queryKey);
  const state = byKey.get(hash) ?? { pending: 0, readAgain: false };
  byKey.set(hash, state);
  if (client.isFetching({ queryKey, exact: true }) > 0) {
    state.readAgain = true;
    void client.cancelQueries({ queryKey, exact: true });
  }
  state.pending += 1;
  client.setQueryData<T>(queryKey, (current) => change(current));
  let settled = false;
  return {
    settle: () => {
      if (settled) return;
      settled = true;
      state.pending -= 1;
      if (state.pending > 0) return;
      byKey.delete(hash);
      if (state.readAgain) void client.invalidateQueries({ queryKey, exact: true });
    },
  };
}
