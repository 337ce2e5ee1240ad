import express, { type RequestHandler, type Response } from 'express';
import { AppError, checkRateLimit, type KeyValueStore } from '@wps/platform';
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

/** The shared per-IP budget of /wps: one counter, whichever router a request lands in. */
export function ipRateLimit(options: Pick<EdgeOptions, 'cache' | 'requestsPerIpPerMinute'>): RequestHandler {
  return async (req, _res, next) => {
    const limit = await checkRateLimit(options.cache, { name: 'api:ip', limit: options.requestsPerIpPerMinute, windowMs: 60_000 }, clientIp(req));
    next(limit.allowed ? undefined : new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } }));
  };
}

/** JSON bodies of ordinary /wps calls. */
export const jsonBody = express.json({ limit: '64kb' });
