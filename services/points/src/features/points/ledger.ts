import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';

/** Why points moved; the ledger keeps one transaction per (brand, cause, causeRef). */
export type PointCause = 'bet' | 'redeem' | 'redeem_refund' | 'convert' | 'reward' | 'adjustment';
/** The brand's side of a points transaction: who gave the points out or took them back. */
export type PointBrandAccount = 'earning' | 'rewards' | 'mall' | 'conversion' | 'adjustment';

export interface PointPosting {
  merchantCode: string;
  memberId: string;
  /** The member's change: positive gives points, negative takes them. Never zero. */
  change: bigint;
  cause: PointCause;
  /** What caused it (a bet and its revision, a redemption's number, a claim): a repeat posts nothing. */
  causeRef: string;
  brandAccount: PointBrandAccount;
  remark?: string | null;
  /** The member's currency, kept on the account when it is opened here. */
  currency?: string | null;
}

export interface PostedPoints {
  memberId: string;
  /** The member's points after the postings of this call. */
  points: bigint;
  /** Grows by one on every posting call that changed the account: the order of `points` pushes. */
  version: number;
}

/**
 * Posts points transactions, set-based: one statement for any number of postings. Postings already made (same brand,
 * cause and reference) are skipped, so a redelivered batch posts nothing twice. Accounts that do not exist yet are
 * opened. Nothing here refuses a balance below zero: a cancelled bet takes back what it earned even when the points
 * were spent since. Spending goes through `spendPoints`, which checks the balance under the account's lock.
 * Answers the new balance of every member whose points changed.
 */
export async function postPoints(tx: Executor, postings: readonly PointPosting[]): Promise<PostedPoints[]> {
  const unique = new Map<string, PointPosting>();
  for (const posting of postings) {
    if (posting.change === 0n) continue;
    unique.set(`${posting.merchantCode}\u0000${posting.cause}\u0000${posting.causeRef}`, posting);
  }
  if (unique.size === 0) return [];
  const list = [...unique.values()];
  const input = JSON.stringify(
    list.map((p) => ({
      merchant_code: p.merchantCode,
      member_id: p.memberId,
      change: p.change.toString(),
      cause: p.cause,
      cause_ref: p.causeRef,
      brand_kind: p.brandAccount,
      remark: p.remark ?? null,
      currency: p.currency ?? null,
    })),
  );
  const recordset = sql`jsonb_to_recordset(${input}::jsonb) AS t(merchant_code text, member_id bigint, change bigint, cause text, cause_ref text, brand_kind text, remark text, currency text)`;
  // Opens missing accounts first: the postings below must see them (a statement does not see its own inserts).
  await tx.execute(
    sql`INSERT INTO points.point_accounts (member_id, merchant_code, currency)
        SELECT DISTINCT ON (member_id) member_id, merchant_code, currency FROM ${recordset}
        ORDER BY member_id, currency NULLS LAST
        ON CONFLICT (member_id) DO UPDATE SET currency = EXCLUDED.currency WHERE point_accounts.currency IS NULL AND EXCLUDED.currency IS NOT NULL`,
  );
  const changed = await rows<{ member_id: string; points: string; version: string }>(
    tx,
    sql`WITH fresh AS (
          INSERT INTO points.point_transactions (merchant_code, member_id, change, cause, cause_ref, brand_kind, remark)
          SELECT merchant_code, member_id, change, cause, cause_ref, brand_kind, remark FROM ${recordset}
          ON CONFLICT (merchant_code, cause, cause_ref) DO NOTHING
          RETURNING merchant_code, member_id, change, brand_kind
        ),
        brands AS (
          INSERT INTO points.point_brand_accounts (merchant_code, kind, points)
          SELECT merchant_code, brand_kind, -sum(change) FROM fresh GROUP BY merchant_code, brand_kind
          ON CONFLICT (merchant_code, kind) DO UPDATE SET points = point_brand_accounts.points + EXCLUDED.points
        )
        UPDATE points.point_accounts AS account
        SET points = account.points + moved.change, version = account.version + 1
        FROM (SELECT member_id, sum(change) AS change FROM fresh GROUP BY member_id) AS moved
        WHERE account.member_id = moved.member_id
        RETURNING account.member_id::text AS member_id, account.points::text AS points, account.version::text AS version`,
  );
  return changed.map((row) => ({ memberId: row.member_id, points: BigInt(row.points), version: Number(row.version) }));
}

/**
 * Spends a member's points (a redemption, a conversion): refused with POINTS_INSUFFICIENT, changing nothing, when the
 * member holds fewer. The account is locked for the rest of the transaction, so two spends at once cannot both pass.
 */
export async function spendPoints(tx: Executor, posting: Omit<PointPosting, 'change'> & { points: bigint }): Promise<PostedPoints> {
  if (posting.points <= 0n) throw new AppError('VALIDATION_FAILED', { field: 'points' });
  const [account] = await rows<{ points: string }>(tx, sql`SELECT points::text AS points FROM points.point_accounts WHERE member_id = ${posting.memberId} FOR UPDATE`);
  if (!account || BigInt(account.points) < posting.points) throw new AppError('POINTS_INSUFFICIENT');
  const { points, ...rest } = posting;
  const [posted] = await postPoints(tx, [{ ...rest, change: -points }]);
  if (!posted) throw new AppError('IDEMPOTENCY_CONFLICT');
  return posted;
}

/** A member's points now (0 for a member with no account yet). */
export async function pointsOf(executor: Executor, memberId: string): Promise<bigint> {
  const [account] = await rows<{ points: string }>(executor, sql`SELECT points::text AS points FROM points.point_accounts WHERE member_id = ${memberId}`);
  return account ? BigInt(account.points) : 0n;
}
