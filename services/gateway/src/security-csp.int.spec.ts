import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

const VENDOR_ORIGIN = 'https://games.vendor.example';
const OTHER_BRAND = 'CSPOTHER';
/** The page the built client would be: the test serves a stand-in, so the HTML answer is checked without a build. */
const INDEX_HTML = '<!doctype html><html><head><meta charset="utf-8"><title>WPS</title></head><body><div id="root"></div></body></html>';

/** Every directive the policy has, in its order. */
const DIRECTIVES = ['default-src', 'script-src', 'style-src', 'img-src', 'font-src', 'connect-src', 'frame-src', 'frame-ancestors', 'object-src', 'base-uri', 'form-action'];

/** The directives of a Content-Security-Policy header, by name. */
const directives = (header: string | null): Map<string, string[]> =>
  new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );

/**
 * The Content-Security-Policy's frame-src: our own origin and the origins of the launch URLs of the vendors the brand
 * offers, learnt from the games service and refreshed in the background; its connect-src: our own origin and the
 * brand's mirror domains, learnt from identity the same way; every other directive as strict as before.
 */
describe('the Content-Security-Policy of game frames and mirror domains (embedded)', () => {
  let platform: EmbeddedPlatform;
  let webDist = '';
  const policy = async (url: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(url, { headers });
    await answer.arrayBuffer();
    return { answer, csp: directives(answer.headers.get('content-security-policy')) };
  };
  const frameSrc = async (pathname = '/', headers: Record<string, string> = {}) => (await policy(`${platform.url}${pathname}`, headers)).csp.get('frame-src');
  const connectSrc = async (pathname = '/', headers: Record<string, string> = {}) => (await policy(`${platform.url}${pathname}`, headers)).csp.get('connect-src');
  const setDomainRoute = (merchantCode: string, domains: readonly string[]) =>
    platform.db.orm.execute(sql`UPDATE identity.merchants SET settings = jsonb_set(settings, '{domainRoute}', ${JSON.stringify(domains)}::jsonb) WHERE code = ${merchantCode}`);

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'wps-csp-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    platform = await startEmbedded({ logLevel: 'silent', webDist, requestsPerIpPerMinute: 100_000, env: { GATEWAY_FRAME_ORIGINS_REFRESH_MS: '100' } });
    await platform.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES (${OTHER_BRAND}, 'Other Brand', '{}', 'ES', '{ES}', 'MXN', '$', 'UTC', '{}'::jsonb)`);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  it('frames our own origin only while no vendor launches elsewhere, and never any web origin', async () => {
    // The demo vendors launch on our own origin (/lgw/games/demo-play?…): their launch URLs add nothing.
    expect(await platform.clients.games.frameOrigins({ merchantCode: 'DEMO' })).toEqual({ origins: [] });
    for (const pathname of ['/', '/lobby', '/wps/system/status', '/lgw/games/hot', '/wps/no-such-call']) {
      expect(await frameSrc(pathname), pathname).toEqual(["'self'"]);
    }
  });

  it('allows frames from a vendor’s launch URL origin after the refresh, and from no other origin', async () => {
    await platform.db.orm.execute(sql`
      INSERT INTO games.vendors (vassalage, display_name, game_type, enabled, sort_order, adapter, wallet_style, launch_url) VALUES
        ('CSPV', 'CSP Vendor', 'RNG', true, 90, 'seamless-demo', 'seamless', ${`${VENDOR_ORIGIN}/launch`}),
        ('CSPV2', 'CSP Vendor Two', 'LIVE', true, 91, 'seamless-demo', 'seamless', ${`${VENDOR_ORIGIN}:443/play?t={token}&g={gameCode}`}),
        ('CSPOFF', 'CSP Disabled', 'RNG', false, 92, 'seamless-demo', 'seamless', 'https://disabled.vendor.example/launch'),
        ('CSPXFER', 'CSP Transfer', 'RNG', true, 93, 'transfer-http', 'transfer', 'https://api.transfer.example/v1'),
        ('CSPHOST', 'CSP Host Template', 'RNG', true, 94, 'seamless-demo', 'seamless', 'https://{vendor}.cdn.example/launch'),
        ('CSPPATH', 'CSP Own Page', 'RNG', true, 95, 'seamless-demo', 'seamless', '/lgw/games/demo-play?token={token}')`);
    // The games service answers each origin once: enabled seamless vendors with a fixed http(s) origin only.
    expect(await platform.clients.games.frameOrigins({ merchantCode: 'DEMO' })).toEqual({ origins: [VENDOR_ORIGIN] });

    await eventually(async () => (await frameSrc('/'))?.includes(VENDOR_ORIGIN) ?? false, 'the vendor origin in frame-src', 10_000);
    for (const pathname of ['/', '/lobby', '/wps/system/status', '/lgw/games/hot', '/api/docs', '/wps/no-such-call']) {
      const { answer, csp } = await policy(`${platform.url}${pathname}`);
      expect(csp.get('frame-src'), pathname).toEqual(["'self'", VENDOR_ORIGIN]);
      // No scheme or wildcard source, and no origin the catalogue does not launch a brand's game on.
      for (const refused of ['https:', 'http:', '*', 'https://evil.example']) expect(csp.get('frame-src'), `${pathname} ${refused}`).not.toContain(refused);
      const frames = csp.get('frame-src')!.join(' ');
      for (const refused of ['evil.example', 'disabled.vendor.example', 'api.transfer.example', 'cdn.example']) expect(frames, `${pathname} ${refused}`).not.toContain(refused);
      // The rest of the policy is as strict as ever, on the page and on API answers alike.
      expect(csp.get('frame-ancestors'), pathname).toEqual(["'none'"]);
      expect(csp.get('script-src'), pathname).toEqual(["'self'"]);
      expect(csp.get('default-src'), pathname).toEqual(["'self'"]);
      expect(csp.get('object-src'), pathname).toEqual(["'none'"]);
      expect(answer.headers.get('content-security-policy'), pathname).not.toContain('unsafe-eval');
      if (pathname === '/lobby') expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('scopes the list to the brand the request is for', async () => {
    // Without switches of its own, another brand offers the platform's vendors, and frames them.
    await eventually(async () => (await frameSrc('/', { 'x-merchant-code': OTHER_BRAND }))?.includes(VENDOR_ORIGIN) ?? false, 'the other brand resolved', 10_000);
    await platform.db.orm.execute(sql`INSERT INTO games.brand_vendors (merchant_code, vassalage, enabled, sort_order) VALUES (${OTHER_BRAND}, 'CSPV', false, 0), (${OTHER_BRAND}, 'CSPV2', false, 0)`);
    expect(await platform.clients.games.frameOrigins({ merchantCode: OTHER_BRAND })).toEqual({ origins: [] });
    await eventually(async () => (await frameSrc('/', { 'x-merchant-code': OTHER_BRAND }))?.join(' ') === "'self'", 'the vendor switched off for the other brand', 10_000);
    expect(await frameSrc('/wps/system/status', { 'x-merchant-code': OTHER_BRAND })).toEqual(["'self'"]);
    // The demo brand named by its code is a hint of its own, answered after its first refresh.
    await eventually(async () => (await frameSrc('/', { 'x-merchant-code': 'DEMO' }))?.includes(VENDOR_ORIGIN) ?? false, 'the demo brand by its code', 10_000);
    expect(await frameSrc('/')).toEqual(["'self'", VENDOR_ORIGIN]);
    // A brand nobody knows frames nothing but our own pages.
    await frameSrc('/', { 'x-merchant-code': 'NOSUCHBRAND' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await frameSrc('/', { 'x-merchant-code': 'NOSUCHBRAND' })).toEqual(["'self'"]);
  });

  it('answers our own origin only before the first answer, and keeps the last good list while games is unreachable', async () => {
    const games = platform.clients.games as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    const original = games.frameOrigins!;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    games.frameOrigins = async (input) => {
      await gate;
      return original(input);
    };
    try {
      // Another host name is another brand hint: its first answers go out before games has answered for it.
      const fresh = platform.url.replace('localhost', '127.0.0.1');
      expect((await policy(`${fresh}/`)).csp.get('frame-src')).toEqual(["'self'"]);
      expect((await policy(`${fresh}/wps/system/status`)).csp.get('frame-src')).toEqual(["'self'"]);
      release();
      await eventually(async () => (await policy(`${fresh}/`)).csp.get('frame-src')?.includes(VENDOR_ORIGIN) ?? false, 'the first answer for the new hint', 10_000);

      let attempts = 0;
      games.frameOrigins = async () => {
        attempts++;
        throw new Error('games is unreachable');
      };
      await eventually(async () => {
        await frameSrc('/');
        return attempts >= 1;
      }, 'a refresh while games is unreachable');
      expect(await frameSrc('/')).toEqual(["'self'", VENDOR_ORIGIN]);
      expect(await frameSrc('/wps/system/status')).toEqual(["'self'", VENDOR_ORIGIN]);
    } finally {
      release();
      games.frameOrigins = original;
    }
  });

  it('lets pages connect to the brand’s mirror domains, served like the site the page came from', async () => {
    const port = new URL(platform.url).port;
    // The demo brand lists its site by two host names: a page of either may time both.
    const mirrors = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
    expect(await platform.clients.identity.getDomainRoute({ merchantCode: 'DEMO' })).toEqual(['localhost', '127.0.0.1']);
    await eventually(async () => (await connectSrc('/'))?.length === 3, 'the mirror domains in connect-src', 10_000);
    for (const pathname of ['/', '/domains', '/wps/system/domainRoute', '/wps/system/status', '/wps/no-such-call']) {
      const { csp } = await policy(`${platform.url}${pathname}`);
      expect(csp.get('connect-src'), pathname).toEqual(["'self'", ...mirrors]);
      // The mirror domains widen where pages connect, nothing else.
      expect(csp.get('default-src'), pathname).toEqual(["'self'"]);
      expect(csp.get('script-src'), pathname).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), pathname).toEqual(["'none'"]);
      for (const mirror of mirrors) expect(csp.get('frame-src'), `${pathname} ${mirror}`).not.toContain(mirror);
    }
    // The page on another mirror times this one by its liveness check: that answer, and only it, other sites may load.
    expect((await policy(`${platform.url}/health/live`)).answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    for (const pathname of ['/', '/domains', '/health/ready', '/wps/system/status', '/health/live/x']) {
      expect((await policy(`${platform.url}${pathname}`)).answer.headers.get('cross-origin-resource-policy'), pathname).toBe('same-origin');
    }
  });

  it('holds a brand’s first page a moment for its lists, and never an API answer', async () => {
    const identity = platform.clients.identity as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    const original = identity.getDomainRoute!;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    identity.getDomainRoute = async (input) => {
      await gate;
      return original(input);
    };
    try {
      const port = new URL(platform.url).port;
      // The demo brand named by its code on the other host name: a brand hint nothing has asked for yet.
      const fresh = platform.url.replace('localhost', '127.0.0.1');
      const hint = { 'x-merchant-code': 'DEMO' };
      // An API answer goes out at once, with the list as it stands: none yet.
      expect((await policy(`${fresh}/wps/system/status`, hint)).csp.get('connect-src')).toEqual(["'self'"]);
      // The brand's first page waits for the answer under way and carries it.
      setTimeout(release, 150);
      const { answer, csp } = await policy(`${fresh}/domains`, { ...hint, accept: 'text/html,application/xhtml+xml' });
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(csp.get('connect-src')).toEqual(["'self'", `http://localhost:${port}`, `http://127.0.0.1:${port}`]);
    } finally {
      release();
      identity.getDomainRoute = original;
    }
  });

  it('puts only well-formed web origins of the brand’s own list into connect-src', async () => {
    const listed = ['m1.casino.example', 'https://m2.casino.example/path', 'http://m3.casino.example:8080'];
    const hostile = ["evil.example; script-src 'unsafe-inline'", 'evil.example;report-uri', "https://evil.example 'unsafe-eval'", '*', '*.evil.example', 'javascript:alert(1)', 'ftp://evil.example'];
    const port = new URL(platform.url).port;
    try {
      await setDomainRoute('DEMO', [...hostile, ...listed]);
      const expected = ["'self'", `http://m1.casino.example:${port}`, 'https://m2.casino.example', 'http://m3.casino.example:8080'];
      await eventually(async () => (await connectSrc('/'))?.includes('https://m2.casino.example') ?? false, 'the new list in connect-src', 15_000);
      for (const pathname of ['/', '/wps/system/status']) {
        const { answer, csp } = await policy(`${platform.url}${pathname}`);
        const header = answer.headers.get('content-security-policy') ?? '';
        expect(csp.get('connect-src'), pathname).toEqual(expected);
        expect(csp.get('script-src'), pathname).toEqual(["'self'"]);
        expect(csp.has('report-uri'), pathname).toBe(false);
        expect(header, pathname).not.toMatch(/unsafe-eval|evil\.example|\*|javascript:|ftp:/);
        // The policy's own directives and none more: no listed value closed one and opened another.
        expect([...csp.keys()], pathname).toEqual(DIRECTIVES);
      }
      // Another brand lists no mirror domains of its own: its pages connect to their own origin only.
      await eventually(async () => (await connectSrc('/', { 'x-merchant-code': OTHER_BRAND }))?.join(' ') === "'self'", 'the other brand without mirror domains', 10_000);
    } finally {
      await setDomainRoute('DEMO', ['localhost', '127.0.0.1']);
    }
  });
});
