import express, { type ErrorRequestHandler, type Router } from 'express';
import { AppError, requestLanguage } from '@wps/platform';
import { captchaQuerySchema, loginSmsBodySchema, signInBodySchema } from '@wps/contracts';
import { clientIp, merchantHint } from '../auth.js';
import { ipRateLimit, jsonBody, ok, type EdgeOptions } from './edge.js';

/**
 * Every way to sign in. Mounted ahead of the public API's catch-all.
 *
 * - POST /wps/session/login: `{ username, password, type?: 'username' | 'sms', captcha?, captchaKey?, countryDialingCode?, area? }`.
 *   For `type: 'sms'` the username is the mobile number and the password the SMS code. `area: 'agent'` is the agent
 *   login page (/agent): only agent types (1, 2, 41, 42) get a session there; others get 'Non-agents cannot log in'.
 *   A failed answer carries `value.captcha`; when true, fetch GET /wps/captcha?key=… and send `captcha` + `captchaKey`.
 * - POST /wps/verification/sms/noLogin: `{ mobileNum, countryDialingCode }` → `{ expiredMinutes }`.
 * - GET /wps/captcha?key=<8-64 letters, digits, - or _>: value is the PNG in base64; at most one a second per key.
 * - POST /wps/session/login/freeplay: a new trial (type 4) account with a session, for brands with FREEPLAY3.
 */
export function loginApi(options: EdgeOptions): Router {
  const { clients } = options;
  const router = express.Router();
  const limited = [ipRateLimit(options), jsonBody];
  const meta = (req: express.Request) => ({ ip: clientIp(req), userAgent: req.headers['user-agent'] });

  router.post('/wps/session/login', ...limited, async (req, res) => {
    const body = signInBodySchema.parse(req.body ?? {});
    const result = await clients.identity.login({
      ...merchantHint(req),
      username: body.username ?? '',
      password: body.password ?? '',
      type: body.type === 'sms' ? 'sms' : 'username',
      captcha: body.captcha,
      captchaKey: body.captchaKey,
      countryDialingCode: body.countryDialingCode,
      area: body.area,
      ...meta(req),
    });
    ok(res, result);
  });

  router.post('/wps/verification/sms/noLogin', ...limited, async (req, res) => {
    const body = loginSmsBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.sendLoginSms({
      ...merchantHint(req),
      mobileNum: body.mobileNum ?? '',
      countryDialingCode: body.countryDialingCode,
      language: requestLanguage(req),
      ...meta(req),
    }));
  });

  router.get('/wps/captcha', ipRateLimit(options), async (req, res) => {
    const { key } = captchaQuerySchema.parse(req.query);
    const { image } = await clients.identity.getCaptcha({ ...merchantHint(req), key, ...meta(req) });
    res.setHeader('Cache-Control', 'no-store');
    ok(res, image);
  });

  router.post('/wps/session/login/freeplay', ...limited, async (req, res) => {
    ok(res, await clients.identity.freePlayLogin({ ...merchantHint(req), ...meta(req) }));
  });

  // The shared error middleware sets Retry-After only for TOO_MANY_REQUESTS; sign-in has its own 429s (captcha and SMS
  // throttles, lockout) that should tell the client when to come back just the same.
  router.use(((error, _req, res, next) => {
    const retryAfter = error instanceof AppError && error.status === 429 ? (error.options.value as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds : undefined;
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    next(error);
  }) as ErrorRequestHandler);

  return router;
}
