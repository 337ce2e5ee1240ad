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
}

export interface ConsumeOnceOptions<T extends EventType> {
  /** The service's schema, which holds its `inbox` table. */
  schema: string;
  /** The consumer group; also the inbox consumer name, so renaming it re-runs every retained message. */
  group: string;
  /** The catalogue event to consume; other event types on its topic are skipped. */
  type: T;
  /** The effect, run in the transaction that records the message id. */
  effect: (tx: Executor, payload: EventPayload<T>, envelope: EventEnvelope) => Promise<void>;
  retry?: Partial<RetryPolicy>;
}

/**
 * Subscribes `group` to the topic of one catalogue event and applies `effect` once per message id: the payload is
 * validated against the catalogue's schema, and the effect runs through an `Inbox(schema, group)` in one transaction.
 */
export async function consumeOnce<T extends EventType>(deps: { db: Database; bus: EventBus }, options: ConsumeOnceOptions<T>): Promise<Subscription> {
  const event = EVENTS[options.type];
  const inbox = new Inbox(options.schema, options.group);
  return deps.bus.subscribe({
    group: options.group,
    topics: [event.topic],
    ...(options.retry ? { retry: options.retry } : {}),
    handler: async (message) => {
      if (message.value.type !== options.type) return;
      const payload = event.payload.parse(message.value.payload) as EventPayload<T>;
      await inbox.handleOnce(deps.db, message.value, (tx) => options.effect(tx, payload, message.value));
    },
  });
}
