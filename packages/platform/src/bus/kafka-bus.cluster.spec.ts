import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { initTracing } from '../tracing.js';
import { eventBusContract } from './event-bus.contract.js';
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
