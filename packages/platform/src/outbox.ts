import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { jsonb, pgSchema, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { EVENTS, type EventPayload, type EventType, type EventEnvelope } from '@wps/contracts';
import { outboxChannel, rows, type Database, type Executor } from './db.js';
import type { EventBus } from './bus/types.js';
import type { Logger } from './logger.js';
import { injectTraceContext } from './tracing.js';

/** Builds a validated envelope for a catalogue event; the payload is checked against the contract's schema. */
export function createEnvelope<T extends EventType>(type: T, key: string, payload: EventPayload<T>, source: string): EventEnvelope<EventPayload<T>> {
  const definition = EVENTS[type];
  const checked = definition.payload.parse(payload) as EventPayload<T>;
  const traceparent = injectTraceContext({}).traceparent;
  return { id: randomUUID(), type, version: definition.version, occurredAt: new Date().toISOString(), source, key, ...(traceparent ? { traceparent } : {}), payload: checked };
}

/**
 * The transactional outbox of one service schema. `add` must be called with the transaction that changes state, so
 * the event exists exactly when the change does; the relay publishes it afterwards, also after a crash.
 */
export class Outbox {
  /** The columns `addEnvelope` writes; the others have defaults. */
  private readonly insertable;
  /** One named statement per schema: PostgreSQL parses and plans the insert once per connection, not once per event. */
  private readonly statementName: string;
  /** The built insert per transaction (or database), so a transaction that adds many events builds it once. */
  private readonly inserts = new WeakMap<Executor, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  constructor(
    private readonly schema: string,
    private readonly source: string,
  ) {
    const columns = { id: uuid('id').notNull(), topic: text('topic').notNull(), key: text('key').notNull(), envelope: jsonb('envelope').notNull() };
    this.insertable = schema === 'public' ? pgTable('outbox', columns) : pgSchema(schema).table('outbox', columns);
    this.statementName = `outbox_add_${schema}`;
  }

  async add<T extends EventType>(tx: Executor, type: T, key: string, payload: EventPayload<T>): Promise<EventEnvelope> {
    const envelope = createEnvelope(type, key, payload, this.source);
    await this.addEnvelope(tx, EVENTS[type].topic, envelope);
    return envelope;
  }

  /** Adds many events of one type in one statement (a batch's pushes, one per changed member). */
  async addAll<T extends EventType>(tx: Executor, type: T, events: ReadonlyArray<{ key: string; payload: EventPayload<T> }>): Promise<void> {
    if (events.length === 0) return;
    const topic = EVENTS[type].topic;
    await tx.insert(this.insertable).values(
      events.map(({ key, payload }) => {
        const envelope = createEnvelope(type, key, payload, this.source);
        return { id: envelope.id, topic, key: envelope.key, envelope };
      }),
    );
  }

  async addEnvelope(tx: Executor, topic: string, envelope: EventEnvelope): Promise<void> {
    let insert = this.inserts.get(tx);
    if (!insert) {
      insert = tx
        .insert(this.insertable)
        .values({ id: sql.placeholder('id'), topic: sql.placeholder('topic'), key: sql.placeholder('key'), envelope: sql.placeholder('envelope') })
        .prepare(this.statementName);
      this.inserts.set(tx, insert);
    }
    await insert.execute({ id: envelope.id, topic, key: envelope.key, envelope });
  }

  relay(db: Database, bus: EventBus, logger: Logger, options?: OutboxRelayOptions): OutboxRelay {
    return new OutboxRelay(db, this.schema, bus, logger, options);
  }
}

export interface OutboxRelayOptions {
  batchSize?: number;
  /**
   * How often an idle relay looks for rows written by other processes or left by a crash while it cannot listen for
   * the outbox's notifications. Default 250 ms.
   */
  pollIntervalMs?: number;
  /**
   * How often an idle relay that listens for notifications looks anyway, in case one was lost. Default 5 s, or
   * `pollIntervalMs` when that is longer.
   */
  safetyPollIntervalMs?: number;
  /** How long a relay that could not listen polls before it tries to listen again. Default 30 s. */
  listenRetryMs?: number;
  /** Published rows are kept this long for inspection, then purged. */
  retainPublishedMs?: number;
}

/**
 * Publishes outbox rows in batches, oldest first. Rows are claimed with SKIP LOCKED so several instances can relay
 * one schema; a row is marked published only after the bus accepted it, so a crash in between republishes it
 * (consumers dedupe through their inbox). The relay sleeps until the schema's insert trigger notifies it (a commit in
 * any process) or `wake()` is called, and polls slowly as a safety net; it polls quickly only while it cannot listen.
 */
export class OutboxRelay {
  private running = false;
  private wakeUp: (() => void) | undefined;
  /** Set by wake() while a batch is in flight, so a commit made meanwhile is not left for the next poll. */
  private woken = false;
  private loop: Promise<void> | undefined;
  private lastPurge = 0;
  private readonly table: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly safetyPollIntervalMs: number;
  private readonly listenRetryMs: number;
  private readonly retainPublishedMs: number;
  private readonly channel: string;
  /** Stops listening; set while the relay receives the outbox's notifications. */
  private unlisten: (() => Promise<void>) | undefined;
  private subscribing: Promise<void> | undefined;
  /** After a failed attempt to listen, the next one waits until then. */
  private listenRetryAt = 0;
  /**
   * Set while the relay waits after a failed batch: commits elsewhere must not turn the backoff into a retry per
   * commit while the bus is down, and the batch after the backoff finds their rows anyway.
   */
  private backingOff = false;
  /** Batches started so far: a flush waits for one that starts after it was asked for. */
  private batchesStarted = 0;
  private readonly flushWaiters = new Set<{ after: number; resolve: () => void }>();

  constructor(
    private readonly db: Database,
    schema: string,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    options: OutboxRelayOptions = {},
  ) {
    this.table = `"${schema}".outbox`;
    this.channel = outboxChannel(schema);
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.safetyPollIntervalMs = options.safetyPollIntervalMs ?? Math.max(5_000, this.pollIntervalMs);
    this.listenRetryMs = options.listenRetryMs ?? 30_000;
    this.retainPublishedMs = options.retainPublishedMs ?? 3_600_000;
  }

  /** Publishes one batch; returns how many rows went out. */
  async relayOnce(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const batch = await rows<{ seq: string; topic: string; key: string; envelope: EventEnvelope | string; headers: Record<string, string> | string }>(
        tx,
        sql`SELECT seq, topic, key, envelope, headers FROM ${sql.raw(this.table)} WHERE published_at IS NULL ORDER BY seq LIMIT ${this.batchSize} FOR UPDATE SKIP LOCKED`,
      );
      if (batch.length === 0) return 0;
      await this.bus.publish(
        batch.map((row) => {
          const envelope = typeof row.envelope === 'string' ? (JSON.parse(row.envelope) as EventEnvelope) : row.envelope;
          const headers = typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
          return { topic: row.topic, key: row.key, value: envelope, headers };
        }),
      );
      const seqs = batch.map((row) => row.seq);
      await tx.execute(sql`UPDATE ${sql.raw(this.table)} SET published_at = now() WHERE seq = ANY(${`{${seqs.join(',')}}`}::bigint[])`);
      return batch.length;
    });
  }

  /** Tells an idle relay that new rows were committed; a commit in any process also does, through its notification. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Wakes the relay and resolves once the rows committed before the call are on the bus (a batch started after the
   * call has finished), or after `timeoutMs` when the relay is stopped, failing or slow. A caller about to load the
   * database lets an urgent event leave first instead of queueing the relay behind its own work.
   */
  flush(timeoutMs = 1_000): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiter = {
        after: this.batchesStarted,
        resolve: () => {
          clearTimeout(timer);
          this.flushWaiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.resolve, timeoutMs);
      this.flushWaiters.add(waiter);
      this.wake();
    });
  }

  private releaseFlushes(finishedBatch: number): void {
    for (const waiter of this.flushWaiters) if (waiter.after < finishedBatch) waiter.resolve();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.subscribe();
    this.loop = this.run();
  }

  /** True while the relay receives the outbox's notifications, so an idle relay only polls as a safety net. */
  get listening(): boolean {
    return this.unlisten !== undefined;
  }

  private subscribe(): void {
    if (this.subscribing || this.unlisten) return;
    this.subscribing = this.listen().finally(() => {
      this.subscribing = undefined;
    });
  }

  private async listen(): Promise<void> {
    let unlisten: () => Promise<void>;
    try {
      unlisten = await this.db.listen(this.channel, () => {
        if (!this.backingOff) this.wake();
      });
    } catch (error) {
      this.listenRetryAt = Date.now() + this.listenRetryMs;
      this.logger.warn({ err: error, channel: this.channel }, 'outbox relay cannot listen for notifications; polling instead');
      return;
    }
    if (!this.running) {
      await unlisten().catch(() => undefined);
      return;
    }
    this.unlisten = unlisten;
    // A commit made before LISTEN took effect notified nobody: look once more.
    if (!this.backingOff) this.wake();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        this.woken = false;
        const batch = ++this.batchesStarted;
        const sent = await this.relayOnce();
        failures = 0;
        if (sent >= this.batchSize) continue;
        this.releaseFlushes(batch);
        await this.purgeOccasionally();
        if (this.woken) continue;
      } catch (error) {
        failures++;
        if (!this.running) break;
        this.logger.warn({ err: error, failures }, 'outbox relay failed; will retry');
      }
      if (!this.running) break;
      if (!this.unlisten && Date.now() >= this.listenRetryAt) this.subscribe();
      const idle = this.unlisten ? this.safetyPollIntervalMs : this.pollIntervalMs;
      const delay = failures > 0 ? Math.min(5_000, 100 * 2 ** Math.min(failures, 6)) : idle;
      this.backingOff = failures > 0;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
      this.backingOff = false;
    }
  }

  private async purgeOccasionally(): Promise<void> {
    if (Date.now() - this.lastPurge < 60_000) return;
    this.lastPurge = Date.now();
    await this.db.orm.execute(sql`DELETE FROM ${sql.raw(this.table)} WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => ${this.retainPublishedMs / 1000})`);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.releaseFlushes(Number.POSITIVE_INFINITY);
    await this.subscribing;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch((error: unknown) => this.logger.warn({ err: error, channel: this.channel }, 'outbox relay could not stop listening'));
  }

  async pending(): Promise<number> {
    const [row] = await rows<{ n: string }>(this.db.orm, sql`SELECT count(*)::text AS n FROM ${sql.raw(this.table)} WHERE published_at IS NULL`);
    return Number(row?.n ?? 0);
  }
}
