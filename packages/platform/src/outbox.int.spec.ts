import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@wps/contracts';
import { InMemoryEventBus } from './bus/memory.js';
import type { DeliveredMessage, EventBus, OutgoingMessage, SubscribeOptions } from './bus/types.js';
import { migrate, openPglite, rows, type Database, type Executor } from './db.js';
import { Inbox } from './inbox.js';
import { createLogger } from './logger.js';
import { Outbox, type OutboxRelay } from './outbox.js';
import { eventually } from './testing.js';
import { sleep } from './async.js';

const SCHEMA = 'test_outbox';
const TOPIC = 'outbox-test.v1';
const logger = createLogger({ service: 'outbox-test', level: 'silent' });

const envelope = (key: string, n: number): EventEnvelope<{ n: number }> => ({
  id: randomUUID(),
  type: 'test.happened',
  version: 1,
  occurredAt: new Date().toISOString(),
  source: 'outbox-test',
  key,
  payload: { n },
});

const waitFor = (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) => eventually(check, what, timeoutMs);

/** An in-memory bus that records every publish call and can be switched to fail. */
class RecordingBus implements EventBus {
  readonly transport = 'memory' as const;
  readonly inner = new InMemoryEventBus();
  readonly calls: OutgoingMessage[][] = [];
  failing = false;
  failures = 0;

  async publish(messages: OutgoingMessage[]): Promise<void> {
    if (this.failing) {
      this.failures++;
      throw new Error('broker unavailable');
    }
    await this.inner.publish(messages);
    this.calls.push(messages);
  }

  subscribe(options: SubscribeOptions) {
    return this.inner.subscribe(options);
  }

  close() {
    return this.inner.close();
  }
}

