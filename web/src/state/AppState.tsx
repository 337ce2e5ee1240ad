import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { live } from '../live/connection';
import { useCases } from '@wps/contracts';
import { api, ApiError, call, errorMessage, onUnauthorized, setLanguageProvider, type BalanceValue, type LoginValue, type MemberInfo, type SystemStatus } from '../api';
import { changeLanguage, currentLanguage, normaliseLanguage, type UiLanguage } from '../i18n';
import { clearSession, getToken, isAgentType, readStoredLanguage, readStoredSession, storeMerchantCode, storeSession, storeUser } from '../session';
import { formatMoney } from '../money';
import { uuid } from '../uuid';
import { useSocialReturn } from '../components/login/SocialReturn';

setLanguageProvider(currentLanguage);

export type Phase = 'loading' | 'error' | 'ready';
export type SystemMode = 'normal' | 'maintenance' | 'blocked';
export type ModalName = 'login' | 'register' | 'forgotPassword' | 'changePassword' | null;

export interface Member {
  token: string;
  id: string;
  account: string;
  nickname: string;
  type: number;
  isAgent: boolean;
  currencySymbol: string | null;
}

export interface Notice {
  title: string;
  text: string;
}

export interface ConfirmRequest {
  title: string;
  text: string;
  cancelLabel: string;
  okLabel: string;
  resolve: (ok: boolean) => void;
}

export interface Toast {
  id: number;
  text: string;
}

interface AppStateValue {
  phase: Phase;
  mode: SystemMode;
  system: SystemStatus | null;
  blockedIp: string | null;
  maintenanceEnd: string | null;
  startError: string | null;
  retryStart: () => void;

  member: Member | null;
  authReady: boolean;

  balance: BalanceValue | null;
  balanceText: string | null;
  balanceHidden: boolean;
  balanceLoading: boolean;
  /** True while the Socket.IO connection for live pushes is up. */
  liveConnected: boolean;
  toggleBalanceHidden: () => void;
  refreshBalance: () => Promise<void>;
  demoDepositAvailable: boolean;
  demoDepositBusy: boolean;
  demoDeposit: () => Promise<void>;

  modal: ModalName;
  referralCode: string | null;
  openModal: (name: Exclude<ModalName, null>) => void;
  closeModal: () => void;
  /** Stores the session of a login or registration answer; `goHome` sends the visitor to /. */
  completeLogin: (value: LoginValue, goHome: boolean) => void;

  requestLogout: () => Promise<void>;

  notice: Notice | null;
  showNotice: (notice: Notice) => void;
  closeNotice: () => void;
  confirm: ConfirmRequest | null;
  askConfirm: (request: Omit<ConfirmRequest, 'resolve'>) => Promise<boolean>;
  toasts: Toast[];
  showToast: (text: string) => void;

  language: UiLanguage;
  setLanguage: (language: UiLanguage) => void;
  merchantName: string;
  openCustomerService: () => void;
}

const AppStateContext = createContext<AppStateValue | null>(null);

export function useAppState(): AppStateValue {
  const value = useContext(AppStateContext);
  if (!value) throw new Error('useAppState outside AppStateProvider');
  return value;
}

const MODAL_PATHS: Record<string, Exclude<ModalName, null>> = { '/login': 'login', '/register': 'register' };

/** Where /login returns to after signing in, when a page that sent the visitor there asked (the lottery guard); only paths on this site. */
function returnPath(state: unknown): string | null {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null;
}

function memberFrom(token: string, user: { id: string | number; account: string; nickname?: string | null; type: number }, currencySymbol: string | null): Member {
  return {
    token,
    id: String(user.id),
    account: user.account,
    nickname: user.nickname || user.account,
    type: user.type,
    isAgent: isAgentType(user.type),
    currencySymbol,
  };
}

function modeFrom(status: SystemStatus): SystemMode {
  if (status.status === 1) return 'maintenance';
  if (status.status === 2) return 'blocked';
  if (status.maintenance) return 'maintenance';
  if (status.regionRestriction) return 'blocked';
  return 'normal';
}

