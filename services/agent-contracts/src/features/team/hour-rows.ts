import { sql } from 'drizzle-orm';
import type { Executor } from '@wps/platform';

/** JSON for the database: bigints as decimal strings, which PostgreSQL reads into bigint columns exactly. */
export const dbJson = (value: unknown): string => JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));

/**
 * What a batch adds to one member's (or one agent's team's) hour: the bets' sums, or the payments' sums. Figures left
 * out add nothing.
 */
export interface HourAddition {
  id: string;
  /** ISO start of the UTC hour. */
  hour: string;
  merchantCode: string;
  currency: string;
  betCount?: number;
  validBetMinor?: bigint;
  profitMinor?: bigint;
  depositCount?: number;
  depositMinor?: bigint;
  withdrawalCount?: number;
  withdrawalMinor?: bigint;
  /** The betting record's totals: `team_hours` only. */
  recordCount?: number;
  stakeMinor?: bigint;
  winMinor?: bigint;
}

/**
 * Adds a batch's differences to `member_hours` or `team_hours` in one multi-row upsert, rows in (id, hour) order so
 * that two batches touching the same rows never wait on each other in a circle.
 */
export async function addToHours(tx: Executor, table: 'member' | 'team', additions: readonly HourAddition[]): Promise<void> {
  if (additions.length === 0) return;
  const team = table === 'team';
  const records = dbJson(
    additions.map((row) => ({
      id: row.id,
      hour: row.hour,
      merchant_code: row.merchantCode,
      currency: row.currency,
      bet_count: row.betCount ?? 0,
      valid_bet_minor: row.validBetMinor ?? 0n,
      profit_minor: row.profitMinor ?? 0n,
      deposit_count: row.depositCount ?? 0,
      deposit_minor: row.depositMinor ?? 0n,
      withdrawal_count: row.withdrawalCount ?? 0,
      withdrawal_minor: row.withdrawalMinor ?? 0n,
      ...(team ? { record_count: row.recordCount ?? 0, stake_minor: row.stakeMinor ?? 0n, win_minor: row.winMinor ?? 0n } : {}),
    })),
  );
  const target = team ? sql.raw('agent_contracts.team_hours AS h (agent_id') : sql.raw('agent_contracts.member_hours AS h (member_id');
  const key = team ? sql.raw('agent_id') : sql.raw('member_id');
  const record = team
    ? {
        columns: sql.raw(', record_count, stake_minor, win_minor'),
        types: sql.raw(', record_count integer, stake_minor bigint, win_minor bigint'),
        updates: sql.raw(', record_count = h.record_count + EXCLUDED.record_count, stake_minor = h.stake_minor + EXCLUDED.stake_minor, win_minor = h.win_minor + EXCLUDED.win_minor'),
      }
    : // A member-hour names the transaction that last wrote it (`MemberHourColumns` reads what changed by it).
      { columns: sql.raw(''), types: sql.raw(''), updates: sql.raw(', changed_by = pg_current_xact_id()') };
  await tx.execute(sql`
    INSERT INTO ${target}, hour, merchant_code, currency, bet_count, valid_bet_minor, profit_minor,
                          deposit_count, deposit_minor, withdrawal_count, withdrawal_minor${record.columns})
    SELECT id, hour, merchant_code, currency, bet_count, valid_bet_minor, profit_minor, deposit_count, deposit_minor, withdrawal_count, withdrawal_minor${record.columns}
      FROM jsonb_to_recordset(${records}::jsonb) AS r(id bigint, hour timestamptz, merchant_code text, currency text,
           bet_count integer, valid_bet_minor bigint, profit_minor bigint,
           deposit_count integer, deposit_minor bigint, withdrawal_count integer, withdrawal_minor bigint${record.types})
     ORDER BY id, hour
    ON CONFLICT (${key}, hour) DO UPDATE SET
      bet_count = h.bet_count + EXCLUDED.bet_count,
      valid_bet_minor = h.valid_bet_minor + EXCLUDED.valid_bet_minor,
      profit_minor = h.profit_minor + EXCLUDED.profit_minor,
      deposit_count = h.deposit_count + EXCLUDED.deposit_count,
      deposit_minor = h.deposit_minor + EXCLUDED.deposit_minor,
      withdrawal_count = h.withdrawal_count + EXCLUDED.withdrawal_count,
      withdrawal_minor = h.withdrawal_minor + EXCLUDED.withdrawal_minor${record.updates}`);
}
