import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { BetSettled } from '@wps/contracts';
import { postPoints, type PointPosting, type PostedPoints } from './ledger.js';

/** The points one bet earns: floor(valid bet ÷ ratio); nothing for a cancelled bet or a game type without a ratio. */
export function pointsForBet(bet: Pick<BetSettled, 'validBetMinor' | 'state'>, minorPerPoint: bigint | undefined): bigint {
  if (bet.state === 'cancelled' || !minorPerPoint || minorPerPoint <= 0n) return 0n;
  const valid = BigInt(bet.validBetMinor);
  return valid > 0n ? valid / minorPerPoint : 0n;
}

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
 * Earns points for a batch of settled bets, set-based: one read of the brands' ratios, one upsert of the bets' points
 * (only a higher revision replaces what a bet earned), and one posting per changed bet of the difference, caused by
 * `<betId>:<revision>`. A cancelled bet takes back everything it earned, even below zero. Answers the members whose
 * points changed with their new balance.
 */
export async function earnPoints(tx: Executor, bets: readonly BetSettled[]): Promise<PostedPoints[]> {
  const latest = latestRevisions(bets);
  if (latest.length === 0) return [];
  const brands = [...new Set(latest.map((bet) => bet.merchantCode))];
  const ratios = await rows<{ merchant_code: string; game_type: string; minor_per_point: string }>(
    tx,
    sql`SELECT merchant_code, game_type, minor_per_point::text AS minor_per_point FROM points.point_ratios
        WHERE merchant_code IN (SELECT jsonb_array_elements_text(${JSON.stringify(brands)}::jsonb))`,
  );
  const ratioOf = new Map(ratios.map((row) => [`${row.merchant_code}\u0000${row.game_type}`, BigInt(row.minor_per_point)]));
  const input = JSON.stringify(
    latest.map((bet) => ({
      merchant_code: bet.merchantCode,
      bet_id: bet.betId,
      member_id: bet.memberId,
      revision: bet.revision,
      points: pointsForBet(bet, ratioOf.get(`${bet.merchantCode}\u0000${bet.gameType}`)).toString(),
    })),
  );
  // `before` reads the statement's snapshot, so it holds what each bet earned before this batch.
  const changed = await rows<{ merchant_code: string; bet_id: string; member_id: string; revision: number; points: string; before: string }>(
    tx,
    sql`WITH input AS (
          SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS t(merchant_code text, bet_id text, member_id bigint, revision integer, points bigint)
        ),
        before AS (
          SELECT b.merchant_code, b.bet_id, b.points FROM points.point_bets b JOIN input i USING (merchant_code, bet_id)
        ),
        upserted AS (
          INSERT INTO points.point_bets (merchant_code, bet_id, member_id, revision, points)
          SELECT merchant_code, bet_id, member_id, revision, points FROM input
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
