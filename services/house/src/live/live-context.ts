import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, type Database, type Executor, type Logger, type Outbox } from '@wps/platform';
import type { houseLiveRpcMethods, HouseTableEvent, RpcHandlers } from '@wps/contracts';
import type { HouseLiveConfig } from './config.js';
import { findTable, type TableRow } from './store.js';
import type { LiveWallet } from './wallet.js';

export interface LiveTablesDeps {
  db: Database;
  /** The house schema's outbox; table events go out through it in the transaction that changes the round. */
  outbox: Outbox;
  /** Tells the outbox relay that rows were committed, so pushes leave at once instead of at the next poll. */
  wakeRelay: () => void;
  /** Wakes the relay and resolves once what was committed is on the bus (or after the timeout). */
  flushRelay: (timeoutMs?: number) => Promise<void>;
  wallet: LiveWallet;
  logger: Logger;
  config: HouseLiveConfig;
  schema: string;
}

export type LiveHandlers = RpcHandlers<typeof houseLiveRpcMethods>;
export type LiveInput<K extends keyof LiveHandlers> = Parameters<LiveHandlers[K]>[0];

/** The round an event belongs to; watchers order a table's events by it. */
export type EventRound = { table_id: string; round_id: string; round_no: number };

export const liveTable = (schema: string, name: string) => sql.raw(`${schema}.${name}`);

export async function emitLiveEvent(outbox: Outbox, tx: Executor, round: EventRound, kind: HouseTableEvent['kind'], data: Record<string, unknown>, at = Date.now()): Promise<void> {
  await outbox.add(tx, 'house.table_event', round.table_id, { tableId: round.table_id, kind, roundId: round.round_id, roundNo: round.round_no, at, data });
}

/** A table id from the outside is checked before it reaches a query; an unknown one is refused the same way. */
export async function requireLiveTable(deps: Pick<LiveTablesDeps, 'db' | 'schema'>, tableId: string): Promise<TableRow> {
  const table = z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .safeParse(tableId).success
    ? await findTable(deps.db.orm, deps.schema, tableId)
    : undefined;
  if (!table) throw new AppError('LIVE_TABLE_NOT_FOUND', { field: 'tableId' });
  return table;
}
