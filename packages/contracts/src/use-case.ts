import type { z } from 'zod';
import type { InterfaceLanguage, Language } from './error-definition.js';
import type { AgentContractsRpc, PointsRpc } from './small-services.js';
import type { NoticesRpc } from './notices.js';
import type { NoticeAudience } from './notices-content.js';
import type { IdentityRpc } from './identity.js';
import type { WalletRpc } from './wallet.js';
import type { GamesRpc } from './games.js';
import type { HouseRpc } from './house.js';

/**
 * A use case is one public call, declared once: its HTTP method and path (the spec's own paths and relay names), who
 * may call it, how it is limited, whether it needs an idempotency key, the request and answer schemas, and the service
 * operation that carries it out. The gateway mounts its route from this, the web client calls it through a typed
 * client built from it, and the API reference is generated from it.
 */

/** The services behind the gateway, each with its typed operations. */
export interface ServiceContracts {
  identity: IdentityRpc;
  wallet: WalletRpc;
  games: GamesRpc;
  house: HouseRpc;
  agentContracts: AgentContractsRpc;
  points: PointsRpc;
  notices: NoticesRpc;
}
export type ServiceName = keyof ServiceContracts;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call:
 * - `guest`: anyone; a session, when sent and live, names the caller (the `memberId` context is then present);
 * - `member`: a live session of any member type;
 * - `real-member`: a live session of a real-money account (trial accounts get TRIAL_ACCOUNT_REFUSED);
 * - `operator`: the operator API token;
 * - `vendor`: a game vendor's signed request.
 */
export type Audience = 'guest' | 'member' | 'real-member' | 'operator' | 'vendor';

/**
 * How calls are counted: `ip` shares the per-address budget of the public API, `vendor` is per vendor code, `none`
 * is for calls that carry their own throttle (sign-in, SMS, captcha: counted by identity) or that cost nothing.
 */
export type RateLimitClass = 'ip' | 'vendor' | 'none';

/** What the gateway knows about a request beyond its fields, by name. */
export interface RequestContext {
  /** From the session (member use cases, and guest ones when a live session was sent). */
  memberId: string;
  /**
   * Who the caller is for content shown to many (notices): `guest` without a live session, `agent` for agent types,
   * else `member` (trial accounts too). It never names the member, so answers built from it can be shared.
   */
  audience: NoticeAudience;
  merchantCode: string;
  currency: string;
  account: string;
  memberType: number;
  sessionToken: string;
  /** The `language` field, else Accept-Language, else the default. */
  language: Language;
  /**
   * The same choice among all the interface languages (ES, EN, FR, PT-BR…): for brand content an operator writes per
   * language, with the content's own fallback.
   */
  interfaceLanguage: InterfaceLanguage;
  ip: string;
  userAgent: string | undefined;
  /** The brand the request names (X-Merchant-Code), unresolved; identity resolves it with the host. */
  merchantHint: string | undefined;
  host: string;
  /** The brand resolved from the session, else the X-Merchant-Code header, else the host. */
  brandCode: string;
  /** The brand's default language, for content missing in the caller's language. */
  brandDefaultLanguage: string;
  brandLanguages: string[];
  brandCurrency: string;
  brandCurrencySymbol: string;
  /** The brand's AGENTPOLICY3 whitelabel flag: agent contracts are offered. */
  brandAgentPolicy: boolean;
  /** Who acted on the operator API (X-Operator), for the audit trail. */
  operator: string;
  /** The member as a house game's player: whose money, in which brand and currency. */
  player: { memberId: string; merchantCode: string; currency: string };
  /** The Idempotency-Key header where a call takes it optionally (8–64 letters, digits, - or _); a bad one is refused. */
  retryKey: string | undefined;
  /** A signed vendor call's headers (X-Vendor-Code, X-Timestamp, X-Signature), as sent; the service checks them. */
  vendorCode: string;
  vendorTimestamp: string;
  vendorSignature: string;
}
export type ContextSource = keyof RequestContext;

/** Operation input fields filled from the context instead of the request: `{ field: source }`. */
export type ContextMap = Readonly<Record<string, ContextSource>>;
type ContextValues<M extends ContextMap> = { [K in keyof M]: RequestContext[M[K]] };

