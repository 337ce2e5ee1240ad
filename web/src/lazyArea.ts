import { lazy, type ComponentType } from 'react';
import { loadAreaTexts } from './i18n';

// Spec §2: chunk load timeout 120 seconds.
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * A lazily loaded area (spec §2 lazy areas): its chunk is fetched on first render, with the texts of the later areas
 * the first time, and a fetch that has not finished within the chunk timeout fails, so the error view shows instead
 * of an endless loader.
 */
export function lazyArea<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = window.setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_TIMEOUT_MS);
        Promise.all([load(), loadAreaTexts()]).then(
          ([module]) => {
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
