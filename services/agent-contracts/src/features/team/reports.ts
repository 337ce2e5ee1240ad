import { sql, type SQL } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import {
  AGENT_TYPES,
  formatMinor,
  isAgentType,
  type AgentContractsRpc,
  type AgentDownline,
  type AgentMemberProfit,
  type AgentTeamBets,
  type AgentTeamOverview,
  type RpcHandlers,
} from '@wps/contracts';
import { clockOf, reportRange, type ReportClock } from './range.js';
import type { StoredBetRow } from './record-bets.js';
import { HOUR_MS } from './rollup.js';
import type { MemberHourColumns, MemberRangePage, MemberRangeQuery } from './member-hour-columns.js';
import { addPayments, noPayments, paymentMoney, PAYMENT_COLUMNS, type PaymentColumns } from './payment-sums.js';

type Input<M extends keyof AgentContractsRpc> = Parameters<RpcHandlers<AgentContractsRpc>[M]>[0];

/** The signed-in agent: its place in the tree (its team is every path under `path`). */
interface Caller {
  memberId: string;
  merchantCode: string;
  currency: string;
  path: string;
  depth: number;
  /** Whether the agent has its place in the tree (then its team hours hold its team's bets). */
  placed: boolean;
}

interface Sums {
  betCount: number;
  validBetMinor: bigint;
  profitMinor: bigint;
}

const AGENT_TYPE_LIST = sql.raw(AGENT_TYPES.join(', '));
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/** Paths hold digits and slashes only, so a path is a LIKE prefix as it stands. */
const under = (column: SQL, path: string) => sql`${column} LIKE ${`${path}%`}`;
const accountMatches = (column: SQL, search: string) => sql`position(lower(${search}) in lower(${column})) > 0`;

function money(sums: Sums, currency: string) {
  return {
    betCount: sums.betCount,
    validBet: formatMinor(sums.validBetMinor, currency),
    profit: formatMinor(sums.profitMinor, currency),
    houseProfit: formatMinor(-sums.profitMinor, currency),
  };
}
const sumsOf = (row: { bet_count: number | string | null; valid_bet_minor: string | null; profit_minor: string | null }): Sums => ({
  betCount: Number(row.bet_count ?? 0),
  validBetMinor: BigInt(row.valid_bet_minor ?? '0'),
  profitMinor: BigInt(row.profit_minor ?? '0'),
});
const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** A page of the member-profit report before formatting: the members' tree rows and sums, the totals, the count. */
interface MemberProfitPage {
  list: Array<Sums & { memberId: string; account: string; type: number; depth: number }>;
  totals: Sums;
  total: number;
}

/**
 * The reads of the team's counts under `path` for [start, end): size, direct members and agents, new members, and
 * active members (a valid bet in the range). Hourly valid bets are never negative, so a member is active when any of
 * its hours in the range has one. A range that reaches the present (with a minute to spare for clocks) holds every
 * hour after the member's last active hour, so there a member is active when that hour is in the range, counted in the
 * same pass over the team's rows (`active` is null); a range in the past reads each member-hour of the range, in a
 * read of its own (`active`).
 */
export function teamCountReads(self: { memberId: string; path: string; depth: number }, start: Date, end: Date, now: Date = new Date()): { counts: SQL; active: SQL | null } {
  const reachesNow = end.getTime() - now.getTime() > PRESENT_MARGIN_MS;
  const counts = sql`SELECT count(*) FILTER (WHERE member_id <> ${self.memberId})::int AS team_size,
                            count(*) FILTER (WHERE depth = ${self.depth + 1})::int AS direct,
                            count(*) FILTER (WHERE depth = ${self.depth + 1} AND type IN (${AGENT_TYPE_LIST}))::int AS direct_agents,
                            count(*) FILTER (WHERE member_id <> ${self.memberId} AND created_at >= ${ts(start)} AND created_at < ${ts(end)})::int AS new_members
                            ${reachesNow ? sql`, count(*) FILTER (WHERE last_active_hour >= ${ts(start)})::int AS active_members` : sql``}
                       FROM agent_contracts.agent_tree WHERE ${under(sql`path`, self.path)}`;
  if (reachesNow) return { counts, active: null };
  const active = sql`SELECT count(*)::int AS n FROM agent_contracts.agent_tree t
                      WHERE ${under(sql`t.path`, self.path)}
                        AND EXISTS (SELECT 1 FROM agent_contracts.member_hours h
                                     WHERE h.member_id = t.member_id AND h.hour >= ${ts(start)} AND h.hour < ${ts(end)} AND h.valid_bet_minor > 0)`;
  return { counts, active };
}
const PRESENT_MARGIN_MS = 60_000;

