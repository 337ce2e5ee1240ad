import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import {
  audienceOfMemberType,
  isTrialType,
  VENDOR_HEADERS,
  type identityRpc,
  type ContextSource,
  type RequestContext,
  type SessionPrincipal,
  type UseCase,
  type UseCaseResponse,
} from '@wps/contracts';
import type { z } from 'zod';
import { AppError, messageLanguage, requestLanguage, type Logger } from '@wps/platform';
import { bearerToken, clientIp, merchantHint } from './auth.js';
import { rateLimiter, type EdgeOptions } from './routes/edge.js';
import { PublicAnswers, validUntilOf } from './public-answers.js';
import type { GatewayClients } from './clients.js';
import { rejectControlCharacters } from './edge/control-characters.js';
import { methodNotAllowed } from './edge/method-not-allowed.js';
import { isStaticPath, StaticRoutes } from './edge/static-routes.js';
import { operatorTokenGuard } from './edge/operator-guard.js';
import { vendorRateLimit } from './edge/vendor-limit.js';

export { VENDOR_RATE_WINDOW_MS } from './edge/vendor-limit.js';

/** The brand a request names, as identity resolves it. */
type BrandOfRequest = z.infer<typeof identityRpc.resolveMerchant.output>;

/** What a use case the gateway carries out itself gets; it answers a value, or sends the response itself. */
export interface EdgeCall<Input = Record<string, unknown>> {
  /** The parsed request, with `idempotencyKey` where the declaration asks for one. */
  request: Input;
  context: UseCaseContext;
  req: Request;
  res: Response;
  clients: GatewayClients;
}
export type EdgeOperation = (call: EdgeCall) => Promise<{ value: unknown } | void>;

/** Binds an edge operation to its declaration, typing its request and answer from it. */
export function edgeOperation<U extends UseCase>(
  useCase: U,
  run: (call: EdgeCall<z.output<U['request']> & { idempotencyKey?: string }>) => Promise<{ value: UseCaseResponse<U> } | void>,
): [string, EdgeOperation] {
  if (!('edge' in useCase.operation)) throw new Error(`${useCase.id} is not declared as an edge use case`);
  return [useCase.operation.edge, run as unknown as EdgeOperation];
}

/** Resolves context fields on demand: most calls need two or three, and the brand costs a service call. */
export interface UseCaseContext {
  get<K extends keyof RequestContext>(name: K): Promise<RequestContext[K]>;
  principal: SessionPrincipal | undefined;
}

export interface UseCaseOptions extends EdgeOptions {
  /** OPERATOR_TOKEN: without it the operator use cases answer 404. */
  operatorToken?: string;
  /** VENDOR_REQUESTS_PER_10S: signed vendor calls per vendor code per 10 s. */
  requestsPerVendorPer10s?: number;
  /** VENDOR_SIGNATURE_FAILURES_PER_10S: wrongly signed vendor calls per source address per 10 s. */
  vendorSignatureFailuresPer10s?: number;
  edgeOperations?: Record<string, EdgeOperation>;
  /** The gateway's cache of shared answers, also dropped by brand when content changes (see push-feeds/notices.ts). */
  answers?: PublicAnswers;
  /** Where refused operator tokens are logged. */
  logger?: Logger;
}

/** Brands change rarely and every lobby call needs one: each gateway keeps the answer briefly. */
const MERCHANT_CACHE_MS = 30_000;
const MERCHANT_CACHE_ENTRIES_MAX = 1_000;
const DEFAULT_BODY_LIMIT = '64kb';

/** Context fields that name the member: an answer built from one of them is never shared. */
const MEMBER_SOURCES: readonly ContextSource[] = ['memberId', 'account', 'sessionToken', 'player'];
/** Context fields a guest call reads from a session when one is sent. */
const SESSION_SOURCES: readonly ContextSource[] = ['memberId', 'audience'];

const digest = (text: string) => createHash('sha256').update(text).digest();
const expressPath = (path: string) => path;

