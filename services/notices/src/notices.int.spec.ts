import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { noticesRpc, TOPICS, type EventEnvelope, type MemberRegistered, type NoticesRpc, type RpcClient } from '@wps/contracts';
import {
  AppError,
  createEnvelope,
  createInProcessClient,
  createLogger,
  InMemoryEventBus,
  MemoryStore,
  migrate,
  openPglite,
  rows,
  type Database,
  type ServiceInstance,
} from '@wps/platform';
import { createNoticesService, NOTICES_SCHEMA, noticesMigrations } from './app.js';

const registered = (memberId: string, account = `player${memberId}`): EventEnvelope<MemberRegistered> =>
  createEnvelope(
    'member.registered',
    memberId,
    { memberId, merchantCode: 'DEMO', account, type: 0, currency: 'MXN', uplineId: null, registeredAt: new Date().toISOString() },
    'test',
  );

async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('notices service: internal messages', () => {
  let db: Database;
  let bus: InMemoryEventBus;
  let cache: MemoryStore;
  let service: ServiceInstance<NoticesRpc>;
  let notices: RpcClient<NoticesRpc>;
  /** Message ids the service's consumers finished with, so a test can tell a duplicate was delivered and ignored. */
  const handled: string[] = [];

  const deliver = async (...envelopes: EventEnvelope[]): Promise<void> => {
    for (const envelope of envelopes) await bus.publish([{ topic: TOPICS.members, key: envelope.key, value: envelope }]);
    await eventually(
      () => envelopes.every((envelope) => handled.filter((id) => id === envelope.id).length >= envelopes.filter((other) => other.id === envelope.id).length),
      'every delivery handled',
    );
  };

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db, NOTICES_SCHEMA, noticesMigrations);
    bus = new InMemoryEventBus();
    const subscribe = bus.subscribe.bind(bus);
    bus.subscribe = (options) =>
      subscribe({
        ...options,
        handler: async (message) => {
          await options.handler(message);
          handled.push(message.value.id);
        },
      });
    cache = new MemoryStore();
    service = await createNoticesService({ db, bus, cache, logger: createLogger({ service: 'notices', level: 'silent' }) }, {});
    await service.start();
    notices = createInProcessClient('notices', noticesRpc, service.handlers);
  });

  afterAll(async () => {
    await service?.stop();
    await bus?.close();
    await cache?.close();
    await db?.close();
  });

  it('leaves one welcome letter per registered member, also when the event is delivered twice', async () => {
    const envelope = registered('701', 'maria');
    await deliver(envelope, envelope);

    const inbox = await notices.listMessages({ memberId: '701' });
    expect(inbox).toEqual([{ id: expect.stringMatching(/^\d+$/), title: 'Bienvenido', content: expect.stringContaining('maria'), createdAt: expect.any(String), read: false }]);
    expect(new Date(inbox[0]!.createdAt).toISOString()).toBe(inbox[0]!.createdAt);
  });

  it('does not welcome a member twice when the registration is announced again under a new message id', async () => {
    await deliver(registered('701', 'maria'));
    const [count] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM notices.messages WHERE member_id = 701`);
    expect(count?.n).toBe(1);
  });

  it('lists newest first and marks a member’s own message read, keeping the first read time', async () => {
    await db.orm.execute(
      sql`INSERT INTO notices.messages (member_id, merchant_code, title, content, created_at)
          VALUES (701, 'DEMO', 'Promoción', 'Bono de recarga', now() + interval '1 minute')`,
    );
    const [newest, welcome] = await notices.listMessages({ memberId: '701' });
    expect(newest?.title).toBe('Promoción');
    expect(welcome?.title).toBe('Bienvenido');

    expect(await notices.markMessageRead({ memberId: '701', messageId: welcome!.id })).toEqual({ id: welcome!.id, read: true });
    const [first] = await rows<{ read_at: string }>(db.orm, sql`SELECT read_at::text AS read_at FROM notices.messages WHERE id = ${welcome!.id}`);
    await notices.markMessageRead({ memberId: '701', messageId: welcome!.id });
    const [second] = await rows<{ read_at: string }>(db.orm, sql`SELECT read_at::text AS read_at FROM notices.messages WHERE id = ${welcome!.id}`);
    expect(second?.read_at).toBe(first?.read_at);
    expect((await notices.listMessages({ memberId: '701' })).map((message) => message.read)).toEqual([false, true]);
  });

  it('refuses to mark another member’s message, and answers an empty inbox for an unknown member', async () => {
    await deliver(registered('702'));
    const [othersMessage] = await notices.listMessages({ memberId: '702' });
    const attempt = notices.markMessageRead({ memberId: '701', messageId: othersMessage!.id });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await notices.listMessages({ memberId: '702' }))[0]?.read).toBe(false);

    expect(await notices.listMessages({ memberId: '999999' })).toEqual([]);
    await expect(notices.listMessages({ memberId: 'x' })).rejects.toThrow();
  });
});
