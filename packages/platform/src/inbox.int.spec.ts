import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope, type MemberRegistered } from '@wps/contracts';
import { InMemoryEventBus } from './bus/memory.js';
import { migrate, openPglite, rows, type Database } from './db.js';
import { consumeBatches } from './inbox.js';
import { eventually } from './testing.js';
import { sleep } from './async.js';

const SCHEMA = 'test_inbox';

const registered = (memberId: string, merchantCode = 'M1'): EventEnvelope<MemberRegistered> => ({
  id: randomUUID(),
  type: 'member.registered',
  version: 1,
  occurredAt: new Date().toISOString(),
  source: 'inbox-test',
  key: memberId,
  payload: { memberId, merchantCode, account: memberId, type: 1, currency: 'MXN', uplineId: null, registeredAt: new Date().toISOString() },
});

describe('consumeBatches', () => {
  let db: Database;
  let bus: InMemoryEventBus;

  beforeEach(async () => {
    db = await openPglite();
    await prepare(db);
    bus = new InMemoryEventBus({ partitions: 2 });
  });
  afterEach(async () => {
    await bus.close();
    await db.close();
  });

  async function prepare(target: Database): Promise<void> {
    await migrate(target, SCHEMA);
    await target.orm.execute(sql.raw(`CREATE TABLE ${SCHEMA}.members (member_id text PRIMARY KEY, seen integer NOT NULL DEFAULT 1)`));
    await target.orm.execute(sql.raw(`CREATE TABLE ${SCHEMA}.batches (n serial PRIMARY KEY, size integer NOT NULL)`));
  }

  const count = async (table: string) => Number((await rows<{ n: string }>(db.orm, sql.raw(`SELECT count(*)::text AS n FROM ${SCHEMA}.${table}`)))[0]!.n);
  const publish = (envelopes: EventEnvelope[]) => bus.publish(envelopes.map((value) => ({ topic: TOPICS.members, key: value.key, value })));

  it('handles a batch in one transaction with one inbox insert, and a redelivered batch or message changes nothing', async () => {
    const handledBatches: number[] = [];
    await consumeBatches(
      { db, bus },
      {
        schema: SCHEMA,
        group: 'inbox-test.members',
        type: 'member.registered',
        handle: async (tx, events) => {
          handledBatches.push(events.length);
          await tx.execute(sql`INSERT INTO test_inbox.batches (size) VALUES (${events.length})`);
          // A second sighting of a member would bump `seen`: the inbox must keep it at 1.
          for (const event of events)
            await tx.execute(sql`INSERT INTO test_inbox.members (member_id) VALUES (${event.payload.memberId}) ON CONFLICT (member_id) DO UPDATE SET seen = test_inbox.members.seen + 1`);
        },
      },
    );
    const first = Array.from({ length: 40 }, (_, n) => registered(`m${n}`));
    await publish(first);
    await eventually(async () => (await count('members')) === 40, 'every member recorded');
    // Fewer transactions than messages: the batches carried several members each.
    expect(handledBatches.length).toBeLessThan(40);
    expect(handledBatches.reduce((sum, size) => sum + size, 0)).toBe(40);

    // The whole batch again (a relay that republished after a crash), then one message of it, then one id twice in one batch.
    await publish(first);
    await publish([first[7]!]);
    const twice = registered('m-twice');
    await publish([twice, twice]);
    await eventually(async () => (await count('members')) === 41, 'the new member recorded');
    await sleep(50);
    const seen = await rows<{ max: number }>(db.orm, sql`SELECT max(seen) AS max FROM test_inbox.members`);
    expect(Number(seen[0]!.max)).toBe(1);
    const inbox = await rows<{ n: string }>(db.orm, sql`SELECT count(*)::text AS n FROM test_inbox.inbox WHERE consumer = 'inbox-test.members'`);
    expect(Number(inbox[0]!.n)).toBe(41);
    expect(handledBatches.reduce((sum, size) => sum + size, 0)).toBe(41);
  });

  it('rolls a failing batch back whole, then handles the good messages alone and dead-letters the poison', async () => {
    const dead: string[] = [];
    await bus.subscribe({ group: 'inbox-test.dlq', topics: [`${TOPICS.members}.dlq`], handler: async (message) => void dead.push(message.value.id) });
    await consumeBatches(
      { db, bus },
      {
        schema: SCHEMA,
        group: 'inbox-test.poison',
        type: 'member.registered',
        retry: { maxAttempts: 2, initialBackoffMs: 1, maxBackoffMs: 2 },
        handle: async (tx, events) => {
          for (const event of events) {
            await tx.execute(sql`INSERT INTO test_inbox.members (member_id) VALUES (${event.payload.memberId})`);
            if (event.payload.memberId === 'poison') throw new Error('cannot record this member');
          }
        },
      },
    );
    // One key, so one partition and one batch with the poison in the middle.
    const list = ['a', 'b', 'poison', 'c', 'd'].map((id) => ({ ...registered(id), key: 'same' }));
    await publish(list);
    await eventually(() => dead.length === 1, 'poison parked');
    await eventually(async () => (await count('members')) === 4, 'the other four recorded');
    expect(dead).toEqual([list[2]!.id]);
    const members = await rows<{ member_id: string }>(db.orm, sql`SELECT member_id FROM test_inbox.members ORDER BY member_id`);
    expect(members.map((row) => row.member_id)).toEqual(['a', 'b', 'c', 'd']);
    // The poison's id is not in the inbox: its transaction rolled back with the failure.
    const inbox = await rows<{ message_id: string }>(db.orm, sql`SELECT message_id::text FROM test_inbox.inbox WHERE consumer = 'inbox-test.poison'`);
    expect(inbox.map((row) => row.message_id).sort()).toEqual(
      list
        .filter((_, n) => n !== 2)
        .map((envelope) => envelope.id)
        .sort(),
    );
  });

  it('passes over events the consumer has nothing to do with, without a transaction or an inbox row', async () => {
    const seen: string[] = [];
    await consumeBatches(
      { db, bus },
      {
        schema: SCHEMA,
        group: 'inbox-test.relevant',
        type: 'member.registered',
        relevant: (member) => member.merchantCode === 'M2',
        handle: async (_tx, events) => void seen.push(...events.map((event) => event.payload.memberId)),
      },
    );
    await publish([registered('x1', 'M1'), registered('x2', 'M2'), registered('x3', 'M1'), registered('x4', 'M2')]);
    await eventually(() => seen.length === 2, 'the relevant members');
    await sleep(50);
    expect(seen.sort()).toEqual(['x2', 'x4']);
    const inbox = await rows<{ n: string }>(db.orm, sql`SELECT count(*)::text AS n FROM test_inbox.inbox WHERE consumer = 'inbox-test.relevant'`);
    expect(Number(inbox[0]!.n)).toBe(2);
  });
});
