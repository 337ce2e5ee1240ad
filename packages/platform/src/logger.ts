import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';
import { currentTraceId } from './tracing.js';

export type { Logger };

/** Per-request or per-message fields (request id, message id) that every log line written meanwhile carries. */
const logContext = new AsyncLocalStorage<Record<string, string>>();

export function runWithLogContext<T>(fields: Record<string, string>, fn: () => T): T {
  return logContext.run({ ...logContext.getStore(), ...fields }, fn);
}

/** pino JSON logs; every line carries the service, and inside a span or a message the trace and message ids. */
export function createLogger(options: { service: string; level?: string; destination?: DestinationStream }): Logger {
  const pinoOptions = {
    level: options.level ?? 'info',
    base: { service: options.service },
    mixin() {
      const traceId = currentTraceId();
      const fields = logContext.getStore();
      return traceId ? { traceId, ...fields } : { ...fields };
    },
  };
  return options.destination ? pino(pinoOptions, options.destination) : pino(pinoOptions);
}
