/** The member's wallet as the header shows it: the balance (a query kept current by pushes), hidden or shown. */
import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PushData } from '@wps/contracts';
import { api, ApiError, errorMessage, type BalanceValue } from '../api';
import { formatMoney } from '../money';
import { getToken } from '../session';
import { uuid } from '../uuid';
import { newerBalance } from './freshness';
import { balanceQuery, queryKeys, systemStatusQuery } from './queries';
import { sessionStore, useSession } from './session';
import { createStore, useStoreValue } from './store';
import { showToast } from './ui';

interface WalletState {
  /** The member chose to hide the amount (*** instead). */
  hidden: boolean;
  /** True while the socket that brings balance pushes is up. */
  liveConnected: boolean;
  /** False once the brand turned out to have no demo funding. */
  demoDepositAvailable: boolean;
  demoDepositBusy: boolean;
}

export const walletStore = createStore<WalletState>({ hidden: false, liveConnected: false, demoDepositAvailable: true, demoDepositBusy: false });

const currentToken = (): string | null => sessionStore.get().member?.token ?? null;

/** Shows `next` for the session of `token` unless a newer balance is already shown. */
function acceptBalance(client: QueryClient, token: string, next: BalanceValue): void {
  if (currentToken() !== token) return;
  client.setQueryData<BalanceValue>(queryKeys.balance(token), (current) => newerBalance(current, next));
}

/** Reads the balance again (a failure other than the session's end is shown as a toast). */
export async function refreshBalance(client: QueryClient): Promise<void> {
  const token = currentToken();
  if (!token || !getToken()) return;
  try {
    await client.fetchQuery({ ...balanceQuery(token), staleTime: 0 });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401) && currentToken() === token) showToast(errorMessage(error));
  }
}

/**
 * A balance push: shown when newer than the balance on screen; read again over HTTP when there is nothing to compare
 * it with or when its version shows that pushes were missed.
 */
export function applyBalancePush(client: QueryClient, token: string, push: PushData<'balance'>): void {
  const current = client.getQueryData<BalanceValue>(queryKeys.balance(token));
  const next: BalanceValue = { balance: push.balance, currency: push.currency || current?.currency || '', version: push.version };
  if (push.currencySymbol) next.currencySymbol = push.currencySymbol;
  if (!current) {
    acceptBalance(client, token, next);
    void refreshBalance(client);
    return;
  }
  if (push.version <= current.version) return; // old or already shown
  const gap = push.version !== current.version + 1;
  acceptBalance(client, token, next);
  if (gap) void refreshBalance(client);
}

const toggleHidden = () => walletStore.set((state) => ({ hidden: !state.hidden }));

/** The balance, its text in the member's currency, and the header's wallet actions. */
export function useWallet() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { member, token } = useSession();
  const { data: balance, isFetching } = useQuery(balanceQuery(token));
  const { data: brandSymbol } = useQuery({ ...systemStatusQuery, select: (status) => status.info?.merchant?.currencySymbol });
  const hidden = useStoreValue(walletStore, (state) => state.hidden);
  const liveConnected = useStoreValue(walletStore, (state) => state.liveConnected);
  const demoDepositAvailable = useStoreValue(walletStore, (state) => state.demoDepositAvailable);
  const demoDepositBusy = useStoreValue(walletStore, (state) => state.demoDepositBusy);

  const refresh = useCallback(() => refreshBalance(client), [client]);

  const memberSymbol = member?.currencySymbol;
  const demoDeposit = useCallback(async () => {
    const forToken = currentToken();
    if (!forToken || !getToken()) return;
    walletStore.set({ demoDepositBusy: true });
    try {
      const value = await api.demoDeposit('100.00', uuid());
      acceptBalance(client, forToken, value);
      const symbol = client.getQueryData<BalanceValue>(queryKeys.balance(forToken))?.currencySymbol ?? memberSymbol;
      showToast(t('demo_deposit_done', { amount: formatMoney('100.00', symbol) }));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) walletStore.set({ demoDepositAvailable: false });
      else if (!(error instanceof ApiError && error.status === 401)) showToast(errorMessage(error));
    } finally {
      walletStore.set({ demoDepositBusy: false });
    }
  }, [client, t, memberSymbol]);

  const symbol = balance?.currencySymbol || member?.currencySymbol || brandSymbol || '$';
  return {
    balance: balance ?? null,
    balanceText: balance ? formatMoney(balance.balance, symbol) : null,
    balanceLoading: isFetching,
    balanceHidden: hidden,
    toggleBalanceHidden: toggleHidden,
    refreshBalance: refresh,
    liveConnected,
    demoDepositAvailable,
    demoDepositBusy,
    demoDeposit,
  };
}
