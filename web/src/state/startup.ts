/** What runs once for the whole app: the start-up sequence, the session's end on a 401, and the tab's live socket. */
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onUnauthorized } from '../api';
import { live } from '../live/connection';
import { readStoredSession, storeUser } from '../session';
import { useSocialReturn } from '../components/login/SocialReturn';
import { memberInfoQuery } from './queries';
import { endSession, memberFrom, sessionStore, useSession } from './session';
import { useSignIn } from './signIn';
import { applyBrand, modeFrom, useSystem } from './system';
import { showNotice, useModal } from './ui';
import { applyBalancePush, refreshBalance, walletStore } from './wallet';

/** A token in the URL query (spec §4) is taken into the session and removed from the address bar. */
function takeTokenFromAddress(): void {
  // On /reset-password the token is the e-mailed reset token, not a session: that page reads it itself.
  if (window.location.pathname === '/reset-password') return;
  const params = new URLSearchParams(window.location.search);
  const urlToken = params.get('token');
  if (!urlToken) return;
  window.sessionStorage.setItem('token', urlToken);
  params.delete('token');
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
}

export function useStartup(): void {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { phase, mode, system } = useSystem();
  const { token, authReady } = useSession();

  // A 401 on any authenticated call ends the session (the api module has already cleared the storage).
  useEffect(() => onUnauthorized(() => endSession(client)), [client]);

  // Once the brand's status is known and the site is open: a stored session is checked by reading the member.
  useEffect(() => {
    if (!system) return;
    applyBrand(system);
    if (modeFrom(system) !== 'normal') return;
    takeTokenFromAddress();
    const stored = readStoredSession();
    if (!stored) {
      sessionStore.set({ authReady: true });
      return;
    }
    let cancelled = false;
    client.fetchQuery(memberInfoQuery(stored.token)).then(
      (info) => {
        if (cancelled) return;
        storeUser(info);
        sessionStore.set({ member: memberFrom(stored.token, info, info.currencySymbol ?? null), authReady: true });
      },
      () => {
        // 401 already cleared the session; other failures leave the visitor logged out for now.
        if (cancelled) return;
        sessionStore.set({ member: null, authReady: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [system, client]);

  // The balance is read when a session opens.
  useEffect(() => {
    if (token) void refreshBalance(client);
  }, [token, client]);

  // Guests connect too (without a token): the lobby's winner board and jackpot are pushed to the brand's sockets.
  const guestMerchantCode = system?.info?.merchant?.code ?? null;
  useEffect(() => {
    if (phase !== 'ready' || mode !== 'normal' || !authReady) return;
    // A guest names the brand so it gets the brand's pushes; a member's brand comes from the session.
    const close = live.open(token ? { token } : { merchantCode: guestMerchantCode ?? '' }, {
      onConnect: (reconnected) => {
        walletStore.set({ liveConnected: true });
        // After a reconnect pushes may have been missed: fetch the balance again.
        if (reconnected) void refreshBalance(client);
      },
      onDisconnect: (byServer) => {
        walletStore.set({ liveConnected: false });
        // The server closes the sockets of a session that ended elsewhere: check the session (a 401 signs out).
        if (byServer && !sessionStore.get().signingOut) void refreshBalance(client);
      },
      onRefused: (reason) => {
        walletStore.set({ liveConnected: false });
        // Refused by the server's auth middleware: a dead token ends the session; anything else is retried later.
        if (reason === 'NOT_LOGGED_IN') void refreshBalance(client);
      },
    });
    const unsubscribe = token ? live.subscribe('balance', (push) => applyBalancePush(client, token, push)) : undefined;
    return () => {
      unsubscribe?.();
      close();
      walletStore.set({ liveConnected: false });
    };
  }, [phase, mode, authReady, token, guestMerchantCode, client]);

  // Social login: the one-time code the gateway sends back (?socialCode=).
  const completeLogin = useSignIn();
  const { openModal } = useModal();
  const openLogin = useCallback(() => openModal('login'), [openModal]);
  const showSocialError = useCallback((text: string) => showNotice({ title: t('in_popup_prompt'), text }), [t]);
  const socialErrorText = useCallback((code: string) => t(`social_error_${code}`, { defaultValue: t('social_error_SOCIAL_LOGIN_FAILED') }), [t]);
  useSocialReturn({ ready: phase === 'ready', completeLogin, openLogin, showError: showSocialError, errorText: socialErrorText });
}
