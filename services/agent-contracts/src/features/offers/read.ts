import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import { AGENT_TYPES, isAgentType, type AgentContracts, type ConsolidatedContracts, type ContractKind, type ContractView } from '@wps/contracts';
import { contractFlag } from '../../domain/offers.js';
import { brandTerms, brandTermsOf, findContracts } from './store.js';

const MY_HISTORY = 50;
const DOWNLINE_HISTORY = 10;

const isAccepted = (contract: ContractView) => contract.action === 'offer' && ['active', 'superseded', 'terminated'].includes(contract.state);

/** One agent's contracts of a kind, newest first, read as: in force now, accepted for later, waiting for an answer. */
function summarise(contracts: readonly ContractView[], now: Date) {
  const at = now.getTime();
  const current =
    contracts.find((contract) => isAccepted(contract) && new Date(contract.effectiveFrom!).getTime() <= at && (contract.endedAt === null || new Date(contract.endedAt).getTime() > at)) ?? null;
  const next = contracts.find((contract) => contract.action === 'offer' && contract.state === 'active' && new Date(contract.effectiveFrom!).getTime() > at) ?? null;
  const pending = contracts.filter((contract) => contract.state === 'pending' && new Date(contract.expiresAt).getTime() > at);
  return { current, next, pending };
}

/**
 * The agent centre's page of one kind: the brand's terms, the agent's own contract and offers, and each direct
 * downline agent's, a page of downlines at a time. An agent sees only its own contracts and its direct downline's.
 */
export async function agentContracts(
  executor: Executor,
  input: { memberId: string; merchantCode: string; memberType: number; kind: ContractKind; page: number; pageSize: number },
  now: Date,
): Promise<AgentContracts> {
  if (!isAgentType(input.memberType)) throw new AppError('AGENT_ONLY');
  const terms = (await brandTermsOf(executor, input.merchantCode, input.kind)) ?? null;
  const mine = await findContracts(executor, sql`c.agent_id = ${input.memberId} AND c.kind = ${input.kind} AND c.merchant_code = ${input.merchantCode}`);
  const own = summarise(mine, now);

  const agentTypes = sql.join(
    AGENT_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  const [count] = await rows<{ n: number }>(executor, sql`SELECT count(*)::int AS n FROM agent_contracts.agent_tree WHERE upline_id = ${input.memberId} AND type IN (${agentTypes})`);
  const downlines = await rows<{ member_id: string; account: string; type: number }>(
    executor,
    sql`SELECT member_id::text AS member_id, account, type FROM agent_contracts.agent_tree
         WHERE upline_id = ${input.memberId} AND type IN (${agentTypes})
         ORDER BY account, member_id LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`,
  );
  const theirs =
    downlines.length === 0
      ? []
      : await findContracts(
          executor,
          sql`c.kind = ${input.kind} AND c.agent_id IN (${sql.join(
            downlines.map((row) => sql`${row.member_id}`),
            sql`, `,
          )})`,
          sql`c.agent_id, c.id DESC`,
          10_000,
        );
  return {
    kind: input.kind,
    terms,
    current: own.current,
    next: own.next,
    pending: own.pending,
    history: mine.slice(0, MY_HISTORY),
    downlines: {
      items: downlines.map((downline) => {
        const contracts = theirs.filter((contract) => contract.agentId === downline.member_id);
        const summary = summarise(contracts, now);
        return {
          memberId: downline.member_id,
          account: downline.account,
          type: Number(downline.type),
          current: summary.current,
          next: summary.next,
          pending: summary.pending[0] ?? null,
          history: contracts.slice(0, DOWNLINE_HISTORY),
        };
      }),
      page: input.page,
      pageSize: input.pageSize,
      total: count?.n ?? 0,
    },
  };
}

/**
 * The member's contract flags per kind (spec §3): 0 when the brand does not offer the kind or the member is not an
 * agent, 1 without a contract, 2 when an offer waits for the member's answer, 3 with a contract in force (or accepted
 * for the next period); and the agent centre's menu flags.
 */
export async function consolidatedContracts(
  executor: Executor,
  input: { memberId: string; merchantCode: string; memberType: number; agentPolicy: boolean },
  now: Date,
): Promise<ConsolidatedContracts> {
  const agent = input.agentPolicy && isAgentType(input.memberType);
  const enabled = new Set((await brandTerms(executor, input.merchantCode)).filter((terms) => terms.enabled).map((terms) => terms.kind));
  const states = agent
    ? await rows<{ kind: ContractKind; pending: boolean; contracted: boolean }>(
        executor,
        sql`SELECT kind,
                   bool_or(state = 'pending' AND expires_at > ${now.toISOString()}::timestamptz) AS pending,
                   bool_or(action = 'offer' AND (state = 'active' OR (state IN ('superseded', 'terminated') AND ended_at > ${now.toISOString()}::timestamptz AND ended_at > effective_from))) AS contracted
              FROM agent_contracts.contracts
             WHERE agent_id = ${input.memberId} AND merchant_code = ${input.merchantCode} AND (state IN ('pending', 'active') OR ended_at > ${now.toISOString()}::timestamptz)
             GROUP BY kind`,
      )
    : [];
  const flag = (kind: ContractKind) => {
    const state = states.find((row) => row.kind === kind);
    return contractFlag({ enabled: enabled.has(kind), agent, pendingToMe: state?.pending ?? false, contracted: state?.contracted ?? false });
  };
  const menu = (kind: ContractKind) => agent && enabled.has(kind);
  return {
    divtypereq: flag('dividend'),
    dailysalreqtype: flag('daily'),
    contracthoursalreq: flag('hourly'),
    realtimesalreqtype: flag('realtime'),
    enableCt: menu('dividend'),
    salary: menu('daily'),
    dailySalary: menu('daily'),
    hourSalary: menu('hourly'),
    agentRealtimeSalary: menu('realtime'),
  };
}
