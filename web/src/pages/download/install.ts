/**
 * Installing the site as an app: the service worker (production builds only) and the browser's install offer, which
 * can arrive before the download page is open, so it is kept from the start.
 */
import { createStore, useStoreValue } from '../../state/store';

/** Chromium's install offer (not yet in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  offer: InstallPromptEvent | null;
  installed: boolean;
}

const standalone = () => typeof window !== 'undefined' && (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true);

const installStore = createStore<InstallState>({ offer: null, installed: false });

/** Listens for the install offer and, in a production build, registers the service worker. Called once at start. */
export function startInstallability(production: boolean): void {
  installStore.set({ installed: standalone() });
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installStore.set({ offer: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => installStore.set({ offer: null, installed: true }));
  if (!production || !('serviceWorker' in navigator)) return;
  // Each build registers the worker under its own version (the entry script's hashed name), so a new build takes over.
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
  const version = /([^/]+)\.js$/.exec(entry)?.[1] ?? 'dev';
  const register = () => void navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Whether the browser offers to install the site now, whether it runs installed, and the install action. */
export function useInstallOffer() {
  const offer = useStoreValue(installStore, (state) => state.offer);
  const installed = useStoreValue(installStore, (state) => state.installed);
  const install = async (): Promise<boolean> => {
    if (!offer) return false;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    // An offer can be used once.
    installStore.set({ offer: null, installed: outcome === 'accepted' });
    return outcome === 'accepted';
  };
  return { canInstall: offer !== null, installed, install };
}
