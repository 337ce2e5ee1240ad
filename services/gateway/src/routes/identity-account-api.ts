import express, { type Router } from 'express';
import { requireSession } from '../auth.js';
import { ipRateLimit, jsonBody, ok, type EdgeOptions } from './edge.js';

/** The member profile, sessions and passwords. Mounted ahead of the public API's catch-all. */
export function accountApi(options: EdgeOptions & { onLogout: (token: string) => void }): Router {
  const { clients } = options;
  const router = express.Router();
  const limited = [ipRateLimit(options), jsonBody];
  const session = requireSession(options.sessions);

  router.get('/wps/member/info', ...limited, session, async (req, res) => {
    const info = await clients.identity.getMemberInfo({ memberId: req.principal!.memberId });
    ok(res, { id: info.id, account: info.account, nickname: info.nickname, type: info.type, currency: info.currency, currencySymbol: info.currencySymbol, lastLoginAt: info.lastLoginAt });
  });

  router.delete('/wps/session/logout', ...limited, session, async (req, res) => {
    await clients.identity.logout({ token: req.sessionToken! });
    await options.sessions.forget(req.sessionToken!);
    options.onLogout(req.sessionToken!);
    ok(res, null);
  });

  return router;
}
