import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';

/** Where a reward comes from; one grant per (brand, source, sourceRef). */
export type RewardSource = 'mission' | 'leaderboard' | 'vip_upgrade' | 'vip_monthly' | 'vip_birthday' | 'envelope' | 'rebate' | 'promotion';

export interface RewardGrant {
  merchantCode: string;
  memberId: string;
  source: RewardSource;
  /** What it is for (a mission and its period, a level reached, a month): granting the same twice grants once. */
  sourceRef: string;
  /** The reward's name as the member sees it. */
  title: string;
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
      kind: grant.kind,
      currency: grant.currency,
      amount_minor: (grant.kind === 'points' ? 0n : (grant.amountMinor ?? 0n)).toString(),
      points: (grant.kind === 'points' ? (grant.points ?? 0n) : 0n).toString(),
      expires_at: grant.expiresAt?.toISOString() ?? null,
    })),
  );
  const granted = await rows<{ member_id: string }>(
    tx,
    sql`INSERT INTO points.reward_grants (merchant_code, member_id, source, source_ref, title, kind, currency, amount_minor, points, expires_at)
        SELECT merchant_code, member_id, source, source_ref, title, kind, currency, amount_minor, points, expires_at
        FROM jsonb_to_recordset(${input}::jsonb)
             AS t(merchant_code text, member_id bigint, source text, source_ref text, title text, kind text, currency text,
                  amount_minor bigint, points bigint, expires_at timestamptz)
        ON CONFLICT (merchant_code, source, source_ref) DO NOTHING
        RETURNING member_id::text AS member_id`,
  );
  return [...new Set(granted.map((row) => row.member_id))];
}