/** The operation a use case maps to: a service's method, or a composition the gateway runs across services. */
export type OperationRef<S extends ServiceName = ServiceName> = S extends ServiceName ? { service: S; method: keyof ServiceContracts[S] & string } : never;

/** Media types an answer can have other than the JSON envelope. */
export type AnswerMediaType = 'image/svg+xml' | 'image/png' | 'image/jpeg' | 'image/webp' | 'text/html';

export interface UseCase<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, S extends ServiceName = ServiceName, Ctx extends ContextMap = ContextMap> {
  /** Unique, stable: the OpenAPI operationId and the client's name for the call. */
  readonly id: string;
  readonly summary: string;
  /** What the reference says beyond the summary: the rules and the refusals a caller should expect. */
  readonly description?: string;
  /** The spec's area, grouping the reference. */
  readonly tag: string;
  readonly method: HttpMethod;
  /** Express-style path, `:name` for path fields. The first is canonical; aliases answer the same. */
  readonly paths: readonly [string, ...string[]];
  readonly auth: Audience;
  readonly rateLimit: RateLimitClass;
  /** Money-moving calls need an Idempotency-Key header; it reaches the operation as `idempotencyKey`. */
  readonly idempotent: boolean;
  /** Request fields: query and path fields for GET, and the JSON body merged over them otherwise. */
  readonly request: Req;
  /** The answer's `value`; or, with `contentType`, the whole answer in that media type (an image, a page). */
  readonly response: Res;
  /** The media type of the answer, or the ones it may have (an image in whichever format it was kept). */
  readonly contentType?: AnswerMediaType | readonly AnswerMediaType[];
  /** Largest body accepted, where the default 64 kB does not fit (proof uploads, small operator bodies). */
  readonly bodyLimit?: string;
  /**
   * `text`: the body reaches the operation as the exact text sent (`request.body`), for signatures over its bytes.
   * `json-or-form`: a plain HTML form may post it too (application/x-www-form-urlencoded).
   */
  readonly bodyFormat?: 'json' | 'text' | 'json-or-form';
  /** With `bodyFormat: 'text'`: the JSON the text must hold, checked by the service after the signature; for the reference. */
  readonly signedBody?: z.ZodType;
  /** Same answer for every guest of a brand and language: each gateway keeps it this long. */
  readonly publicCacheMs?: number;
  /**
   * Same answer for every caller of a brand, language and audience, signed in or not: each gateway keeps it at most
   * this long, and drops a brand's answers at once when its content changes (`notices.changed`). The context must name
   * the brand (`brandCode`) and must not name the member (`memberId`, `account`, `sessionToken`, `player`): the gateway
   * refuses to mount such a declaration. An answer carrying `validUntil` (ISO 8601) is kept no later than that.
   */
  readonly sharedCacheMs?: number;
  /**
   * A change to what shared answers hold: once it succeeds, this gateway drops the brand's shared answers (the
   * `merchantCode` input) before it answers, so the caller's next read is fresh; the other gateways drop them on the
   * change event.
   */
  readonly dropsSharedAnswers?: boolean;
  /**
   * The service operation, with its input made of the request fields, the context fields and the fixed fields. `edge`
   * names a use case the gateway carries out itself (signature checks, files, several services in one answer).
   */
  readonly operation: OperationRef<S> | { edge: string };
  readonly context?: Ctx;
  /** Operation input fields taken from the context only when the request does not carry them. */
  readonly defaults?: ContextMap;
  readonly fixed?: Readonly<Record<string, unknown>>;
  /** A budget per member, counted after authentication (e.g. shots a second in the fishing game). */
  readonly memberRateLimit?: { readonly name: string; readonly limit: number; readonly windowMs: number };
}

/** The service method's input as the gateway must produce it. */
type OperationInput<S extends ServiceName, M extends string> = M extends keyof ServiceContracts[S] ? (ServiceContracts[S][M] extends { input: infer I extends z.ZodType } ? z.input<I> : never) : never;

/** The service method's output. */
export type OperationOutput<S extends ServiceName, M extends string> = M extends keyof ServiceContracts[S]
  ? ServiceContracts[S][M] extends { output: infer O extends z.ZodType }
    ? z.output<O>
    : never
  : never;

