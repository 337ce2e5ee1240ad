import express, { type Router, type Response } from 'express';
import { AppError, checkRateLimit, type KeyValueStore } from '@wps/platform';
import { demoDepositBodySchema } from '@wps/contracts';
import type { GatewayClients } from '../clients.js';
import { clientIp, requireSession, type SessionResolver } from '../auth.js';

const ok = (res: Response, value: unknown) => res.json({ success: true, value });

/** The rest of /wps: the balance, the demo deposit, and the not-found answer for unknown paths. */
export function publicApi(options: {
  clients: GatewayClients;
  cache: KeyValueStore;
  sessions: SessionResolver;
  requestsPerIpPerMinute: number;
}): Router {
  const { clients, cache } = options;
  const router = express.Router();
  const session = requireSession(options.sessions);
  router.use('/wps', express.json({ limit: '64kb' }));
  router.use('/wps', async (req, _res, next) => {
    const limit = await checkRateLimit(cache, { name: 'api:ip', limit: options.requestsPerIpPerMinute, windowMs: 60_000 }, clientIp(req));
    next(limit.allowed ? undefined : new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } }));
  });

  router.get('/wps/v2/wallets/balance', session, async (req, res) => {
    const { memberId, merchantCode, currency } = req.principal!;
    ok(res, await clients.wallet.getBalance({ merchantCode, memberId, currency }));
  });

  router.post('/wps/v2/wallets/deposit/demo', session, async (req, res) => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 200) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    const body = demoDepositBodySchema.parse(req.body ?? {});
    const { memberId, merchantCode, currency } = req.principal!;
    ok(res, await clients.wallet.demoDeposit({ merchantCode, memberId, currency, amount: body.amount, idempotencyKey: key }));
  });

  router.all('/wps/{*rest}', () => {
    throw new AppError('NOT_FOUND');
  });
  return router;
}
