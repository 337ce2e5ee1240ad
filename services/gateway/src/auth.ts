import type { Request, RequestHandler } from 'express';
import { AppError } from '@wps/platform';
import type { SessionPrincipal } from '@wps/contracts';
import type { GatewayClients } from './clients.js';

declare module 'express-serve-static-core' {
  interface Request {
    principal?: SessionPrincipal;
    sessionToken?: string;
  }
}

export const bearerToken = (req: Request): string | undefined => {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
};

/** Routes behind this need a live session; anything else is 401 with the spec's not-logged-in message. */
export function requireSession(clients: GatewayClients): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) return next(new AppError('NOT_LOGGED_IN'));
    const principal = await clients.identity.authenticate({ token });
    if (!principal) return next(new AppError('NOT_LOGGED_IN'));
    req.principal = principal;
    req.sessionToken = token;
    next();
  };
}

/** The brand: X-Merchant-Code header, else the host name mapping, else the deployment's default. */
export const merchantHint = (req: Request): { merchantCode?: string; host?: string } => {
  const header = req.headers['x-merchant-code'];
  const merchantCode = typeof header === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(header) ? header : undefined;
  return { merchantCode, host: req.hostname };
};

export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? '0.0.0.0';
