/** Waits `ms` milliseconds (never less than zero). */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * `load` run once and its promise shared by every caller; a failed run is forgotten, so the next call tries again.
 */
export function onceUntilFailed<T>(load: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= load().catch((error: unknown) => {
      running = undefined;
      throw error;
    }));
}
