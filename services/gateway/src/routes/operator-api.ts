import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { AppError } from '@wps/platform';
import { gameAnnouncementBodySchema, merchantSettingsUpdateSchema, operatorAdjustBodySchema, operatorDepositsQuerySchema, operatorReasonBodySchema, operatorWithdrawalsQuerySchema } from '@wps/contracts';
import type { GatewayClients } from '../clients.js';
import type { SessionResolver } from '../auth.js';
import { idempotencyKey } from './money-api.js';

const ok = (res: Response, value: unknown) => res.json({ success: true, value });
const digest = (text: string) => createHash('sha256').update(text).digest();
const ID = /^[0-9a-fA-F-]{36}$/;
/** An empty query value (`status=`) means no filter. */
const listQuery = (req: Request) => Object.fromEntries(Object.entries(req.query).filter(([, value]) => value !== ''));
const pathId = (req: Request, name: string): string => {
  const id = String(req.params[name] ?? '');
  if (!/^[0-9a-zA-Z-]{1,40}$/.test(id)) throw new AppError('NOT_FOUND');
  return id;
};

/**
 * The back-office money API: review deposits and withdrawals, mark payouts, adjust balances. One shared token from
 * OPERATOR_TOKEN guards it; without one configured the whole API does not exist (404). X-Operator names who acted.
 */
