import { pino, type Logger } from 'pino';
import { currentTraceId } from './tracing.js';

export type { Logger };

/** pino JSON logs; every line carries the service and, inside a span, the trace id. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    level: options.level ?? 'info',
    base: { service: options.service },
    mixin() {
      const traceId = currentTraceId();
      return traceId ? { traceId } : {};
    },
  });
}