/**
 * Declares a use case mapped to a service method. The compiler checks that the request fields, the context fields and
 * the fixed fields together make the method's input, and that the declared answer is what the method returns.
 */
export function serviceUseCase<
  S extends ServiceName,
  M extends keyof ServiceContracts[S] & string,
  Req extends z.ZodType,
  Res extends z.ZodType,
  const Ctx extends ContextMap = Record<never, ContextSource>,
  const Fixed extends Readonly<Record<string, unknown>> = Record<never, never>,
  const Idempotent extends boolean = boolean,
  const Defaults extends ContextMap = Record<never, ContextSource>,
>(
  declaration: Omit<UseCase<Req, Res, S, Ctx>, 'operation' | 'fixed' | 'context' | 'idempotent' | 'defaults'> & {
    idempotent: Idempotent;
    operation: { service: S; method: M };
    context?: Ctx;
    defaults?: Defaults;
    fixed?: Fixed;
  } & CheckInput<z.output<Req> & ContextValues<Ctx> & Partial<ContextValues<Defaults>> & Fixed & IdempotencyField<Idempotent>, OperationInput<S, M>> &
    CheckOutput<OperationOutput<S, M>, z.input<Res>>,
): UseCase<Req, Res, S, Ctx> {
  return declaration as UseCase<Req, Res, S, Ctx>;
}

/** Declares a use case the gateway carries out itself (see `UseCase.operation`). */
export function edgeUseCase<Req extends z.ZodType, Res extends z.ZodType>(
  declaration: Omit<UseCase<Req, Res>, 'operation' | 'context' | 'fixed'> & { operation: { edge: string } },
): UseCase<Req, Res> {
  return declaration;
}

type IdempotencyField<I> = I extends true ? { idempotencyKey: string } : unknown;
/** Resolves to `unknown` when the given fields make the input; otherwise to a property naming the mismatch. */
type CheckInput<Given, Needed> = [Given] extends [Needed] ? unknown : { 'operation input does not match': { given: Given; needed: Needed } };
type CheckOutput<Produced, Declared> = [Produced] extends [Declared] ? unknown : { 'declared response does not match the operation': { produced: Produced; declared: Declared } };

export type UseCaseRequest<U extends UseCase> = z.input<U['request']>;
export type UseCaseResponse<U extends UseCase> = z.output<U['response']>;

declare const routeFields: unique symbol;
/**
 * A use case as a client holds it at run time: where and how to call it. Its fields travel as types only, so a client
 * that only calls the API does not load the schemas (the web client's table, `useCaseRoute`).
 */
export interface UseCaseRoute<Req = unknown, Res = unknown> {
  readonly id: string;
  readonly method: HttpMethod;
  readonly paths: readonly [string, ...string[]];
  readonly auth: Audience;
  /** Same answer for every guest for this long (`UseCase.publicCacheMs`): a client need not ask again sooner. */
  readonly publicCacheMs?: number;
  readonly [routeFields]?: { readonly request: Req; readonly response: Res };
}
export type RouteOf<U extends UseCase> = UseCaseRoute<UseCaseRequest<U>, UseCaseResponse<U>> & Pick<U, 'id' | 'method' | 'paths' | 'auth' | 'publicCacheMs'>;
export type RouteRequest<R extends UseCaseRoute> = R extends UseCaseRoute<infer Req, unknown> ? Req : never;
export type RouteResponse<R extends UseCaseRoute> = R extends UseCaseRoute<unknown, infer Res> ? Res : never;

/** The run-time part of a use case, for a client's table of calls. */
export const useCaseRoute = <U extends UseCase>(useCase: U): RouteOf<U> => ({
  id: useCase.id,
  method: useCase.method,
  paths: useCase.paths,
  auth: useCase.auth,
  ...(useCase.publicCacheMs !== undefined ? { publicCacheMs: useCase.publicCacheMs } : {}),
});

/** The context a use case needs, in the order the gateway resolves it (the brand costs a call; the rest is free). */
export const needsBrand = (useCase: UseCase): boolean =>
  Object.values(useCase.context ?? {}).some(
    (source) => source === 'brandCode' || source === 'brandLanguages' || source === 'brandCurrency' || source === 'brandCurrencySymbol' || source === 'brandDefaultLanguage',
  );
