import express, { type Router } from 'express';
import { AppError } from '@wps/platform';
import { loginBodySchema } from '@wps/contracts';
import { clientIp, merchantHint, requireSession } from '../auth.js';
import { ipRateLimit, jsonBody, ok, type EdgeOptions } from './edge.js';

/** Every way to sign in. Mounted ahead of the public API's catch-all. */
export function loginApi(options: EdgeOptions): Router {
  const { clients } = options;
  const router = express.Router();
  const limited = [ipRateLimit(options), jsonBody];
  const session = requireSession(options.sessions);

  router.post('/wps/session/login', ...limited, async (req, res) => {
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

  return router;
}
