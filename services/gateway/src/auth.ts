import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { sessionPrincipalSchema } from '@wps/contracts';
import { AppError, type KeyValueStore } from '@wps/platform';
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

interface Flight {
  /** Set when the session ends while identity is being asked: its answer is then not kept. */
  forgotten: boolean;
  answer: Promise<SessionPrincipal | null>;
}

/**
 * Resolves session tokens through identity and keeps live answers for a few seconds in the shared store (Redis in a
 * cluster), so an authenticated call costs one service hop instead of two. Logging out deletes the entry on every
 * gateway at once; a session that identity ends by itself (idle or absolute timeout) is seen within the TTL.
 */
export class SessionResolver {
  constructor(
    private readonly clients: GatewayClients,
    private readonly store: KeyValueStore,
    private readonly ttlMs = 10_000,
  ) {}

  private key(token: string): string {
    return `session:${createHash('sha256').update(token).digest('base64url')}`;
  }

  async principal(token: string): Promise<SessionPrincipal | null> {
    const key = this.key(token);
    const cached = await this.store.get(key);
    if (cached) {
      const parsed = sessionPrincipalSchema.safeParse(JSON.parse(cached));
      if (parsed.success) return parsed.data;
    }
    // A member's requests that arrive together when the kept answer has run out ask identity once, not once each.
    let flight = this.asking.get(key);
    if (!flight) {
      const started: Flight = { forgotten: false, answer: Promise.resolve(null) };
      started.answer = this.ask(key, token, started).finally(() => this.asking.get(key) === started && this.asking.delete(key));
      this.asking.set(key, started);
      flight = started;
    }
    return flight.answer;
  }

  private readonly asking = new Map<string, Flight>();

  private async ask(key: string, token: string, flight: Flight): Promise<SessionPrincipal | null> {
    const principal = await this.clients.identity.authenticate({ token });
    // Only live sessions are kept: unknown tokens must not be able to fill the store. A session ended while identity
    // answered is not kept either.
    if (principal && !flight.forgotten) await this.store.set(key, JSON.stringify(principal), this.ttlMs);
    return principal;
  }

  private dropFlight(key: string): void {
    const flight = this.asking.get(key);
    if (!flight) return;
    flight.forgotten = true;
    this.asking.delete(key);
  }

  async forget(token: string): Promise<void> {
    this.dropFlight(this.key(token));
    await this.store.delete(this.key(token));
  }

  /** Forgets sessions identity ended, named by the base64url SHA-256 of their tokens (event `session.ended`). */
  async forgetHashes(tokenHashes: readonly string[]): Promise<void> {
    for (const hash of tokenHashes) this.dropFlight(`session:${hash}`);
    await Promise.all(tokenHashes.map((hash) => this.store.delete(`session:${hash}`)));
  }
}

/** Routes behind this need a live session; anything else is 401 with the spec's not-logged-in message. */
export function requireSession(sessions: SessionResolver): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) return next(new AppError('NOT_LOGGED_IN'));
    const principal = await sessions.principal(token);
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

const CLIENT_IP = Symbol('clientIp');

/**
 * The caller's address, as the trusted proxies say (TRUST_PROXY). Read once per request: express works it out again,
 * forwarding header and all, every time `req.ip` is read, and the limits, the context and the logs each ask.
 */
export const clientIp = (req: Request): string => ((req as Request & { [CLIENT_IP]?: string })[CLIENT_IP] ??= req.ip ?? req.socket.remoteAddress ?? '0.0.0.0');
