import type { Database, Executor, Logger, Outbox } from '@wps/platform';

/** What the offer use cases work with: the database, the service's outbox and its relay's wake-up, and the clock. */
export interface OffersContext {
  db: Database;
  outbox: Outbox;
  logger: Logger;
  /** Tells the relay that events were committed, so pushes go out at once. */
  wake(): void;
  now(): Date;
}

/** Runs `work` in one transaction and wakes the relay after the commit. */
export async function inTransaction<T>(context: OffersContext, work: (tx: Executor) => Promise<T>): Promise<T> {
  const result = await context.db.transaction(work);
  context.wake();
  return result;
}
