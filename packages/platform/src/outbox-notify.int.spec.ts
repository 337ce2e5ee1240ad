import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@wps/contracts';
import { InMemoryEventBus } from './bus/memory.js';
import type { EventBus, OutgoingMessage, SubscribeOptions } from './bus/types.js';
import { migrate, openPglite, outboxChannel, rows, type Database } from './db.js';
import { createLogger } from './logger.js';
import { Outbox, type OutboxRelay } from './outbox.js';
import { eventually } from './testing.js';
import { sleep } from './async.js';
import { testEnvelope } from './bus/event-bus.contract.js';

const TOPIC = 'outbox-notify-test.v1';
const logger = createLogger({ service: 'outbox-notify-test', level: 'silent' });
/** Far longer than any wait below: a relay that publishes in time was woken by a notification, not by its poll. */
const NO_POLL = { pollIntervalMs: 60_000, safetyPollIntervalMs: 60_000 };

const envelope = (key: string) => testEnvelope(key, { n: 1 });

/** Records the ids that reached the bus, in order. */
class RecordingBus implements EventBus {
  readonly transport = 'memory' as const;
  readonly inner = new InMemoryEventBus();
  readonly published: string[] = [];
  async publish(messages: OutgoingMessage[]): Promise<void> {
    await this.inner.publish(messages);
    this.published.push(...messages.map((message) => message.value.id));
  }
  subscribe(options: SubscribeOptions) {
    return this.inner.subscribe(options);
  }
  close() {
    return this.inner.close();
  }
}

/** The database as a relay sees it, counting the transactions (batches) it runs. */
const counting = (db: Database) => {
  const counted = { ...db, transactions: 0 };
  counted.transaction = (fn) => {
    counted.transactions++;
    return db.transaction(fn);
  };
  return counted;
};