/**
 * Mounts every declared use case: the route, its rate limit, who may call, the request parsed from its schema, the
 * context it names, and the service operation or edge operation it maps to, answered in the envelope.
 */
export function useCaseRouter(useCases: Iterable<UseCase>, options: UseCaseOptions): Router {
  const router = express.Router();
  const { clients, sessions } = options;
  // Vendor calls count by the verdict on their signature, so forged calls cannot use up a vendor's window.
  const vendorLimit = vendorRateLimit(options.cache, {
    requestsPerVendor: options.requestsPerVendorPer10s ?? 6_000,
    signatureFailuresPerAddress: options.vendorSignatureFailuresPer10s,
  });
  const limiters: Record<UseCase['rateLimit'], RequestHandler | undefined> = {
    ip: rateLimiter(options.cache, { name: 'api:ip', limit: options.requestsPerIpPerMinute, windowMs: 60_000 }, clientIp),
    vendor: vendorLimit.admit,
    none: undefined,
  };
  const operatorGuesses = operatorTokenGuard(options.cache, options.logger);
  const merchants = new Map<string, { merchant: Promise<BrandOfRequest>; expiresAt: number }>();
  const brandOf = (req: Request): Promise<BrandOfRequest> => {
    const hint = merchantHint(req);
    const key = `${hint.merchantCode ?? ''}|${hint.host ?? ''}`;
    const cached = merchants.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.merchant;
    if (merchants.size >= MERCHANT_CACHE_ENTRIES_MAX) merchants.clear();
    const merchant = clients.identity.resolveMerchant(hint);
    merchants.set(key, { merchant, expiresAt: Date.now() + MERCHANT_CACHE_MS });
    merchant.catch(() => merchants.delete(key));
    return merchant;
  };
  const operatorDigest = options.operatorToken ? digest(options.operatorToken) : undefined;
  const answers = options.answers ?? new PublicAnswers();

  const authenticate =
    (useCase: UseCase): RequestHandler =>
    async (req, _res, next) => {
      switch (useCase.auth) {
        case 'guest': {
          // A guest call names the member when a live session comes with it; an unknown token is just a guest.
          const token = bearerToken(req);
          const principal = token && Object.values(useCase.context ?? {}).some((source) => SESSION_SOURCES.includes(source)) ? await sessions.principal(token) : null;
          if (principal && token) {
            req.principal = principal;
            req.sessionToken = token;
          }
          return next();
        }
        case 'member':
        case 'real-member': {
          const token = bearerToken(req);
          const principal = token ? await sessions.principal(token) : null;
          if (!principal || !token) return next(new AppError('NOT_LOGGED_IN'));
          req.principal = principal;
          req.sessionToken = token;
          if (useCase.auth === 'real-member' && isTrialType(principal.type)) return next(new AppError('TRIAL_ACCOUNT_REFUSED'));
          return next();
        }
        case 'operator': {
          if (!operatorDigest) return next(new AppError('NOT_FOUND'));
          const header = req.headers.authorization ?? '';
          const presented = header.startsWith('Operator ') ? header.slice(9).trim() : '';
          if (!presented) return next(new AppError('OPERATOR_UNAUTHORIZED'));
          // An address that guessed wrong too often is refused whatever it presents, until its window ends.
          const refusal = await operatorGuesses.refusal(req);
          if (refusal) return next(refusal);
          // Digests have equal length, so the comparison takes the same time for any presented token.
          if (!timingSafeEqual(digest(presented), operatorDigest)) {
            await operatorGuesses.failed(req);
            return next(new AppError('OPERATOR_UNAUTHORIZED'));
          }
          return next();
        }
        case 'vendor':
          // The vendor's signature covers the raw body; the owning service checks it (see the edge operation).
          return next();
      }
    };

  /**
   * How each request-context value is read from a request: one table for every request, so a request allocates no
   * readers of its own. A member field of a guest call without a session is absent; of any other call, NOT_LOGGED_IN.
   */
  type Read = { req: Request; principal: SessionPrincipal | undefined; sessionOptional: boolean };
  const fromSession = <T>(read: Read, pick: (principal: SessionPrincipal) => T): T => {
    if (read.principal) return pick(read.principal);
    if (read.sessionOptional) return undefined as T;
    throw new AppError('NOT_LOGGED_IN');
  };
  const readers: { [K in keyof RequestContext]: (read: Read) => RequestContext[K] | Promise<RequestContext[K]> } = {
    memberId: (read) => fromSession(read, (p) => p.memberId),
    merchantCode: (read) => fromSession(read, (p) => p.merchantCode),
    currency: (read) => fromSession(read, (p) => p.currency),
    account: (read) => fromSession(read, (p) => p.account),
    memberType: (read) => fromSession(read, (p) => p.type),
    audience: (read) => audienceOfMemberType(read.principal?.type),
    sessionToken: (read) => fromSession(read, () => read.req.sessionToken!),
    language: ({ req }) => requestLanguage(req),
    interfaceLanguage: ({ req }) => messageLanguage(req),
    ip: ({ req }) => clientIp(req),
    userAgent: ({ req }) => req.headers['user-agent'],
    merchantHint: ({ req }) => merchantHint(req).merchantCode,
    host: ({ req }) => req.hostname,
    brandCode: async ({ req }) => (await brandOf(req)).code,
    brandDefaultLanguage: async ({ req }) => (await brandOf(req)).defaultLanguage,
    brandLanguages: async ({ req }) => (await brandOf(req)).languages,
    brandCurrency: async ({ req }) => (await brandOf(req)).currency,
    brandCurrencySymbol: async ({ req }) => (await brandOf(req)).currencySymbol,
    brandAgentPolicy: async ({ req }) => (await brandOf(req)).agentPolicy,
    player: (read) => fromSession(read, (p) => ({ memberId: p.memberId, merchantCode: p.merchantCode, currency: p.currency })),
    retryKey: ({ req }) => {
      const key = req.headers['idempotency-key'];
      if (key === undefined) return undefined;
      if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw new AppError('VALIDATION_FAILED', { field: 'idempotency-key' });
      return key;
    },
    vendorCode: ({ req }) => header(req.headers[VENDOR_HEADERS.vendor]).slice(0, 40),
    vendorTimestamp: ({ req }) => header(req.headers[VENDOR_HEADERS.timestamp]).slice(0, 20),
    vendorSignature: ({ req }) => header(req.headers[VENDOR_HEADERS.signature]).slice(0, 200),
    operator: ({ req }) => {
      const name = req.headers['x-operator'];
      return typeof name === 'string' && /^[\w.@-]{1,60}$/.test(name) ? name : 'operator';
    },
  };
  const contextOf = (req: Request, sessionOptional: boolean): UseCaseContext => {
    const read: Read = { req, principal: req.principal, sessionOptional };
    return { principal: read.principal, get: async (name) => readers[name](read) };
  };

  const handle = (useCase: UseCase): RequestHandler => {
    const contextEntries = Object.entries(useCase.context ?? {});
    const brandField = contextEntries.find(([, source]) => source === 'brandCode')?.[0];
    if (useCase.sharedCacheMs !== undefined) {
      const member = contextEntries.find(([, source]) => MEMBER_SOURCES.includes(source));
      // A shared answer naming the member would hand one member's data to every caller of the audience.
      if (member) throw new Error(`${useCase.id}: an answer kept for every caller (sharedCacheMs) cannot depend on the member (${member[1]})`);
      if (!brandField) throw new Error(`${useCase.id}: an answer kept for every caller (sharedCacheMs) must name its brand (brandCode)`);
    }
    return async (req, res) => {
      // A JSON body is an object of fields; an array or a bare value is refused rather than read as no fields.
      const raw: unknown = req.body;
      if (useCase.bodyFormat !== 'text' && raw !== undefined && !isRecord(raw)) throw new AppError('VALIDATION_FAILED', { field: 'body' });
      const body = useCase.bodyFormat === 'text' ? { body: typeof raw === 'string' ? raw : '' } : isRecord(raw) ? raw : {};
      const sent: Record<string, unknown> = useCase.method === 'GET' ? { ...req.query } : { ...req.query, ...body };
      // The path names the resource: a query or body field of the same name is a request to act on another one.
      if (Object.keys(req.params).some((name) => name in sent)) throw new AppError('VALIDATION_FAILED');
      const fields = { ...sent, ...req.params };
      const request = useCase.request.parse(fields) as Record<string, unknown>;
      const context = contextOf(req, useCase.auth === 'guest');
      const input: Record<string, unknown> = { ...request };
      for (const [field, source] of contextEntries) {
        const value = await context.get(source);
        if (value !== undefined) input[field] = value;
      }
      for (const [field, source] of Object.entries(useCase.defaults ?? {})) {
        if (input[field] !== undefined) continue;
        const value = await context.get(source);
        if (value !== undefined) input[field] = value;
      }
      Object.assign(input, useCase.fixed);
      if (useCase.idempotent) input.idempotencyKey = idempotencyKey(req);
      const operation = useCase.operation;
      const counted = <T>(run: () => Promise<T>): Promise<T> => (useCase.rateLimit === 'vendor' ? vendorLimit.counted(req, run) : run());
      if ('edge' in operation) {
        const edge = options.edgeOperations?.[operation.edge];
        if (!edge) throw new AppError('NOT_FOUND');
        const answer = await counted(() => edge({ request: input, context, req, res, clients }));
        if (answer) res.json({ success: true, value: answer.value });
        return;
      }
      const client = clients[operation.service] as unknown as Record<string, (input: unknown) => Promise<unknown>>;
      const call = () => counted(() => client[operation.method]!(input));
      const brand = brandField ? String(input[brandField]) : undefined;
      if (useCase.sharedCacheMs !== undefined) {
        await (await answers.get(JSON.stringify([useCase.id, input]), useCase.sharedCacheMs, call, { brand, validUntil: validUntilOf })).send(req, res);
        return;
      }
      if (useCase.publicCacheMs !== undefined && !req.principal) {
        await (await answers.get(JSON.stringify([useCase.id, input]), useCase.publicCacheMs, call, { brand })).send(req, res);
        return;
      }
      const value = await call();
      if (useCase.dropsSharedAnswers && typeof input.merchantCode === 'string') answers.dropBrand(input.merchantCode);
      res.json({ success: true, value });
    };
  };

  const methodsByPath = new Map<string, Set<string>>();
  const staticRoutes = new StaticRoutes();
  router.use(staticRoutes.middleware());
  for (const useCase of useCases) {
    const chain: RequestHandler[] = [];
    const limiter = limiters[useCase.rateLimit];
    if (limiter) chain.push(limiter);
    chain.push(authenticate(useCase));
    const memberRule = useCase.memberRateLimit;
    if (memberRule) chain.push(rateLimiter(options.cache, { ...memberRule }, (req) => req.principal?.memberId ?? clientIp(req)));
    if (useCase.method !== 'GET') {
      const limit = useCase.bodyLimit ?? DEFAULT_BODY_LIMIT;
      if (useCase.bodyFormat === 'text') chain.push(express.text({ type: () => true, limit }));
      else chain.push(express.json({ limit }));
      if (useCase.bodyFormat === 'json-or-form') chain.push(express.urlencoded({ extended: false, limit }));
    }
    chain.push(rejectControlCharacters());
    chain.push(handle(useCase));
    for (const path of useCase.paths) {
      const method = useCase.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      if (isStaticPath(path)) staticRoutes.add(useCase.method, path, chain);
      else router[method](expressPath(path), ...chain);
      methodsByPath.set(path, (methodsByPath.get(path) ?? new Set()).add(useCase.method));
    }
  }
  // Behind every declared route: another method on a declared path is 405, not an unknown address.
  for (const [path, methods] of methodsByPath) router.all(expressPath(path), methodNotAllowed(methods));
  return router;
}

const header = (value: string | string[] | undefined): string => (typeof value === 'string' ? value : '');
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Money-moving calls need a key so a retried request cannot move money twice. */
export const idempotencyKey = (req: Request): string => {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return key;
};
