import { sql } from 'drizzle-orm';
import { EVENTS, type EventEnvelope, type EventPayload, type EventType } from '@wps/contracts';
import { rows, type Database, type Executor } from './db.js';
import type { EventBus, RetryPolicy, Subscription } from './bus/types.js';

/**
 * A consumer's dedupe. The handled message id is written in the same transaction as the effect, so a redelivered
 * message finds its id and does nothing, and a crash before commit leaves neither.
 */
export class Inbox {
  private readonly table: string;
  constructor(
    schema: string,
    private readonly consumer: string,
  ) {
    this.table = `"${schema}".inbox`;
  }

  /** Runs `effect` once per message id; returns false when the message was already handled. */
  async handleOnce(db: Database, envelope: EventEnvelope, effect: (tx: Executor) => Promise<void>): Promise<boolean> {
    return db.transaction(async (tx) => {
      const inserted = await rows<{ message_id: string }>(
        tx,
        sql`INSERT INTO ${sql.raw(this.table)} (consumer, message_id) VALUES (${this.consumer}, ${envelope.id}) ON CONFLICT DO NOTHING RETURNING message_id`,
      );
      if (inserted.length === 0) return false;
      await effect(tx);
      return true;
    });
  }

  /**
   * Records every id of the batch with one insert and runs `effect` on the items whose id was new, in their order; an
   * id seen twice in the batch counts once. Returns how many items were new.
   */
  async handleBatch<I extends { envelope: EventEnvelope }>(db: Database, items: I[], effect: (tx: Executor, fresh: I[]) => Promise<void>): Promise<number> {
    const firstOfId = new Map<string, I>();
    for (const item of items) if (!firstOfId.has(item.envelope.id)) firstOfId.set(item.envelope.id, item);
    if (firstOfId.size === 0) return 0;
    return db.transaction(async (tx) => {
      const inserted = await rows<{ message_id: string }>(
        tx,
        sql`INSERT INTO ${sql.raw(this.table)} (consumer, message_id) SELECT ${this.consumer}, unnest(${`{${[...firstOfId.keys()].join(',')}}`}::uuid[])
            ON CONFLICT DO NOTHING RETURNING message_id`,
      );
      if (inserted.length === 0) return 0;
      const fresh = new Set(inserted.map((row) => row.message_id));
      const newItems = [...firstOfId.values()].filter((item) => fresh.has(item.envelope.id.toLowerCase()));
      await effect(tx, newItems);
      return newItems.length;
    });
  }
}

export interface ConsumedEvent<T extends EventType> {
  payload: EventPayload<T>;
  envelope: EventEnvelope;
}

export interface ConsumeOptions<T extends EventType> {
  /** The service's schema, which holds its `inbox` table. */
  schema: string;
  /** The consumer group; also the inbox consumer name, so renaming it re-runs every retained message. */
  group: string;
  /** The catalogue event to consume; other event types on its topic are skipped. */
  type: T;
  /**
   * The effect of a batch: the events not handled before, in offset order (so per key in publishing order), run in the
   * transaction that records their ids. It should cost far less than one transaction per event: set-based writes,
   * one read of shared state, one push per changed aggregate.
   */
  handle: (tx: Executor, events: Array<ConsumedEvent<T>>) => Promise<void>;
  /**
   * Events this consumer has nothing to do with (its effect would be empty): they are passed over without a
   * transaction or an inbox row, so a busy topic costs a consumer only the events it acts on.
   */
  relevant?: (payload: EventPayload<T>) => boolean;
  retry?: Partial<RetryPolicy>;
  /** The most events handed over at once. Default 500. */
  maxBatchSize?: number;
  /** How long a batch may wait for more events to gather (consumers that need not act at once); see SubscribeOptions. */
  lingerMs?: number;
  /** A batch's worth of bytes, after which a lingering fetch stops waiting; see SubscribeOptions. */
  lingerBytes?: number;
  /** One partition's batch at a time; see SubscribeOptions. */
  oneBatchAtATime?: boolean;
}

/** For a consumer whose effect is one event at a time: runs it for each event of the batch, in order, in its transaction. */
export const eachEvent =
  <T extends EventType>(effect: (tx: Executor, payload: EventPayload<T>, envelope: EventEnvelope) => Promise<void>) =>
  async (tx: Executor, events: Array<ConsumedEvent<T>>): Promise<void> => {
    for (const event of events) await effect(tx, event.payload, event.envelope);
  };

/**
 * Subscribes `group` to the topic of one catalogue event and applies `handle` to batches of it, once per message id:
 * payloads are validated against the catalogue's schema, and a batch runs in one transaction with one inbox insert
 * for all its ids. A redelivered batch, or a message of it, finds its ids and does nothing again; a batch that fails
 * is split by the bus, so a poison message is dead-lettered alone.
 */
export async function consumeBatches<T extends EventType>(deps: { db: Database; bus: EventBus }, options: ConsumeOptions<T>): Promise<Subscription> {
  const event = EVENTS[options.type];
  const inbox = new Inbox(options.schema, options.group);
  return deps.bus.subscribe({
    group: options.group,
    topics: [event.topic],
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.maxBatchSize ? { maxBatchSize: options.maxBatchSize } : {}),
    ...(options.lingerMs ? { lingerMs: options.lingerMs } : {}),
    ...(options.lingerMs && options.lingerBytes ? { lingerBytes: options.lingerBytes } : {}),
    ...(options.oneBatchAtATime ? { oneBatchAtATime: true } : {}),
    batchHandler: async (messages) => {
      const events: Array<ConsumedEvent<T>> = [];
      for (const message of messages) {
        if (message.value.type !== options.type) continue;
        const payload = event.payload.parse(message.value.payload) as EventPayload<T>;
        if (options.relevant && !options.relevant(payload)) continue;
        events.push({ payload, envelope: message.value });
      }
      if (events.length === 0) return;
      await inbox.handleBatch(deps.db, events, (tx, fresh) => options.handle(tx, fresh));
    },
  });
}
