import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@wps/contracts';
import { rows, type Database, type Executor } from './db.js';

/**
 * A consumer's dedupe. The handled message id is written in the same transaction as the effect, so a redelivered
 * message finds its id and does nothing, and a crash before commit leaves neither.
 */
export class Inbox {
  private readonly table: string;
  constructor(schema: string, private readonly consumer: string) {
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
