import { describe, expect, it } from 'vitest';
import type { DeliveryHooks } from './deliver.js';
import { BatchMerger } from './merge.js';
import type { DeliveredMessage, SubscribeOptions } from './types.js';

const message = (partition: number, offset: number, poison = false): DeliveredMessage => ({
  topic: 'bets.v1',
  key: `k${partition}-${offset}`,
  value: { id: `${partition}-${offset}`, type: 'bet.settled', key: '', occurredAt: '', producer: 'test', version: 1, payload: { poison } } as never,
  headers: {},
  partition,
  offset: String(offset),
  attempt: 1,
});

/** A partition's delivery hooks that record what was done and what was parked. */
function partitionHooks() {
  const done: string[] = [];
  const parked: string[] = [];
  const hooks: DeliveryHooks = {
    group: 'test',
    policy: { maxAttempts: 2, initialBackoffMs: 1, maxBackoffMs: 1 },
    stopping: () => false,
    pause: async () => undefined,
    deadLetter: async (m) => void parked.push(m.value.id),
    done: (m) => void done.push(m.value.id),
  };
  return { hooks, done, parked };
}

function subscription() {
  const calls: string[][] = [];
  const options: SubscribeOptions = {
    group: 'test',
    topics: ['bets.v1'],
    oneBatchAtATime: true,
    batchHandler: async (messages) => {
      calls.push(messages.map((m) => m.value.id));
      if (messages.some((m) => (m.value.payload as { poison: boolean }).poison)) throw new Error('poison');
    },
  };
  return { options, calls };
}

describe('BatchMerger', () => {
  it('hands the batches of partitions that arrive together to one call, and each partition learns its own are done', async () => {
    const { options, calls } = subscription();
    const merger = new BatchMerger(options);
    const [a, b, c] = [partitionHooks(), partitionHooks(), partitionHooks()];
    await Promise.all([merger.deliver([message(0, 1), message(0, 2)], a.hooks), merger.deliver([message(1, 7)], b.hooks), merger.deliver([message(2, 3), message(2, 4)], c.hooks)]);
    expect(calls).toEqual([['0-1', '0-2', '1-7', '2-3', '2-4']]);
    expect([a.done, b.done, c.done]).toEqual([['0-1', '0-2'], ['1-7'], ['2-3', '2-4']]);
  });

  it('runs one call at a time: batches that arrive meanwhile go together in the next', async () => {
    const calls: string[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const merger = new BatchMerger({
      group: 'test',
      topics: ['bets.v1'],
      oneBatchAtATime: true,
      batchHandler: async (messages) => {
        calls.push(messages.map((m) => m.value.id));
        if (calls.length === 1) await first;
      },
    });
    const running = merger.deliver([message(0, 1)], partitionHooks().hooks);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [merger.deliver([message(1, 1)], partitionHooks().hooks), merger.deliver([message(2, 1)], partitionHooks().hooks)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([['0-1']]);
    release();
    await Promise.all([running, ...later]);
    expect(calls).toEqual([['0-1'], ['1-1', '2-1']]);
  });

  it('a merged call that fails hands each partition its own part: the poison message is parked alone, its neighbours are handled', async () => {
    const { options, calls } = subscription();
    const merger = new BatchMerger(options);
    const [a, b] = [partitionHooks(), partitionHooks()];
    await Promise.all([merger.deliver([message(0, 1), message(0, 2)], a.hooks), merger.deliver([message(1, 1), message(1, 2, true), message(1, 3)], b.hooks)]);
    expect(calls[0]).toEqual(['0-1', '0-2', '1-1', '1-2', '1-3']);
    // Partition 0 on its own succeeds at once.
    expect(calls[1]).toEqual(['0-1', '0-2']);
    expect(a.done).toEqual(['0-1', '0-2']);
    expect(a.parked).toEqual([]);
    expect(b.done).toEqual(['1-1', '1-2', '1-3']);
    expect(b.parked).toEqual(['1-2']);
    // Each of partition 1's messages was handled alone in the end; the good ones once each.
    expect(calls.filter((call) => call.length === 1 && call[0] !== '1-2')).toEqual([['1-1'], ['1-3']]);
  });
});
