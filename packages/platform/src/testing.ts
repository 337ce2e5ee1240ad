/**
 * Test support for services: builders, polling and a harness that runs one service against PGlite and the in-memory
 * bus. Imported as `@wps/platform/testing`, never from the package root, so production code does not load it. It does
 * not import vitest, so benches can use it too.
 */
import { randomUUID } from 'node:crypto';
import { EVENTS, type EventEnvelope, type EventType, type BetSettled, type MemberRegistered, type RpcClient, type RpcContract } from '@wps/contracts';
import { InMemoryEventBus } from './bus/memory.js';
import type { RetryPolicy } from './bus/types.js';
import { MemoryStore } from './cache/memory.js';
import { sql } from 'drizzle-orm';
import { migrate, openPglite, rows, type Database } from './db.js';
import { createLogger } from './logger.js';
import { createEnvelope } from './outbox.js';
import { createInProcessClient } from './rpc.js';
import type { ServiceContext, ServiceInstance } from './service.js';
import { sleep } from './async.js';

/** A `member.registered` envelope for a DEMO player in MXN without upline; `overrides` change any payload field. */
export const memberRegisteredEnvelope = (memberId: string, overrides: Partial<MemberRegistered> = {}): EventEnvelope<MemberRegistered> =>
  createEnvelope(
    'member.registered',
    memberId,
    { memberId, merchantCode: 'DEMO', account: `player${memberId}`, type: 0, currency: 'MXN', uplineId: null, registeredAt: new Date().toISOString(), ...overrides },
    'test',
  );

/**
 * A settled round of the demo brand as the wallet announces it (`bet.settled`): first settlement, a valid bet equal
 * to the stake, nothing won. `betId`, the member and the valid bet are the caller's; anything else can be overridden.
 */
export const settledBet = (fields: Pick<BetSettled, 'betId' | 'memberId' | 'validBetMinor'> & Partial<BetSettled>): BetSettled => ({
  vendor: 'DEMOVENDOR',
  roundId: `r-${fields.betId}`,
  gameType: 'RNG',
  gameCode: null,
  merchantCode: 'DEMO',
  account: null,
  agentPath: null,
  currency: 'MXN',
  betAmountMinor: fields.validBetMinor,
  winAmountMinor: '0',
  adjustAmountMinor: '0',
  state: 'settled',
  revision: 0,
  settledAt: new Date().toISOString(),
  ...fields,
});

/** Polls `check` every 10 ms until it holds; rejects after `timeoutMs` naming `what` it waited for. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

export interface ServiceUnderTestOptions<C extends RpcContract, Config> {
  schema: string;
  migrationsDir: string;
  create: (context: ServiceContext, config: Config) => Promise<ServiceInstance<C>>;
  config: Config;
  /** Replaces the retry policy of every subscription the service makes. */
  retry?: Partial<RetryPolicy>;
}

export interface ServiceUnderTest<C extends RpcContract> {
  db: Database;
  bus: InMemoryEventBus;
  cache: MemoryStore;
  service: ServiceInstance<C>;
  /** An in-process client over the service's handlers. */
  client: RpcClient<C>;
  /** Message ids the service's consumers finished with, once per handled delivery, so a test can tell a duplicate was delivered and ignored. */
  handled: readonly string[];
  /** Publishes the envelopes in order, each to its catalogue topic, and waits until every subscription of its topic handled each delivery. */
  deliver(...envelopes: EventEnvelope[]): Promise<void>;
  close(): Promise<void>;
}

