/**
 * A small OpenID Connect provider for tests: discovery, an /authorize that approves the configured user at once,
 * /token (checks the code, redirect URI, client secret and PKCE verifier; answers an RS256 ID token with the nonce)
 * and /jwks. Switches in `tamper` make it misbehave the ways a test needs (wrong audience, foreign key, …).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface TestOidcUser {
  sub: string;
  email?: string;
  name?: string;
}

export interface TestOidcTamper {
  audience?: string;
  /** Sign with a key that is not in the JWKS. */
  foreignKey?: boolean;
  nonce?: string;
  issuer?: string;
  expiresInSeconds?: number;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  user: TestOidcUser;
  tamper: TestOidcTamper;
  /** Token requests the provider refused, with the reason, newest last. */
  refusals: string[];
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  nonce: string;
  codeChallenge: string;
  user: TestOidcUser;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export async function startTestOidcProvider(options: { clientId: string; clientSecret: string; user: TestOidcUser }): Promise<TestOidcProvider> {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const codes = new Map<string, PendingCode>();
  let issuer = '';
  const provider: TestOidcProvider = {
    issuer: '',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    user: options.user,
    tamper: {},
    refusals: [],
    close: async () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const idToken = (pending: PendingCode, key: KeyObject): string => {
    const now = Math.floor(Date.now() / 1000);
    const header = { alg: 'RS256', typ: 'JWT', kid };
    const claims = {
      iss: provider.tamper.issuer ?? issuer,
      sub: pending.user.sub,
      aud: provider.tamper.audience ?? pending.clientId,
      iat: now,
      exp: now + (provider.tamper.expiresInSeconds ?? 300),
      nonce: provider.tamper.nonce ?? pending.nonce,
      ...(pending.user.email ? { email: pending.user.email } : {}),
      ...(pending.user.name ? { name: pending.user.name } : {}),
    };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
    return `${input}.${b64url(sign('sha256', Buffer.from(input), key))}`;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [{ ...keys.publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
    if (url.pathname === '/authorize') {
      const query = url.searchParams;
      const redirectUri = query.get('redirect_uri') ?? '';
      if (query.get('client_id') !== options.clientId || query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge') || !redirectUri) {
        return json(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('base64url');
      codes.set(code, { clientId: options.clientId, redirectUri, nonce: query.get('nonce') ?? '', codeChallenge: query.get('code_challenge')!, user: provider.user });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const refuse = (reason: string) => {
          provider.refusals.push(reason);
          json(400, { error: 'invalid_grant', error_description: reason });
        };
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!pending) return refuse('unknown code');
        if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) return refuse('client authentication failed');
        if (form.get('redirect_uri') !== pending.redirectUri) return refuse('redirect_uri mismatch');
        const verifier = form.get('code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== pending.codeChallenge) return refuse('PKCE verifier mismatch');
        json(200, {
          access_token: randomBytes(16).toString('base64url'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken(pending, provider.tamper.foreignKey ? foreign.privateKey : keys.privateKey),
        });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  provider.issuer = issuer;
  return provider;
}
