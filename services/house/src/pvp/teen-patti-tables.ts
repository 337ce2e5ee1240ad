import { TableLeaseRunner } from '../tables/table-lease.js';
import { actInHand } from './act-in-hand.js';
import { DEFAULT_PVP_TABLES } from './config.js';
import { ensurePvpTables } from './ensure-pvp-tables.js';
import type { PvpDeps, PvpHandlers, TeenPattiDeps } from './pvp-context.js';
import { pvpHandProof, pvpRooms, pvpTableState } from './pvp-queries.js';
import { recoverPvpTable, tickPvpTable } from './run-hand.js';
import { sitDown } from './sit-down.js';
import { standUp } from './stand-up.js';

export type { TeenPattiDeps } from './pvp-context.js';
export { pvpBetTransactionId, pvpRollbackTransactionId, pvpWalletRoundId, pvpWinTransactionId } from './pvp-context.js';

/** The lease is renewed well before it runs out rather than on every tick: an idle table costs a few reads a second. */
const LEASE_RENEW_MS = 5_000;

/**
 * The Teen Patti tables of the house vendor. Every instance serves sit, stand and act; each table's clock (the
 * countdown, dealing, turn timeouts) is kept by whichever instance holds the table's lease, the same pattern as the
 * live tables. A hand cut short by a restart has every stake refunded by the next lease holder; a decided one is paid.
 */
export class TeenPattiTables {
  private readonly leases: TableLeaseRunner;
  private readonly deps: PvpDeps;

  constructor(deps: TeenPattiDeps) {
    this.leases = new TableLeaseRunner({ db: deps.db, logger: deps.logger, table: 'house.pvp_tables', renewMs: LEASE_RENEW_MS, failureMessage: 'teen patti table failed; recovering' });
    this.deps = { ...deps, nudge: () => this.leases.wakeAll() };
  }

  ensureTables(): Promise<void> {
    return ensurePvpTables(this.deps);
  }

  async start(): Promise<void> {
    await this.ensureTables();
    if (!this.deps.config.HOUSE_PVP_RUNNERS) return;
    this.leases.start(
      DEFAULT_PVP_TABLES.map((table) => table.tableId),
      { recover: (tableId) => recoverPvpTable(this.deps, tableId), turn: (tableId) => tickPvpTable(this.deps, tableId), restMs: () => this.deps.config.HOUSE_PVP_TICK_MS },
    );
  }

  stop(): Promise<void> {
    return this.leases.stop();
  }

  handlers(): PvpHandlers {
    const deps = this.deps;
    return {
      pvpRooms: () => pvpRooms(deps),
      pvpTableState: (input) => pvpTableState(deps, input),
      pvpSit: (input) => sitDown(deps, input),
      pvpStand: (input) => standUp(deps, input),
      pvpAct: (input) => actInHand(deps, input),
      pvpHandProof: (input) => pvpHandProof(deps, input),
    };
  }
}
