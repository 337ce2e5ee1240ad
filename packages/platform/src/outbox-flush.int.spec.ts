import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@wps/contracts';
import { InMemoryEventBus } from './bus/memory.js';
import type { EventBus, OutgoingMessage, SubscribeOptions } from './bus/types.js';
import { migrate, openPglite, type Database } from './db.js';
import { createLogger } from './logger.js';
import { Outbox } from './outbox.js';

const SCHEMA = 'test_outbox_flush';
const TOPIC = 'outbox-flush-test.v1';
const logger = createLogger({ service: 'outbox-flush-test', level: 'silent' });

const envelope = (key: string): EventEnvelope<{ n: number }> => ({
  id: randomUUID(),
  type: 'test.happened',
  version: 1,
  occurredAt: new Date().toISOString(),
  source: 'outbox-flush-test',
  key,
  payload: { n: 1 },
});

/** Records what reached the bus, and when; can be switched to refuse everything. */
class RecordingBus implements EventBus {
  readonly transport = 'memory' as const;
  readonly inner = new InMemoryEventBus();
  readonly published: string[] = [];
  failing = false;
  async publish(messages: OutgoingMessage[]): Promise<void> {
    if (this.failing) throw new Error('broker unavailable');
    await this.inner.publish(messages);
    this.published.push(...messages.map((message) => message.key));
  }
  subscribe(options: SubscribeOptions) {
    return this.inner.subscribe(options);
  }
  close() {
    return this.inner.close();
  }
}

describe('outbox relay flush (PGlite)', () => {
  let db: Database;
  const outbox = new Outbox(SCHEMA, 'outbox-flush-test');
  const commit = (key: string) => db.transaction((tx) => outbox.addEnvelope(tx, TOPIC, envelope(key)));

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db, SCHEMA);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('resolves once the rows committed before it are on the bus, without waiting for the poll', async () => {
    const bus = new RecordingBus();
    // A poll far longer than the test: only the flush can make the relay publish in time.
    const relay = outbox.relay(db, bus, logger, { pollIntervalMs: 60_000 });
    relay.start();
    try {
      await relay.flush();
      for (let round = 0; round < 5; round++) {
        const key = `urgent-${round}`;
        await commit(key);
        const started = performance.now();
        await relay.flush(5_000);
        expect(bus.published).toContain(key);
        expect(performance.now() - started).toBeLessThan(2_000);
      }
    } finally {
      await relay.stop();
      await bus.close();
    }
  });

  it('gives up after its timeout when the bus refuses, resolves at once when the relay is not running, and stop releases waiters', async () => {
    const bus = new RecordingBus();
    const relay = outbox.relay(db, bus, logger, { pollIntervalMs: 60_000 });
    await relay.flush(10);
    relay.start();
    await relay.flush(5_000);
    bus.failing = true;
    await commit('refused');
    const started = performance.now();
    await relay.flush(150);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(bus.published).not.toContain('refused');
    const waiting = relay.flush(60_000);
    await relay.stop();
    await waiting;
    await bus.close();
  });
});
