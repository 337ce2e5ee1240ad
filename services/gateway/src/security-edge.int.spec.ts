import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { VendorClient } from '../../../tools/vendor-sim/client.js';

const SECRET = 'edge-vendor-secret-0123456789abcdef';
const VENDOR_LIMIT = 4;

/** The log lines the platform writes, read from the stream every logger of the run shares. */
const captureLog = (platform: EmbeddedPlatform): string[] => {
  const logger = platform.logger as unknown as Record<symbol, { write: (line: string) => unknown }>;
  const streamSymbol = Object.getOwnPropertySymbols(logger).find((symbol) => symbol.description === 'pino.stream')!;
  const stream = logger[streamSymbol]!;
  const lines: string[] = [];
  const write = stream.write.bind(stream);
  stream.write = (line: string) => {
    lines.push(line);
    return write(line);
  };
  return lines;
};

/** Security hardening at the edge: headers, request ids, body size, methods, control characters and guessing limits. */
describe('the hardened edge (embedded)', () => {
  let platform: EmbeddedPlatform;
  let log: string[] = [];
  const call = apiCaller(() => platform.url);
  let member = { token: '', id: '' };

  beforeAll(async () => {
    platform = await startEmbedded({
      logLevel: 'warn',
      requestsPerIpPerMinute: 100_000,
      env: { WALLET_VENDOR_SECRETS: `EDGEVENDOR:${SECRET}`, VENDOR_REQUESTS_PER_10S: String(VENDOR_LIMIT) },
    });
    log = captureLog(platform);
    const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
      body: { username: `edge${randomUUID().replace(/-/g, '').slice(0, 10)}`, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true },
    });
    member = { token: registered.body.value.token, id: registered.body.value.user.id };
    await eventually(async () => (await rows(platform.db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${member.id}`)).length === 1, 'the wallet account');
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('marks signed-in answers no-store, replaces a request id that is not a plain token, answers 413 to a large body, and sends HSTS and Permissions-Policy', async () => {
    const balance = await call('GET', '/wps/v2/wallets/balance', { token: member.token, headers: { 'x-request-id': 'client-req.0001_a' } });
    expect(balance.status).toBe(200);
    expect(balance.headers.get('cache-control')).toBe('no-store');
    expect(balance.headers.get('x-request-id')).toBe('client-req.0001_a');

    for (const sent of ['<script>alert(1)</script>', 'a'.repeat(65), 'two words', 'línea']) {
      const answer = await fetch(`${platform.url}/wps/system/status`, { headers: { 'x-request-id': encodeURI(sent) === sent ? sent : encodeURIComponent(sent) } });
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id, sent).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
      expect(id, sent).not.toContain('script');
      expect(id.length, sent).toBeLessThanOrEqual(64);
    }
    const scripted = await fetch(`${platform.url}/wps/system/status`, { headers: { 'x-request-id': '<script>' } });
    expect(scripted.headers.get('x-request-id')).not.toBe('<script>');
    expect(scripted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const large = await call('POST', '/wps/session/login', { raw: JSON.stringify({ username: 'a'.repeat(1_100_000), password: 'x' }) });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' });

    for (const path of ['/', '/wps/system/status', '/api/docs', '/wps/no-such-call']) {
      const answer = await fetch(`${platform.url}${path}`);
      expect(answer.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers.get('permissions-policy'), path).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    }
  });

  it('answers an undeclared method on a declared path with 405, Allow and the envelope', async () => {
    const wrong = await call('DELETE', '/wps/v2/wallets/balance', { token: member.token });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    expect(wrong.body).toEqual({ success: false, code: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed for this address' });
    const read = await call('GET', '/wps/session/login');
    expect([read.status, read.headers.get('allow'), read.body.code]).toEqual([405, 'POST', 'METHOD_NOT_ALLOWED']);
    // An unknown address is still 404, and the declared method still works.
    expect((await call('DELETE', '/wps/v2/wallets/no-such-thing')).status).toBe(404);
    expect((await call('GET', '/wps/v2/wallets/balance', { token: member.token })).status).toBe(200);
  });

  it('refuses a JSON body that is not an object of fields, and changes nothing', async () => {
    for (const body of ['[null, null]', '[]', '["player"]']) {
      const answer = await fetch(`${platform.url}/wps/v2/wallets/deposit-limits`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
        body,
      });
      expect([answer.status, ((await answer.json()) as { code: string; field?: string }).field], body).toEqual([400, 'body']);
    }
    const limits = await call<{ daily: unknown; weekly: unknown; monthly: unknown }>('GET', '/wps/v2/wallets/deposit-limits', { token: member.token });
    expect(limits.body.value).toMatchObject({ daily: null, weekly: null, monthly: null });
  });

  it('refuses NUL and other control characters in body, query and path with 400 before any service, and logs nothing', async () => {
    const identity = platform.clients.identity as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    const login = identity.login!;
    let logins = 0;
    const seen: unknown[] = [];
    identity.login = (input) => {
      logins++;
      seen.push(input);
      return login(input);
    };
    const before = log.length;
    try {
      for (const username of ['ab\u0000cdef', 'ab\u0007cdef', 'ab\u001bcdef']) {
        const answer = await call('POST', '/wps/session/login', { body: { username, password: 'x' } });
        expect([answer.status, answer.body.code, answer.body.field], JSON.stringify(username)).toEqual([400, 'VALIDATION_FAILED', 'username']);
        expect(answer.text).not.toContain('\u0000');
      }
      const nested = await call('POST', '/wps/session/login', { body: { username: 'someone', password: 'x', extra: { list: ['ok', 'b\u0000d'] } } });
      expect([nested.status, nested.body.code, nested.body.field]).toEqual([400, 'VALIDATION_FAILED', 'extra.list.1']);
      expect(logins).toBe(0);
      // Tab, line feed and carriage return are ordinary text: the call reaches identity and is refused in its own words.
      const ordinary = await call('POST', '/wps/session/login', { body: { username: 'no\tsuch\nuser', password: 'secreto12' } });
      expect(ordinary.status).not.toBe(500);
      expect(logins).toBe(1);
      // Text reaches the services in normalisation form C: "e" and a combining accent arrive as "é".
      await call('POST', '/wps/session/login', { body: { username: 'Jose\u0301', password: 'contrasen\u0303a 1' } });
      expect(seen.at(-1)).toMatchObject({ username: 'Jos\u00e9', password: 'contrase\u00f1a 1' });
    } finally {
      identity.login = login;
    }

    const query = await call('GET', '/lgw/games/game_menus?keyword=a%00b');
    expect([query.status, query.body.code, query.body.field]).toEqual([400, 'VALIDATION_FAILED', 'keyword']);
    const path = await call('POST', '/operator/v1/members/12%0034/disable', { headers: { authorization: `Operator ${platform.operatorToken}` } });
    expect([path.status, path.body.code]).toEqual([400, 'VALIDATION_FAILED']);

    const vendor = new VendorClient({ url: platform.url, vendor: 'EDGEVENDOR', secret: SECRET });
    const escaped = await vendor.call('balance', { player: 'a\u0000b', currency: 'MXN' });
    expect([escaped.status, escaped.code]).toEqual([400, 'VALIDATION_FAILED']);

    const written = log.slice(before).join('');
    expect(written).not.toContain('request failed');
    expect(written).not.toContain('Failed query');
    expect(written).not.toContain('SELECT');
  });

  it('keeps the unexpected-error log line bounded: no SQL text, no parameters, no password', async () => {
    const identity = platform.clients.identity as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    const login = identity.login!;
    // What a database refusal looks like through the query builder: the SQL and its parameters in the message.
    identity.login = () => {
      const database = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
      throw new Error(`Failed query: SELECT m.* FROM identity.members m WHERE m.username_key = $1 AND m.password = $2\nparams: someone,secret-password-123`, {
        cause: database,
      });
    };
    const before = log.length;
    try {
      const answer = await call('POST', '/wps/session/login', { body: { username: 'someone', password: 'secret-password-123' } });
      expect([answer.status, answer.body.code]).toEqual([500, 'INTERNAL']);
    } finally {
      identity.login = login;
    }
    const lines = log.slice(before).filter((line) => line.includes('request failed'));
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.length).toBeLessThan(2_000);
    expect(line).not.toContain('SELECT');
    expect(line).not.toContain('secret-password-123');
    expect(JSON.parse(line)).toMatchObject({ code: 'INTERNAL', error: 'invalid byte sequence for encoding "UTF8": 0x00', sqlState: '22021', path: '/wps/session/login', traceId: expect.any(String) });
  });

  it('checks the vendor signature before counting: forged calls count against their address, not the vendor', async () => {
    const vendor = new VendorClient({ url: platform.url, vendor: 'EDGEVENDOR', secret: SECRET });
    const forged = (address: string) =>
      fetch(`${platform.url}/api/vendor/v1/balance`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': 'EN',
          'x-forwarded-for': address,
          'x-vendor-code': 'EDGEVENDOR',
          'x-timestamp': String(Date.now()),
          'x-signature': '0'.repeat(64),
        },
        body: JSON.stringify({ player: member.id, currency: 'MXN' }),
      });
    for (let i = 0; i < VENDOR_LIMIT * 3; i++) {
      const answer = await forged('203.0.113.7');
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ success: false, code: 'VENDOR_UNAUTHORIZED' });
    }
    // The vendor's own window is untouched: all of its correctly signed calls go through.
    for (let i = 0; i < VENDOR_LIMIT; i++) {
      const reply = await vendor.call('balance', { player: member.id, currency: 'MXN' });
      expect([reply.status, reply.code]).toEqual([200, undefined]);
    }
    const over = await vendor.call('balance', { player: member.id, currency: 'MXN' });
    expect([over.status, over.code]).toEqual([429, 'TOO_MANY_REQUESTS']);

    // The forging address is refused once it used up its own window of failures, before reaching the wallet.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await forged('203.0.113.7')).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 401).length).toBeLessThan(20);
    const refused = await forged('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
  });

  it('limits wrong operator tokens per address to 10 per 10 minutes, then 429, and logs each without the token', async () => {
    const address = '198.51.100.23';
    const withToken = (token: string, from = address) => call('GET', '/operator/v1/withdrawals', { headers: { authorization: `Operator ${token}`, 'x-forwarded-for': from } });
    const before = log.length;
    for (let i = 0; i < 10; i++) {
      const guess = await withToken(`guess-number-${i}-abcdefgh`);
      expect([guess.status, guess.body.code]).toEqual([401, 'OPERATOR_UNAUTHORIZED']);
    }
    const locked = await withToken('guess-number-10-abcdefgh');
    expect([locked.status, locked.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(500);
    // Even the right token is refused from that address until the window ends; other addresses are not affected.
    expect((await withToken(platform.operatorToken!)).status).toBe(429);
    expect((await withToken(platform.operatorToken!, '198.51.100.24')).status).toBe(200);

    const refusals = log.slice(before).filter((line) => line.includes('operator token refused'));
    expect(refusals).toHaveLength(10);
    expect(refusals.join('')).not.toContain('guess-number');
    expect(JSON.parse(refusals.at(-1)!)).toMatchObject({ ip: address, failures: 10, path: '/operator/v1/withdrawals' });
  });
});
