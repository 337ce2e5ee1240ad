import { AppError } from '@wps/platform';
import { formatMinor, parseMajor, type LiveGame } from '@wps/contracts';
import { BP, msToReachX100, multiplierX100At, returnBp, validSpot, type Result } from './games.js';
import type { BetRow, RoundRow, TableRow } from './store.js';

/**
 * The rules of a shared round, apart from the database, the wallet and the clock (every time is passed in):
 * betting → running (crash only: the curve starts when betting closes) → drawn → settled; a round cut short before its
 * result was announced is refunded instead.
 */

export const roundIdOf = (tableId: string, roundNo: number): string => `${tableId}.${roundNo}`;

/** A chain serves `chain_length` rounds from its first one; the round after that needs a new chain. */
export const chainExhausted = (table: Pick<TableRow, 'next_round_no' | 'chain_first_round' | 'chain_length'>): boolean => table.next_round_no - table.chain_first_round >= table.chain_length;

/** The host may shorten every table's betting window (tests, demos); the table's own setting applies otherwise. */
export const bettingSecondsOf = (table: Pick<TableRow, 'betting_seconds'>, override: number | undefined): number => override ?? table.betting_seconds;

export const bettingClosesAt = (openedAt: number, bettingSeconds: number): number => openedAt + Math.round(bettingSeconds * 1000);

/** Crash rounds carry a growth rate: their curve starts the moment betting closes, the other games wait for the reveal. */
export const curveStartsOnClose = (round: Pick<RoundRow, 'growth'>): boolean => round.growth !== null;

/** What a round cut short by a restart needs: its announced result paid, or every stake given back. */
export const recoveryOf = (round: Pick<RoundRow, 'status'>): 'settle' | 'refund' => (round.status === 'drawn' ? 'settle' : 'refund');

// ---------------------------------------------------------------------------------------------- the crash curve

export const crashPointOf = (round: Pick<RoundRow, 'drawn'>): number => round.drawn.crashX100 as number;

export const bustAtMs = (round: Pick<RoundRow, 'started_ms' | 'growth' | 'drawn'>): number => round.started_ms! + msToReachX100(crashPointOf(round), round.growth!);

/** How long the curve waits before its next tick: one tick, or less when the bust comes first; null once it has come. */
export const curveWaitMs = (now: number, bustAt: number, tickMs: number): number | null => (now >= bustAt ? null : Math.min(tickMs, bustAt - now));

export const curveBusted = (at: number, bustAt: number): boolean => at >= bustAt;

/** The multiplier the curve shows at `at`, and how far into the curve that is. */
export const curveAt = (round: Pick<RoundRow, 'started_ms' | 'growth'>, at: number): { x100: number; elapsedMs: number } => ({
  x100: multiplierX100At(at - round.started_ms!, round.growth!),
  elapsedMs: at - round.started_ms!,
});

/** The multiplier a manual cash-out at `at` is taken at: only while the curve runs, and never at or past the bust. */
export function cashoutX100(round: RoundRow | undefined, tableId: string, at: number): { round: RoundRow; x100: number } {
  if (!round || round.table_id !== tableId || round.status !== 'running' || round.started_ms === null) throw new AppError('LIVE_ROUND_CLOSED', { field: 'roundId' });
  const x100 = multiplierX100At(at - round.started_ms, round.growth!);
  if (x100 >= crashPointOf(round)) throw new AppError('LIVE_ROUND_CLOSED', { field: 'roundId' });
  return { round, x100 };
}

// ---------------------------------------------------------------------------------------------- accepting bets

export interface StakeLimits {
  minMinor: bigint;
  maxMinor: bigint;
  /** The limits as players read them, for the refusal's message. */
  params: { min: string; max: string };
}

export function stakeLimits(table: Pick<TableRow, 'min_bet' | 'max_bet'>, currency: string): StakeLimits {
  const minMinor = parseMajor(table.min_bet, currency)!;
  const maxMinor = parseMajor(table.max_bet, currency)!;
  return { minMinor, maxMinor, params: { min: formatMinor(minMinor, currency), max: formatMinor(maxMinor, currency) } };
}

export interface AcceptedBets {
  bets: Array<{ spot: string; amount: bigint }>;
  /** Crash only: the multiplier × 100 the bet is cashed out at by itself. */
  autoX100: number | null;
  totalMinor: bigint;
}

/** Checks one call's bets against the game's spots and the table's limits; crash takes one bet with an optional auto cash-out. */
export function acceptBets(game: LiveGame, limits: StakeLimits, currency: string, input: { bets: ReadonlyArray<{ spot: string; amount: string }>; autoCashout?: string | undefined }): AcceptedBets {
  const bets = input.bets.map((bet, index) => {
    if (!validSpot(game, bet.spot)) throw new AppError('LIVE_BET_SPOT_INVALID', { field: `bets.${index}.spot` });
    const amount = parseMajor(bet.amount, currency);
    if (amount === undefined || amount < limits.minMinor || amount > limits.maxMinor) throw new AppError('LIVE_BET_LIMITS', { field: `bets.${index}.amount`, params: limits.params });
    return { spot: bet.spot, amount };
  });
  let autoX100: number | null = null;
  if (game === 'crash') {
    if (bets.length !== 1) throw new AppError('LIVE_ONE_BET_PER_ROUND', { field: 'bets' });
    if (input.autoCashout !== undefined) {
      autoX100 = Math.round(Number(input.autoCashout) * 100);
      if (!(autoX100 >= 101)) throw new AppError('VALIDATION_FAILED', { field: 'autoCashout' });
    }
  }
  return { bets, autoX100, totalMinor: bets.reduce((sum, bet) => sum + bet.amount, 0n) };
}

