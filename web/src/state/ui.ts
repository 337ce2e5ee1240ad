/** What the interface shows over the page: the open modal, the notice and confirm dialogs, the toasts. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { createStore, useStoreValue } from './store';

export type ModalName = 'login' | 'register' | 'forgotPassword' | 'changePassword';

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

interface UiState {
  modal: ModalName | null;
  /** The invitation code of a /register?referralCode= address, for the registration form. */
  referralCode: string | null;
  notice: Notice | null;
  confirm: ConfirmRequest | null;
  toasts: Toast[];
}

export const uiStore = createStore<UiState>({ modal: null, referralCode: null, notice: null, confirm: null, toasts: [] });

// ---- Notices ----------------------------------------------------------------------------------------------------

const TOAST_MS = 3500;
let toastId = 0;

/** Shows a short message for a few seconds; at most three at a time. */
export function showToast(text: string): void {
  const id = ++toastId;
  uiStore.set((state) => ({ toasts: [...state.toasts.slice(-2), { id, text }] }));
  window.setTimeout(() => uiStore.set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })), TOAST_MS);
}

export function showNotice(notice: Notice): void {
  uiStore.set({ notice });
}

export function closeNotice(): void {
  uiStore.set({ notice: null });
}

/** Asks the visitor to confirm; resolves true for OK, false for cancel. */
export function askConfirm(request: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    uiStore.set({
      confirm: {
        ...request,
        resolve: (ok) => {
          uiStore.set({ confirm: null });
          resolve(ok);
        },
      },
    });
  });
}

const notices = { showToast, showNotice, askConfirm } as const;

/** The ways a screen tells the visitor something. */
export function useNotices(): typeof notices {
  return notices;
}

export const useNotice = (): Notice | null => useStoreValue(uiStore, (state) => state.notice);
export const useConfirmRequest = (): ConfirmRequest | null => useStoreValue(uiStore, (state) => state.confirm);
export const useToasts = (): Toast[] => useStoreValue(uiStore, (state) => state.toasts);

// ---- Modals -----------------------------------------------------------------------------------------------------

const ROUTE_MODALS: Partial<Record<string, ModalName>> = { '/login': 'login', '/register': 'register' };

/** The path without trailing slashes (`/login/` is /login). */
export const trimPath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname);

/** The modal an address opens: /login and /register show home with their modal on top. */
export const routeModalOf = (pathname: string): ModalName | null => ROUTE_MODALS[trimPath(pathname)] ?? null;

/** Where /login returns to after signing in, when a page that sent the visitor there asked (the lottery guard); only paths on this site. */
export function returnPath(state: unknown): string | null {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null;
}

/** The open modal, and opening and closing one; on /login and /register the address follows the modal. */
export function useModal() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const routeModal = routeModalOf(pathname);
  const modal = useStoreValue(uiStore, (state) => state.modal);
  const referralCode = useStoreValue(uiStore, (state) => state.referralCode);

  const openModal = useCallback(
    (name: ModalName) => {
      uiStore.set({ modal: name });
      // Keep the address in step when the visitor is on one of the modal routes.
      if (routeModal && routeModal !== name) void navigate(name === 'login' || name === 'register' ? `/${name}${search}` : '/', { replace: true });
    },
    [routeModal, navigate, search],
  );

  const closeModal = useCallback(() => {
    uiStore.set({ modal: null });
    if (routeModal) void navigate('/', { replace: true });
  }, [routeModal, navigate]);

  return { modal, referralCode, openModal, closeModal };
}
