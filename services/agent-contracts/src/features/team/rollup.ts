import type { BetSettled } from '@wps/contracts';

/** A bet as the team reports keep it: the last revision seen. */
export interface TeamBet {
  betId: string;
  memberId: string;
  merchantCode: string;
  currency: string;
  vendor: string;
  gameType: string;
  gameCode: string | null;
  roundId: string;
  betMinor: bigint;
  validBetMinor: bigint;
  /** The win plus the vendor's adjustments. */
  winMinor: bigint;
  /** The member's result (win + adjust - bet); 0 when cancelled. */
  profitMinor: bigint;
  state: 'settled' | 'cancelled';
  revision: number;
  settledAt: Date;
}

/** One row of hourly sums: a member's own bets (`member_hours`) or an agent's team (`team_hours`). */
export interface HourSums {
  id: string;
  /** ISO start of the UTC hour. */
  hour: string;
  merchantCode: string;
  currency: string;
  betCount: number;
  validBetMinor: bigint;
  profitMinor: bigint;
  /** The betting record's totals, kept for teams only: stored bets (cancelled ones too), settled stakes and wins. */
  recordCount: number;
  stakeMinor: bigint;
  winMinor: bigint;
}

export interface BatchPlan {
  /** The bets to store: new ones and newer revisions of stored ones. */
  bets: TeamBet[];
  /** Differences to add, one row per (member, hour), ordered by id then hour. */
  memberHours: HourSums[];
  /** Differences to add, one row per (agent, hour), ordered by id then hour. */
  teamHours: HourSums[];
}

export const HOUR_MS = 3_600_000;

export function hourOf(at: Date): string {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString();
}

/** The event as the bet it describes. A cancelled bet keeps its stake for the record but has no valid bet and no result. */
export function teamBetOf(event: BetSettled): TeamBet {
  const cancelled = event.state === 'cancelled';
  const betMinor = BigInt(event.betAmountMinor);
  const winMinor = BigInt(event.winAmountMinor) + BigInt(event.adjustAmountMinor);
  return {
    betId: event.betId,
    memberId: event.memberId,
    merchantCode: event.merchantCode,
    currency: event.currency,
    vendor: event.vendor,
    gameType: event.gameType,
    gameCode: event.gameCode,
    roundId: event.roundId,
    betMinor,
    validBetMinor: cancelled ? 0n : BigInt(event.validBetMinor),
    winMinor,
    profitMinor: cancelled ? 0n : winMinor - betMinor,
    state: event.state,
    revision: event.revision,
    settledAt: new Date(event.settledAt),
  };
}

/** What one bet adds to the sums of its hour: a cancelled bet adds only itself to the record's count. */
function contribution(bet: TeamBet): Omit<HourSums, 'id' | 'merchantCode' | 'currency'> {
  const counts = bet.state === 'settled';
  return {
    hour: hourOf(bet.settledAt),
    betCount: counts ? 1 : 0,
    validBetMinor: counts ? bet.validBetMinor : 0n,
    profitMinor: counts ? bet.profitMinor : 0n,
    recordCount: 1,
    stakeMinor: counts ? bet.betMinor : 0n,
    winMinor: counts ? bet.winMinor : 0n,
  };
}

/** The highest revision of each bet in the batch; of equal revisions the first delivered wins. */
export function latestPerBet(events: readonly BetSettled[]): BetSettled[] {
  const latest = new Map<string, BetSettled>();
  for (const event of events) {
    const seen = latest.get(event.betId);
    if (!seen || event.revision > seen.revision) latest.set(event.betId, event);
  }
  return [...latest.values()];
}

/**
 * Whose team sums a member's bet counts in, root first, the member last: the uplines the event carries, else the
 * member's path in the agent tree (`/1/5/9/`), else the member alone (not placed in the tree yet).
 */
export function lineageOf(memberId: string, agentPath: readonly string[] | null, treePath: string | null | undefined): string[] {
  if (agentPath) return agentPath.at(-1) === memberId ? [...agentPath] : [...agentPath, memberId];
  if (treePath) return treePath.split('/').filter((id) => id !== '');
  return [memberId];
}

/**
 * Plans one batch: for each bet newer than the stored one (or not stored yet) the difference between its new and its
 * old contribution goes to the member's hours and to the team hours of the member and every agent above it, all added
 * up in memory so that each (member or agent, hour) is written once. An event that is not newer than what is stored
 * changes nothing.
 */
export function planBatch(events: readonly BetSettled[], stored: ReadonlyMap<string, TeamBet>, lineages: ReadonlyMap<string, readonly string[]>): BatchPlan {
  const bets: TeamBet[] = [];
  const memberHours = new Map<string, HourSums>();
  const teamHours = new Map<string, HourSums>();
  const add = (into: Map<string, HourSums>, id: string, bet: TeamBet, part: ReturnType<typeof contribution>, sign: 1n | -1n) => {
    const key = `${id}|${part.hour}`;
    let row = into.get(key);
    if (!row) {
      row = { id, hour: part.hour, merchantCode: bet.merchantCode, currency: bet.currency, betCount: 0, validBetMinor: 0n, profitMinor: 0n, recordCount: 0, stakeMinor: 0n, winMinor: 0n };
      into.set(key, row);
    }
    const count = sign === 1n ? 1 : -1;
    row.betCount += count * part.betCount;
    row.validBetMinor += sign * part.validBetMinor;
    row.profitMinor += sign * part.profitMinor;
    row.recordCount += count * part.recordCount;
    row.stakeMinor += sign * part.stakeMinor;
    row.winMinor += sign * part.winMinor;
  };

  for (const event of latestPerBet(events)) {
    const previous = stored.get(event.betId);
    if (previous && previous.revision >= event.revision) continue;
    const bet = teamBetOf(event);
    bets.push(bet);
    const lineage = lineages.get(bet.memberId) ?? [bet.memberId];
    const changes: Array<[TeamBet, 1n | -1n]> = previous
      ? [
          [previous, -1n],
          [bet, 1n],
        ]
      : [[bet, 1n]];
    for (const [version, sign] of changes) {
      const part = contribution(version);
      add(memberHours, bet.memberId, bet, part, sign);
      for (const id of lineage) add(teamHours, id, bet, part, sign);
    }
  }
  return { bets, memberHours: changed(memberHours, false), teamHours: changed(teamHours, true) };
}

/**
 * The rows with a difference (a member's hours keep no record totals), in a fixed order (so concurrent batches lock
 * shared rows in the same order).
 */
function changed(rows: Map<string, HourSums>, withRecord: boolean): HourSums[] {
  return [...rows.values()]
    .filter((row) => row.betCount !== 0 || row.validBetMinor !== 0n || row.profitMinor !== 0n || (withRecord && (row.recordCount !== 0 || row.stakeMinor !== 0n || row.winMinor !== 0n)))
    .sort((a, b) => compareIds(a.id, b.id) || (a.hour < b.hour ? -1 : a.hour > b.hour ? 1 : 0));
}

const compareIds = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
