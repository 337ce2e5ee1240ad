import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing.js';
import { initTracing } from '../tracing.js';
import { eventBusContract, testEnvelope } from './event-bus.contract.js';
import { KafkaEventBus } from './kafka.js';

// Spans must be recorded for the trace-propagation case: without an exporter the SDK registers no tracer provider,
// so give it one that drops what it is handed.
initTracing({ serviceName: 'contract-test', exporter: { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined } });

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) {
  throw new Error('KAFKA_BROKERS is not set: start the cluster with `bash infra/start.sh` and run with KAFKA_BROKERS=127.0.0.1:59092 (see infra/.state/env)');
}

const brokerList = brokers
  .split(',')
  .map((broker) => broker.trim())
  .filter(Boolean);

eventBusContract(
  'kafka',
  async () => {
    const bus = new KafkaEventBus({ brokers: brokerList, clientId: 'contract-test' });
    await bus.connect();
    return bus;
  },
  { timeoutMs: 20_000 },
);

describe('KafkaEventBus start-up', () => {
  const buses: KafkaEventBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('lets services that start together create the same new topics at once, and every one of them subscribes', async () => {
    const topics = [`race.${randomUUID()}`, `race.${randomUUID()}`, `race.${randomUUID()}`];
    for (let i = 0; i < 6; i += 1) buses.push(new KafkaEventBus({ brokers: brokerList, clientId: `race-${i}` }));
    const results = await Promise.allSettled(buses.map((bus, i) => bus.subscribe({ group: `race-${randomUUID()}`, topics: i % 2 ? topics : [...topics].reverse(), handler: async () => undefined })));
    expect(results.map((result) => result.status)).toEqual(buses.map(() => 'fulfilled'));
  }, 60_000);
});

describe('KafkaEventBus: one batch at a time', () => {
  let bus: KafkaEventBus;
  afterAll(async () => {
    await bus?.close();
  });

  it('gathers what every partition has waiting into one call, and never runs two calls at once', async () => {
    bus = new KafkaEventBus({ brokers: brokerList, clientId: 'one-batch' });
    const topic = `one-batch.${randomUUID()}`;
    const keys = Array.from({ length: 16 }, (_, n) => `member-${n}`);
    // Published before the group exists: the first fetch brings every partition's messages at once.
    await bus.publish(Array.from({ length: 64 }, (_, n) => ({ topic, key: keys[n % keys.length]!, value: testEnvelope(keys[n % keys.length]!, { n }) })));
    const calls: number[][] = [];
    let running = 0;
    let overlapped = false;
    const subscription = await bus.subscribe({
      group: `one-batch-${randomUUID()}`,
      topics: [topic],
      oneBatchAtATime: true,
      batchHandler: async (batch) => {
        if (running++ > 0) overlapped = true;
        calls.push([...new Set(batch.map((message) => message.partition))]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
      },
    });
    await eventually(() => calls.length > 0 && calls.flat().length >= 1, 'a first call', 20_000);
    await eventually(() => !overlapped && running === 0, 'the calls to end', 20_000);
    expect(overlapped).toBe(false);
    // Sixteen keys land on every partition; the first call already holds more than one of them.
    expect(Math.max(...calls.map((partitions) => partitions.length))).toBeGreaterThan(1);
    await subscription.close();
  }, 60_000);
});

describe('KafkaEventBus: a lingering fetch and its batch’s worth', () => {
  let bus: KafkaEventBus;
  afterAll(async () => {
    await bus?.close();
  });

  it('hands over what is there once a batch’s worth is waiting, while the default worth gathers for the whole linger', async () => {
    bus = new KafkaEventBus({ brokers: brokerList, clientId: 'linger-bytes' });
    const topic = `linger-bytes.${randomUUID()}`;
    const sizes = new Map<string, number[]>([
      ['default', []],
      ['small', []],
    ]);
    const subscribe = (name: string, lingerBytes?: number) =>
      bus.subscribe({
        group: `${name}-${randomUUID()}`,
        topics: [topic],
        lingerMs: 1_000,
        ...(lingerBytes ? { lingerBytes } : {}),
        batchHandler: async (batch) => void sizes.get(name)!.push(batch.length),
      });
    const subscriptions = [await subscribe('default'), await subscribe('small', 1)];
    // Six messages a quarter of a second apart, on one key (one partition).
    for (let n = 0; n < 6; n++) {
      await bus.publish([{ topic, key: 'k', value: testEnvelope('k', { n }) }]);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const total = (name: string) => sizes.get(name)!.reduce((sum, size) => sum + size, 0);
    await eventually(() => total('default') === 6 && total('small') === 6, 'both consumers', 20_000);
    // A byte is a batch's worth: each message went as soon as it was there. A mebibyte is not: a second gathered several.
    expect(sizes.get('small')).toEqual([1, 1, 1, 1, 1, 1]);
    expect(Math.max(...sizes.get('default')!)).toBeGreaterThan(1);
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
  }, 60_000);
});
