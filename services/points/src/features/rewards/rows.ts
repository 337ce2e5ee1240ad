import { sql } from 'drizzle-orm';
import type { InterfaceLanguage, Reward } from '@wps/contracts';
import { rewardTitle } from './titles.js';

/** A reward_grants row as the queries here select it. */
export interface GrantRow {
  id: string;
  merchant_code: string;
  member_id: string;
  source: Reward['source'];
  title: string;
  title_kind: string | null;
  title_params: unknown;
  kind: Reward['kind'];
  currency: string;
  amount_minor: string;
  points: string;
  status: Reward['status'];
  expires_at: string | null;
  claimed_at: string | null;
  paid_at: string | null;
  created_at: string;
}

/** The columns of a grant, with an available grant past its expiry shown as expired. */
export const GRANT_COLUMNS = sql.raw(`g.id::text AS id, g.merchant_code, g.member_id::text AS member_id, g.source, g.title, g.title_kind, g.title_params, g.kind, g.currency,
  g.amount_minor::text AS amount_minor, g.points::text AS points,
  CASE WHEN g.status = 'available' AND g.expires_at <= now() THEN 'expired' ELSE g.status END AS status,
  g.expires_at, g.claimed_at, g.paid_at, g.created_at`);

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A grant as the member reads it, its name in the member's language. */
export function toReward(row: GrantRow, language?: InterfaceLanguage): Reward {
  return {
    id: row.id,
    source: row.source,
    title: rewardTitle(row, language),
    kind: row.kind,
    currency: row.currency,
    amountMinor: row.amount_minor,
    points: row.points,
    status: row.status,
    expiresAt: iso(row.expires_at),
    claimedAt: iso(row.claimed_at),
    paid: row.paid_at !== null,
    createdAt: iso(row.created_at)!,
  };
}