/** Migrates a fresh PGlite database, then creates and starts one service on an in-memory bus, cache and a silent logger. */
export async function startServiceUnderTest<C extends RpcContract, Config>(options: ServiceUnderTestOptions<C, Config>): Promise<ServiceUnderTest<C>> {
  const handled: string[] = [];
  const db = await openPglite();
  const bus = new InMemoryEventBus();
  const cache = new MemoryStore();
  let service: ServiceInstance<C> | undefined;
  const close = async (): Promise<void> => {
    await service?.stop();
    await bus.close();
    await cache.close();
    await db.close();
  };

  /** How many of the service's subscriptions read each topic: a delivery is handled once by each of them. */
  const readers = new Map<string, number>();
  const subscribe = bus.subscribe.bind(bus);
  bus.subscribe = (subscription) => {
    for (const topic of subscription.topics) readers.set(topic, (readers.get(topic) ?? 0) + 1);
    const retry = options.retry ? { retry: options.retry } : {};
    const { handler, batchHandler } = subscription;
    if (handler)
      return subscribe({
        ...subscription,
        ...retry,
        handler: async (message) => {
          await handler(message);
          handled.push(message.value.id);
        },
      });
    return subscribe({
      ...subscription,
      ...retry,
      batchHandler: async (messages) => {
        await batchHandler(messages);
        handled.push(...messages.map((message) => message.value.id));
      },
    });
  };

  try {
    await migrate(db, options.schema, options.migrationsDir);
    service = await options.create({ db, bus, cache, logger: createLogger({ service: options.schema, level: 'silent' }) }, options.config);
    await service.start();
  } catch (error) {
    await close();
    throw error;
  }

  const deliver = async (...envelopes: EventEnvelope[]): Promise<void> => {
    for (const envelope of envelopes) {
      const event = EVENTS[envelope.type as EventType];
      if (!event) throw new Error(`no catalogue topic for event type ${envelope.type}`);
      await bus.publish([{ topic: event.topic, key: envelope.key, value: envelope }]);
    }
    const expected = new Map<string, number>();
    for (const envelope of envelopes) {
      const topic = EVENTS[envelope.type as EventType].topic;
      expected.set(envelope.id, (expected.get(envelope.id) ?? 0) + Math.max(1, readers.get(topic) ?? 0));
    }
    await eventually(() => [...expected].every(([id, times]) => handled.filter((candidate) => candidate === id).length >= times), 'every delivery handled');
  };

  return { db, bus, cache, service, client: createInProcessClient(service.name, service.contract, service.handlers), handled, deliver, close };
}

/** Any reply of the public API, success or failure, as a client sees it. */
export interface ApiReply<T = Record<string, unknown>> {
  success: boolean;
  code?: string;
  message?: string;
  field?: string;
  value: T;
}

export interface ApiCallOptions {
  token?: string;
  body?: unknown;
  /** A body sent as is (signed callbacks), instead of `body` as JSON. */
  raw?: string;
  /** The Idempotency-Key header. */
  key?: string;
  headers?: Record<string, string>;
  /** Accept-Language; EN unless given, so tests can compare the English messages. */
  language?: string;
}

/** Calls the public API at `baseUrl` the way the web client does. */
export function apiCaller(baseUrl: string | (() => string)) {
  return async <T = Record<string, unknown>>(method: string, url: string, options: ApiCallOptions = {}) => {
    const base = typeof baseUrl === 'string' ? baseUrl : baseUrl();
    const response = await fetch(base + url, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': options.language ?? 'EN',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        ...options.headers,
      },
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    const body = (text.startsWith('{') ? JSON.parse(text) : { success: false, value: text }) as ApiReply<T>;
    return { status: response.status, body, headers: response.headers, text };
  };
}

export interface RegisteredTestMember {
  token: string;
  id: string;
}

/**
 * Registers a member through the public API (from `ip`, named by X-Forwarded-For), waits for its wallet account and,
 * unless `deposit` is '0', funds it with a demo deposit. Throws with the answer when a step is refused.
 */
export async function registerTestMember(
  call: ReturnType<typeof apiCaller>,
  db: Database,
  options: { prefix: string; ip: string; deposit?: string; password?: string },
): Promise<RegisteredTestMember> {
  const username = `${options.prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const password = options.password ?? 'Secreto-12-largo';
  const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', {
    body: { username, password, confirmPassword: password, acceptTerms: true },
    headers: { 'x-forwarded-for': options.ip },
  });
  if (registered.status !== 200) throw new Error(`registration refused: ${registered.text}`);
  const member = { token: registered.body.value.token, id: registered.body.value.user.id };
  await eventually(async () => (await rows(db.orm, sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${member.id}`)).length > 0, 'the wallet account');
  const deposit = options.deposit ?? '0';
  if (deposit !== '0') {
    const funded = await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, key: randomUUID(), body: { amount: deposit } });
    if (funded.status !== 200) throw new Error(`demo deposit refused: ${funded.text}`);
  }
  return member;
}
