import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { BetSettled } from '@wps/contracts';
import { postPoints, type PointPosting, type PostedPoints } from './ledger.js';

/** The highest revision of each bet in a batch (per brand and bet id); a later copy of the same revision wins. */
export function latestRevisions(bets: readonly BetSettled[]): BetSettled[] {
  const latest = new Map<string, BetSettled>();
  for (const bet of bets) {
    const key = `${bet.merchantCode}\u0000${bet.betId}`;
    const seen = latest.get(key);
    if (!seen || bet.revision >= seen.revision) latest.set(key, bet);
  }
  return [...latest.values()];
}

/**
 * Earns points for a batch of settled bets, set-based: one upsert of the bets' points at their brands' ratios (only a
 * higher revision replaces what a bet earned), and one posting per changed bet of the difference, caused by
 * `<betId>:<revision>`. A cancelled bet takes back everything it earned, even below zero. Answers the members whose
 * points changed with their new balance.
 */
export async function earnPoints(tx: Executor, bets: readonly BetSettled[]): Promise<PostedPoints[]> {
  const latest = latestRevisions(bets);
  if (latest.length === 0) return [];
  const input = JSON.stringify(
    latest.map((bet) => ({
      merchant_code: bet.merchantCode,
      bet_id: bet.betId,
      member_id: bet.memberId,
      revision: bet.revision,
      game_type: bet.gameType,
      valid_bet: bet.state === 'cancelled' ? '0' : bet.validBetMinor,
    })),
  );
  // A bet earns floor(valid bet ÷ its brand's ratio for the game type): nothing when cancelled or without a ratio.
  // `before` reads the statement's snapshot, so it holds what each bet earned before this batch.
  const changed = await rows<{ merchant_code: string; bet_id: string; member_id: string; revision: number; points: string; before: string }>(
    tx,
    sql`WITH input AS (
          SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS t(merchant_code text, bet_id text, member_id bigint, revision integer, game_type text, valid_bet bigint)
        ),
        earned AS (
          SELECT i.merchant_code, i.bet_id, i.member_id, i.revision,
                 CASE WHEN r.minor_per_point > 0 AND i.valid_bet > 0 THEN i.valid_bet / r.minor_per_point ELSE 0 END AS points
          FROM input i LEFT JOIN points.point_ratios r ON r.merchant_code = i.merchant_code AND r.game_type = i.game_type
        ),
        before AS (
          SELECT b.merchant_code, b.bet_id, b.points FROM points.point_bets b JOIN input i USING (merchant_code, bet_id)
        ),
        upserted AS (
          INSERT INTO points.point_bets (merchant_code, bet_id, member_id, revision, points)
          SELECT merchant_code, bet_id, member_id, revision, points FROM earned
          ON CONFLICT (merchant_code, bet_id) DO UPDATE SET revision = EXCLUDED.revision, points = EXCLUDED.points, updated_at = now()
          WHERE point_bets.revision < EXCLUDED.revision
          RETURNING merchant_code, bet_id, member_id, revision, points
        )
        SELECT u.merchant_code, u.bet_id, u.member_id::text AS member_id, u.revision, u.points::text AS points, coalesce(b.points, 0)::text AS before
        FROM upserted u LEFT JOIN before b USING (merchant_code, bet_id)`,
  );
  const currencyOf = new Map(latest.map((bet) => [`${bet.merchantCode}\u0000${bet.betId}`, bet.currency]));
  const postings: PointPosting[] = [];
  for (const row of changed) {
    const change = BigInt(row.points) - BigInt(row.before);
    if (change === 0n) continue;
    postings.push({
      merchantCode: row.merchant_code,
      memberId: row.member_id,
      change,
      cause: 'bet',
      causeRef: `${row.bet_id}:${row.revision}`,
      brandAccount: 'earning',
      currency: currencyOf.get(`${row.merchant_code}\u0000${row.bet_id}`) ?? null,
    });
  }
  return postPoints(tx, postings);
}
