import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { startTestOidcProvider, type TestOidcProvider } from './test-oidc-provider.js';

const BRAND = 'SOCIALT';
const CLIENT_ID = 'wps-test-client';
const CLIENT_SECRET = 'test-only-client-secret';

interface Answer {
  token?: string;
  user: { id: string; account: string; nickname: string };
  mustChangePassword?: boolean;
}

/** Social login against a local OpenID provider, through the gateway's redirects as a browser would follow them. */
describe('social login (embedded, local OpenID provider)', () => {
  let platform: EmbeddedPlatform;
  let provider: TestOidcProvider;
  const call = apiCaller(() => platform.url);
  const headers = { 'x-merchant-code': BRAND, 'x-forwarded-for': '198.51.100.77' };

  const memberCount = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.members WHERE merchant_code = ${BRAND}`))[0]!.n;

  /** GET /start: the provider URL and the browser-binding cookie. */
  const start = async (name = 'google') => {
    const response = await fetch(`${platform.url}/wps/session/social/${name}/start`, { headers, redirect: 'manual' });
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { status: response.status, location: response.headers.get('location') ?? '', cookie };
  };
  /** The provider's /authorize, which approves at once and sends the browser back with code and state. */
  const authorize = async (authorizeUrl: string) => {
    const response = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  };
  const callback = async (callbackUrl: URL | string, cookie: string) => {
    const response = await fetch(callbackUrl, { headers: { ...headers, cookie }, redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!, platform.url);
  };
  const exchange = (code: string) => call<Answer>('POST', '/wps/session/social/exchange', { body: { code }, headers });
  /** The whole round trip; answers where the browser lands back on the client. */
  const roundTrip = async (tamper: (callbackUrl: URL) => URL | string = (url) => url, cookieFor: (cookie: string) => string = (cookie) => cookie) => {
    const started = await start();
    expect(started.status).toBe(302);
    const back = await authorize(started.location);
    return callback(tamper(back), cookieFor(started.cookie));
  };

  beforeAll(async () => {
    provider = await startTestOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, user: { sub: 'subject-1', email: 'ana@example.test', name: 'Ana Social' } });
    platform = await startEmbedded({
      logLevel: 'silent',
      env: { ARGON2_MEMORY_KIB: '1024', SOCIAL_CLIENT_SECRETS: JSON.stringify({ [`${BRAND}:google`]: CLIENT_SECRET, [`${BRAND}:line`]: 'configured-but-not-listed' }) },
    });
    await platform.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES (${BRAND}, 'Social Casino', '{}', 'ES', '{ES,EN}', 'MXN', '$', 'America/Mexico_City',
              ${JSON.stringify({
                socialLogin: [
                  { provider: 'google', clientId: CLIENT_ID, issuer: provider.issuer },
                  { provider: 'facebook', clientId: 'no-secret', issuer: provider.issuer },
                ],
              })}::jsonb)`);
    await eventually(async () => (await call('GET', '/wps/session/social/providers', { headers })).status === 200, 'the test brand', 15_000);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    await provider?.close();
  });

  it('lists only providers that are configured and have their secret', async () => {
    const listed = await call<{ providers: Array<{ name: string }> }>('GET', '/wps/session/social/providers', { headers });
    expect(listed.body.value.providers).toEqual([{ name: 'google' }]);
    const demo = await call<{ providers: unknown[] }>('GET', '/wps/session/social/providers', { headers: { 'x-merchant-code': 'DEMO' } });
    expect(demo.body.value.providers).toEqual([]);
    const unconfigured = await start('facebook');
    expect(unconfigured.location).toBe('/?socialError=SOCIAL_PROVIDER_UNAVAILABLE');
  });

  it('sends the browser to the provider with state, nonce and PKCE S256, bound to a short-lived cookie', async () => {
    const started = await start();
    const url = new URL(started.location);
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('nonce')!.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('redirect_uri')).toBe(`${platform.url}/wps/session/social/google/callback`);
    expect(started.cookie).toMatch(/^wps_social=[A-Za-z0-9_-]{43}$/);
  });

  it('creates the member on the first login and finds it on the second', async () => {
    const before = await memberCount();
    const landed = await roundTrip();
    const code = landed.searchParams.get('socialCode');
    expect(code, landed.toString()).toBeTruthy();
    const first = await exchange(code!);
    expect(first.status).toBe(200);
    expect(first.body.value.token).toBeTruthy();
    expect(first.body.value.user.nickname).toBe('Ana Social');
    expect(first.body.value.mustChangePassword).toBe(false);
    expect(await memberCount()).toBe(before + 1);
    const info = await call<{ account: string }>('GET', '/wps/member/info', { token: first.body.value.token });
    expect(info.body.value.account).toBe(first.body.value.user.account);

    // The one-time code works once.
    const again = await exchange(code!);
    expect(again.status).toBe(401);

    const second = await exchange((await roundTrip()).searchParams.get('socialCode')!);
    expect(second.body.value.user.id).toBe(first.body.value.user.id);
    expect(await memberCount()).toBe(before + 1);
    const linked = await rows<{ email: string }>(platform.db.orm, sql`SELECT email FROM identity.social_identities WHERE merchant_code = ${BRAND} AND subject = 'subject-1'`);
    expect(linked).toEqual([{ email: 'ana@example.test' }]);
  });

  const expectRefused = async (landed: URL, before: number) => {
    expect(landed.pathname).toBe('/');
    expect(landed.searchParams.get('socialError')).toBe('SOCIAL_LOGIN_FAILED');
    expect(landed.searchParams.get('socialCode')).toBeNull();
    expect(await memberCount()).toBe(before);
  };

  it('refuses a state that does not match, or a callback from another browser', async () => {
    provider.user = { sub: 'subject-state' };
    const before = await memberCount();
    await expectRefused(
      await roundTrip((url) => {
        url.searchParams.set('state', 'forged-state-value-forged-state-value-forged');
        return url;
      }),
      before,
    );
    await expectRefused(await roundTrip(undefined, () => 'wps_social=someone-elses-cookie'), before);
    await expectRefused(await roundTrip(undefined, () => ''), before);
    // A state is spent by its first use, right or wrong.
    const started = await start();
    const back = await authorize(started.location);
    await expectRefused(await callback(back, 'wps_social=wrong'), before);
    await expectRefused(await callback(back, started.cookie), before);
  });

  it('refuses when the PKCE verifier does not match the challenge', async () => {
    provider.user = { sub: 'subject-pkce' };
    const before = await memberCount();
    const started = await start();
    const back = await authorize(started.location);
    await platform.db.orm.execute(
      sql`UPDATE identity.social_login_states SET code_verifier = 'a-verifier-that-does-not-match-the-challenge-sent-x' WHERE used_at IS NULL AND merchant_code = ${BRAND}`,
    );
    await expectRefused(await callback(back, started.cookie), before);
    expect(provider.refusals.at(-1)).toBe('PKCE verifier mismatch');
  });

  it.each([
    ['a wrong audience', { audience: 'someone-else' }],
    ['a signature from a key not in the JWKS', { foreignKey: true }],
    ['a wrong nonce', { nonce: 'not-the-nonce' }],
    ['a wrong issuer', { issuer: 'https://evil.example' }],
    ['an expired token', { expiresInSeconds: -3600 }],
  ])('refuses an ID token with %s', async (_case, tamper) => {
    provider.user = { sub: `subject-${Object.keys(tamper)[0]}` };
    provider.tamper = tamper;
    const before = await memberCount();
    try {
      await expectRefused(await roundTrip(), before);
    } finally {
      provider.tamper = {};
    }
    const audit = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM identity.security_events WHERE merchant_code = ${BRAND} AND kind = 'social-login-failed'`);
    expect(audit[0]!.n).toBeGreaterThan(0);
  });

  it('refuses an unknown exchange code', async () => {
    const unknown = await exchange('not-a-code');
    expect(unknown.status).toBe(401);
    expect((await call('POST', '/wps/session/social/exchange', { body: {}, headers })).status).toBe(400);
  });
});
