import { sql } from 'drizzle-orm';
import { rows, type Executor, type Outbox } from '@wps/platform';
import { sendPushes } from '../pushes.js';
import type { RewardTitleKind, RewardTitleParams } from './titles.js';

/** Where a reward comes from; one grant per (brand, source, sourceRef). */
export type RewardSource = 'mission' | 'leaderboard' | 'vip_upgrade' | 'vip_monthly' | 'vip_birthday' | 'envelope' | 'rebate' | 'promotion';

export interface RewardGrant {
  merchantCode: string;
  memberId: string;
  source: RewardSource;
  /** What it is for (a mission and its period, a level reached, a month): granting the same twice grants once. */
  sourceRef: string;
  /** The reward's name: the Spanish text, and the name of a grant without `titleKind` in every language. */
  title: string;
  /** A name the platform writes (see `titled`): read in the member's language, made of `titleParams`. */
  titleKind?: RewardTitleKind;
  titleParams?: RewardTitleParams;
  /** Money paid as cash or as bonus, or points. */
  kind: 'cash' | 'bonus' | 'points';
  currency: string;
  /** Money rewards: the amount in minor units (> 0). */
  amountMinor?: bigint;
  /** Points rewards: the points (> 0). */
  points?: bigint;
  expiresAt?: Date | null;
}

/**
 * Grants rewards into the reward centre, set-based and once per cause: the member claims them there (and the claim
 * pays them). Answers the members that received a new grant, so their claimable count can be pushed.
 */
export async function grantRewards(tx: Executor, grants: readonly RewardGrant[]): Promise<string[]> {
  if (grants.length === 0) return [];
  const input = JSON.stringify(
    grants.map((grant) => ({
      merchant_code: grant.merchantCode,
      member_id: grant.memberId,
      source: grant.source,
      source_ref: grant.sourceRef,
      title: grant.title,
      title_kind: grant.titleKind ?? null,
      title_params: grant.titleParams ?? {},
      kind: grant.kind,
      currency: grant.currency,
      amount_minor: (grant.kind === 'points' ? 0n : (grant.amountMinor ?? 0n)).toString(),
      points: (grant.kind === 'points' ? (grant.points ?? 0n) : 0n).toString(),
      expires_at: grant.expiresAt?.toISOString() ?? null,
    })),
  );
  const granted = await rows<{ member_id: string }>(
    tx,
    sql`INSERT INTO points.reward_grants (merchant_code, member_id, source, source_ref, title, title_kind, title_params, kind, currency, amount_minor, points, expires_at)
        SELECT merchant_code, member_id, source, source_ref, title, title_kind, title_params, kind, currency, amount_minor, points, expires_at
        FROM jsonb_to_recordset(${input}::jsonb)
             AS t(merchant_code text, member_id bigint, source text, source_ref text, title text, title_kind text, title_params jsonb,
                  kind text, currency text, amount_minor bigint, points bigint, expires_at timestamptz)
        ON CONFLICT (merchant_code, source, source_ref) DO NOTHING
        RETURNING member_id::text AS member_id`,
  );
  return [...new Set(granted.map((row) => row.member_id))];
}

/** What a `rewards` push and the count call carry: the claimable count and its version. */
export interface MemberRewardCount {
  memberId: string;
  merchantCode: string;
  count: number;
  version: number;
}

/**
 * Pushes the claimable count of each member to the member's sockets once the transaction commits (call
 * `deps.wakeRelay()` after it), and answers the counts. Every part that grants or claims rewards calls this in the
 * same transaction, with the members whose rewards changed (e.g. `grantRewards`' answer):
 * `await pushRewardCounts(deps, tx, await grantRewards(tx, grants))`. Members with no reward at all are skipped.
 */
export async function pushRewardCounts(deps: { outbox: Outbox }, tx: Executor, memberIds: readonly string[]): Promise<MemberRewardCount[]> {
  if (memberIds.length === 0) return [];
  const ids = JSON.stringify([...new Set(memberIds)]);
  const counted = await rows<{ member_id: string; merchant_code: string; version: string; count: number }>(
    tx,
    sql`WITH members AS (
          SELECT DISTINCT ON (g.member_id) g.member_id, g.merchant_code
          FROM points.reward_grants g
          WHERE g.member_id = ANY (ARRAY(SELECT value::bigint FROM jsonb_array_elements_text(${ids}::jsonb)))
          ORDER BY g.member_id, g.id
        ),
        bumped AS (
          INSERT INTO points.reward_counters (member_id, merchant_code, version)
          SELECT member_id, merchant_code, 1 FROM members
          ON CONFLICT (member_id) DO UPDATE SET version = reward_counters.version + 1
          RETURNING member_id, merchant_code, version
        )
        SELECT b.member_id::text AS member_id, b.merchant_code, b.version::text AS version,
               (SELECT count(*) FROM points.reward_grants g
                WHERE g.member_id = b.member_id AND g.status = 'available' AND (g.expires_at IS NULL OR g.expires_at > now()))::int AS count
        FROM bumped b`,
  );
  const counts = counted.map((row) => ({ memberId: row.member_id, merchantCode: row.merchant_code, count: Number(row.count), version: Number(row.version) }));
  await sendPushes(
    deps.outbox,
    tx,
    counts.map((entry) => ({
      target: { merchantCode: entry.merchantCode, memberId: entry.memberId },
      push: { v: entry.version, type: 'rewards' as const, data: { count: entry.count, version: entry.version } },
    })),
  );
  return counts;
}

/** `grantRewards`, then the `rewards` push of every member that received a new grant. */
export async function grantRewardsAndPush(deps: { outbox: Outbox }, tx: Executor, grants: readonly RewardGrant[]): Promise<string[]> {
  const members = await grantRewards(tx, grants);
  await pushRewardCounts(deps, tx, members);
  return members;
}
