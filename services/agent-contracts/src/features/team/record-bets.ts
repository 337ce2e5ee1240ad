import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { BetSettled } from '@wps/contracts';
import { latestPerBet, lineageOf, planBatch, type TeamBet } from './rollup.js';
import { addToHours, dbJson } from './hour-rows.js';
import { recordActivity } from './activity.js';

/** A `team_bets` row as read, bigints as text. */
export interface StoredBetRow {
  bet_id: string;
  member_id: string;
  merchant_code: string;
  currency: string;
  vendor: string;
  game_type: string;
  game_code: string | null;
  round_id: string;
  bet_minor: string;
  valid_bet_minor: string;
  win_minor: string;
  profit_minor: string;
  state: 'settled' | 'cancelled';
  revision: number;
  settled_at: string | Date;
}

/**
 * Applies a batch of settled bets to the team reports: keeps each bet's highest revision and moves the hourly sums of
 * the member and of every agent above it by the difference, and the members' last active hours. Each table is written
 * with one statement per batch.
 */
export async function recordSettledBets(tx: Executor, events: readonly BetSettled[]): Promise<void> {
  const latest = latestPerBet(events);
  if (latest.length === 0) return;

  const found = await rows<StoredBetRow>(
    tx,
    sql`SELECT bet_id, member_id::text AS member_id, merchant_code, currency, vendor, game_type, game_code, round_id,
               bet_minor::text AS bet_minor, valid_bet_minor::text AS valid_bet_minor, win_minor::text AS win_minor,
               profit_minor::text AS profit_minor, state, revision, settled_at
          FROM agent_contracts.team_bets
         WHERE bet_id IN (SELECT jsonb_array_elements_text(${dbJson(latest.map((event) => event.betId))}::jsonb))
           FOR UPDATE`,
  );
  const stored = new Map<string, TeamBet>(found.map((row) => [row.bet_id, storedBet(row)]));
  const newer = latest.filter((event) => (stored.get(event.betId)?.revision ?? -1) < event.revision);
  if (newer.length === 0) return;

  const withoutPath = [...new Set(newer.filter((event) => event.agentPath === null).map((event) => event.memberId))];
  const treePaths = new Map<string, string | null>();
  if (withoutPath.length > 0) {
    const placed = await rows<{ member_id: string; path: string | null }>(
      tx,
      sql`SELECT member_id::text AS member_id, path FROM agent_contracts.agent_tree
           WHERE member_id IN (SELECT jsonb_array_elements_text(${dbJson(withoutPath)}::jsonb)::bigint)`,
    );
    for (const row of placed) treePaths.set(row.member_id, row.path);
  }
  const lineages = new Map(newer.map((event) => [event.memberId, lineageOf(event.memberId, event.agentPath, treePaths.get(event.memberId))]));

  const plan = planBatch(newer, stored, lineages);
  if (plan.bets.length > 0) await upsertBets(tx, plan.bets);
  if (plan.memberHours.length > 0) {
    await addToHours(tx, 'member', plan.memberHours);
    await recordActivity(tx, plan.memberHours);
  }
  if (plan.teamHours.length > 0) await addToHours(tx, 'team', plan.teamHours);
}

function storedBet(row: StoredBetRow): TeamBet {
  return {
    betId: row.bet_id,
    memberId: row.member_id,
    merchantCode: row.merchant_code,
    currency: row.currency,
    vendor: row.vendor,
    gameType: row.game_type,
    gameCode: row.game_code,
    roundId: row.round_id,
    betMinor: BigInt(row.bet_minor),
    validBetMinor: BigInt(row.valid_bet_minor),
    winMinor: BigInt(row.win_minor),
    profitMinor: BigInt(row.profit_minor),
    state: row.state,
    revision: Number(row.revision),
    settledAt: new Date(row.settled_at),
  };
}

async function upsertBets(tx: Executor, bets: TeamBet[]): Promise<void> {
  const records = bets.map((bet) => ({
    bet_id: bet.betId,
    member_id: bet.memberId,
    merchant_code: bet.merchantCode,
    currency: bet.currency,
    vendor: bet.vendor,
    game_type: bet.gameType,
    game_code: bet.gameCode,
    round_id: bet.roundId,
    bet_minor: bet.betMinor,
    valid_bet_minor: bet.validBetMinor,
    win_minor: bet.winMinor,
    profit_minor: bet.profitMinor,
    state: bet.state,
    revision: bet.revision,
    settled_at: bet.settledAt.toISOString(),
  }));
  await tx.execute(sql`
    INSERT INTO agent_contracts.team_bets (bet_id, member_id, merchant_code, currency, vendor, game_type, game_code, round_id,
                                           bet_minor, valid_bet_minor, win_minor, profit_minor, state, revision, settled_at)
    SELECT bet_id, member_id, merchant_code, currency, vendor, game_type, game_code, round_id,
           bet_minor, valid_bet_minor, win_minor, profit_minor, state, revision, settled_at
      FROM jsonb_to_recordset(${dbJson(records)}::jsonb) AS r(bet_id text, member_id bigint, merchant_code text, currency text,
           vendor text, game_type text, game_code text, round_id text, bet_minor bigint, valid_bet_minor bigint,
           win_minor bigint, profit_minor bigint, state text, revision integer, settled_at timestamptz)
    ON CONFLICT (bet_id) DO UPDATE SET
      member_id = EXCLUDED.member_id, merchant_code = EXCLUDED.merchant_code, currency = EXCLUDED.currency,
      vendor = EXCLUDED.vendor, game_type = EXCLUDED.game_type, game_code = EXCLUDED.game_code, round_id = EXCLUDED.round_id,
      bet_minor = EXCLUDED.bet_minor, valid_bet_minor = EXCLUDED.valid_bet_minor, win_minor = EXCLUDED.win_minor,
      profit_minor = EXCLUDED.profit_minor, state = EXCLUDED.state, revision = EXCLUDED.revision, settled_at = EXCLUDED.settled_at
    WHERE team_bets.revision < EXCLUDED.revision`);
}
