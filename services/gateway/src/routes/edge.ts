import express, { type Request, type RequestHandler, type Response } from 'express';
import { AppError, checkRateLimit, type KeyValueStore, type RateLimitRule } from '@wps/platform';
import type { GatewayClients } from '../clients.js';
import { clientIp, type SessionResolver } from '../auth.js';

/** What every /wps router is built from. */
export interface EdgeOptions {
  clients: GatewayClients;
  cache: KeyValueStore;
  sessions: SessionResolver;
  requestsPerIpPerMinute: number;
}

/** The success envelope of api-conventions.md. */
export const ok = (res: Response, value: unknown) => res.json({ success: true, value });

/** Counts each request against a rule on the shared store (Redis in a cluster); over the limit is 429 with Retry-After. */
export function rateLimiter(store: KeyValueStore, rule: RateLimitRule, keyOf: (req: Request) => string): RequestHandler {
  return async (req, _res, next) => {
    const limit = await checkRateLimit(store, rule, keyOf(req));
    next(limit.allowed ? undefined : new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } }));
  };
}

/** The shared per-IP budget of /wps: one counter, whichever router a request lands in. */
export const ipRateLimit = (options: Pick<EdgeOptions, 'cache' | 'requestsPerIpPerMinute'>): RequestHandler =>
  rateLimiter(options.cache, { name: 'api:ip', limit: options.requestsPerIpPerMinute, windowMs: 60_000 }, clientIp);

/** JSON bodies of ordinary /wps calls. */
export const jsonBody = express.json({ limit: '64kb' });
