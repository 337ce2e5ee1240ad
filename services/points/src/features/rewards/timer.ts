import type { Logger, Subscription } from '@wps/platform';

/** Runs `work` every `ms` (never two at once) until closed; a failure is logged and the next round tries again. */
export function every(ms: number, work: () => Promise<void>, logger: Logger, what: string): Subscription {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const round = () => {
    timer = undefined;
    if (stopped) return;
    running = work()
      .catch((error: unknown) => logger.warn({ err: error }, `${what} failed; it runs again shortly`))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(round, ms);
      });
  };
  timer = setTimeout(round, 0);
  return {
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
