import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pointsRpc, TOPICS, type EventEnvelope, type MemberRegistered, type PointsRpc, type RpcClient } from '@wps/contracts';
import {
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
import { createPointsService, POINTS_SCHEMA, pointsMigrations } from './app.js';

const registered = (memberId: string, merchantCode = 'DEMO'): EventEnvelope<MemberRegistered> =>
  createEnvelope(
    'member.registered',
    memberId,
    { memberId, merchantCode, account: `player${memberId}`, type: 0, currency: 'MXN', uplineId: null, registeredAt: new Date().toISOString() },
    'test',
  );

async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('points service', () => {
  let db: Database;
  let bus: InMemoryEventBus;
  let cache: MemoryStore;
  let service: ServiceInstance<PointsRpc>;
  let points: RpcClient<PointsRpc>;
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
    await migrate(db, POINTS_SCHEMA, pointsMigrations);
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
    service = await createPointsService({ db, bus, cache, logger: createLogger({ service: 'points', level: 'silent' }) }, {});
    await service.start();
    points = createInProcessClient('points', pointsRpc, service.handlers);
  });

  afterAll(async () => {
    await service?.stop();
    await bus?.close();
    await cache?.close();
    await db?.close();
  });

  it('opens one account at zero points per registered member, also when the event is delivered twice', async () => {
    const envelope = registered('501');
    await deliver(envelope, envelope);

    expect(await points.getPointBalance({ memberId: '501' })).toEqual({ memberId: '501', points: '0' });
    const [accounts] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM points.point_accounts WHERE member_id = 501`);
    expect(accounts?.n).toBe(1);
    const [entries] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM points.point_entries WHERE member_id = 501`);
    expect(entries?.n).toBe(0);
  });

  it('leaves an existing account alone when the member is announced again under a new message id', async () => {
    await db.orm.execute(sql`UPDATE points.point_accounts SET points = 9007199254740993 WHERE member_id = 501`);
    await deliver(registered('501', 'OTHER'));
    // Beyond 2^53: the balance must come through as an exact decimal string, never a JS number.
    expect(await points.getPointBalance({ memberId: '501' })).toEqual({ memberId: '501', points: '9007199254740993' });
    const [account] = await rows<{ merchant_code: string }>(db.orm, sql`SELECT merchant_code FROM points.point_accounts WHERE member_id = 501`);
    expect(account?.merchant_code).toBe('DEMO');
  });

  it('answers null for a member without an account and refuses ids that are not decimal', async () => {
    expect(await points.getPointBalance({ memberId: '999999' })).toBeNull();
    await expect(points.getPointBalance({ memberId: '1.5' })).rejects.toThrow();
    await expect(points.getPointBalance({ memberId: '007' })).rejects.toThrow();
  });

  it('refuses a negative balance and any edit of the entry log', async () => {
    await deliver(registered('502'));
    await expect(db.orm.execute(sql`UPDATE points.point_accounts SET points = -1 WHERE member_id = 502`)).rejects.toThrow();
    await db.orm.execute(sql`INSERT INTO points.point_entries (member_id, change, reason) VALUES (502, 5, 'test')`);
    await expect(db.orm.execute(sql`UPDATE points.point_entries SET change = 6 WHERE member_id = 502`)).rejects.toThrow();
    await expect(db.orm.execute(sql`DELETE FROM points.point_entries WHERE member_id = 502`)).rejects.toThrow();
    await expect(db.orm.execute(sql`INSERT INTO points.point_entries (member_id, change, reason) VALUES (502, 0, 'nothing')`)).rejects.toThrow();
  });
});