export function operatorApi(options: { clients: GatewayClients; operatorToken?: string; sessions?: SessionResolver }): Router {
  const { clients } = options;
  const router = express.Router();
  const expected = options.operatorToken ? digest(options.operatorToken) : undefined;
  const authorised: RequestHandler = (req, _res, next) => {
    if (!expected) return next(new AppError('NOT_FOUND'));
    const header = req.headers.authorization ?? '';
    const presented = header.startsWith('Operator ') ? header.slice(9).trim() : '';
    // Digests have equal length, so the comparison takes the same time for any presented token.
    if (!presented || !timingSafeEqual(digest(presented), expected)) return next(new AppError('OPERATOR_UNAUTHORIZED'));
    next();
  };
  const operator = (req: Request): string => {
    const name = req.headers['x-operator'];
    return typeof name === 'string' && /^[\w.@-]{1,60}$/.test(name) ? name : 'operator';
  };
  router.use('/operator/v1', authorised, express.json({ limit: '16kb' }));

  router.get('/operator/v1/deposits', async (req, res) => {
    ok(res, await clients.wallet.operatorListDeposits(operatorDepositsQuerySchema.parse(listQuery(req))));
  });
  router.post('/operator/v1/deposits/:id/approve', async (req, res) => {
    const depositId = pathId(req, 'id');
    if (!ID.test(depositId)) throw new AppError('NOT_FOUND');
    ok(res, await clients.wallet.operatorDecideDeposit({ depositId, decision: 'approve', operator: operator(req) }));
  });
  router.post('/operator/v1/deposits/:id/reject', async (req, res) => {
    const depositId = pathId(req, 'id');
    const body = operatorReasonBodySchema.parse(req.body ?? {});
    ok(res, await clients.wallet.operatorDecideDeposit({ depositId, decision: 'reject', reason: body.reason, operator: operator(req) }));
  });

  router.get('/operator/v1/withdrawals', async (req, res) => {
    ok(res, await clients.wallet.operatorListWithdrawals(operatorWithdrawalsQuerySchema.parse(listQuery(req))));
  });
  for (const decision of ['approve', 'paid'] as const) {
    router.post(`/operator/v1/withdrawals/:id/${decision}`, async (req, res) => {
      const reason = typeof req.body?.reason === 'string' ? operatorReasonBodySchema.parse(req.body).reason : undefined;
      ok(res, await clients.wallet.operatorDecideWithdrawal({ withdrawalId: pathId(req, 'id'), decision, reason, operator: operator(req) }));
    });
  }
  router.post('/operator/v1/withdrawals/:id/reject', async (req, res) => {
    const withdrawalId = pathId(req, 'id');
    const body = operatorReasonBodySchema.parse(req.body ?? {});
    ok(res, await clients.wallet.operatorDecideWithdrawal({ withdrawalId, decision: 'reject', reason: body.reason, operator: operator(req) }));
  });

  router.post('/operator/v1/members/:memberId/adjust', async (req, res) => {
    const key = idempotencyKey(req);
    const memberId = pathId(req, 'memberId');
    const body = operatorAdjustBodySchema.parse(req.body ?? {});
    ok(res, await clients.wallet.operatorAdjust({ memberId, currency: body.currency, amount: body.amount, reason: body.reason, operator: operator(req), idempotencyKey: key }));
  });

  // Sign-in: lift a lockout after failed sign-ins before it runs out.
  router.post('/operator/v1/members/:memberId/unlock', async (req, res) => {
    const memberId = pathId(req, 'memberId');
    ok(res, await clients.identity.unlockMember({ memberId, operator: operator(req) }));
  });

  // Passwords, sessions and profile: disabling an account ends all its sessions.
  for (const [action, status] of [['disable', 'disabled'], ['enable', 'active']] as const) {
    router.post(`/operator/v1/members/:memberId/${action}`, async (req, res) => {
      const { endedTokenHashes, ...result } = await clients.identity.setMemberStatus({ memberId: pathId(req, 'memberId'), status, operator: operator(req) });
      // The cached principals live in the shared store, so dropping them here stops the sessions on every gateway at
      // once; the session.ended event then closes their sockets.
      await options.sessions?.forgetHashes(endedTokenHashes);
      ok(res, { ...result, endedSessions: endedTokenHashes.length });
    });
  }

  // Brand configuration: whitelabel flags, registration field config, maintenance and region restriction.
  const merchantCode = (req: Request): string => {
    const code = String(req.params.code ?? '');
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(code)) throw new AppError('MERCHANT_NOT_FOUND');
    return code;
  };
  router.get('/operator/v1/merchants/:code/settings', async (req, res) => {
    ok(res, await clients.identity.operatorGetMerchantSettings({ merchantCode: merchantCode(req) }));
  });
  router.put('/operator/v1/merchants/:code/settings', async (req, res) => {
    const update = merchantSettingsUpdateSchema.parse(req.body ?? {});
    ok(res, await clients.identity.operatorUpdateMerchantSettings({ merchantCode: merchantCode(req), update, operator: operator(req) }));
  });

  // Game announcements: the lobby's marquee per brand; the brand must exist, removal only of the brand's own.
  const knownMerchantCode = async (req: Request): Promise<string> => {
    const code = merchantCode(req);
    await clients.identity.resolveMerchant({ merchantCode: code });
    return code;
  };
  router.get('/operator/v1/merchants/:code/game-announcements', async (req, res) => {
    ok(res, await clients.games.operatorListGameAnnouncements({ merchantCode: await knownMerchantCode(req) }));
  });
  router.post('/operator/v1/merchants/:code/game-announcements', async (req, res) => {
    const body = gameAnnouncementBodySchema.parse(req.body ?? {});
    ok(res, await clients.games.operatorCreateGameAnnouncement({ ...body, merchantCode: await knownMerchantCode(req), operator: operator(req) }));
  });
  router.delete('/operator/v1/merchants/:code/game-announcements/:id', async (req, res) => {
    const id = String(req.params.id ?? '');
    if (!/^[1-9][0-9]{0,17}$/.test(id)) throw new AppError('GAME_ANNOUNCEMENT_NOT_FOUND');
    ok(res, await clients.games.operatorDeleteGameAnnouncement({ merchantCode: await knownMerchantCode(req), id }));
  });

  router.all('/operator/{*rest}', () => {
    throw new AppError('NOT_FOUND');
  });
  return router;
}
