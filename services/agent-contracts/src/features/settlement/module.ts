import type { Subscription } from '@wps/platform';
import type { agentSettlementRpcMethods } from '@wps/contracts';
import type { AgentContractsDeps, AgentContractsModule } from '../module.js';
import { agentIncome, agentSettlements } from './reads.js';
import { runSettlements, type RunFilter, type RunSummary, type SettlementDeps } from './run.js';

/** How often the service settles closed periods when AGENT_SETTLEMENT_INTERVAL_MS does not say otherwise. */
export const DEFAULT_SETTLEMENT_INTERVAL_MS = 60_000;

/** Settlement: each period's payouts down the tree, paid through the wallet, with debts and carry-overs. */
export function createSettlementModule(deps: AgentContractsDeps, clock: () => Date = () => new Date()): AgentContractsModule<keyof typeof agentSettlementRpcMethods> {
  const settlementDeps: SettlementDeps = { ...deps, clock };
  // One run at a time in this process; a run asked for meanwhile waits for the one in progress, then runs.
  let running: Promise<unknown> = Promise.resolve();
  const run = (filter: RunFilter): Promise<RunSummary> => {
    const next = running.then(
      () => runSettlements(settlementDeps, filter),
      () => runSettlements(settlementDeps, filter),
    );
    running = next.catch(() => undefined);
    return next.finally(() => deps.wakeRelay());
  };

  return {
    handlers: {
      runAgentSettlements: (input) => run(input),
      agentSettlements: (input) => agentSettlements(deps.db.orm, input),
      agentIncome: (input) => agentIncome(deps.db.orm, input),
    },
    start(): Promise<Subscription[]> {
      const intervalMs = deps.config.AGENT_SETTLEMENT_INTERVAL_MS ?? DEFAULT_SETTLEMENT_INTERVAL_MS;
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      const tick = () => {
        if (stopped) return;
        run({})
          .catch((error: unknown) => deps.logger.error({ err: error }, 'agent settlement run failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, intervalMs);
          });
      };
      if (intervalMs > 0) timer = setTimeout(tick, intervalMs);
      return Promise.resolve([
        {
          async close() {
            stopped = true;
            clearTimeout(timer);
            await running;
          },
        },
      ]);
    },
  };
}
