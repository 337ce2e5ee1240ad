import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Database, type Logger } from '@wps/platform';

export interface TableLeaseOptions {
  db: Database;
  logger: Logger;
  /** The schema-qualified table whose rows carry `table_id`, `lease_owner` and `lease_until` (e.g. `house.live_tables`). */
  table: string;
  /** What the log says when a table's turn throws. */
  failureMessage: string;
  leaseMs?: number;
  /** How long a runner waits before trying again after losing its lease or failing. */
  retryMs?: number;
  /** The lease is renewed once this long has passed; 0 renews it before every turn. */
  renewMs?: number;
}

/** What a runner does with a table it holds. */
export interface TableWork {
  /** Called once each time the lease is (re)taken: finishes or undoes what a previous holder left open. */
  recover(tableId: string): Promise<void>;
  /** One step of the table's clock: a whole round, or one tick. */
  turn(tableId: string): Promise<void>;
  /** The pause after each turn; none when absent. */
  restMs?: () => number;
}

/**
 * Runs tables so that two instances never run the same one: each table's runner holds a lease on its row, renews it
 * while it works, and lets it go on stop. Pauses wake at once when the service stops (or on `wakeAll`).
 */
export class TableLeaseRunner {
  private readonly instanceId = randomUUID();
  private readonly runners = new Map<string, Promise<void>>();
  private readonly wakeUps = new Set<() => void>();
  private active = false;
  private readonly leaseMs: number;
  private readonly retryMs: number;
  private readonly renewMs: number;

  constructor(private readonly options: TableLeaseOptions) {
    this.leaseMs = options.leaseMs ?? 15_000;
    this.retryMs = options.retryMs ?? 2_000;
    this.renewMs = options.renewMs ?? 0;
  }

  get running(): boolean {
    return this.active;
  }

  private get tableName() {
    return sql.raw(this.options.table);
  }

  start(tableIds: readonly string[], work: TableWork): void {
    this.active = true;
    for (const tableId of tableIds) this.runners.set(tableId, this.runTable(tableId, work));
  }

  async stop(): Promise<void> {
    this.active = false;
    this.wakeAll();
    await Promise.allSettled(this.runners.values());
    this.runners.clear();
    // The leases are let go at once, so a restarted instance takes its tables back without waiting.
    await this.options.db.orm.execute(sql`UPDATE ${this.tableName} SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ${this.instanceId}`).catch(() => undefined);
  }

  /** Wakes every paused runner: something changed that their clock should look at now rather than at the next tick. */
  wakeAll(): void {
    for (const wake of this.wakeUps) wake();
  }

  /** Sleeps, but wakes at once when the service stops. */
  async pause(ms: number): Promise<void> {
    if (!this.active) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeUps.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, ms));
      this.wakeUps.add(wake);
    });
  }

  /** Takes or renews the table's lease; false when another instance holds it. */
  async lease(tableId: string): Promise<boolean> {
    const taken = await rows<{ table_id: string }>(
      this.options.db.orm,
      sql`UPDATE ${this.tableName} SET lease_owner = ${this.instanceId}, lease_until = now() + make_interval(secs => ${this.leaseMs / 1000})
          WHERE table_id = ${tableId} AND (lease_owner IS NULL OR lease_owner = ${this.instanceId} OR lease_until < now()) RETURNING table_id`,
    );
    return taken.length === 1;
  }

  private async runTable(tableId: string, work: TableWork): Promise<void> {
    let recovered = false;
    let renewedAt = 0;
    while (this.active) {
      try {
        if (Date.now() - renewedAt >= this.renewMs) {
          if (!(await this.lease(tableId))) {
            recovered = false;
            renewedAt = 0;
            await this.pause(this.retryMs);
            continue;
          }
          renewedAt = Date.now();
        }
        if (!recovered) {
          await work.recover(tableId);
          recovered = true;
        }
        await work.turn(tableId);
      } catch (error) {
        if (!this.active) break;
        this.options.logger.error({ err: error, tableId }, this.options.failureMessage);
        recovered = false;
        renewedAt = 0;
        await this.pause(this.retryMs);
        continue;
      }
      if (work.restMs) await this.pause(work.restMs());
    }
  }
}
