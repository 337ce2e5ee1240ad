import { lazy, Suspense, type ComponentType } from 'react';
import { SEAMLESS_PATH } from './seamless';

// Spec §2: chunk load timeout 120 seconds.
const CHUNK_TIMEOUT_MS = 120_000;

function lazyWithTimeout<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = window.setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_TIMEOUT_MS);
        load().then(
          (module) => {
            window.clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            window.clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }),
  );
}

const GameListCenter = lazyWithTimeout(() => import('../../pages/GameListCenter'));
const GameCenter = lazyWithTimeout(() => import('../../pages/GameCenter'));
const AccountGame = lazyWithTimeout(() => import('../../pages/AccountGame'));
const Seamless = lazyWithTimeout(() => import('../../pages/Seamless'));

const AREAS: Record<string, ComponentType<object>> = {
  '/live': GameListCenter,
  '/fish': GameListCenter,
  '/rng': GameListCenter,
  '/pvp': GameListCenter,
  '/sports': GameCenter,
  '/esports': GameCenter,
  '/lott': GameCenter,
  '/elott': GameCenter,
  '/cockfight': GameCenter,
  '/favorite': AccountGame,
  '/recent': AccountGame,
  [SEAMLESS_PATH]: Seamless,
};

/** True for the lobby's own routes (spec §2 routes). */
export const isLobbyPath = (path: string): boolean => path in AREAS;

/** The seamless game page is the one page without footer (spec §2). */
export const hidesFooter = (path: string): boolean => path === SEAMLESS_PATH;

export function LobbyArea({ path }: { path: string }) {
  const Area = AREAS[path];
  if (!Area) return null;
  return (
    <Suspense fallback={<div className="area-loading" aria-busy="true" />}>
      <Area />
    </Suspense>
  );
}