export function AppStateProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  // ---- System status ----------------------------------------------------------------------------------------
  const [phase, setPhase] = useState<Phase>('loading');
  const [mode, setMode] = useState<SystemMode>('normal');
  const [system, setSystem] = useState<SystemStatus | null>(null);
  const [blockedIp, setBlockedIp] = useState<string | null>(null);
  const [maintenanceEnd, setMaintenanceEnd] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [startAttempt, setStartAttempt] = useState(0);

  // ---- Member -------------------------------------------------------------------------------------------------
  const [member, setMember] = useState<Member | null>(null);
  const [authReady, setAuthReady] = useState(false);

  // ---- Balance ------------------------------------------------------------------------------------------------
  const [balance, setBalance] = useState<BalanceValue | null>(null);
  const balanceRef = useRef<BalanceValue | null>(null);
  const sessionGeneration = useRef(0);
  const loggingOut = useRef(false);
  const [balanceHidden, setBalanceHidden] = useState(false);
  const [balanceLoading, setBalanceLoading] = useState(false);
  const [demoDepositAvailable, setDemoDepositAvailable] = useState(true);
  const [demoDepositBusy, setDemoDepositBusy] = useState(false);
  const [liveConnected, setLiveConnected] = useState(false);

  // ---- Modals and dialogs -----------------------------------------------------------------------------------
  const [modal, setModal] = useState<ModalName>(null);
  const [referralCode, setReferralCode] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const toastId = useRef(0);

  const [language, setLanguageState] = useState<UiLanguage>(currentLanguage());

  useEffect(() => {
    const onChange = () => setLanguageState(currentLanguage());
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);

  const showToast = useCallback((text: string) => {
    const id = ++toastId.current;
    setToasts((list) => [...list.slice(-2), { id, text }]);
    window.setTimeout(() => setToasts((list) => list.filter((toast) => toast.id !== id)), 3500);
  }, []);

  const showNotice = useCallback((n: Notice) => setNotice(n), []);
  const closeNotice = useCallback(() => setNotice(null), []);

  const askConfirm = useCallback(
    (request: Omit<ConfirmRequest, 'resolve'>) =>
      new Promise<boolean>((resolve) => {
        setConfirm({
          ...request,
          resolve: (ok) => {
            setConfirm(null);
            resolve(ok);
          },
        });
      }),
    [],
  );

  // ---- Balance handling -------------------------------------------------------------------------------------

  /** Shows a balance unless it is older than the one on screen. */
  const acceptBalance = useCallback((next: BalanceValue, generation: number): boolean => {
    if (generation !== sessionGeneration.current) return false;
    const current = balanceRef.current;
    if (current && next.version < current.version) return false;
    const merged: BalanceValue = {
      balance: next.balance,
      currency: next.currency ?? current?.currency,
      currencySymbol: next.currencySymbol ?? current?.currencySymbol,
      version: next.version,
    };
    balanceRef.current = merged;
    setBalance(merged);
    return true;
  }, []);

  const refreshBalance = useCallback(async () => {
    if (!getToken()) return;
    const generation = sessionGeneration.current;
    setBalanceLoading(true);
    try {
      const value = await api.balance();
      acceptBalance(value, generation);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401) && generation === sessionGeneration.current) {
        showToast(errorMessage(error));
      }
    } finally {
      if (generation === sessionGeneration.current) setBalanceLoading(false);
    }
  }, [acceptBalance, showToast]);

  const resetMemberState = useCallback(() => {
    sessionGeneration.current += 1;
    balanceRef.current = null;
    setBalance(null);
    setBalanceLoading(false);
    setMember(null);
  }, []);

  // A 401 on any authenticated call ends the session (the api module has already cleared the storage).
  useEffect(() => onUnauthorized(() => resetMemberState()), [resetMemberState]);

  // ---- Start-up: system status, then member info -----------------------------------------------------------
  useEffect(() => {
    const controller = new AbortController();
    let cancelled = false;
    setPhase('loading');
    setStartError(null);

    void (async () => {
      let status: SystemStatus;
      try {
        status = await api.systemStatus(controller.signal);
      } catch (error) {
        if (cancelled) return;
        if (error instanceof ApiError && error.code === 'MAINTENANCE') {
          const value = (error.value ?? {}) as { maintenanceEnd?: string | null };
          setMaintenanceEnd(value.maintenanceEnd ?? null);
          setMode('maintenance');
          setPhase('ready');
          return;
        }
        if (error instanceof ApiError && error.code === 'REGION_RESTRICTED') {
          const value = (error.value ?? {}) as { ip?: string };
          setBlockedIp(value.ip ?? null);
          setMode('blocked');
          setPhase('ready');
          return;
        }
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setStartError(errorMessage(error));
        setPhase('error');
        return;
      }
      if (cancelled) return;

      setSystem(status);
      const merchant = status.info?.merchant;
      storeMerchantCode(merchant?.code);
      if (merchant && merchant.name) document.title = merchant.name;
      // No stored choice: follow the brand's default language when the UI has a pack for it.
      if (!readStoredLanguage()) {
        const brandDefault = normaliseLanguage(merchant?.defaultLanguage);
        if (brandDefault && brandDefault !== currentLanguage()) changeLanguage(brandDefault, false);
      }
      setBlockedIp(status.location?.ip ?? null);
      setMaintenanceEnd(status.maintenanceEnd ?? null);
      const nextMode = modeFrom(status);
      setMode(nextMode);
      if (nextMode !== 'normal') {
        setPhase('ready');
        return;
      }

      // A token in the URL query (spec §4) is taken into the session and removed from the address bar.
      const params = new URLSearchParams(window.location.search);
      // On /reset-password the token is the e-mailed reset token, not a session: that page reads it itself.
      const urlToken = window.location.pathname === '/reset-password' ? null : params.get('token');
      if (urlToken) {
        window.sessionStorage.setItem('token', urlToken);
        params.delete('token');
        const rest = params.toString();
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
      }

      const stored = readStoredSession();
      if (stored) {
        try {
          const info: MemberInfo = await api.memberInfo();
          if (cancelled) return;
          storeUser(info);
          setMember(memberFrom(stored.token, info, info.currencySymbol ?? null));
        } catch {
          // 401 already cleared the session; other failures leave the visitor logged out for now.
          if (cancelled) return;
          setMember(null);
        }
      }
      setAuthReady(true);
      setPhase('ready');
    })();

    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [startAttempt]);

  const retryStart = useCallback(() => setStartAttempt((n) => n + 1), []);

  // ---- Balance on login, live pushes ---------------------------------------------------------------------
  const token = member?.token ?? null;

  useEffect(() => {
    if (!token) return;
    void refreshBalance();
  }, [token, refreshBalance]);

  // Guests connect too (without a token): the lobby's winner board and jackpot are pushed to the brand's sockets.
  const guestMerchantCode = system?.info?.merchant?.code ?? null;
  useEffect(() => {
    if (phase !== 'ready' || mode !== 'normal' || !authReady) return;
    const generation = sessionGeneration.current;
    // A guest names the brand so it gets the brand's pushes; a member's brand comes from the session.
    const close = live.open(token ? { token } : { merchantCode: guestMerchantCode ?? '' }, {
      onConnect: (reconnected) => {
        setLiveConnected(true);
        // After a reconnect pushes may have been missed: fetch the balance again.
        if (reconnected) void refreshBalance();
      },
      onDisconnect: (byServer) => {
        setLiveConnected(false);
        // The server closes the sockets of a session that ended elsewhere: check the session (a 401 signs out).
        if (byServer && !loggingOut.current) void refreshBalance();
      },
      onRefused: (reason) => {
        setLiveConnected(false);
        // Refused by the server's auth middleware: a dead token ends the session; anything else is retried later.
        if (reason === 'NOT_LOGGED_IN') void refreshBalance();
      },
    });
    const unsubscribe = live.subscribe('balance', (push) => {
      const current = balanceRef.current;
      const next: BalanceValue = { balance: push.balance, currency: push.currency || current?.currency || '', version: push.version };
      if (push.currencySymbol) next.currencySymbol = push.currencySymbol;
      if (!current) {
        acceptBalance(next, generation);
        void refreshBalance();
        return;
      }
      if (push.version <= current.version) return; // old or already shown
      const gap = push.version !== current.version + 1;
      acceptBalance(next, generation);
      if (gap) void refreshBalance();
    });
    return () => {
      unsubscribe();
      close();
      setLiveConnected(false);
    };
  }, [phase, mode, authReady, token, guestMerchantCode, acceptBalance, refreshBalance]);

  const toggleBalanceHidden = useCallback(() => setBalanceHidden((hidden) => !hidden), []);

  const demoDeposit = useCallback(async () => {
    if (!getToken()) return;
    const generation = sessionGeneration.current;
    setDemoDepositBusy(true);
    try {
      const value = await api.demoDeposit('100.00', uuid());
      acceptBalance(value, generation);
      showToast(t('demo_deposit_done', { amount: formatMoney('100.00', balanceRef.current?.currencySymbol ?? member?.currencySymbol) }));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) setDemoDepositAvailable(false);
      else if (!(error instanceof ApiError && error.status === 401)) showToast(errorMessage(error));
    } finally {
      setDemoDepositBusy(false);
    }
  }, [acceptBalance, showToast, t, member?.currencySymbol]);

  // ---- Modals follow the /login and /register routes -----------------------------------------------------
  const pathname = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  const routeModal = MODAL_PATHS[pathname] ?? null;

  useEffect(() => {
    if (phase !== 'ready' || mode !== 'normal') return;
    if (pathname === '/register') {
      const code = new URLSearchParams(location.search).get('referralCode');
      if (code) setReferralCode(code.trim());
    }
    if (!routeModal) return;
    if (member) {
      void navigate(returnPath(location.state) ?? '/', { replace: true });
      return;
    }
    setModal(routeModal);
  }, [phase, mode, pathname, routeModal, location.search, location.state, member, navigate]);

  const openModal = useCallback(
    (name: Exclude<ModalName, null>) => {
      setModal(name);
      // Keep the address in step when the visitor is on one of the modal routes.
      if (routeModal && routeModal !== name) void navigate(`/${name}${location.search}`, { replace: true });
    },
    [routeModal, navigate, location.search],
  );

  const closeModal = useCallback(() => {
    setModal(null);
    if (routeModal) void navigate('/', { replace: true });
  }, [routeModal, navigate]);

  const completeLogin = useCallback(
    (value: LoginValue, goHome: boolean) => {
      const merchantCode = system?.info?.merchant?.code ?? null;
      storeSession(value.token, value.user, merchantCode);
      sessionGeneration.current += 1;
      balanceRef.current = null;
      setBalance(null);
      setMember(memberFrom(value.token, value.user, system?.info?.merchant?.currencySymbol ?? null));
      setModal(null);
      setReferralCode(null);
      const returnTo = routeModal ? returnPath(location.state) : null;
      if (returnTo) void navigate(returnTo, { replace: true });
      else if (goHome || routeModal) void navigate('/', { replace: Boolean(routeModal) });
    },
    [system, navigate, routeModal, location.state],
  );

  // ---- Logout ------------------------------------------------------------------------------------------------
  const requestLogout = useCallback(async () => {
    const ok = await askConfirm({
      title: t('in_popup_prompt'),
      text: t('in_sure_logout'),
      cancelLabel: t('in_more_cancel'),
      okLabel: t('in_increase_submit'),
    });
    if (!ok) return;
    loggingOut.current = true;
    try {
      await api.logout();
    } catch {
      // ignored: the session ends on this side whatever the server says
    } finally {
      loggingOut.current = false;
    }
    const merchantCode = system?.info?.merchant?.code ?? null;
    clearSession();
    storeMerchantCode(merchantCode);
    resetMemberState();
    setBalanceHidden(false);
    void navigate('/');
  }, [askConfirm, t, system, resetMemberState, navigate]);

  // ---- Social login: the one-time code the gateway sends back (?socialCode=) ------------------------------
  const openLogin = useCallback(() => openModal('login'), [openModal]);
  const showSocialError = useCallback((text: string) => showNotice({ title: t('in_popup_prompt'), text }), [showNotice, t]);
  const socialErrorText = useCallback((code: string) => t(`social_error_${code}`, { defaultValue: t('social_error_SOCIAL_LOGIN_FAILED') }), [t]);
  useSocialReturn({ ready: phase === 'ready', completeLogin, openLogin, showError: showSocialError, errorText: socialErrorText });

  // ---- Language -------------------------------------------------------------------------------------------
  const setLanguage = useCallback((next: UiLanguage) => {
    changeLanguage(next, true);
    // Spec section 4: the choice is also sent to the server when signed in; the interface does not wait for it.
    if (getToken()) void call(useCases.setMemberLanguage, { language: next }).catch(() => undefined);
  }, []);

  // ---- Customer service ----------------------------------------------------------------------------------
  const openCustomerService = useCallback(() => {
    const entries = system?.info?.customerService ?? [];
    const link = entries.find((entry) => typeof entry.path === 'string' && /^https?:\/\//i.test(entry.path));
    if (link?.path) {
      window.open(link.path, 'customer-service', 'width=440,height=750');
      return;
    }
    showNotice({ title: t('customer_service'), text: t('customer_service_unavailable') });
  }, [system, showNotice, t]);

  const symbol = balance?.currencySymbol || member?.currencySymbol || system?.info?.merchant?.currencySymbol || '$';
  const balanceText = balance ? formatMoney(balance.balance, symbol) : null;
  const merchantName = system?.info?.merchant?.name || 'WPS';

  const value = useMemo<AppStateValue>(
    () => ({
      phase,
      mode,
      system,
      blockedIp,
      maintenanceEnd,
      startError,
      retryStart,
      member,
      authReady,
      balance,
      balanceText,
      balanceHidden,
      balanceLoading,
      liveConnected,
      toggleBalanceHidden,
      refreshBalance,
      demoDepositAvailable,
      demoDepositBusy,
      demoDeposit,
      modal,
      referralCode,
      openModal,
      closeModal,
      completeLogin,
      requestLogout,
      notice,
      showNotice,
      closeNotice,
      confirm,
      askConfirm,
      toasts,
      showToast,
      language,
      setLanguage,
      merchantName,
      openCustomerService,
    }),
    [
      phase,
      mode,
      system,
      blockedIp,
      maintenanceEnd,
      startError,
      retryStart,
      member,
      authReady,
      balance,
      balanceText,
      balanceHidden,
      balanceLoading,
      liveConnected,
      toggleBalanceHidden,
      refreshBalance,
      demoDepositAvailable,
      demoDepositBusy,
      demoDeposit,
      modal,
      referralCode,
      openModal,
      closeModal,
      completeLogin,
      requestLogout,
      notice,
      showNotice,
      closeNotice,
      confirm,
      askConfirm,
      toasts,
      showToast,
      language,
      setLanguage,
      merchantName,
      openCustomerService,
    ],
  );

  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}
