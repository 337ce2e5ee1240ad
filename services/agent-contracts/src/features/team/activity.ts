import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import { lockTreeIds } from '../agent-tree.js';
import { dbJson } from './hour-rows.js';
import type { HourSums } from './rollup.js';

const byId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

/**
 * Keeps each member's last hour with a valid bet (`agent_tree.last_active_hour`) in step with a batch's differences to
 * `member_hours`, once those are written. An hour's valid bets are never negative, so a positive difference leaves the
 * hour active and the last active hour can only move forward. A negative one (a cancellation or a correction) may
 * empty the hour, so those members' last active hour is read again from their hours.
 *
 * A member whose tree row is not there yet gets its last active hour from its hours when the row is made
 * (`addToTree`). So that neither side misses the other's uncommitted work, the batch then takes the member's tree lock,
 * which the registration holds while it makes the row, and writes again: the row is there, or it will be made after
 * this batch commits and will read these hours.
 */
export async function recordActivity(tx: Executor, memberHours: readonly HourSums[]): Promise<void> {
  const lowered = new Set(memberHours.filter((row) => row.validBetMinor < 0n).map((row) => row.id));
  const raised = new Map<string, string>();
  for (const row of memberHours) {
    if (row.validBetMinor <= 0n || lowered.has(row.id)) continue;
    const seen = raised.get(row.id);
    if (seen === undefined || Date.parse(row.hour) > Date.parse(seen)) raised.set(row.id, row.hour);
  }
  const missing = await write(tx, raised, [...lowered]);
  if (missing.length === 0) return;
  await lockTreeIds(tx, missing);
  const again = new Set(missing);
  await write(
    tx,
    new Map([...raised].filter(([id]) => again.has(id))),
    [...lowered].filter((id) => again.has(id)),
  );
}

/** Writes the last active hours; answers the members (in id order) that have no tree row. */
async function write(tx: Executor, raised: ReadonlyMap<string, string>, lowered: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  if (raised.size > 0) {
    const records = dbJson([...raised].sort(([a], [b]) => byId(a, b)).map(([id, hour]) => ({ id, hour })));
    const absent = await rows<{ id: string }>(
      tx,
      sql`WITH r AS (SELECT * FROM jsonb_to_recordset(${records}::jsonb) AS r(id bigint, hour timestamptz)),
               moved AS (
                 UPDATE agent_contracts.agent_tree t SET last_active_hour = r.hour FROM r
                  WHERE t.member_id = r.id AND (t.last_active_hour IS NULL OR t.last_active_hour < r.hour))
          SELECT r.id::text AS id FROM r WHERE NOT EXISTS (SELECT 1 FROM agent_contracts.agent_tree t WHERE t.member_id = r.id)`,
    );
    missing.push(...absent.map((row) => row.id));
  }
  if (lowered.length > 0) {
    const found = await rows<{ id: string }>(
      tx,
      sql`UPDATE agent_contracts.agent_tree t
             SET last_active_hour = (SELECT max(h.hour) FROM agent_contracts.member_hours h WHERE h.member_id = t.member_id AND h.valid_bet_minor > 0)
           WHERE t.member_id IN (SELECT jsonb_array_elements_text(${dbJson([...lowered].sort(byId))}::jsonb)::bigint)
       RETURNING t.member_id::text AS id`,
    );
    const present = new Set(found.map((row) => row.id));
    missing.push(...lowered.filter((id) => !present.has(id)));
  }
  return missing.sort(byId);
}
