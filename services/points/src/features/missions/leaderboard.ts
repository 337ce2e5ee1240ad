import { sql } from 'drizzle-orm';
import { rows, type Executor, type Outbox } from '@wps/platform';
import type { Leaderboard, LeaderboardPrize } from '@wps/contracts';
import { grantRewardsAndPush, type RewardGrant } from '../rewards/grants.js';
import { titled } from '../rewards/titles.js';
import { maskAccount, periodEndsAt, periodStart } from './periods.js';
import type { BrandCalendar, LeaderboardMetric } from './progress.js';

export interface RankedRow {
  rank: number;
  memberId: string;
  account: string;
  score: string;
}

const columns = (metric: LeaderboardMetric) => (metric === 'points' ? { score: sql.raw('l.points'), at: sql.raw('l.points_at') } : { score: sql.raw('l.turnover'), at: sql.raw('l.turnover_at') });

/** The week's top N: highest score first, then who reached it first. Members without a positive score are not ranked. */
export async function topOf(executor: Executor, calendar: BrandCalendar, weekStart: string, limit = calendar.size): Promise<RankedRow[]> {
  const { score, at } = columns(calendar.metric);
  const found = await rows<{ member_id: string; account: string | null; score: string }>(
    executor,
    sql`SELECT l.member_id::text AS member_id, mm.account, ${score}::text AS score
        FROM points.mission_leaderboard l LEFT JOIN points.mission_members mm ON mm.member_id = l.member_id
        WHERE l.merchant_code = ${calendar.merchantCode} AND l.week_start = ${weekStart}::date AND ${score} > 0
        ORDER BY ${score} DESC, ${at}, l.member_id
        LIMIT ${limit}`,
  );
  return found.map((row, index) => ({ rank: index + 1, memberId: row.member_id, account: maskAccount(row.account), score: row.score }));
}

/**
 * Members' own standing in the week: rank (null without a positive score) and score, with how many mission rewards each
 * can claim now, in one statement for many.
 */
export async function standingsOf(
  executor: Executor,
  calendar: BrandCalendar,
  weekStart: string,
  memberIds: readonly string[],
): Promise<Map<string, { rank: number | null; score: string; account: string; claimable: number }>> {
  if (memberIds.length === 0) return new Map();
  const { score, at } = columns(calendar.metric);
  const better = calendar.metric === 'points' ? sql.raw('o.points') : sql.raw('o.turnover');
  const betterAt = calendar.metric === 'points' ? sql.raw('o.points_at') : sql.raw('o.turnover_at');
  const found = await rows<{ member_id: string; account: string | null; score: string | null; rank: number | null; claimable: number }>(
    executor,
    sql`WITH who AS (SELECT jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)::bigint AS member_id)
        SELECT w.member_id::text AS member_id, mm.account, ${score}::text AS score,
               CASE WHEN ${score} > 0 THEN 1 + (
                 SELECT count(*)::int FROM points.mission_leaderboard o
                 WHERE o.merchant_code = l.merchant_code AND o.week_start = l.week_start AND ${better} > 0
                   AND (${better} > ${score} OR (${better} = ${score} AND (${betterAt} < ${at} OR (${betterAt} = ${at} AND o.member_id < l.member_id))))
               ) END AS rank,
               (SELECT count(*)::int FROM points.reward_grants g
                WHERE g.member_id = w.member_id AND g.source = 'mission' AND g.status = 'available' AND (g.expires_at IS NULL OR g.expires_at > now())) AS claimable
        FROM who w
        LEFT JOIN points.mission_leaderboard l ON l.member_id = w.member_id AND l.merchant_code = ${calendar.merchantCode} AND l.week_start = ${weekStart}::date
        LEFT JOIN points.mission_members mm ON mm.member_id = w.member_id`,
  );
  return new Map(found.map((row) => [row.member_id, { rank: row.rank, score: row.score ?? '0', account: maskAccount(row.account), claimable: row.claimable }]));
}

export async function prizesOf(executor: Executor, merchantCode: string): Promise<LeaderboardPrize[]> {
  const [row] = await rows<{ prizes: LeaderboardPrize[] | string }>(executor, sql`SELECT prizes FROM points.mission_settings WHERE merchant_code = ${merchantCode}`);
  if (!row) return [];
  const prizes = typeof row.prizes === 'string' ? (JSON.parse(row.prizes) as LeaderboardPrize[]) : row.prizes;
  return [...prizes].sort((a, b) => a.rank - b.rank);
}

/** The leaderboard call: this week's top N, the caller's own rank and the prize table. */
export async function leaderboardFor(executor: Executor, calendar: BrandCalendar, memberId: string, now = new Date()): Promise<Leaderboard> {
  const weekStart = periodStart(now, calendar.timeZone, 'weekly');
  const [top, standings, prizes] = await Promise.all([topOf(executor, calendar, weekStart), standingsOf(executor, calendar, weekStart, [memberId]), prizesOf(executor, calendar.merchantCode)]);
  const own = standings.get(memberId);
  return {
    weekStart,
    weekEndsAt: periodEndsAt(weekStart, 'weekly', calendar.timeZone).toISOString(),
    metric: calendar.metric,
    currency: calendar.currency,
    top: top.map((row) => ({ rank: row.rank, account: row.account, score: row.score, self: row.memberId === memberId })),
    own: own ? { rank: own.rank, account: own.account, score: own.score } : null,
    prizes,
  };
}

/**
 * Grants the prize table of the week that ended (the one before the current week), once per brand and week, into the
 * reward centre (source `leaderboard`). Answers the members that received a prize.
 */
export async function awardEndedWeeks(deps: { outbox: Outbox }, tx: Executor, calendar: BrandCalendar, now = new Date()): Promise<string[]> {
  const prizes = await prizesOf(tx, calendar.merchantCode);
  if (prizes.length === 0) return [];
  const current = periodStart(now, calendar.timeZone, 'weekly');
  const weeks = await rows<{ week_start: string }>(
    tx,
    sql`INSERT INTO points.mission_leaderboard_awards (merchant_code, week_start)
        SELECT DISTINCT merchant_code, week_start FROM points.mission_leaderboard
        WHERE merchant_code = ${calendar.merchantCode} AND week_start < ${current}::date AND week_start >= ${current}::date - 7
        ON CONFLICT DO NOTHING
        RETURNING to_char(week_start, 'YYYY-MM-DD') AS week_start`,
  );
  const grants: RewardGrant[] = [];
  for (const { week_start: weekStart } of weeks) {
    const top = await topOf(tx, calendar, weekStart, Math.max(...prizes.map((prize) => prize.rank)));
    for (const prize of prizes) {
      const winner = top[prize.rank - 1];
      if (!winner) continue;
      const amount = BigInt(prize.amount);
      grants.push({
        merchantCode: calendar.merchantCode,
        memberId: winner.memberId,
        source: 'leaderboard',
        sourceRef: `${weekStart}:${prize.rank}`,
        ...titled('leaderboard', { rank: String(prize.rank), week: weekStart }),
        kind: prize.kind,
        currency: calendar.currency,
        ...(prize.kind === 'points' ? { points: amount } : { amountMinor: amount }),
      });
    }
  }
  return grantRewardsAndPush(deps, tx, grants);
}
