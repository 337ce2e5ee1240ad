import { consumeBatches, type Subscription } from '@wps/platform';
import type { agentTeamRpcMethods } from '@wps/contracts';
import type { AgentContractsDeps, AgentContractsModule } from '../module.js';
import { recordSettledBets } from './record-bets.js';
import { countsInTeamFigures, recordPayments } from './record-payments.js';
import { MemberTransactions } from './member-transactions.js';
import { withBalances } from './downline-balances.js';
import { TeamReports } from './reports.js';
import { MemberHourColumns } from './member-hour-columns.js';

/**
 * Team figures may lag the money path by this much: under load each batch then gathers a few hundred events, so the
 * roll-ups cost a transaction per half second rather than one per round.
 */
const TEAM_FIGURES_LINGER_MS = 500;

const TEAM_STATS = 'agent-contracts.team-stats';
const TEAM_PAYMENTS = 'agent-contracts.team-payments';

/** Team reports: settled bets rolled up the agent tree, and the reports read from the roll-ups. */
export function createTeamModule(deps: AgentContractsDeps): AgentContractsModule<keyof typeof agentTeamRpcMethods> {
  const days = deps.config.AGENT_REPORT_MEMORY_DAYS;
  const columns = days > 0 ? new MemberHourColumns(deps.db.orm, days) : undefined;
  const reports = new TeamReports(deps.db.orm, columns);
  const transactions = new MemberTransactions(deps.db.orm, deps.wallet);
  return {
    handlers: {
      agentTeamOverview: (input) => reports.overview(input),
      agentDownline: async (input) => withBalances(deps.wallet, deps.logger, input.merchantCode, await reports.downline(input)),
      agentTeamBets: (input) => reports.bets(input),
      agentMemberProfit: (input) => reports.memberProfit(input),
      agentMemberTransactions: (input) => transactions.read(input),
    },
    start: async () => [
      // Loads in the background; member-profit pages are read from the database until it is done.
      ...(columns ? [loadInBackground(columns, deps)] : []),
      await consumeBatches(
        { db: deps.db, bus: deps.bus },
        {
          schema: 'agent_contracts',
          group: TEAM_STATS,
          type: 'bet.settled',
          lingerMs: TEAM_FIGURES_LINGER_MS,
          // A member's bets are on every partition (the topic is keyed by bet): one transaction for what all partitions
          // brought, so no two wait on each other's locks on the member's hourly row.
          oneBatchAtATime: true,
          handle: (tx, events) =>
            recordSettledBets(
              tx,
              events.map((event) => event.payload),
            ),
        },
      ),
      await consumeBatches(
        { db: deps.db, bus: deps.bus },
        {
          schema: 'agent_contracts',
          group: TEAM_PAYMENTS,
          type: 'balance.changed',
          lingerMs: TEAM_FIGURES_LINGER_MS,
          // Bets and wins are most of the topic: they open no transaction here.
          relevant: countsInTeamFigures,
          handle: (tx, events) =>
            recordPayments(
              tx,
              events.map((event) => ({ change: event.payload, at: new Date(event.envelope.occurredAt) })),
            ),
        },
      ),
    ],
  };
}

function loadInBackground(columns: MemberHourColumns, deps: AgentContractsDeps): Subscription {
  const started = performance.now();
  columns.start().then(
    () => deps.logger.info({ memberHours: columns.rowCount, ms: Math.round(performance.now() - started) }, 'member-hours held for the member-profit report'),
    (error: unknown) => {
      if (!columns.stopped) deps.logger.warn({ err: error }, 'member-hours not held; the member-profit report reads the database');
    },
  );
  return { close: () => columns.stop() };
}