/** The betting record's totals: every stored bet (`n`, cancelled ones included) and the settled bets' sums. */
interface BetTotals {
  n: number;
  betCount: number;
  stakeMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
  profitMinor: bigint;
}
interface BetTotalsRow {
  n: number | null;
  bet_count: number | null;
  bet_minor: string | null;
  valid_bet_minor: string | null;
  win_minor: string | null;
  profit_minor: string | null;
}
const betTotalsOf = (row: BetTotalsRow | undefined): BetTotals => ({
  n: Number(row?.n ?? 0),
  betCount: Number(row?.bet_count ?? 0),
  stakeMinor: BigInt(row?.bet_minor ?? '0'),
  validBetMinor: BigInt(row?.valid_bet_minor ?? '0'),
  winMinor: BigInt(row?.win_minor ?? '0'),
  profitMinor: BigInt(row?.profit_minor ?? '0'),
});
const addBetTotals = (a: BetTotals, b: BetTotals): BetTotals => ({
  n: a.n + b.n,
  betCount: a.betCount + b.betCount,
  stakeMinor: a.stakeMinor + b.stakeMinor,
  validBetMinor: a.validBetMinor + b.validBetMinor,
  winMinor: a.winMinor + b.winMinor,
  profitMinor: a.profitMinor + b.profitMinor,
});
/** The totals of the bets `from` selects (a FROM … WHERE over `team_bets b`), read from the bets. */
async function betTotals(db: Executor, from: SQL): Promise<BetTotals> {
  const [row] = await rows<BetTotalsRow>(
    db,
    sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE b.state = 'settled')::int AS bet_count,
               (sum(b.bet_minor) FILTER (WHERE b.state = 'settled'))::text AS bet_minor,
               (sum(b.valid_bet_minor) FILTER (WHERE b.state = 'settled'))::text AS valid_bet_minor,
               (sum(b.win_minor) FILTER (WHERE b.state = 'settled'))::text AS win_minor,
               (sum(b.profit_minor) FILTER (WHERE b.state = 'settled'))::text AS profit_minor
          ${from}`,
  );
  return betTotalsOf(row);
}

/** The agent centre's team reports, read from the hourly roll-ups (and the stored bets for the betting record). */
export class TeamReports {
  constructor(
    private readonly db: Executor,
    /** The member-hours in memory, when the service holds them: the member-profit page reads them first. */
    private readonly columns?: MemberHourColumns,
  ) {}

  /** Refuses non-agents; finds the agent's place in the tree (an agent not placed yet has only itself). */
  private async caller(input: { memberId: string; merchantCode: string; memberType: number; currency: string }): Promise<Caller> {
    if (!isAgentType(input.memberType)) throw new AppError('AGENT_ONLY');
    const [row] = await rows<{ path: string | null; depth: number | null }>(
      this.db,
      sql`SELECT path, depth FROM agent_contracts.agent_tree WHERE member_id = ${input.memberId} AND merchant_code = ${input.merchantCode}`,
    );
    return {
      memberId: input.memberId,
      merchantCode: input.merchantCode,
      currency: input.currency,
      path: row?.path ?? `/${input.memberId}/`,
      depth: Number(row?.depth ?? 0),
      placed: Boolean(row?.path),
    };
  }

  /** The brand's time (its contract terms' time zone) unless the request names an offset; UTC when neither. */
  private async clock(caller: Caller, offsetMinutes: number | undefined): Promise<ReportClock> {
    if (offsetMinutes !== undefined) return clockOf(offsetMinutes, undefined);
    const [terms] = await rows<{ time_zone: string }>(
      this.db,
      sql`SELECT time_zone FROM agent_contracts.brand_terms WHERE merchant_code = ${caller.merchantCode} ORDER BY updated_at DESC, kind LIMIT 1`,
    );
    return clockOf(undefined, terms?.time_zone);
  }

  /** A member of the caller's team (or the caller); anyone else, existing or not, is refused alike. */
  private async teamMember(caller: Caller, memberId: string, field: string): Promise<{ memberId: string; account: string; path: string; depth: number }> {
    const [row] = await rows<{ account: string; path: string; depth: number }>(
      this.db,
      sql`SELECT account, path, depth FROM agent_contracts.agent_tree WHERE member_id = ${memberId} AND ${under(sql`path`, caller.path)}`,
    );
    if (!row) throw new AppError('AGENT_MEMBER_NOT_FOUND', { field });
    return { memberId, account: row.account, path: row.path, depth: Number(row.depth) };
  }

  async overview(input: Input<'agentTeamOverview'>): Promise<AgentTeamOverview> {
    const caller = await this.caller(input);
    const range = reportRange(input, await this.clock(caller, input.timeZoneOffsetMinutes));
    // Independent reads, run side by side: the team's counts, its hourly sums, and for a past range its active members.
    const reads = teamCountReads(caller, range.start, range.end);
    const [[counts], hours, [active]] = await Promise.all([
      rows<{ team_size: number; direct: number; direct_agents: number; new_members: number; active_members?: number }>(this.db, reads.counts),
      rows<{ hour: string | Date; bet_count: number; valid_bet_minor: string; profit_minor: string } & PaymentColumns>(
        this.db,
        sql`SELECT hour, bet_count, valid_bet_minor::text AS valid_bet_minor, profit_minor::text AS profit_minor, ${sql.raw(PAYMENT_COLUMNS)}
            FROM agent_contracts.team_hours
           WHERE agent_id = ${caller.memberId} AND hour >= ${ts(range.start)} AND hour < ${ts(range.end)}`,
      ),
      reads.active ? rows<{ n: number }>(this.db, reads.active) : Promise.resolve([]),
    ]);
    const perDay = new Map<string, Sums>(range.days.map((day) => [day, { betCount: 0, validBetMinor: 0n, profitMinor: 0n }]));
    const total: Sums = { betCount: 0, validBetMinor: 0n, profitMinor: 0n };
    const paymentsPerDay = new Map(range.days.map((day) => [day, noPayments()]));
    const payments = noPayments();
    for (const row of hours) {
      const sums = sumsOf(row);
      for (const into of [paymentsPerDay.get(range.dayOf(new Date(row.hour))), payments]) if (into) addPayments(into, row);
      for (const into of [perDay.get(range.dayOf(new Date(row.hour))), total]) {
        if (!into) continue;
        into.betCount += sums.betCount;
        into.validBetMinor += sums.validBetMinor;
        into.profitMinor += sums.profitMinor;
      }
    }
    const teamSize = counts?.team_size ?? 0;
    const direct = counts?.direct ?? 0;
    return {
      from: range.from,
      to: range.to,
      currency: caller.currency,
      teamSize,
      directMembers: direct,
      indirectMembers: teamSize - direct,
      directAgents: counts?.direct_agents ?? 0,
      newMembers: counts?.new_members ?? 0,
      activeMembers: counts?.active_members ?? active?.n ?? 0,
      ...money(total, caller.currency),
      ...paymentMoney(payments, caller.currency),
      series: [...perDay].map(([date, sums]) => ({ date, ...money(sums, caller.currency), ...paymentMoney(paymentsPerDay.get(date) ?? noPayments(), caller.currency) })),
    };
  }

  async downline(input: Input<'agentDownline'>): Promise<AgentDownline> {
    const caller = await this.caller(input);
    const range = reportRange(input, await this.clock(caller, input.timeZoneOffsetMinutes));
    const parent = input.parentId ? await this.teamMember(caller, input.parentId, 'parentId') : { memberId: caller.memberId, path: caller.path };
    const ids = parent.path.split('/').filter((id) => id !== '');
    const chain = ids.slice(Math.max(0, ids.indexOf(caller.memberId)));
    const named = await rows<{ member_id: string; account: string }>(
      this.db,
      sql`SELECT member_id::text AS member_id, account FROM agent_contracts.agent_tree
           WHERE member_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(chain)}::jsonb)::bigint)`,
    );
    const accounts = new Map(named.map((row) => [row.member_id, row.account]));
    const breadcrumb = chain.map((memberId) => ({ memberId, account: accounts.get(memberId) ?? '' }));

    const filter = sql`t.upline_id = ${parent.memberId} AND t.path IS NOT NULL${input.account ? sql` AND ${accountMatches(sql`t.account`, input.account)}` : sql``}`;
    const [count] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM agent_contracts.agent_tree t WHERE ${filter}`);
    const page = await rows<{
      member_id: string;
      account: string;
      type: number;
      depth: number;
      created_at: string | Date;
      team_size: number | null;
      bet_count: number | null;
      valid_bet_minor: string | null;
      profit_minor: string | null;
    }>(
      this.db,
      sql`SELECT t.member_id::text AS member_id, t.account, t.type, t.depth, t.created_at,
                 CASE WHEN t.type IN (${AGENT_TYPE_LIST}) THEN (
                   SELECT count(*)::int - 1 FROM agent_contracts.agent_tree s
                    WHERE s.path ~>=~ t.path AND s.path ~<~ (left(t.path, -1) || '0')) END AS team_size,
                 s.bet_count, s.valid_bet_minor::text AS valid_bet_minor, s.profit_minor::text AS profit_minor
            FROM agent_contracts.agent_tree t
            LEFT JOIN LATERAL (
              SELECT sum(bet_count)::int AS bet_count, sum(valid_bet_minor) AS valid_bet_minor, sum(profit_minor) AS profit_minor
                FROM agent_contracts.team_hours
               WHERE agent_id = t.member_id AND hour >= ${ts(range.start)} AND hour < ${ts(range.end)}) s ON true
           WHERE ${filter}
           ORDER BY t.account, t.member_id
           LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
    );
    const total = count?.n ?? 0;
    return {
      currency: caller.currency,
      breadcrumb,
      list: page.map((row) => ({
        memberId: row.member_id,
        account: row.account,
        type: Number(row.type),
        isAgent: isAgentType(Number(row.type)),
        level: Number(row.depth) - caller.depth,
        registeredAt: new Date(row.created_at).toISOString(),
        teamSize: row.team_size === null ? null : Number(row.team_size),
        ...money(sumsOf(row), caller.currency),
      })),
      pageNo: input.pageNo,
      pageSize: input.pageSize,
      total,
      totalPages: totalPages(total, input.pageSize),
    };
  }

  async bets(input: Input<'agentTeamBets'>): Promise<AgentTeamBets> {
    const caller = await this.caller(input);
    const range = reportRange(input, await this.clock(caller, input.timeZoneOffsetMinutes));
    if (input.teamMemberId) await this.teamMember(caller, input.teamMemberId, 'teamMemberId');
    // The team's bets settled in [start, end) that the filters select.
    const betsOf = (start: Date, end: Date) => {
      const conditions = [
        under(sql`t.path`, caller.path),
        sql`b.merchant_code = ${caller.merchantCode}`,
        sql`b.settled_at >= ${ts(start)}`,
        sql`b.settled_at < ${ts(end)}`,
        ...(input.teamMemberId ? [sql`b.member_id = ${input.teamMemberId}`] : []),
        ...(input.account ? [accountMatches(sql`t.account`, input.account)] : []),
        ...(input.gameType ? [sql`b.game_type = ${input.gameType}`] : []),
      ];
      return sql`FROM agent_contracts.team_bets b JOIN agent_contracts.agent_tree t ON t.member_id = b.member_id WHERE ${sql.join(conditions, sql` AND `)}`;
    };
    const from = betsOf(range.start, range.end);
    const filtered = Boolean(input.teamMemberId || input.account || input.gameType);
    const [totals, page] = await Promise.all([
      filtered || !caller.placed ? betTotals(this.db, from) : this.teamBetTotals(caller, range.start, range.end, betsOf),
      rows<Omit<StoredBetRow, 'merchant_code' | 'currency' | 'revision'> & { account: string }>(
        this.db,
        sql`SELECT b.bet_id, b.member_id::text AS member_id, t.account, b.vendor, b.game_type, b.game_code, b.round_id,
                   b.bet_minor::text AS bet_minor, b.valid_bet_minor::text AS valid_bet_minor, b.win_minor::text AS win_minor,
                   b.profit_minor::text AS profit_minor, b.state, b.settled_at
              ${from}
             ORDER BY b.settled_at DESC, b.bet_id
             LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
      ),
    ]);
    const currency = caller.currency;
    const profitMinor = totals.profitMinor;
    const total = totals.n;
    return {
      currency,
      list: page.map((row) => ({
        betId: row.bet_id,
        memberId: row.member_id,
        account: row.account,
        vendor: row.vendor,
        gameType: row.game_type,
        gameCode: row.game_code,
        roundId: row.round_id,
        betAmount: formatMinor(BigInt(row.bet_minor), currency),
        validBet: formatMinor(BigInt(row.valid_bet_minor), currency),
        winAmount: formatMinor(BigInt(row.win_minor), currency),
        profit: formatMinor(BigInt(row.profit_minor), currency),
        state: row.state,
        settledAt: new Date(row.settled_at).toISOString(),
      })),
      totals: {
        betCount: totals.betCount,
        betAmount: formatMinor(totals.stakeMinor, currency),
        validBet: formatMinor(totals.validBetMinor, currency),
        winAmount: formatMinor(totals.winMinor, currency),
        profit: formatMinor(profitMinor, currency),
        houseProfit: formatMinor(-profitMinor, currency),
      },
      pageNo: input.pageNo,
      pageSize: input.pageSize,
      total,
      totalPages: totalPages(total, input.pageSize),
    };
  }

  /**
   * The whole team's betting record totals over [start, end): the whole UTC hours inside it from the agent's team hours
   * (kept with the bets, in the same transaction), the bets of the part-hours at its edges (a brand whose day does not
   * start on a UTC hour) from the bets themselves, which `betsOf` selects.
   */
  private async teamBetTotals(caller: Caller, start: Date, end: Date, betsOf: (start: Date, end: Date) => SQL): Promise<BetTotals> {
    const firstHour = new Date(Math.ceil(start.getTime() / HOUR_MS) * HOUR_MS);
    const lastHour = new Date(Math.floor(end.getTime() / HOUR_MS) * HOUR_MS);
    if (firstHour >= lastHour) return betTotals(this.db, betsOf(start, end));
    const edges = [...(start < firstHour ? [betTotals(this.db, betsOf(start, firstHour))] : []), ...(lastHour < end ? [betTotals(this.db, betsOf(lastHour, end))] : [])];
    const [hours, ...edge] = await Promise.all([
      rows<BetTotalsRow>(
        this.db,
        sql`SELECT sum(record_count)::int AS n, sum(bet_count)::int AS bet_count, sum(stake_minor)::text AS bet_minor, sum(valid_bet_minor)::text AS valid_bet_minor,
                   sum(win_minor)::text AS win_minor, sum(profit_minor)::text AS profit_minor
              FROM agent_contracts.team_hours
             WHERE agent_id = ${caller.memberId} AND hour >= ${ts(firstHour)} AND hour < ${ts(lastHour)}`,
      ).then(([row]) => betTotalsOf(row)),
      ...edges,
    ]);
    return edge.reduce(addBetTotals, hours);
  }

  async memberProfit(input: Input<'agentMemberProfit'>): Promise<AgentMemberProfit> {
    const caller = await this.caller(input);
    const range = reportRange(input, await this.clock(caller, input.timeZoneOffsetMinutes));
    if (input.teamMemberId) await this.teamMember(caller, input.teamMemberId, 'teamMemberId');
    const sortBy = input.sortBy || 'validBet';
    const query = {
      path: caller.path,
      start: range.start,
      end: range.end,
      memberId: input.teamMemberId || undefined,
      account: input.account || undefined,
      sortBy,
      descending: input.sortOrder !== 'asc',
      offset: (input.pageNo - 1) * input.pageSize,
      limit: input.pageSize,
    };
    const held = await this.columns?.memberPage(query);
    const found = held ? await this.withTreeRows(held) : await this.memberPageFromTable(query);
    return {
      currency: caller.currency,
      list: found.list.map((row) => ({
        memberId: row.memberId,
        account: row.account,
        type: row.type,
        level: row.depth - caller.depth,
        ...money(row, caller.currency),
      })),
      totals: money(found.totals, caller.currency),
      pageNo: input.pageNo,
      pageSize: input.pageSize,
      total: found.total,
      totalPages: totalPages(found.total, input.pageSize),
    };
  }

  /** The account, type and depth of the page's members, read from the tree for the page's rows only. */
  private async withTreeRows(held: MemberRangePage): Promise<MemberProfitPage> {
    const ids = held.page.map((row) => row.memberId);
    const tree = ids.length
      ? await rows<{ member_id: string; account: string; type: number; depth: number }>(
          this.db,
          sql`SELECT member_id::text AS member_id, account, type, depth FROM agent_contracts.agent_tree WHERE member_id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
        )
      : [];
    const nodes = new Map(tree.map((node) => [node.member_id, node]));
    return {
      list: held.page.map((row) => {
        const node = nodes.get(row.memberId)!;
        return { ...row, account: node.account, type: Number(node.type), depth: Number(node.depth) };
      }),
      totals: held.totals,
      total: held.total,
    };
  }

  /** The member-profit page read from `member_hours` (what the columns in memory do not answer). */
  private async memberPageFromTable(query: MemberRangeQuery): Promise<MemberProfitPage> {
    // The team's members (matching the account searched for) as a set of ids: the sums are grouped by member alone,
    // and the tree's account, type and depth are read for the page's rows only.
    const team = sql`SELECT member_id FROM agent_contracts.agent_tree t
                      WHERE ${sql.join([under(sql`t.path`, query.path), ...(query.account ? [accountMatches(sql`t.account`, query.account)] : [])], sql` AND `)}`;
    const conditions = [sql`h.hour >= ${ts(query.start)}`, sql`h.hour < ${ts(query.end)}`, sql`h.member_id IN (${team})`, ...(query.memberId ? [sql`h.member_id = ${query.memberId}`] : [])];
    const perMember = sql`
      WITH per_member AS (
        SELECT h.member_id, sum(h.bet_count)::int AS bet_count, sum(h.valid_bet_minor) AS valid_bet_minor, sum(h.profit_minor) AS profit_minor
          FROM agent_contracts.member_hours h
         WHERE ${sql.join(conditions, sql` AND `)}
         GROUP BY h.member_id
        HAVING sum(h.bet_count) <> 0 OR sum(h.valid_bet_minor) <> 0 OR sum(h.profit_minor) <> 0)`;
    const column = sql.raw({ validBet: 'valid_bet_minor', profit: 'profit_minor', betCount: 'bet_count' }[query.sortBy]);
    const direction = sql.raw(query.descending ? 'DESC' : 'ASC');
    // One pass: the page, with the totals over every matching member alongside each row.
    const page = await rows<{
      member_id: string;
      account: string;
      type: number;
      depth: number;
      bet_count: number;
      valid_bet_minor: string;
      profit_minor: string;
      total_n: number;
      total_bet_count: number;
      total_valid_bet_minor: string;
      total_profit_minor: string;
    }>(
      this.db,
      sql`${perMember}, page AS (
            SELECT member_id, bet_count, valid_bet_minor, profit_minor,
                   count(*) OVER ()::int AS total_n, (sum(bet_count) OVER ())::int AS total_bet_count,
                   (sum(valid_bet_minor) OVER ())::text AS total_valid_bet_minor, (sum(profit_minor) OVER ())::text AS total_profit_minor
              FROM per_member
             ORDER BY ${column} ${direction}, member_id
             LIMIT ${query.limit} OFFSET ${query.offset})
          SELECT p.member_id::text AS member_id, t.account, t.type, t.depth, p.bet_count, p.valid_bet_minor::text AS valid_bet_minor,
                 p.profit_minor::text AS profit_minor, p.total_n, p.total_bet_count, p.total_valid_bet_minor, p.total_profit_minor
            FROM page p JOIN agent_contracts.agent_tree t ON t.member_id = p.member_id
           ORDER BY p.${column} ${direction}, p.member_id`,
    );
    // A page past the end carries no row to read the totals from.
    const totals = page[0]
      ? { n: page[0].total_n, bet_count: page[0].total_bet_count, valid_bet_minor: page[0].total_valid_bet_minor, profit_minor: page[0].total_profit_minor }
      : (
          await rows<{ n: number; bet_count: number | null; valid_bet_minor: string | null; profit_minor: string | null }>(
            this.db,
            sql`${perMember}
                SELECT count(*)::int AS n, sum(bet_count)::int AS bet_count, sum(valid_bet_minor)::text AS valid_bet_minor, sum(profit_minor)::text AS profit_minor
                  FROM per_member`,
          )
        )[0];
    return {
      list: page.map((row) => ({ memberId: row.member_id, account: row.account, type: Number(row.type), depth: Number(row.depth), ...sumsOf(row) })),
      totals: sumsOf(totals ?? { bet_count: 0, valid_bet_minor: '0', profit_minor: '0' }),
      total: totals?.n ?? 0,
    };
  }
}