describe('outbox relay woken by LISTEN/NOTIFY (PGlite)', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Starts a relay and waits until it listens and has looked once after subscribing, so later wakes come from notifications. */
  const startListening = async (relay: OutboxRelay): Promise<void> => {
    relay.start();
    await eventually(() => relay.listening, 'the relay to listen');
    await relay.flush(5_000);
  };

  const plainInsert = (schema: string, event: EventEnvelope) =>
    db.orm.execute(sql`INSERT INTO ${sql.raw(`"${schema}".outbox`)} (id, topic, key, envelope) VALUES (${event.id}, ${TOPIC}, ${event.key}, ${JSON.stringify(event)}::jsonb)`);

  it('publishes rows another writer committed at once, with the polls far away, and stays idle otherwise', async () => {
    const schema = 'test_outbox_notify';
    await migrate(db, schema);
    const outbox = new Outbox(schema, 'outbox-notify-test');
    const bus = new RecordingBus();
    const relay = outbox.relay(db, bus, logger, NO_POLL);
    await startListening(relay);
    try {
      for (let round = 0; round < 3; round++) {
        // Nobody calls relay.wake(): only the insert trigger's notification can make the relay look in time.
        const viaOutbox = envelope(`outbox-${round}`);
        const started = performance.now();
        await db.transaction((tx) => outbox.addEnvelope(tx, TOPIC, viaOutbox));
        await eventually(() => bus.published.includes(viaOutbox.id), 'the row added through the outbox', 2_000);
        expect(performance.now() - started).toBeLessThan(2_000);

        const viaSql = envelope(`sql-${round}`);
        await plainInsert(schema, viaSql);
        await eventually(() => bus.published.includes(viaSql.id), 'the row inserted by plain SQL', 2_000);
      }
      expect(await relay.pending()).toBe(0);
    } finally {
      await relay.stop();
      await bus.close();
    }

    // With the default fast poll, a listening relay with nothing to do runs no batches at all.
    const watched = counting(db);
    const idleBus = new RecordingBus();
    const idle = outbox.relay(watched, idleBus, logger);
    await startListening(idle);
    try {
      const before = watched.transactions;
      await sleep(1_000);
      expect(watched.transactions - before).toBe(0);
      await db.transaction((tx) => outbox.addEnvelope(tx, TOPIC, envelope('after-idle')));
      await eventually(async () => (await idle.pending()) === 0, 'the row committed after the idle second', 2_000);
      expect(idleBus.published).toHaveLength(1);
    } finally {
      await idle.stop();
      await idleBus.close();
    }
  });

  it('sends one notification per inserting transaction, however many rows it adds', async () => {
    const schema = 'test_outbox_notify_count';
    await migrate(db, schema);
    const outbox = new Outbox(schema, 'outbox-notify-test');
    let notifications = 0;
    const unlisten = await db.listen(outboxChannel(schema), () => notifications++);
    try {
      await db.transaction(async (tx) => {
        for (let i = 0; i < 20; i++) await outbox.addEnvelope(tx, TOPIC, envelope(`many-${i}`));
      });
      await eventually(() => notifications >= 1, 'the notification');
      await sleep(100);
      expect(notifications).toBe(1);

      await expect(
        db.transaction(async (tx) => {
          await outbox.addEnvelope(tx, TOPIC, envelope('rolled-back'));
          throw new Error('business rule failed');
        }),
      ).rejects.toThrow('business rule failed');
      await sleep(100);
      expect(notifications).toBe(1);
    } finally {
      await unlisten();
    }
    // Once unsubscribed, the callback hears nothing more.
    await db.transaction((tx) => outbox.addEnvelope(tx, TOPIC, envelope('unheard')));
    await sleep(100);
    expect(notifications).toBe(1);
  });

  it('lets two relays on one schema publish every notified row exactly once between them', async () => {
    const schema = 'test_outbox_notify_pair';
    await migrate(db, schema);
    const outbox = new Outbox(schema, 'outbox-notify-test');
    const buses = [new RecordingBus(), new RecordingBus()];
    const relays = buses.map((bus) => outbox.relay(db, bus, logger, { ...NO_POLL, batchSize: 7 }));
    for (const relay of relays) await startListening(relay);
    try {
      const written: string[] = [];
      for (let t = 0; t < 40; t++) {
        await db.transaction(async (tx) => {
          for (let i = 0; i < 5; i++) {
            const event = envelope(`pair-${t}`);
            await outbox.addEnvelope(tx, TOPIC, event);
            written.push(event.id);
          }
        });
        if (t % 10 === 0) await sleep(5);
      }
      const published = () => buses.flatMap((bus) => bus.published);
      await eventually(() => published().length >= written.length, 'every row on the bus', 5_000);
      await sleep(100);
      expect(published()).toHaveLength(written.length);
      expect(new Set(published())).toEqual(new Set(written));
      for (const relay of relays) expect(await relay.pending()).toBe(0);
    } finally {
      for (const relay of relays) await relay.stop();
      for (const bus of buses) await bus.close();
    }
  });

  it('adds the trigger to a schema migrated before it existed, once, before the service files', async () => {
    const schema = 'test_outbox_notify_legacy';
    // A database from before the trigger: the platform tables are there, the notify migration is not.
    expect(await migrate(db, schema)).toEqual(['000_platform.sql', '000_platform_notify.sql']);
    await db.orm.execute(sql.raw(`DROP TRIGGER outbox_notify ON "${schema}".outbox`));
    await db.orm.execute(sql.raw(`DROP FUNCTION "${schema}".outbox_notify()`));
    await db.orm.execute(sql.raw(`DELETE FROM "${schema}".schema_migrations WHERE name = '000_platform_notify.sql'`));
    const triggers = () =>
      rows<{ name: string; per_row: boolean }>(db.orm, sql`SELECT tgname AS name, (tgtype & 1) = 1 AS per_row FROM pg_trigger WHERE tgrelid = ${`"${schema}".outbox`}::regclass AND NOT tgisinternal`);
    expect(await triggers()).toEqual([]);

    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-notify-'));
    try {
      await writeFile(path.join(dir, '001_things.sql'), 'CREATE TABLE {{schema}}.things (id int PRIMARY KEY);');
      expect(await migrate(db, schema, dir)).toEqual(['000_platform_notify.sql', '001_things.sql']);
      expect(await migrate(db, schema, dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(await triggers()).toEqual([{ name: 'outbox_notify', per_row: false }]);

    const bus = new RecordingBus();
    const relay = new Outbox(schema, 'outbox-notify-test').relay(db, bus, logger, NO_POLL);
    await startListening(relay);
    try {
      const event = envelope('legacy');
      await plainInsert(schema, event);
      await eventually(() => bus.published.includes(event.id), 'the row in the upgraded schema', 2_000);
    } finally {
      await relay.stop();
      await bus.close();
    }
  });

  it('keeps channel names within PostgreSQL limits for the longest schema names', async () => {
    const schema = `s${'x'.repeat(62)}`;
    expect(outboxChannel(schema)).toHaveLength(63);
    expect(outboxChannel('wallet')).toBe('outbox_wallet');
    expect(() => outboxChannel('Bad-Name')).toThrow();
    await migrate(db, schema);
    const bus = new RecordingBus();
    const relay = new Outbox(schema, 'outbox-notify-test').relay(db, bus, logger, NO_POLL);
    await startListening(relay);
    try {
      const event = envelope('long');
      await plainInsert(schema, event);
      await eventually(() => bus.published.includes(event.id), 'the row in the long-named schema', 2_000);
    } finally {
      await relay.stop();
      await bus.close();
    }
  });

  it('polls at the fast interval while it cannot listen, and listens once that works again', async () => {
    const schema = 'test_outbox_notify_fallback';
    await migrate(db, schema);
    let refuse = true;
    const flaky: Database = {
      ...db,
      listen: (channel, onNotify) => (refuse ? Promise.reject(new Error('no LISTEN today')) : db.listen(channel, onNotify)),
    };
    const bus = new RecordingBus();
    const relay = new Outbox(schema, 'outbox-notify-test').relay(flaky, bus, logger, { pollIntervalMs: 20, safetyPollIntervalMs: 60_000, listenRetryMs: 200 });
    relay.start();
    try {
      const polled = envelope('polled');
      await plainInsert(schema, polled);
      await eventually(() => bus.published.includes(polled.id), 'the row found by polling', 2_000);
      expect(relay.listening).toBe(false);

      refuse = false;
      await eventually(() => relay.listening, 'the relay to listen after its retry', 2_000);
      await relay.flush(5_000);
      const notified = envelope('notified');
      await plainInsert(schema, notified);
      await eventually(() => bus.published.includes(notified.id), 'the row announced by notification', 2_000);
    } finally {
      await relay.stop();
      await bus.close();
    }
    expect(relay.listening).toBe(false);
  });
});
