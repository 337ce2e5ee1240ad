import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@wps/contracts';
import { eventually } from '../testing.js';
import { currentTraceId, withSpan } from '../tracing.js';
import type { DeliveredMessage, EventBus } from './types.js';
import { sleep } from '../async.js';

export const testEnvelope = (key: string, payload: unknown, type = 'test.happened'): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  occurredAt: new Date().toISOString(),
  source: 'contract-test',
  key,
  payload,
});

/**
 * The behaviour every EventBus transport must show. It runs against the in-memory transport in `npm test` and against
 * a real Kafka broker in the cluster suite.
 */
export function eventBusContract(name: string, createBus: () => Promise<EventBus>, options: { timeoutMs?: number } = {}): void {
  const timeoutMs = options.timeoutMs ?? 5_000;
  describe(`EventBus contract: ${name}`, () => {
    let bus: EventBus;
    const unique = (label: string) => `contract.${label}.${randomUUID().slice(0, 8)}`;
    const fastRetry = { maxAttempts: 3, initialBackoffMs: 5, maxBackoffMs: 20 };

    beforeAll(async () => {
      bus = await createBus();
    }, 60_000);
    afterAll(async () => {
      await bus?.close();
    }, 60_000);

    it('delivers asynchronously, after publish returns', async () => {
      const topic = unique('async');
      const seen: string[] = [];
      let publishReturned = false;
      let deliveredBeforeReturn = false;
      await bus.subscribe({
        group: unique('g'),
        topics: [topic],
        handler: async (message) => {
          if (!publishReturned) deliveredBeforeReturn = true;
          seen.push(message.value.id);
        },
      });
      const envelope = testEnvelope('k1', { n: 1 });
      await bus.publish([{ topic, key: 'k1', value: envelope }]);
      publishReturned = true;
      await eventually(() => seen.length === 1, 'delivery', timeoutMs);
      expect(seen).toEqual([envelope.id]);
      expect(deliveredBeforeReturn).toBe(false);
    }, 60_000);

    it('keeps per-key order across many keys', async () => {
      const topic = unique('order');
      const received = new Map<string, number[]>();
      await bus.subscribe({
        group: unique('g'),
        topics: [topic],
        handler: async (message) => {
          const payload = message.value.payload as { n: number };
          received.set(message.key, [...(received.get(message.key) ?? []), payload.n]);
          if (payload.n % 7 === 0) await sleep(1);
        },
      });
      const keys = ['a', 'b', 'c', 'd', 'e'];
      const batch = Array.from({ length: 250 }, (_, n) => {
        const key = keys[n % keys.length]!;
        return { topic, key, value: testEnvelope(key, { n }) };
      });
      await bus.publish(batch.slice(0, 100));
      await bus.publish(batch.slice(100));
      await eventually(() => [...received.values()].reduce((sum, list) => sum + list.length, 0) === 250, 'all messages', timeoutMs * 2);
      for (const key of keys) {
        const list = received.get(key)!;
        expect(list).toEqual([...list].sort((x, y) => x - y));
        expect(list).toHaveLength(50);
      }
    }, 60_000);

    it('gives every group every message, and each message to one member of a group', async () => {
      const topic = unique('groups');
      const groupA = unique('ga');
      const seenA1: string[] = [];
      const seenA2: string[] = [];
      const seenB: string[] = [];
      await bus.subscribe({ group: groupA, topics: [topic], handler: async (m) => void seenA1.push(m.value.id) });
      await bus.subscribe({ group: groupA, topics: [topic], handler: async (m) => void seenA2.push(m.value.id) });
      await bus.subscribe({ group: unique('gb'), topics: [topic], handler: async (m) => void seenB.push(m.value.id) });
      const batch = Array.from({ length: 40 }, (_, n) => ({ topic, key: `key-${n}`, value: testEnvelope(`key-${n}`, { n }) }));
      await bus.publish(batch);
      await eventually(() => seenB.length === 40 && seenA1.length + seenA2.length >= 40, 'both groups', timeoutMs * 2);
      await sleep(200);
      expect(new Set(seenB).size).toBe(40);
      const groupAIds = [...seenA1, ...seenA2];
      expect(new Set(groupAIds).size).toBe(40);
      expect(groupAIds).toHaveLength(40);
    }, 60_000);

    it('retries a failing handler with backoff and then succeeds', async () => {
      const topic = unique('retry');
      const attempts: number[] = [];
      const done: string[] = [];
      await bus.subscribe({
        group: unique('g'),
        topics: [topic],
        retry: fastRetry,
        handler: async (message) => {
          attempts.push(message.attempt);
          if (message.attempt < 3) throw new Error('transient');
          done.push(message.value.id);
        },
      });
      await bus.publish([{ topic, key: 'r', value: testEnvelope('r', {}) }]);
      await eventually(() => done.length === 1, 'success after retries', timeoutMs);
      expect(attempts).toEqual([1, 2, 3]);
    }, 60_000);

    it('parks a message on the dead-letter topic after the last attempt, and moves on', async () => {
      const topic = unique('dlq');
      const dead: DeliveredMessage[] = [];
      const good: string[] = [];
      await bus.subscribe({ group: unique('dlq-reader'), topics: [`${topic}.dlq`], handler: async (message) => void dead.push(message) });
      await bus.subscribe({
        group: unique('g'),
        topics: [topic],
        retry: fastRetry,
        handler: async (message) => {
          if ((message.value.payload as { poison?: boolean }).poison) throw new Error('cannot handle this');
          good.push(message.value.id);
        },
      });
      const poison = testEnvelope('p', { poison: true });
      const next = testEnvelope('p', { poison: false });
      await bus.publish([
        { topic, key: 'p', value: poison },
        { topic, key: 'p', value: next },
      ]);
      await eventually(() => dead.length === 1 && good.length === 1, 'dead letter and the next message', timeoutMs * 2);
      expect(dead[0]!.value.id).toBe(poison.id);
      expect(dead[0]!.headers['x-dlq-reason']).toContain('cannot handle this');
      expect(dead[0]!.headers['x-dlq-original-topic']).toBe(topic);
      expect(good).toEqual([next.id]);
    }, 60_000);

    it('hands a batch subscriber the waiting messages of a partition together, in per-key order, at most maxBatchSize', async () => {
      const topic = unique('batches');
      const keys = ['k1', 'k2', 'k3'];
      const messages = Array.from({ length: 120 }, (_, n) => ({ topic, key: keys[n % 3]!, value: testEnvelope(keys[n % 3]!, { n }) }));
      // Published before the group exists: the first fetch finds them all waiting.
      await bus.publish(messages);
      const sizes: number[] = [];
      const received = new Map<string, number[]>();
      await bus.subscribe({
        group: unique('g'),
        topics: [topic],
        maxBatchSize: 25,
        batchHandler: async (batch) => {
          sizes.push(batch.length);
          for (const message of batch) received.set(message.key, [...(received.get(message.key) ?? []), (message.value.payload as { n: number }).n]);
        },
      });
      await eventually(() => sizes.reduce((sum, size) => sum + size, 0) === 120, 'every message', timeoutMs * 2);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(25);
      expect(Math.max(...sizes)).toBeGreaterThan(1);
      for (const key of keys) {
        const list = received.get(key)!;
        expect(list).toHaveLength(40);
        expect(list).toEqual([...list].sort((x, y) => x - y));
      }
    }, 60_000);

    it('lets a lingering batch subscriber gather messages published one by one into few batches', async () => {
      const topic = unique('linger');
      const sizes: number[] = [];
      const subscription = await bus.subscribe({ group: unique('g'), topics: [topic], lingerMs: 800, batchHandler: async (batch) => void sizes.push(batch.length) });
      await sleep(300);
      for (let n = 0; n < 20; n++) {
        await bus.publish([{ topic, key: 'same', value: testEnvelope('same', { n }) }]);
        await sleep(15);
      }
      await eventually(() => sizes.reduce((sum, size) => sum + size, 0) === 20, 'every message', timeoutMs * 2);
      // Without the linger each message would come alone (it is handled before the next one is published).
      expect(Math.max(...sizes)).toBeGreaterThan(5);
      await subscription.close();
    }, 60_000);

    it('splits a failing batch: the poison message is dead-lettered alone, the rest are handled once, in order', async () => {
      const topic = unique('batch-dlq');
      const dead: DeliveredMessage[] = [];
      await bus.subscribe({ group: unique('dlq-reader'), topics: [`${topic}.dlq`], handler: async (message) => void dead.push(message) });
      const committed: number[] = [];
      await bus.subscribe({
        group: unique('g'),
        topics: [topic],
        retry: fastRetry,
        batchHandler: async (batch) => {
          // Like a transaction: a batch with the poison in it commits nothing.
          if (batch.some((message) => (message.value.payload as { poison?: boolean }).poison)) throw new Error('cannot handle this');
          committed.push(...batch.map((message) => (message.value.payload as { n: number }).n));
        },
      });
      const list = Array.from({ length: 30 }, (_, n) => ({ topic, key: 'same', value: testEnvelope('same', { n, poison: n === 11 }) }));
      await bus.publish(list);
      await eventually(() => dead.length === 1 && committed.length === 29, 'poison parked, the rest handled', timeoutMs * 3);
      expect((dead[0]!.value.payload as { n: number }).n).toBe(11);
      expect(dead[0]!.headers['x-dlq-reason']).toContain('cannot handle this');
      expect(committed).toEqual(Array.from({ length: 30 }, (_, n) => n).filter((n) => n !== 11));
    }, 60_000);

    it('carries the trace context from publisher to consumer', async () => {
      const topic = unique('trace');
      let consumerTrace: string | undefined;
      await bus.subscribe({
        group: unique('g'),
        topics: [topic],
        handler: async () => {
          consumerTrace = currentTraceId();
        },
      });
      const publisherTrace = await withSpan('publisher', {}, async () => {
        await bus.publish([{ topic, key: 't', value: testEnvelope('t', {}) }]);
        return currentTraceId();
      });
      await eventually(() => consumerTrace !== undefined, 'traced delivery', timeoutMs);
      expect(publisherTrace).toMatch(/^[0-9a-f]{32}$/);
      expect(consumerTrace).toBe(publisherTrace);
    }, 60_000);

    it('refuses a message that is not a valid envelope', async () => {
      await expect(bus.publish([{ topic: unique('bad'), key: 'x', value: { id: 'nope' } as unknown as EventEnvelope }])).rejects.toThrow();
    });
  });
}
