import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SessionPrincipal, UseCase } from '@wps/contracts';
import { createHttpApp, createLogger, MemoryStore } from '@wps/platform';
import { SessionResolver } from './auth.js';
import type { GatewayClients } from './clients.js';
import { PublicAnswers, validUntilOf } from './public-answers.js';
import { useCaseRouter } from './use-cases.js';

const principal = (type: number): SessionPrincipal => ({ memberId: `m${type}`, merchantCode: 'DEMO', currency: 'MXN', account: `acc${type}`, type });

describe('shared answers', () => {
  it('shares one call per key, drops a brand’s answers, keeps an answer no later than its validUntil, and forgets failures', async () => {
    const answers = new PublicAnswers();
    let calls = 0;
    const load = async () => ({ n: ++calls });
    await Promise.all([answers.get('a', 60_000, load, { brand: 'DEMO' }), answers.get('a', 60_000, load, { brand: 'DEMO' })]);
    await answers.get('b', 60_000, load, { brand: 'OTHER' });
    expect(calls).toBe(2);
    expect(answers.dropBrand('DEMO')).toBe(1);
    expect((await answers.get('a', 60_000, load, { brand: 'DEMO' })).json).toBe('{"success":true,"value":{"n":3}}');
    expect((await answers.get('b', 60_000, load, { brand: 'OTHER' })).json).toBe('{"success":true,"value":{"n":2}}');

    const soon = async () => ({ validUntil: new Date(Date.now() - 1).toISOString() });
    await answers.get('c', 60_000, soon, { validUntil: validUntilOf });
    let again = false;
    await answers.get('c', 60_000, async () => ((again = true), {}), { validUntil: validUntilOf });
    expect(again).toBe(true);

    await expect(answers.get('d', 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await answers.get('d', 60_000, async () => 'up')).json).toBe('{"success":true,"value":"up"}');
    expect(validUntilOf({ validUntil: null })).toBeUndefined();
    expect(validUntilOf({ validUntil: '2030-01-01T00:00:00.000Z' })).toBe(Date.parse('2030-01-01T00:00:00.000Z'));
  });

  it('sends an answer past its TTL while one call reads it again, never past its validUntil or a change of its brand', async () => {
    const answers = new PublicAnswers();
    const ttl = 40;
    const pending: Array<(value: unknown) => void> = [];
    const load = () => new Promise<unknown>((resolve) => pending.push(resolve));
    const first = answers.get('a', ttl, load, { brand: 'DEMO' });
    pending.shift()!({ n: 1 });
    await first;
    await new Promise((resolve) => setTimeout(resolve, ttl + 5));
    // Past the TTL: the old answer at once, and one call for every caller meanwhile.
    const stale = await Promise.all([answers.get('a', ttl, load, { brand: 'DEMO' }), answers.get('a', ttl, load, { brand: 'DEMO' })]);
    expect(stale.map((answer) => answer.json)).toEqual(['{"success":true,"value":{"n":1}}', '{"success":true,"value":{"n":1}}']);
    expect(pending).toHaveLength(1);
    pending.shift()!({ n: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await answers.get('a', ttl, load, { brand: 'DEMO' })).json).toBe('{"success":true,"value":{"n":2}}');
    expect(pending).toHaveLength(0);

    // A content change while the answer is read again: what that call brings is not kept, the next caller waits for the new content.
    await new Promise((resolve) => setTimeout(resolve, ttl + 5));
    expect((await answers.get('a', ttl, load, { brand: 'DEMO' })).json).toBe('{"success":true,"value":{"n":2}}');
    answers.dropBrand('DEMO');
    pending.shift()!({ n: 'before the change' });
    const afterChange = answers.get('a', ttl, load, { brand: 'DEMO' });
    expect(pending).toHaveLength(1);
    pending.shift()!({ n: 3 });
    expect((await afterChange).json).toBe('{"success":true,"value":{"n":3}}');

    // An answer that names its end is not sent past it, though its TTL would allow it.
    const ends = new Date(Date.now() + ttl / 2).toISOString();
    const timed = answers.get('t', ttl, load, { validUntil: validUntilOf });
    pending.shift()!({ validUntil: ends });
    await timed;
    await new Promise((resolve) => setTimeout(resolve, ttl));
    const next = answers.get('t', ttl, load, { validUntil: validUntilOf });
    expect(pending).toHaveLength(1);
    pending.shift()!({ validUntil: null, n: 4 });
    expect((await next).json).toBe('{"success":true,"value":{"validUntil":null,"n":4}}');
  });
});

