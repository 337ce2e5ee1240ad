import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import { isAgentType, type AgentContractsRpc, type AgentMemberTransactions, type RpcClient, type RpcHandlers, type WalletRpc } from '@wps/contracts';
import { clockOf, reportRange, type ReportClock } from './range.js';

type Input = Parameters<RpcHandlers<AgentContractsRpc>['agentMemberTransactions']>[0];

interface Whose {
  memberId: string;
  account: string;
  currency: string;
}

/**
 * Account details of the agent centre: the wallet's account record of the agent itself or of any member of its team,
 * over whole days in the brand's time. A member outside the team is refused exactly like one that does not exist.
 */
export class MemberTransactions {
  constructor(
    private readonly db: Executor,
    private readonly wallet: () => RpcClient<WalletRpc>,
  ) {}

  async read(input: Input): Promise<AgentMemberTransactions> {
    if (!isAgentType(input.memberType)) throw new AppError('AGENT_ONLY');
    const whose = await this.whose(input);
    const range = reportRange(input, await this.clock(input.merchantCode, input.timeZoneOffsetMinutes));
    const page = await this.wallet().listAccountRecord({
      merchantCode: input.merchantCode,
      memberId: whose.memberId,
      currency: whose.currency,
      pageNo: input.pageNo,
      pageSize: input.pageSize,
      ...(input.type ? { type: input.type } : {}),
      from: range.start.toISOString(),
      to: range.end.toISOString(),
    });
    return { ...page, member: { memberId: whose.memberId, account: whose.account }, currency: whose.currency, from: range.from, to: range.to };
  }

  /** The caller, or a member whose path runs through the caller (an agent not placed in the tree yet has only itself). */
  private async whose(input: Input): Promise<Whose> {
    const own = !input.teamMemberId || input.teamMemberId === input.memberId;
    if (own) {
      const [row] = await rows<{ account: string }>(this.db, sql`SELECT account FROM agent_contracts.agent_tree WHERE member_id = ${input.memberId} AND merchant_code = ${input.merchantCode}`);
      return { memberId: input.memberId, account: row?.account ?? '', currency: input.currency };
    }
    const [row] = await rows<{ account: string; currency: string | null }>(
      this.db,
      sql`SELECT m.account, m.currency
            FROM agent_contracts.agent_tree AS m
            JOIN agent_contracts.agent_tree AS caller ON caller.member_id = ${input.memberId} AND caller.merchant_code = ${input.merchantCode}
           WHERE m.member_id = ${input.teamMemberId} AND m.merchant_code = caller.merchant_code AND m.path LIKE caller.path || '%'`,
    );
    if (!row) throw new AppError('AGENT_MEMBER_NOT_FOUND', { field: 'teamMemberId' });
    // A member registered before the tree kept currencies, with no bet yet, holds the brand's currency, as the caller does.
    return { memberId: input.teamMemberId!, account: row.account, currency: row.currency ?? input.currency };
  }

  /** The brand's time (its contract terms' time zone) unless the request names an offset; UTC when neither. */
  private async clock(merchantCode: string, offsetMinutes: number | undefined): Promise<ReportClock> {
    if (offsetMinutes !== undefined) return clockOf(offsetMinutes, undefined);
    const [terms] = await rows<{ time_zone: string }>(this.db, sql`SELECT time_zone FROM agent_contracts.brand_terms WHERE merchant_code = ${merchantCode} ORDER BY updated_at DESC, kind LIMIT 1`);
    return clockOf(undefined, terms?.time_zone);
  }
}
