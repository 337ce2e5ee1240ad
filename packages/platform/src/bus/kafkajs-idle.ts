import { createRequire } from 'node:module';

interface RequestQueueInternals {
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  checkPendingRequests(): void;
}

/** kafkajs's own interval for re-checking requests queued behind a broker's throttle. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

let applied = false;

/**
 * kafkajs 2.2.4 re-arms a 1 ms timer on every broker connection whenever no request is queued (its throttle deadline
 * is -1, so the delay comes out negative): an idle consumer spins through about a thousand timers a second per
 * connection, which is most of what an idle service costs (kafkajs issues #1556 and #1704; the fix is not released).
 * This replaces the scheduling with the intended one: a check is armed only for queued requests or a real throttle.
 * A request queued later arms it itself, and responses check the queue as they arrive.
 */
export function keepKafkaIdleQuiet(): void {
  if (applied) return;
  applied = true;
  const require = createRequire(import.meta.url);
  const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as { prototype: RequestQueueInternals & { scheduleCheckPendingRequests(): void } };
  RequestQueue.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: RequestQueueInternals) {
    if (this.throttleCheckTimeoutId) return;
    let delay = this.throttledUntil - Date.now();
    if (this.pending.length > 0) delay = delay > 0 ? delay : CHECK_PENDING_REQUESTS_INTERVAL_MS;
    else if (delay <= 0) return;
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, delay);
  };
}