describe('transactional outbox and inbox (PGlite, in-memory bus)', () => {
  let db: Database;
  let bus: RecordingBus;
  let received: DeliveredMessage[];
  let relay: OutboxRelay | undefined;
  const outbox = new Outbox(SCHEMA, 'outbox-test');

  const write = async (count: number, key = 'k', perTransaction = count): Promise<EventEnvelope[]> => {
    const written: EventEnvelope[] = [];
    let n = 0;
    while (n < count) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < perTransaction && n < count; i++, n++) {
          const event = envelope(key, n);
          await outbox.addEnvelope(tx, TOPIC, event);
          written.push(event);
        }
      });
    }
    return written;
  };

  const unpublished = async (): Promise<number> => {
    const [row] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM ${sql.raw(`"${SCHEMA}".outbox`)} WHERE published_at IS NULL`);
    return row!.n;
  };

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db, SCHEMA);
    await db.orm.execute(sql.raw(`CREATE TABLE "${SCHEMA}".effects (message_id uuid NOT NULL, note text)`));
  });

  afterAll(async () => {
    await db?.close();
  });

  beforeEach(async () => {
    await db.orm.execute(sql.raw(`TRUNCATE "${SCHEMA}".outbox, "${SCHEMA}".inbox, "${SCHEMA}".effects`));
    bus = new RecordingBus();
    received = [];
    await bus.subscribe({ group: `reader-${randomUUID()}`, topics: [TOPIC], handler: async (message) => void received.push(message) });
  });

  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
    await bus.close();
  });

  it('never publishes an event added in a transaction that rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await outbox.addEnvelope(tx, TOPIC, envelope('rolled-back', 1));
        await outbox.add(tx, 'member.registered', 'm-1', {
          memberId: 'm-1',
          merchantCode: 'demo',
          account: 'alice',
          type: 1,
          currency: 'CNY',
          uplineId: null,
          registeredAt: new Date().toISOString(),
        });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const committed = await write(1, 'committed');

    relay = outbox.relay(db, bus, logger, { pollIntervalMs: 20 });
    expect(await relay.relayOnce()).toBe(1);
    expect(await relay.relayOnce()).toBe(0);
    await waitFor(() => received.length === 1, 'the committed event');
    await sleep(50);
    expect(received.map((message) => message.value.id)).toEqual([committed[0]!.id]);
    expect(bus.calls.flat().map((message) => message.key)).toEqual(['committed']);
    expect(await relay.pending()).toBe(0);
  });

  it('publishes committed events in commit order, in batches of the configured size', async () => {
    const written = await write(25, 'ordered', 5);
    // Stored as a jsonb object (not a JSON string), so SQL can look inside it.
    const stored = await rows<{ kind: string; n: number; topic: string; key: string }>(
      db.orm,
      sql`SELECT jsonb_typeof(envelope) AS kind, (envelope->'payload'->>'n')::int AS n, topic, key FROM ${sql.raw(`"${SCHEMA}".outbox`)} ORDER BY seq LIMIT 1`,
    );
    expect(stored).toEqual([{ kind: 'object', n: 0, topic: TOPIC, key: 'ordered' }]);

    relay = outbox.relay(db, bus, logger, { batchSize: 10, pollIntervalMs: 20 });
    expect(await relay.pending()).toBe(25);
    expect(await relay.relayOnce()).toBe(10);
    expect(await relay.relayOnce()).toBe(10);
    expect(await relay.relayOnce()).toBe(5);
    expect(await relay.relayOnce()).toBe(0);
    expect(bus.calls.map((call) => call.length)).toEqual([10, 10, 5]);
    expect(bus.calls.flat().map((message) => message.value.id)).toEqual(written.map((event) => event.id));
    await waitFor(() => received.length === 25, 'all events');
    expect(received.map((message) => message.value.id)).toEqual(written.map((event) => event.id));
    expect(received.map((message) => (message.value.payload as { n: number }).n)).toEqual(written.map((_, n) => n));
    expect(await relay.pending()).toBe(0);

    // A running relay picks up later commits in order as well, woken or by polling.
    relay.start();
    const more = await write(30, 'ordered', 7);
    relay.wake();
    await waitFor(() => received.length === 55, 'events committed while the relay runs');
    expect(received.slice(25).map((message) => message.value.id)).toEqual(more.map((event) => event.id));
    expect(bus.calls.every((call) => call.length <= 10)).toBe(true);
  });

  it('publishes rows left behind while no relay ran (a crash between commit and publish)', async () => {
    // The process that wrote these died before its relay published anything.
    const orphaned = await write(40, 'crash', 8);
    expect(await unpublished()).toBe(40);
    expect(received).toHaveLength(0);

    // A new process starts its relay and finds them, without being woken.
    relay = outbox.relay(db, bus, logger, { batchSize: 16, pollIntervalMs: 20 });
    relay.start();
    await waitFor(() => received.length === 40, 'orphaned rows');
    await waitFor(async () => (await unpublished()) === 0, 'rows marked published');
    expect(received.map((message) => message.value.id)).toEqual(orphaned.map((event) => event.id));
  });

  it('keeps rows unpublished while the bus refuses them, and publishes them once it works again', async () => {
    const written = await write(12, 'outage', 4);
    relay = outbox.relay(db, bus, logger, { batchSize: 5, pollIntervalMs: 20 });

    bus.failing = true;
    await expect(relay.relayOnce()).rejects.toThrow('broker unavailable');
    expect(await unpublished()).toBe(12);

    relay.start();
    await waitFor(() => bus.failures >= 3, 'the running relay to retry');
    expect(await unpublished()).toBe(12);
    expect(received).toHaveLength(0);

    bus.failing = false;
    await waitFor(() => received.length === 12, 'events after the outage', 15_000);
    await waitFor(async () => (await unpublished()) === 0, 'rows marked published');
    expect(received.map((message) => message.value.id)).toEqual(written.map((event) => event.id));
  });

  it('runs an inbox effect once per message id, and again after an effect that failed', async () => {
    const inbox = new Inbox(SCHEMA, 'outbox-test.consumer');
    const effect = (note: string) => async (tx: Executor, id: string) => {
      await tx.execute(sql`INSERT INTO ${sql.raw(`"${SCHEMA}".effects`)} (message_id, note) VALUES (${id}, ${note})`);
    };
    const effects = () => rows<{ message_id: string; note: string }>(db.orm, sql`SELECT message_id, note FROM ${sql.raw(`"${SCHEMA}".effects`)} ORDER BY note`);

    // A duplicate delivery (at-least-once) finds the id and does nothing.
    const first = envelope('inbox', 1);
    expect(await inbox.handleOnce(db, first, (tx) => effect('first')(tx, first.id))).toBe(true);
    expect(await inbox.handleOnce(db, first, (tx) => effect('duplicate')(tx, first.id))).toBe(false);
    expect(await effects()).toEqual([{ message_id: first.id, note: 'first' }]);

    // Another consumer keeps its own inbox: the same message is new to it.
    const other = new Inbox(SCHEMA, 'outbox-test.other-consumer');
    expect(await other.handleOnce(db, first, async () => undefined)).toBe(true);

    // An effect that throws rolls back its inbox row together with its writes, so the redelivery runs it.
    const second = envelope('inbox', 2);
    await expect(
      inbox.handleOnce(db, second, async (tx) => {
        await effect('partial')(tx, second.id);
        throw new Error('downstream failed');
      }),
    ).rejects.toThrow('downstream failed');
    const [stored] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM ${sql.raw(`"${SCHEMA}".inbox`)} WHERE message_id = ${second.id}`);
    expect(stored!.n).toBe(0);
    expect(await inbox.handleOnce(db, second, (tx) => effect('retried')(tx, second.id))).toBe(true);
    expect(await inbox.handleOnce(db, second, (tx) => effect('again')(tx, second.id))).toBe(false);
    expect((await effects()).map((row) => row.note)).toEqual(['first', 'retried']);
  });

  it('dedupes through the inbox when the relay publishes the same row twice', async () => {
    // A relay that dies after the bus accepted a batch but before marking it published republishes it: simulate by
    // publishing the batch, then clearing published_at.
    const inbox = new Inbox(SCHEMA, 'outbox-test.dedupe');
    let applied = 0;
    await bus.subscribe({
      group: 'dedupe',
      topics: [TOPIC],
      handler: async (message) => {
        await inbox.handleOnce(db, message.value, async () => void applied++);
      },
    });
    const written = await write(6, 'dup', 3);
    relay = outbox.relay(db, bus, logger, { batchSize: 100, pollIntervalMs: 20 });
    expect(await relay.relayOnce()).toBe(6);
    await db.orm.execute(sql.raw(`UPDATE "${SCHEMA}".outbox SET published_at = NULL`));
    expect(await relay.relayOnce()).toBe(6);

    await waitFor(() => received.length === 12, 'both copies');
    await waitFor(async () => {
      const [row] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM ${sql.raw(`"${SCHEMA}".inbox`)} WHERE consumer = 'outbox-test.dedupe'`);
      return row!.n === 6;
    }, 'inbox rows');
    await sleep(50);
    expect(applied).toBe(6);
    expect(new Set(received.map((message) => message.value.id))).toEqual(new Set(written.map((event) => event.id)));
  });
});