/** The table's maximum bounds what one player stakes in a round, however it is split over calls and spots. */
export function checkRoundStake(alreadyMinor: bigint, totalMinor: bigint, limits: StakeLimits): void {
  if (alreadyMinor + totalMinor > limits.maxMinor) throw new AppError('LIVE_BET_LIMITS', { field: 'bets', params: limits.params });
}

/** A round takes bets while it is in betting and its closing time has not come. */
export function checkRoundOpen(round: RoundRow | undefined, tableId: string, now: number): asserts round is RoundRow {
  if (!round || round.table_id !== tableId || round.status === 'settled' || round.status === 'refunded') throw new AppError('LIVE_ROUND_CLOSED', { field: 'roundId' });
  if (round.status !== 'betting' || now >= round.closes_ms) throw new AppError('LIVE_BETTING_CLOSED', { field: 'roundId' });
}

// ---------------------------------------------------------------------------------------------- settling

export interface BetOutcome {
  bet: BetRow;
  payout: bigint;
  status: 'won' | 'lost' | 'push';
}

/**
 * One player's bets against the announced result, paid as one wallet win. Crash bets were decided by their cash-out
 * (a bet still `placed` rode the curve to the bust); the others pay stake × return, rounded down to the minor unit.
 */
export function settleMemberBets(game: LiveGame, bets: readonly BetRow[], result: Result, odds: Record<string, string> | null): { outcomes: BetOutcome[]; payoutMinor: bigint; stakedMinor: bigint } {
  const outcomes = bets.map((bet): BetOutcome => {
    const amount = BigInt(bet.amount_minor);
    if (game === 'crash') {
      const payout = bet.status === 'placed' ? 0n : BigInt(bet.payout_minor);
      return { bet, payout, status: payout > 0n ? 'won' : 'lost' };
    }
    const bp = returnBp(game, bet.spot, result, odds);
    const payout = (amount * BigInt(bp)) / BigInt(BP);
    return { bet, payout, status: bp === BP ? 'push' : payout > 0n ? 'won' : 'lost' };
  });
  return {
    outcomes,
    payoutMinor: outcomes.reduce((sum, outcome) => sum + outcome.payout, 0n),
    stakedMinor: bets.reduce((sum, bet) => sum + BigInt(bet.amount_minor), 0n),
  };
}

/** A round's bets per player, players in the order of their first bet: each player is paid once per round. */
export function betsByMember(bets: readonly BetRow[]): Map<string, BetRow[]> {
  const byMember = new Map<string, BetRow[]>();
  for (const bet of bets) byMember.set(bet.member_id, [...(byMember.get(bet.member_id) ?? []), bet]);
  return byMember;
}

/** The bets of one call share one wallet debit, which is rolled back once for all of them. */
export function distinctDebits(bets: readonly BetRow[]): BetRow[] {
  const debits = new Map<string, BetRow>();
  for (const bet of bets) debits.set(bet.wallet_bet_tx, bet);
  return [...debits.values()];
}

// ---------------------------------------------------------------------------------------------- proofs

/** Only a settled round's seed may be published: a round in play (or refunded) keeps it secret. */
export function checkProvable(round: RoundRow | undefined): asserts round is RoundRow & { server_seed: string } {
  if (!round) throw new AppError('LIVE_ROUND_NOT_FOUND', { field: 'roundNo' });
  if (round.status !== 'settled' || round.server_seed === null) throw new AppError('LIVE_ROUND_NOT_SETTLED', { field: 'roundNo' });
}

/**
 * What a proof links the round to: the next round's seed hash (which hashes to this round's seed) unless that round
 * opened a new chain, and the chain head with the distance to it while the round's chain is the table's current one.
 * Chains all have the table's chain length and follow one another, so a chain starts every `chain_length` rounds.
 */
export function proofLinks(
  table: Pick<TableRow, 'chain_first_round' | 'chain_length' | 'chain_head'>,
  roundNo: number,
  nextRoundNo: number | undefined,
): { linksToNext: boolean; chainHead: string | null; chainDistance: number | null } {
  const startsChain = (no: number) => (no - table.chain_first_round) % table.chain_length === 0;
  const inCurrentChain = roundNo >= table.chain_first_round;
  return {
    linksToNext: nextRoundNo !== undefined && !startsChain(nextRoundNo),
    chainHead: inCurrentChain ? table.chain_head : null,
    chainDistance: inCurrentChain ? roundNo - table.chain_first_round + 1 : null,
  };
}
