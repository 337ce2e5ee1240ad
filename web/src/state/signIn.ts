/** Signing in and out: the session, the stored keys (spec §3), the modals and where the visitor goes next. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type LoginValue } from '../api';
import { clearSession, storeMerchantCode, storeSession } from '../session';
import { queryKeys } from './queries';
import { beginSession, endSession, memberFrom, sessionStore } from './session';
import { askConfirm, returnPath, routeModalOf, uiStore } from './ui';
import { walletStore } from './wallet';
import type { SystemStatus } from '../api';

/**
 * Opens the session of a login or registration answer. On /login and /register the visitor then goes where the page
 * that sent them there asked (or home); elsewhere `goHome` sends them to /.
 */
export function useSignIn(): (value: LoginValue, goHome: boolean) => void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const state: unknown = location.state;
  const routeModal = routeModalOf(pathname);
  return useCallback(
    (value: LoginValue, goHome: boolean) => {
      const merchant = client.getQueryData<SystemStatus>(queryKeys.systemStatus)?.info?.merchant;
      storeSession(value.token, value.user, merchant?.code ?? null);
      beginSession(client, memberFrom(value.token, value.user, merchant?.currencySymbol ?? null));
      uiStore.set({ modal: null, referralCode: null });
      const returnTo = routeModal ? returnPath(state) : null;
      if (returnTo) void navigate(returnTo, { replace: true });
      else if (goHome || routeModal) void navigate('/', { replace: Boolean(routeModal) });
    },
    [client, navigate, routeModal, state],
  );
}

/** Asks, then ends the session here whatever the server answers, and goes home. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const ok = await askConfirm({
      title: t('in_popup_prompt'),
      text: t('in_sure_logout'),
      cancelLabel: t('in_more_cancel'),
      okLabel: t('in_increase_submit'),
    });
    if (!ok) return;
    sessionStore.set({ signingOut: true });
    try {
      await api.logout();
    } catch {
      // ignored: the session ends on this side whatever the server says
    } finally {
      sessionStore.set({ signingOut: false });
    }
    const merchantCode = client.getQueryData<SystemStatus>(queryKeys.systemStatus)?.info?.merchant?.code ?? null;
    clearSession();
    storeMerchantCode(merchantCode);
    endSession(client);
    walletStore.set({ hidden: false });
    void navigate('/');
  }, [t, client, navigate]);
}
