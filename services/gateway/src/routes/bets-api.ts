import express, { type Router } from 'express';
import { AppError, checkRateLimit, type KeyValueStore } from '@wps/platform';
import { betRecordFilterQuerySchema } from '@wps/contracts';
import type { GatewayClients } from '../clients.js';
import { clientIp, requireSession, type SessionResolver } from '../auth.js';

/** The player's betting record (personalHistoryCopy): their own rounds, newest first, filtered, with totals. */
export function betsApi(options: { clients: GatewayClients; cache: KeyValueStore; sessions: SessionResolver; requestsPerIpPerMinute: number }): Router {
  const router = express.Router();
  router.get(
    '/wps/v2/bets',
    async (req, _res, next) => {
      // The same counter as the rest of /wps: this route is mounted ahead of the public API's limiter.
      const limit = await checkRateLimit(options.cache, { name: 'api:ip', limit: options.requestsPerIpPerMinute, windowMs: 60_000 }, clientIp(req));
      next(limit.allowed ? undefined : new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } }));
    },
    requireSession(options.sessions),
    async (req, res) => {
      const query = betRecordFilterQuerySchema.parse(req.query);
      const { memberId, merchantCode, currency } = req.principal!;
      const value = await options.clients.wallet.listRounds({
        merchantCode,
        memberId,
        currency,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        gameType: query.gameType || undefined,
        status: query.status || undefined,
        from: query.from || undefined,
        to: query.to || undefined,
      });
      res.json({ success: true, value });
    },
  );
  return router;
}
