import type { Request, Response } from 'express';
import { z } from 'zod';
import { useCases } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { clientIp, merchantHint } from '../auth.js';
import { edgeOperation } from '../use-cases.js';

/** Binds a social login's state to the browser that started it; read back only by the callback. */
const SOCIAL_COOKIE = 'wps_social';
const SOCIAL_COOKIE_PATH = '/wps/session/social';
const SOCIAL_COOKIE_MAX_AGE_S = 600;
const providerParam = z.string().regex(/^[a-z]{2,20}$/);

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
const meta = (req: Request) => ({ ip: clientIp(req), userAgent: req.headers['user-agent'] });

/**
 * Sign-in calls the gateway answers itself: a captcha image must never be cached on the way, and social sign-in is a
 * pair of browser navigations whose state the gateway binds to the browser with a cookie.
 */
export const identityEdgeOperations = Object.fromEntries([
  edgeOperation(useCases.captcha, async ({ request, clients, req, res }) => {
    const { image } = await clients.identity.getCaptcha({ ...merchantHint(req), key: request.key, ...meta(req) });
    res.setHeader('Cache-Control', 'no-store');
    return { value: image };
  }),
  edgeOperation(useCases.socialStart, async ({ request, clients, req, res }) => {
    try {
      const provider = providerParam.parse(request.provider);
      const redirectUri = `${req.protocol}://${req.get('host')}${SOCIAL_COOKIE_PATH}/${provider}/callback`;
      const started = await clients.identity.startSocialLogin({ ...merchantHint(req), provider, redirectUri, ...meta(req) });
      res.setHeader('Set-Cookie', socialCookie(req, started.binding, SOCIAL_COOKIE_MAX_AGE_S));
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, started.authorizeUrl);
    } catch (error) {
      backToClient(res, { socialError: errorCode(error) });
    }
  }),
  edgeOperation(useCases.socialCallback, async ({ request, clients, req, res }) => {
    res.setHeader('Set-Cookie', socialCookie(req, '', 0));
    res.setHeader('Cache-Control', 'no-store');
    try {
      const provider = providerParam.parse(request.provider);
      const { exchangeCode } = await clients.identity.completeSocialLogin({
        provider,
        state: request.state,
        code: request.code,
        error: request.error,
        binding: readCookie(req, SOCIAL_COOKIE),
        ...meta(req),
      });
      backToClient(res, { socialCode: exchangeCode });
    } catch (error) {
      backToClient(res, { socialError: errorCode(error) });
    }
  }),
]);
