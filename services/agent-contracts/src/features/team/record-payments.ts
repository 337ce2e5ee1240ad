import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { BalanceChanged } from '@wps/contracts';
import { hourOf, lineageOf } from './rollup.js';
import { addToHours, dbJson } from './hour-rows.js';

/**
 * What a balance change means for the team figures. A deposit credited (a real one, or demo funds) counts as a
 * deposit. A withdrawal counts when its money leaves the member's spendable balance (`withdrawal_hold`: it is held
 * for the payout and is never spendable again unless the withdrawal is rejected); a rejection releases the money
 * (`withdrawal_release`) and counts the withdrawal back, in the hour of the rejection. So the withdrawals of a range
 * are the money that left for good or is being paid out, less what came back.
 */
const EFFECTS: ReadonlyMap<string, { kind: 'deposit' | 'withdrawal'; count: 1 | -1 }> = new Map([
  ['deposit', { kind: 'deposit', count: 1 }],
  ['demo_deposit', { kind: 'deposit', count: 1 }],
  ['withdrawal_hold', { kind: 'withdrawal', count: 1 }],
  ['withdrawal_release', { kind: 'withdrawal', count: -1 }],
]);

/** A balance change the team figures count: one of the causes above, with its amount (older events carry none). */
export const countsInTeamFigures = (change: BalanceChanged): boolean => EFFECTS.has(change.cause) && change.amountMinor !== undefined;

export interface PaymentChange {
  change: BalanceChanged;
  /** When the wallet posted it (the event's time). */
  at: Date;
}

/** One row of hourly payment sums: a member's own (`member_hours`) or an agent's team (`team_hours`). */
export interface PaymentHourSums {
  id: string;
  /** ISO start of the UTC hour. */
  hour: string;
  merchantCode: string;
  currency: string;
  depositCount: number;
  depositMinor: bigint;
  withdrawalCount: number;
  withdrawalMinor: bigint;
}

export interface PaymentPlan {
  memberHours: PaymentHourSums[];
  teamHours: PaymentHourSums[];
}

/**
 * Adds up a batch of balance changes per (member, hour) and per (agent, hour) for the member and every agent above it
 * (`lineages`: root first, the member last; the member alone when absent). Withdrawals are kept as positive amounts.
 */
export function planPayments(changes: readonly PaymentChange[], lineages: ReadonlyMap<string, readonly string[]>): PaymentPlan {
  const memberHours = new Map<string, PaymentHourSums>();
  const teamHours = new Map<string, PaymentHourSums>();
  const add = (into: Map<string, PaymentHourSums>, id: string, change: BalanceChanged, hour: string, kind: 'deposit' | 'withdrawal', count: number, minor: bigint) => {
    const key = `${id}|${hour}`;
    let row = into.get(key);
    if (!row) {
      row = { id, hour, merchantCode: change.merchantCode, currency: change.currency, depositCount: 0, depositMinor: 0n, withdrawalCount: 0, withdrawalMinor: 0n };
      into.set(key, row);
    }
    if (kind === 'deposit') {
      row.depositCount += count;
      row.depositMinor += minor;
    } else {
      row.withdrawalCount += count;
      row.withdrawalMinor += minor;
    }
  };
  for (const { change, at } of changes) {
    const effect = EFFECTS.get(change.cause);
    if (!effect || change.amountMinor === undefined) continue;
    // A deposit raises the balance; a withdrawal held lowers it and its release raises it back.
    const minor = effect.kind === 'deposit' ? BigInt(change.amountMinor) : -BigInt(change.amountMinor);
    const hour = hourOf(at);
    add(memberHours, change.memberId, change, hour, effect.kind, effect.count, minor);
    for (const id of lineages.get(change.memberId) ?? [change.memberId]) add(teamHours, id, change, hour, effect.kind, effect.count, minor);
  }
  return { memberHours: changed(memberHours), teamHours: changed(teamHours) };
}

/** The rows with a difference, ordered by id then hour (so concurrent batches lock shared rows in the same order). */
function changed(sums: Map<string, PaymentHourSums>): PaymentHourSums[] {
  return [...sums.values()]
    .filter((row) => row.depositCount !== 0 || row.depositMinor !== 0n || row.withdrawalCount !== 0 || row.withdrawalMinor !== 0n)
    .sort((a, b) => compareIds(a.id, b.id) || (a.hour < b.hour ? -1 : a.hour > b.hour ? 1 : 0));
}

const compareIds = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Applies a batch of balance changes to the team figures: each member's deposits and withdrawals move its own hourly
 * sums and those of every agent above it (from the agent tree). Each table is written with one statement per batch.
 */
export async function recordPayments(tx: Executor, changes: readonly PaymentChange[]): Promise<void> {
  const counted = changes.filter(({ change }) => countsInTeamFigures(change));
  if (counted.length === 0) return;
  const memberIds = [...new Set(counted.map(({ change }) => change.memberId))];
  const placed = await rows<{ member_id: string; path: string | null }>(
    tx,
    sql`SELECT member_id::text AS member_id, path FROM agent_contracts.agent_tree
         WHERE member_id IN (SELECT jsonb_array_elements_text(${dbJson(memberIds)}::jsonb)::bigint)`,
  );
  const paths = new Map(placed.map((row) => [row.member_id, row.path]));
  const lineages = new Map(memberIds.map((id) => [id, lineageOf(id, null, paths.get(id))]));
  const plan = planPayments(counted, lineages);
  if (plan.memberHours.length > 0) await addToHours(tx, 'member', plan.memberHours);
  if (plan.teamHours.length > 0) await addToHours(tx, 'team', plan.teamHours);
}
