import { sql } from 'drizzle-orm';
import { rows, type Database, type Executor } from './db.js';
import type { Subscription } from './bus/types.js';
import type { Logger } from './logger.js';

export interface KeysetBackfillOptions<T> {
  db: Database;
  logger: Logger;
  /**
   * The service's schema. Its `backfills` table (name text primary key, after_id bigint, updated_at timestamptz),
   * created by a migration of the service, keeps the last id each backfill wrote.
   */
  schema: string;
  /** This backfill's row in that table; also named in the logs. */
  name: string;
  /** The owner's rows with an id above `afterId` in ascending id order, at most `limit`; rejects when the owner cannot be reached. */
  page(afterId: string, limit: number): Promise<readonly T[]>;
  /** A row's id: a decimal string, ascending along the pages. */
  idOf(row: T): string;
  /** Writes what of one page is missing, idempotently (ON CONFLICT), in the page's transaction; answers how many rows it wrote. */
  write(tx: Executor, page: readonly T[]): Promise<number>;
  /** Rows asked for per page (default 1,000). */
  pageSize?: number;
  /** The first wait after a failed run; it doubles per failure up to `maxRetryMs` (defaults 5 s and 5 minutes). */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface BackfillRun {
  /** Rows read from the owner. */
  read: number;
  /** Rows written because they were missing. */
  written: number;
}

/**
 * Fills a service's own copy of rows another service owns (usually kept by events) with the rows it never heard of,
 * paging the owner by id (keyset paging). Each page is written in one transaction that also moves the stored point
 * reached, so a restart resumes where the last run stopped, and the next run only reads rows added since. Writes are
 * idempotent and the point only moves forward: several processes may run it at once, and beside the live events.
 *
 * Rows the owner numbers but commits after a page passed their id are not read; the events that announce them cover
 * them, as they cover every row added after the last run.
 */
export class KeysetBackfill<T> {
  /** Closed: a run in progress stops after its page. */
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;

  constructor(private readonly options: KeysetBackfillOptions<T>) {}

  /** Runs in the background now, and again after a pause while it fails (the owner is unreachable, say) until it completes. */
  start(): Subscription {
    this.closed = false;
    this.attempt(this.options.retryMs ?? 5_000);
    return {
      close: async () => {
        this.closed = true;
        clearTimeout(this.timer);
        await this.current;
      },
    };
  }

  /** Pages from the stored point to the owner's last row; answers what it read and wrote. */
  async run(): Promise<BackfillRun> {
    const { db, name, pageSize = 1_000 } = this.options;
    const table = sql`${sql.identifier(this.options.schema)}.backfills`;
    const [stored] = await rows<{ after_id: string }>(db.orm, sql`SELECT after_id::text AS after_id FROM ${table} WHERE name = ${name}`);
    let afterId = stored?.after_id ?? '0';
    const done: BackfillRun = { read: 0, written: 0 };
    for (;;) {
      const page = await this.options.page(afterId, pageSize);
      if (page.length === 0) break;
      const last = this.options.idOf(page[page.length - 1]!);
      done.written += await db.transaction(async (tx) => {
        const written = await this.options.write(tx, page);
        await tx.execute(
          sql`INSERT INTO ${table} AS s (name, after_id) VALUES (${name}, ${last}::bigint)
              ON CONFLICT (name) DO UPDATE SET after_id = greatest(s.after_id, EXCLUDED.after_id), updated_at = now()`,
        );
        return written;
      });
      done.read += page.length;
      afterId = last;
      if (page.length < pageSize || this.closed) break;
    }
    return done;
  }

  private attempt(wait: number): void {
    const { logger, name, maxRetryMs = 300_000 } = this.options;
    this.current = this.run().then(
      (done) => logger.info({ backfill: name, ...done }, `${name}: ${this.closed ? 'stopped' : 'caught up'}`),
      (error: unknown) => {
        if (this.closed) return;
        logger.warn({ err: error, backfill: name, retryInMs: wait }, `${name}: could not catch up; trying again later`);
        this.timer = setTimeout(() => this.attempt(Math.min(wait * 2, maxRetryMs)), wait);
        this.timer.unref();
      },
    );
  }
}
