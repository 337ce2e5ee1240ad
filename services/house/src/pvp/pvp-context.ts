import { AppError, type Database, type Executor, type Logger, type Outbox } from '@wps/platform';
import { pvpTableIdSchema, type houseTeenPattiRpcMethods, type HouseTableEvent, type RpcHandlers } from '@wps/contracts';
import type { LiveWallet } from '../live/wallet.js';
import type { HousePvpConfig } from './config.js';
import { findPvpTable, type PvpTableRow } from './store.js';

export interface TeenPattiDeps {
  db: Database;
  /** The house schema's outbox (the live tables' one): table events leave in the transaction that changes the hand. */
  outbox: Outbox;
  wakeRelay: () => void;
  /** The signed seamless-wallet calls of ../live/wallet.ts, which let a call name its game type (PVP). */
  wallet: LiveWallet;
  logger: Logger;
  config: HousePvpConfig;
}

/** What the use cases share: the service's dependencies, and a way to wake the table runners. */
export interface PvpDeps extends TeenPattiDeps {
  /** Something changed that the tables' clocks should look at now rather than at their next tick. */
  nudge: () => void;
}

export type PvpHandlers = RpcHandlers<typeof houseTeenPattiRpcMethods>;
export type PvpInput<K extends keyof PvpHandlers> = Parameters<PvpHandlers[K]>[0];

/** Wallet ids are derived from the hand: a repeated call (a retry, a recovery) moves money at most once. */
export const pvpWalletRoundId = (handId: string, memberId: string): string => `hp:${handId}:${memberId}`;
export const pvpBetTransactionId = (handId: string, seq: number): string => `hp-bet:${handId}:${seq}`;
export const pvpWinTransactionId = (handId: string, memberId: string): string => `hp-win:${handId}:${memberId}`;
export const pvpRollbackTransactionId = (betTransactionId: string): string => `hp-rb:${betTransactionId}`;

export const iso = (ms: number) => new Date(ms).toISOString();

export async function emitPvpEvent(
  outbox: Outbox,
  tx: Executor,
  tableId: string,
  kind: HouseTableEvent['kind'],
  hand: { hand_id: string; hand_no: number } | null,
  data: Record<string, unknown>,
): Promise<void> {
  const at = Date.now();
  await outbox.add(tx, 'house.table_event', tableId, { tableId, kind, roundId: hand?.hand_id ?? '', roundNo: hand?.hand_no ?? 0, at, data: { game: 'teen-patti', ...data } });
}

/** A table id from the outside is checked before it reaches a query; an unknown one is refused the same way. */
export async function requirePvpTable(db: Database, tableId: string): Promise<PvpTableRow> {
  const table = pvpTableIdSchema.safeParse(tableId).success ? await findPvpTable(db.orm, tableId) : undefined;
  if (!table) throw new AppError('PVP_TABLE_NOT_FOUND', { field: 'tableId' });
  return table;
}