describe('a declaration whose answer is shared (sharedCacheMs)', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  const read: UseCase = {
    id: 'sharedRead',
    summary: 'test',
    tag: 'Test',
    method: 'GET',
    paths: ['/shared'],
    auth: 'guest',
    rateLimit: 'none',
    idempotent: false,
    sharedCacheMs: 60_000,
    request: z.object({}),
    response: z.unknown(),
    operation: { service: 'notices', method: 'getNotices' },
    context: { merchantCode: 'brandCode', audience: 'audience' },
  };
  const write: UseCase = {
    ...read,
    id: 'sharedWrite',
    method: 'POST',
    paths: ['/shared'],
    auth: 'operator',
    sharedCacheMs: undefined,
    dropsSharedAnswers: true,
    request: z.object({ merchantCode: z.string() }),
    operation: { service: 'notices', method: 'operatorCreateNotice' },
    context: {},
  };

  const start = async (useCases: UseCase[]) => {
    const calls: unknown[] = [];
    const clients = {
      identity: {
        resolveMerchant: async () => ({ code: 'DEMO', name: 'Demo', currency: 'MXN', currencySymbol: '$', defaultLanguage: 'ES', languages: ['ES', 'EN'], timeZone: 'UTC', agentPolicy: false }),
        authenticate: async ({ token }: { token: string }) => (token.startsWith('type') ? principal(Number(token.slice(4))) : null),
      },
      notices: {
        getNotices: async (input: unknown) => (calls.push(input), { calls: calls.length }),
        operatorCreateNotice: async () => ({ ok: true }),
      },
    } as unknown as GatewayClients;
    const cache = new MemoryStore();
    const { app, finish } = createHttpApp(createLogger({ service: 'test', level: 'silent' }));
    app.use(useCaseRouter(useCases, { clients, cache, sessions: new SessionResolver(clients, cache), requestsPerIpPerMinute: 1_000, operatorToken: 'op-token' }));
    finish();
    server = createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (token?: string) => (await (await fetch(`${base}/shared`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).json()) as { value: { calls: number } };
    const post = () => fetch(`${base}/shared`, { method: 'POST', headers: { authorization: 'Operator op-token', 'content-type': 'application/json' }, body: '{"merchantCode":"DEMO"}' });
    return { calls, get, post };
  };

  it('is kept per brand and audience, for guests and signed-in callers alike, never per member', async () => {
    const { calls, get } = await start([read]);
    await get();
    await get();
    await get('type0');
    await get('type4');
    await get('type1');
    await get('type42');
    await get('unknown-token');
    expect(calls).toEqual([
      { merchantCode: 'DEMO', audience: 'guest' },
      { merchantCode: 'DEMO', audience: 'member' },
      { merchantCode: 'DEMO', audience: 'agent' },
    ]);
  });

  it('is dropped by a change through this gateway before the change answers', async () => {
    const { calls, get, post } = await start([read, write]);
    expect((await get()).value.calls).toBe(1);
    expect((await get()).value.calls).toBe(1);
    expect((await post()).status).toBe(200);
    expect((await get()).value.calls).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('refuses to mount when the answer would depend on the member, or names no brand', async () => {
    await expect(start([{ ...read, context: { merchantCode: 'brandCode', memberId: 'memberId' } }])).rejects.toThrow(/cannot depend on the member \(memberId\)/);
    await expect(start([{ ...read, context: { merchantCode: 'brandCode', account: 'account' } }])).rejects.toThrow(/cannot depend on the member/);
    await expect(start([{ ...read, context: { language: 'language' } }])).rejects.toThrow(/must name its brand/);
  });
});
