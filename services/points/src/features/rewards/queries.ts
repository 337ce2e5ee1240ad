import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { BonusDetail, InterfaceLanguage, Reward, RewardCount } from '@wps/contracts';
import { GRANT_COLUMNS, toReward, type GrantRow } from './rows.js';
import { brandDateStart } from '../brand-day.js';
import { rewardTitle } from './titles.js';

/** How far back the reward centre shows what was claimed or expired. */
const RECENT_DAYS = 30;
const LIST_MAX = 200;

/** The member's claimable count and the version of its `rewards` pushes (0 before the first). */
export async function rewardCount(executor: Executor, input: { memberId: string; merchantCode: string }): Promise<RewardCount> {
  const [row] = await rows<{ count: number; version: string | null }>(
    executor,
    sql`SELECT (SELECT count(*) FROM points.reward_grants g
                WHERE g.member_id = ${input.memberId} AND g.merchant_code = ${input.merchantCode} AND g.status = 'available'
                  AND (g.expires_at IS NULL OR g.expires_at > now()))::int AS count,
               (SELECT version::text FROM points.reward_counters WHERE member_id = ${input.memberId}) AS version`,
  );
  return { count: Number(row?.count ?? 0), version: Number(row?.version ?? 0) };
}

/** The reward centre: available first (soonest to expire first), then the recent claimed and expired, newest first. */
export async function listRewards(executor: Executor, input: { memberId: string; merchantCode: string; language?: InterfaceLanguage }): Promise<{ list: Reward[]; count: number; version: number }> {
  const grants = await rows<GrantRow>(
    executor,
    sql`SELECT * FROM (
          SELECT ${GRANT_COLUMNS} FROM points.reward_grants g
          WHERE g.member_id = ${input.memberId} AND g.merchant_code = ${input.merchantCode}
            AND (g.status = 'available' OR coalesce(g.claimed_at, g.expires_at, g.created_at) > now() - make_interval(days => ${RECENT_DAYS}))
        ) AS r
        ORDER BY (r.status = 'available') DESC,
                 CASE WHEN r.status = 'available' THEN r.expires_at END ASC NULLS LAST,
                 coalesce(r.claimed_at, r.expires_at, r.created_at) DESC, r.id::bigint DESC
        LIMIT ${LIST_MAX}`,
  );
  const count = await rewardCount(executor, input);
  return { list: grants.map((grant) => toReward(grant, input.language)), ...count };
}

/** bonusDetails: what the member received (claimed rewards, red envelopes), newest first, within dates of the brand's time zone. */
export async function bonusDetails(
  executor: Executor,
  input: { memberId: string; merchantCode: string; language?: InterfaceLanguage; from?: string; to?: string; pageNo: number; pageSize: number },
): Promise<{ list: BonusDetail[]; total: number; totalPages: number; pageNo: number; totals: { money: Array<{ currency: string; amountMinor: string }>; points: string } }> {
  const where = sql`g.member_id = ${input.memberId} AND g.merchant_code = ${input.merchantCode} AND g.status = 'claimed'
    ${input.from ? sql`AND g.claimed_at >= ${brandDateStart(input.merchantCode, input.from)}` : sql``}
    ${input.to ? sql`AND g.claimed_at < ${brandDateStart(input.merchantCode, input.to, 1)}` : sql``}`;
  const page = await rows<{
    id: string;
    claimed_at: string;
    source: BonusDetail['source'];
    title: string;
    title_kind: string | null;
    title_params: unknown;
    kind: BonusDetail['kind'];
    currency: string;
    amount_minor: string;
    points: string;
  }>(
    executor,
    sql`SELECT g.id::text AS id, g.claimed_at, g.source, g.title, g.title_kind, g.title_params, g.kind, g.currency, g.amount_minor::text AS amount_minor, g.points::text AS points
        FROM points.reward_grants g WHERE ${where}
        ORDER BY g.claimed_at DESC, g.id DESC
        LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
  );
  const sums = await rows<{ currency: string | null; amount: string; points: string; n: number }>(
    executor,
    sql`SELECT CASE WHEN g.kind = 'points' THEN NULL ELSE g.currency END AS currency, sum(g.amount_minor)::text AS amount, sum(g.points)::text AS points, count(*)::int AS n
        FROM points.reward_grants g WHERE ${where}
        GROUP BY 1 ORDER BY 1 NULLS LAST`,
  );
  const total = sums.reduce((sum, row) => sum + Number(row.n), 0);
  return {
    list: page.map((row) => ({
      id: row.id,
      receivedAt: new Date(row.claimed_at).toISOString(),
      source: row.source,
      title: rewardTitle(row, input.language),
      kind: row.kind,
      currency: row.currency,
      amountMinor: row.amount_minor,
      points: row.points,
    })),
    total,
    totalPages: Math.ceil(total / input.pageSize),
    pageNo: input.pageNo,
    totals: {
      money: sums.filter((row) => row.currency !== null && BigInt(row.amount) > 0n).map((row) => ({ currency: row.currency!, amountMinor: row.amount })),
      points: sums.reduce((sum, row) => sum + BigInt(row.points), 0n).toString(),
    },
  };
}
