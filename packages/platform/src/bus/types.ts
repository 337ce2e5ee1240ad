import type { EventEnvelope } from '@wps/contracts';

export interface OutgoingMessage {
  topic: string;
  key: string;
  value: EventEnvelope;
  headers?: Record<string, string>;
}

export interface DeliveredMessage extends OutgoingMessage {
  headers: Record<string, string>;
  partition: number;
  offset: string;
  /** 1 on first delivery, then counts retries within this consumer. */
  attempt: number;
}

export interface RetryPolicy {
  /** Attempts before the message goes to the dead-letter topic (first try included). */
  maxAttempts: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, initialBackoffMs: 100, maxBackoffMs: 5_000 };

interface SubscribeBase {
  /** The consumer group: one per service (and purpose); members of a group share the partitions. */
  group: string;
  topics: string[];
  retry?: Partial<RetryPolicy>;
  /** Start a new group at the earliest retained message instead of new ones only. Default true. */
  fromBeginning?: boolean;
}

/**
 * A subscription takes either one message at a time (`handler`) or batches (`batchHandler`): the messages of one
 * partition that are waiting, up to `maxBatchSize`, in offset order, so per-key order holds within and across batches.
 * A batch that fails is tried once more whole, then message by message with the retry policy, so a poison message
 * goes to the dead-letter topic alone and the rest of its batch is handled.
 */
export type SubscribeOptions = SubscribeBase &
  (
    | { handler: (message: DeliveredMessage) => Promise<void>; batchHandler?: never; maxBatchSize?: never; lingerMs?: never; lingerBytes?: never; oneBatchAtATime?: never }
    | {
        batchHandler: (messages: DeliveredMessage[]) => Promise<void>;
        handler?: never;
        maxBatchSize?: number;
        /**
         * For consumers that need not act at once (reports, roll-ups): how long a batch may wait for more messages to
         * gather, so that under load one transaction covers many of them. Without it a batch is whatever is waiting.
         */
        lingerMs?: number;
        /**
         * With `lingerMs`: a batch's worth, after which a lingering fetch stops waiting (Kafka's fetch minimum; the
         * in-memory bus, which has no fetch to save, waits the linger). Default 1 MiB, about a thousand events, so the
         * linger decides; a consumer someone waits on sets less, so that under load, when events gathered while its
         * last batch ran, the next batch starts at once and only a quiet topic waits the whole linger.
         */
        lingerBytes?: number;
        /**
         * One batch at a time for the whole subscription, gathered from every partition, instead of one batch per
         * partition at once: for consumers whose batches update the same rows from every partition (a member's
         * running sums when the topic is keyed by bet), so one transaction covers what all partitions brought and no
         * two wait on each other's row locks.
         */
        oneBatchAtATime?: boolean;
      }
  );

export const DEFAULT_MAX_BATCH = 500;

export interface Subscription {
  close(): Promise<void>;
}

/**
 * The event bus every service sees. Two transports keep the same semantics: asynchronous delivery, per-key ordering,
 * consumer groups, at-least-once with retries and backoff, then the topic's dead-letter topic (`<topic>.dlq`).
 */
export interface EventBus {
  readonly transport: 'memory' | 'kafka';
  publish(messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}

export const backoffMs = (policy: RetryPolicy, attempt: number): number => Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** Math.max(0, attempt - 1));

/** Kafka's default partitioner is murmur2; any stable hash keeps per-key order, this one is FNV-1a. */
export function partitionFor(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
