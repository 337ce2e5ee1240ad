import express, { type Router } from 'express';
import { registerBodySchema } from '@wps/contracts';
import { clientIp, merchantHint, requireSession } from '../auth.js';
import { ipRateLimit, jsonBody, ok, type EdgeOptions } from './edge.js';

/** Brand configuration, system status and registration. Mounted ahead of the public API's catch-all. */
export function registrationApi(options: EdgeOptions): Router {
  const { clients } = options;
  const router = express.Router();
  const limited = [ipRateLimit(options), jsonBody];
  const session = requireSession(options.sessions);

  router.get('/wps/system/status', ...limited, async (req, res) => {
    ok(res, await clients.identity.getSystemStatus({ ...merchantHint(req), ip: clientIp(req) }));
  });

  router.put('/wps/member/register', ...limited, async (req, res) => {
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

  return router;
}
