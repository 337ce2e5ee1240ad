import express, { type Router, type Response } from 'express';
import { AppError, checkRateLimit, type KeyValueStore } from '@wps/platform';
import { demoDepositBodySchema, loginBodySchema, registerBodySchema } from '@wps/contracts';
import type { GatewayClients } from '../clients.js';
import { clientIp, merchantHint, requireSession, type SessionResolver } from '../auth.js';

const ok = (res: Response, value: unknown) => res.json({ success: true, value });

/** The spec's /wps paths for the first journey: status, register, login, member info, logout, balance. */
export function publicApi(options: {
  clients: GatewayClients;
  cache: KeyValueStore;
  sessions: SessionResolver;
  requestsPerIpPerMinute: number;
  onLogout: (token: string) => void;
}): Router {
  const { clients, cache } = options;
  const router = express.Router();
  const session = requireSession(options.sessions);
  router.use('/wps', express.json({ limit: '64kb' }));
  router.use('/wps', async (req, _res, next) => {
    const limit = await checkRateLimit(cache, { name: 'api:ip', limit: options.requestsPerIpPerMinute, windowMs: 60_000 }, clientIp(req));
    next(limit.allowed ? undefined : new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } }));
  });

  router.get('/wps/system/status', async (req, res) => {
    ok(res, await clients.identity.getSystemStatus({ ...merchantHint(req), ip: clientIp(req) }));
  });

  router.put('/wps/member/register', async (req, res) => {
    const body = registerBodySchema.parse(req.body ?? {});
    const result = await clients.identity.register({
      ...merchantHint(req),
      username: body.username ?? '',
      password: body.password ?? '',
      confirmPassword: body.confirmPassword ?? '',
      registerUrl: body.registerUrl,
      registerMethod: body.registerMethod ?? 'WEB',
      referralCode: body.referralCode || undefined,
      ip: clientIp(req),
      userAgent: req.headers['user-agent'],
    });
    ok(res, result);
  });

  router.post('/wps/session/login', async (req, res) => {
    const body = loginBodySchema.parse(req.body ?? {});
    if (body.type === 'sms') throw new AppError('FEATURE_DISABLED');
    const result = await clients.identity.login({
      ...merchantHint(req),
      username: body.username ?? '',
      password: body.password ?? '',
      ip: clientIp(req),
      userAgent: req.headers['user-agent'],
    });
    ok(res, result);
  });

  router.get('/wps/member/info', session, async (req, res) => {
    const info = await clients.identity.getMemberInfo({ memberId: req.principal!.memberId });
    ok(res, { id: info.id, account: info.account, nickname: info.nickname, type: info.type, currency: info.currency, currencySymbol: info.currencySymbol, lastLoginAt: info.lastLoginAt });
  });

  router.delete('/wps/session/logout', session, async (req, res) => {
    await clients.identity.logout({ token: req.sessionToken! });
    await options.sessions.forget(req.sessionToken!);
    options.onLogout(req.sessionToken!);
    ok(res, null);
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
