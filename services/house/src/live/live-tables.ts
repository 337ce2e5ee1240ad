import { TableLeaseRunner } from '../tables/table-lease.js';
import { DEFAULT_TABLES } from './config.js';
import { cashOutLiveBet } from './cash-out-live-bet.js';
import type { LiveHandlers, LiveTablesDeps } from './live-context.js';
import { ChainLinks, ensureLiveTables } from './live-table-chains.js';
import { liveHistory, liveMyBets, liveRoundProof, liveTables, liveTableState } from './live-table-queries.js';
import { placeLiveBets } from './place-live-bet.js';
import { recoverLiveTable } from './recover-live-round.js';
import { runLiveRound, type RunLiveRoundDeps } from './run-live-round.js';

export type { LiveTablesDeps } from './live-context.js';

/**
 * The shared-round tables of the house vendor. Every instance serves bets and cash-outs; the rounds of each table are
 * run by whichever instance holds the table's lease, so two instances never run the same table, and a round cut short
 * by a restart is settled (result drawn) or refunded by the next lease holder.
 */
export class LiveTables {
  private readonly leases: TableLeaseRunner;
  private readonly rounds: RunLiveRoundDeps;

  constructor(private readonly deps: LiveTablesDeps) {
    this.leases = new TableLeaseRunner({ db: deps.db, logger: deps.logger, table: `${deps.schema}.live_tables`, failureMessage: 'live table round failed; recovering' });
    this.rounds = { ...deps, clock: this.leases, chains: new ChainLinks() };
  }

  ensureTables(): Promise<void> {
    return ensureLiveTables(this.deps);
  }

  async start(): Promise<void> {
    await this.ensureTables();
    if (!this.deps.config.HOUSE_LIVE_RUNNERS) return;
    const only = this.deps.config.HOUSE_LIVE_TABLES;
    const tableIds = DEFAULT_TABLES.map((table) => table.tableId).filter((tableId) => !only.length || only.includes(tableId));
    // The lease is renewed before every round and checked again at each of its steps.
    this.leases.start(tableIds, { recover: (tableId) => recoverLiveTable(this.deps, tableId), turn: (tableId) => runLiveRound(this.rounds, tableId) });
  }

  async stop(): Promise<void> {
    await this.leases.stop();
  }

  handlers(): LiveHandlers {
    const deps = this.deps;
    return {
      liveTables: () => liveTables(deps),
      liveHistory: (input) => liveHistory(deps, input),
      liveTableState: (input) => liveTableState(deps, input),
      liveMyBets: (input) => liveMyBets(deps, input),
      liveRoundProof: (input) => liveRoundProof(deps, input),
      placeLiveBets: (input) => placeLiveBets(deps, input),
      liveCashout: (input) => cashOutLiveBet(deps, input),
    };
  }
}
