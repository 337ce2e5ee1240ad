import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { AppError } from '@wps/platform';
import {
  loginTwoFactorBodySchema,
  loginTwoFactorSetupBodySchema,
  loginVerifyBodySchema,
  loginVerifySendBodySchema,
  socialExchangeBodySchema,
  twoFactorCodeBodySchema,
} from '@wps/contracts';
import { clientIp, merchantHint, requireSession } from '../auth.js';
import { ipRateLimit, jsonBody, ok, type EdgeOptions } from './edge.js';

/** Binds a social login's state to the browser that started it; read back only by the callback. */
const SOCIAL_COOKIE = 'wps_social';
const SOCIAL_COOKIE_PATH = '/wps/session/social';
const SOCIAL_COOKIE_MAX_AGE_S = 600;

const providerParam = z.string().regex(/^[a-z]{2,20}$/);
const pagingQuery = z.object({ pageNo: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(50).default(10) });
const callbackQuery = z.object({ state: z.string().max(200).default(''), code: z.string().max(2000).optional(), error: z.string().max(200).optional() });

const meta = (req: Request) => ({ ip: clientIp(req), userAgent: req.headers['user-agent'] });

function readCookie(req: Request, name: string): string {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return '';
}

function socialCookie(req: Request, value: string, maxAgeSeconds: number): string {
  // Lax, not Strict: the cookie must come along on the top-level redirect back from the provider.
  return `${SOCIAL_COOKIE}=${value}; Path=${SOCIAL_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${req.secure ? '; Secure' : ''}`;
}

/** Social login runs as browser navigations, so failures go back to the client as a query it can show. */
const backToClient = (res: Response, query: Record<string, string>) => res.redirect(302, `/?${new URLSearchParams(query).toString()}`);
const errorCode = (error: unknown) => (error instanceof AppError ? error.code : 'SOCIAL_LOGIN_FAILED');

/** New-IP verification, two-factor codes and enrolment, the security centre, and social login. Mounted ahead of the public API's catch-all. */
export function secondFactorApi(options: EdgeOptions): Router {
  const { clients } = options;
  const router = express.Router();
  const limited = [ipRateLimit(options), jsonBody];
  const session = requireSession(options.sessions);

  // The second sign-in step: the ticket from the login answer stands in for a session.
  router.post('/wps/session/login/verify/send', ...limited, async (req, res) => {
    const body = loginVerifySendBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.sendLoginVerificationCode({ ...body, ...meta(req) }));
  });
  router.post('/wps/session/login/verify', ...limited, async (req, res) => {
    const body = loginVerifyBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.verifyNewIpLogin({ ...body, ...meta(req) }));
  });
  router.post('/wps/session/login/2fa', ...limited, async (req, res) => {
    const body = loginTwoFactorBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.verifyTwoFactorLogin({ ...body, ...meta(req) }));
  });
  router.post('/wps/session/login/2fa/setup', ...limited, async (req, res) => {
    const body = loginTwoFactorSetupBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.setupTwoFactorAtLogin({ ...body, ...meta(req) }));
  });
  router.post('/wps/session/login/2fa/enable', ...limited, async (req, res) => {
    const body = loginTwoFactorBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.enableTwoFactorAtLogin({ ...body, ...meta(req) }));
  });

  // The security centre: always the session's own member, never an id from the request.
  router.post('/wps/member/2fa/setup', ...limited, session, async (req, res) => {
    ok(res, await clients.identity.setupTwoFactor({ memberId: req.principal!.memberId, ...meta(req) }));
  });
  router.post('/wps/member/2fa/enable', ...limited, session, async (req, res) => {
    const body = twoFactorCodeBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.enableTwoFactor({ memberId: req.principal!.memberId, code: body.code, ...meta(req) }));
  });
  router.delete('/wps/member/2fa', ...limited, session, async (req, res) => {
    const body = twoFactorCodeBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.disableTwoFactor({ memberId: req.principal!.memberId, code: body.code, ...meta(req) }));
  });
  router.get('/wps/member/security', ...limited, session, async (req, res) => {
    const paging = pagingQuery.parse(req.query);
    ok(res, await clients.identity.getSecurityOverview({ memberId: req.principal!.memberId, ...paging }));
  });

  // Social login (OpenID Connect). The identity service talks to the provider; the gateway keeps the browser binding.
  router.get('/wps/session/social/providers', ipRateLimit(options), async (req, res) => {
    ok(res, await clients.identity.listSocialProviders(merchantHint(req)));
  });
  router.get('/wps/session/social/:provider/start', ipRateLimit(options), async (req, res) => {
    try {
      const provider = providerParam.parse(req.params.provider);
      const redirectUri = `${req.protocol}://${req.get('host')}${SOCIAL_COOKIE_PATH}/${provider}/callback`;
      const started = await clients.identity.startSocialLogin({ ...merchantHint(req), provider, redirectUri, ...meta(req) });
      res.setHeader('Set-Cookie', socialCookie(req, started.binding, SOCIAL_COOKIE_MAX_AGE_S));
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, started.authorizeUrl);
    } catch (error) {
      backToClient(res, { socialError: errorCode(error) });
    }
  });
  router.get('/wps/session/social/:provider/callback', ipRateLimit(options), async (req, res) => {
    res.setHeader('Set-Cookie', socialCookie(req, '', 0));
    res.setHeader('Cache-Control', 'no-store');
    try {
      const provider = providerParam.parse(req.params.provider);
      const query = callbackQuery.parse(req.query);
      const { exchangeCode } = await clients.identity.completeSocialLogin({
        provider,
        state: query.state,
        code: query.code,
        error: query.error,
        binding: readCookie(req, SOCIAL_COOKIE),
        ...meta(req),
      });
      backToClient(res, { socialCode: exchangeCode });
    } catch (error) {
      backToClient(res, { socialError: errorCode(error) });
    }
  });
  router.post('/wps/session/social/exchange', ...limited, async (req, res) => {
    const body = socialExchangeBodySchema.parse(req.body ?? {});
    ok(res, await clients.identity.exchangeSocialLogin({ code: body.code, ...meta(req) }));
  });

  return router;
}
