import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { errorMiddleware } from './errors.js';
import type { Logger } from './logger.js';
import { extractTraceContext, withSpan, SpanKind } from './tracing.js';
import { runWithLogContext } from './logger.js';

export type ReadinessCheck = () => Promise<Record<string, boolean>>;

/** A caller's request id is kept only in this shape; anything else (markup, line breaks, very long text) is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it is a plain token, else a fresh one: it goes into answers and every log line. */
export const requestIdOf = (sent: string | string[] | undefined): string => (typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID());

/** Every incoming request runs in a server span continuing the caller's trace, and is logged once when done. */
export function tracingMiddleware(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdOf(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    const started = performance.now();
    void withSpan(
      `${req.method} ${req.path}`,
      { kind: SpanKind.SERVER, parent: extractTraceContext(req.headers as Record<string, string>) },
      () =>
        new Promise<void>((resolve) => {
          res.on('finish', () => {
            if (!req.path.startsWith('/health')) {
              logger.debug({ requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'request');
            }
            resolve();
          });
          res.on('close', () => resolve());
          runWithLogContext({ requestId }, () => next());
        }),
    );
  };
}

/** Liveness says the process runs; readiness says its dependencies answer. */
export function healthRoutes(check: ReadinessCheck): express.Router {
  const router = express.Router();
  router.get('/health/live', (_req, res) => {
    res.json({ success: true, value: { status: 'up' } });
  });
  router.get('/health/ready', async (_req, res) => {
    let checks: Record<string, boolean>;
    try {
      checks = await check();
    } catch {
      checks = { checks: false };
    }
    const ready = Object.values(checks).every(Boolean);
    res.status(ready ? 200 : 503).json({ success: ready, value: { status: ready ? 'ready' : 'not-ready', checks } });
  });
  return router;
}

export interface HttpAppOptions {
  /**
   * TRUST_PROXY, parsed (`envTrustProxy`): the proxies whose X-Forwarded-For, -Proto and -Host are believed. Empty or
   * unset: none are, and `req.ip` is the socket's peer whatever a caller sends.
   */
  trustProxy?: readonly string[];
}

/** The express app every service starts from; routes go between `app` creation and `finish`. */
export function createHttpApp(logger: Logger, options: HttpAppOptions = {}): { app: Express; finish: () => void } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy?.length ? [...options.trustProxy] : false);
  app.use(tracingMiddleware(logger));
  return {
    app,
    finish: () => {
      app.use(errorMiddleware(logger));
    },
  };
}
