import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { BetSettled } from '@wps/contracts';

const idSet = (values: readonly string[]) => sql`(SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb)::bigint)`;

/**
 * Counts settled bets of brands with a VIP programme by member, brand day and game type, at each bet's highest
 * revision (a correction moves the sum by the difference, a cancellation takes the bet's part back): the manual
 * rebate's breakdown of today's valid bet.
 */
export async function recordRebateBets(tx: Executor, bets: readonly BetSettled[]): Promise<void> {
  if (bets.length === 0) return;
  const input = JSON.stringify(
    bets.map((bet) => ({
      bet_id: bet.betId,
      member_id: bet.memberId,
      merchant_code: bet.merchantCode,
      currency: bet.currency,
      game_type: bet.gameType || 'OTHER',
      revision: bet.revision,
      cancelled: bet.state === 'cancelled',
      valid_bet_minor: bet.state === 'cancelled' ? '0' : bet.validBetMinor,
      settled_at: bet.settledAt,
    })),
  );
  await tx.execute(
    sql`WITH input AS (
          SELECT DISTINCT ON (bet_id) * FROM jsonb_to_recordset(${input}::jsonb)
            AS t(bet_id text, member_id bigint, merchant_code text, currency text, game_type text, revision int, cancelled boolean, valid_bet_minor bigint, settled_at timestamptz)
          ORDER BY bet_id, revision DESC, cancelled DESC
        ),
        dated AS (
          SELECT i.*, (i.settled_at AT TIME ZONE p.time_zone)::date AS day
          FROM input i JOIN points.vip_programmes p ON p.merchant_code = i.merchant_code
        ),
        previous AS (SELECT bet_id, member_id, merchant_code, currency, day, game_type, valid_bet_minor FROM points.rebate_bets WHERE bet_id = ANY (ARRAY(SELECT bet_id FROM input))),
        saved AS (
          INSERT INTO points.rebate_bets AS b (bet_id, member_id, merchant_code, currency, day, game_type, revision, cancelled, valid_bet_minor)
          SELECT bet_id, member_id, merchant_code, currency, day, game_type, revision, cancelled, valid_bet_minor FROM dated
          ON CONFLICT (bet_id) DO UPDATE SET member_id = EXCLUDED.member_id, merchant_code = EXCLUDED.merchant_code, currency = EXCLUDED.currency, day = EXCLUDED.day,
                                             game_type = EXCLUDED.game_type, revision = EXCLUDED.revision, cancelled = EXCLUDED.cancelled, valid_bet_minor = EXCLUDED.valid_bet_minor
            WHERE EXCLUDED.revision > b.revision OR (EXCLUDED.revision = b.revision AND EXCLUDED.cancelled AND NOT b.cancelled)
          RETURNING bet_id, member_id, merchant_code, currency, day, game_type, valid_bet_minor
        ),
        moves AS (
          SELECT member_id, merchant_code, currency, day, game_type, valid_bet_minor AS change FROM saved
          UNION ALL
          SELECT p.member_id, p.merchant_code, p.currency, p.day, p.game_type, -p.valid_bet_minor FROM previous p JOIN saved s ON s.bet_id = p.bet_id
        ),
        summed AS (
          SELECT member_id, day, currency, game_type, min(merchant_code) AS merchant_code, sum(change)::bigint AS change
          FROM moves GROUP BY member_id, day, currency, game_type HAVING sum(change) <> 0
        )
        INSERT INTO points.rebate_daily AS d (member_id, day, currency, game_type, merchant_code, valid_bet_minor)
        SELECT member_id, day, currency, game_type, merchant_code, change FROM summed ORDER BY member_id, day, currency, game_type
        ON CONFLICT (member_id, day, currency, game_type) DO UPDATE SET valid_bet_minor = d.valid_bet_minor + EXCLUDED.valid_bet_minor`,
  );
}

/**
 * Closes members' rebate day for the daily run, inside the run's transaction: each member's row is taken (made when
 * missing) under its lock, so a claim running at the same time either finished before (and its valid bet is
 * answered here, to be left out) or finds the day closed. Answers the valid bet the members' claims covered.
 */
export async function closeRebateDays(tx: Executor, merchantCode: string, day: string, memberIds: readonly string[]): Promise<Map<string, bigint>> {
  if (memberIds.length === 0) return new Map();
  const closed = await rows<{ member_id: string; claimed: string }>(
    tx,
    sql`INSERT INTO points.rebate_days AS d (member_id, day, merchant_code, closed_at)
        SELECT id, ${day}::date, ${merchantCode}, now() FROM ${idSet(memberIds)} AS t(id) ORDER BY id
        ON CONFLICT (member_id, day) DO UPDATE SET closed_at = coalesce(d.closed_at, EXCLUDED.closed_at)
        RETURNING member_id::text AS member_id, claimed_valid_bet_minor::text AS claimed`,
  );
  return new Map(closed.map((row) => [row.member_id, BigInt(row.claimed)]));
}

/** Forgets per-bet rows of days long past (only today's breakdown is shown and claimed); the daily sums stay a while. */
export async function forgetOldRebateBets(executor: Executor): Promise<void> {
  await executor.execute(sql`DELETE FROM points.rebate_bets WHERE day < current_date - 3`);
  await executor.execute(sql`DELETE FROM points.rebate_daily WHERE day < current_date - 62`);
}
