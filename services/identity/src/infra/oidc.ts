import { createHash, createHmac, createPublicKey, randomBytes, timingSafeEqual, verify as verifySignature, type JsonWebKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** Why an OpenID Connect step failed; the caller turns every one into the same public error. */
export class OidcError extends Error {
  override readonly name = 'OidcError';
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
});
export type OidcDiscovery = z.infer<typeof discoverySchema>;

const jwkSchema = z.object({ kty: z.string(), kid: z.string().optional(), alg: z.string().optional(), use: z.string().optional() }).passthrough();

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat?: number;
  nonce?: string;
  email?: string;
  name?: string;
  [claim: string]: unknown;
}

/** Random URL-safe strings for state, nonce and the PKCE verifier (RFC 7636 wants 43-128 characters). */
export const randomUrlToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

const SIGNATURE_ALGORITHMS: Record<string, { hash: string; dsaEncoding?: 'ieee-p1363' }> = {
  RS256: { hash: 'sha256' },
  ES256: { hash: 'sha256', dsaEncoding: 'ieee-p1363' },
};
const CLOCK_SKEW_SECONDS = 60;

/**
 * The relying-party side of OpenID Connect's authorization-code flow with PKCE: discovery, the authorisation URL,
 * the code exchange, and ID token checks (signature from the provider's JWKS, iss, aud, exp, nonce). Discovery
 * documents and key sets are kept for ten minutes; an unknown key id refetches the set once, for key rotation.
 */
export class OidcClient {
  private readonly discoveries = new Map<string, { at: number; value: OidcDiscovery }>();
  private readonly keySets = new Map<string, { at: number; keys: Array<z.infer<typeof jwkSchema>> }>();

  constructor(private readonly options: { timeoutMs?: number; cacheMs?: number } = {}) {}

  private async getJson(url: string, init?: RequestInit): Promise<unknown> {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) });
    const text = await response.text();
    if (!response.ok) throw new OidcError(`${url} answered ${response.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new OidcError(`${url} did not answer JSON`);
    }
  }

  async discover(issuer: string): Promise<OidcDiscovery> {
    const cached = this.discoveries.get(issuer);
    if (cached && Date.now() - cached.at < (this.options.cacheMs ?? 600_000)) return cached.value;
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const parsed = discoverySchema.safeParse(await this.getJson(url));
    if (!parsed.success) throw new OidcError('invalid discovery document');
    if (parsed.data.issuer.replace(/\/$/, '') !== issuer.replace(/\/$/, '')) throw new OidcError('discovery issuer mismatch');
    this.discoveries.set(issuer, { at: Date.now(), value: parsed.data });
    return parsed.data;
  }

  authorizationUrl(discovery: OidcDiscovery, request: { clientId: string; redirectUri: string; scope: string; state: string; nonce: string; codeVerifier: string }): string {
    const url = new URL(discovery.authorization_endpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', request.clientId);
    url.searchParams.set('redirect_uri', request.redirectUri);
    url.searchParams.set('scope', request.scope);
    url.searchParams.set('state', request.state);
    url.searchParams.set('nonce', request.nonce);
    url.searchParams.set('code_challenge', pkceChallenge(request.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  /** Exchanges the authorisation code (client_secret_post) and returns the raw ID token. */
  async exchangeCode(discovery: OidcDiscovery, request: { clientId: string; clientSecret: string; redirectUri: string; code: string; codeVerifier: string }): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      client_id: request.clientId,
      client_secret: request.clientSecret,
      code_verifier: request.codeVerifier,
    });
    const answer = z
      .object({ id_token: z.string() })
      .passthrough()
      .safeParse(await this.getJson(discovery.token_endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body }));
    if (!answer.success) throw new OidcError('token answer without id_token');
    return answer.data.id_token;
  }

  private async signingKey(jwksUri: string, kid: string | undefined, alg: string): Promise<KeyObject> {
    const pick = (keys: Array<z.infer<typeof jwkSchema>>) =>
      keys.find((key) => (kid === undefined || key.kid === kid) && (key.alg === undefined || key.alg === alg) && (key.use === undefined || key.use === 'sig'));
    const cached = this.keySets.get(jwksUri);
    let key = cached && Date.now() - cached.at < (this.options.cacheMs ?? 600_000) ? pick(cached.keys) : undefined;
    if (!key) {
      const parsed = z.object({ keys: z.array(jwkSchema) }).safeParse(await this.getJson(jwksUri));
      if (!parsed.success) throw new OidcError('invalid JWKS');
      this.keySets.set(jwksUri, { at: Date.now(), keys: parsed.data.keys });
      key = pick(parsed.data.keys);
    }
    if (!key) throw new OidcError('no matching signing key');
    return createPublicKey({ key: key as JsonWebKey, format: 'jwk' });
  }

  /** Verifies the ID token's signature and claims; answers its claims or throws OidcError. */
  async verifyIdToken(discovery: OidcDiscovery, idToken: string, expected: { clientId: string; nonce: string; nowMs?: number; clientSecret?: string }): Promise<IdTokenClaims> {
    const parts = idToken.split('.');
    if (parts.length !== 3) throw new OidcError('malformed ID token');
    const [headerText, payloadText, signatureText] = parts as [string, string, string];
    let header: { alg?: string; kid?: string };
    let claims: IdTokenClaims;
    try {
      header = JSON.parse(Buffer.from(headerText, 'base64url').toString('utf8')) as { alg?: string; kid?: string };
      claims = JSON.parse(Buffer.from(payloadText, 'base64url').toString('utf8')) as IdTokenClaims;
    } catch {
      throw new OidcError('malformed ID token');
    }
    // The algorithm comes from our allow-list, never from the token alone: no "none", no HMAC with a public key.
    const signed = Buffer.from(`${headerText}.${payloadText}`);
    const signature = Buffer.from(signatureText, 'base64url');
    if (header.alg === 'HS256') {
      // LINE signs web-login ID tokens with the channel secret (OIDC Core 10.1): only our own secret can check them.
      if (!expected.clientSecret) throw new OidcError('unsupported alg HS256');
      const mac = createHmac('sha256', expected.clientSecret).update(signed).digest();
      if (signature.length !== mac.length || !timingSafeEqual(signature, mac)) throw new OidcError('bad ID token signature');
    } else {
      const algorithm = header.alg ? SIGNATURE_ALGORITHMS[header.alg] : undefined;
      if (!algorithm || !header.alg) throw new OidcError(`unsupported alg ${header.alg}`);
      const key = await this.signingKey(discovery.jwks_uri, header.kid, header.alg);
      const valid = verifySignature(algorithm.hash, signed, algorithm.dsaEncoding ? { key, dsaEncoding: algorithm.dsaEncoding } : key, signature);
      if (!valid) throw new OidcError('bad ID token signature');
    }
    const now = Math.floor((expected.nowMs ?? Date.now()) / 1000);
    if (claims.iss !== discovery.issuer) throw new OidcError('wrong issuer');
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes(expected.clientId)) throw new OidcError('wrong audience');
    if (audiences.length > 1 && claims.azp !== expected.clientId) throw new OidcError('wrong authorized party');
    if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_SECONDS < now) throw new OidcError('ID token expired');
    if (typeof claims.iat === 'number' && claims.iat - CLOCK_SKEW_SECONDS > now) throw new OidcError('ID token from the future');
    if (claims.nonce !== expected.nonce) throw new OidcError('nonce mismatch');
    if (typeof claims.sub !== 'string' || !claims.sub || claims.sub.length > 255) throw new OidcError('missing subject');
    return claims;
  }
}
