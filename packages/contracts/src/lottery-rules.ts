import {
  LOTTERY_MAX_COMBINATIONS,
  LOTTERY_MAX_MULTIPLIER,
  LOTTERY_ODDS_SCALE,
  LotteryRuleError,
  type LotteryBetType,
  type LotteryPayoutChance,
  type LotterySelection,
  type LotterySettlement,
} from './lottery-rules-core.js';
import type { LotteryFamily, LotteryOutcome } from './lottery-rules-draw.js';
import { FAST_BET_TYPES } from './lottery-rules-fast.js';
import { PRIZE_BET_TYPES } from './lottery-rules-prize.js';

/**
 * The rules of the in-house lottery, shared by the house service (opens draws, takes tickets, draws and settles through
 * the wallet) and the browser (betting slip, quick pick, verify page). Pure: no database, no clock, no node:crypto.
 *
 * - Families and results, drawing from a committed seed: `lottery-rules-draw.ts` (`drawLottery`, `lotteryClientSeed`).
 * - Bet types: `LOTTERY_BET_TYPES`, each with a code, a strict selection schema, combinations, odds and settlement.
 * - Tickets: `ticketMoney` (stake = unit stake × combinations × multiplier) and `ticketWinMinor`, integers only.
 * - Returns: `exactRtp` and `exactPayoutDistribution` from exact probabilities.
 * - Trends of past results: `lotteryTrendTable` (`lottery-rules-trends.ts`).
 */

export * from './lottery-rules-draw.js';
export * from './lottery-rules-trends.js';
export {
  LOTTERY_MAX_COMBINATIONS,
  LOTTERY_MAX_MULTIPLIER,
  LOTTERY_ODDS_SCALE,
  LotteryRuleError,
  type LotteryBetType,
  type LotteryPayoutChance,
  type LotteryRuleReason,
  type LotterySelection,
  type LotterySettlement,
} from './lottery-rules-core.js';
export { vnAppearChances } from './lottery-rules-prize.js';

/** Every bet type, by family in slip order. */
export const LOTTERY_BET_TYPES: readonly LotteryBetType[] = [...FAST_BET_TYPES, ...PRIZE_BET_TYPES];

const BY_CODE: ReadonlyMap<string, LotteryBetType> = new Map(LOTTERY_BET_TYPES.map((betType) => [betType.code, betType]));
if (BY_CODE.size !== LOTTERY_BET_TYPES.length) throw new Error('lottery bet type codes must be unique');

export const lotteryBetType = (code: string): LotteryBetType | undefined => BY_CODE.get(code);

export const lotteryBetTypesOf = (family: LotteryFamily): LotteryBetType[] => LOTTERY_BET_TYPES.filter((betType) => betType.family === family);

const resolve = (betType: LotteryBetType | string): LotteryBetType => {
  if (typeof betType !== 'string') return betType;
  const found = BY_CODE.get(betType);
  if (!found) throw new LotteryRuleError('unknown_bet_type', `no lottery bet type ${betType}`);
  return found;
};

/** Odds in ten-thousandths as the decimal shown on the slip: 18000 → "1.80". */
export const formatLotteryOdds = (oddsBp: number): string => (oddsBp / LOTTERY_ODDS_SCALE).toFixed(2);

/** Checks a selection against its bet type's schema and the ticket limit of 1 000 single bets; throws `LotteryRuleError`. */
export function parseLotterySelection(betType: LotteryBetType | string, input: unknown): LotterySelection {
  const found = resolve(betType);
  const parsed = found.selectionSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LotteryRuleError('invalid_selection', `${found.code}: ${issue ? `${issue.path.join('.') || 'selection'}: ${issue.message}` : 'invalid selection'}`);
  }
  const selection = parsed.data as LotterySelection;
  const combinations = found.combinations(selection);
  if (combinations < 1 || combinations > LOTTERY_MAX_COMBINATIONS) {
    throw new LotteryRuleError('too_many_combinations', `${found.code}: ${combinations} single bets, at most ${LOTTERY_MAX_COMBINATIONS} a ticket`);
  }
  return selection;
}

export function safeParseLotterySelection(betType: LotteryBetType | string, input: unknown): { ok: true; selection: LotterySelection } | { ok: false; error: LotteryRuleError } {
  try {
    return { ok: true, selection: parseLotterySelection(betType, input) };
  } catch (error) {
    if (error instanceof LotteryRuleError) return { ok: false, error };
    throw error;
  }
}

/** Single bets a selection makes. */
export const lotteryCombinations = (betType: LotteryBetType | string, selection: unknown): number => resolve(betType).combinations(parseLotterySelection(betType, selection));

/** Winning single bets of a selection on a result and their payout per unit stake (ten-thousandths). */
export const settleLottery = (betType: LotteryBetType | string, selection: unknown, outcome: LotteryOutcome): LotterySettlement =>
  resolve(betType).settle(parseLotterySelection(betType, selection), outcome);

export interface LotteryTicket {
  betType: LotteryBetType | string;
  /** The selection as sent or stored (JSON); checked again here. */
  selection: unknown;
  /** Stake of one single bet at multiplier 1, in minor units. */
  unitStakeMinor: bigint;
  /** Whole multiplier 1–999 applied to every single bet. */
  multiplier: number;
}

function checkTicket(ticket: LotteryTicket): { betType: LotteryBetType; selection: LotterySelection; combinations: number } {
  if (!Number.isInteger(ticket.multiplier) || ticket.multiplier < 1 || ticket.multiplier > LOTTERY_MAX_MULTIPLIER) {
    throw new LotteryRuleError('invalid_multiplier', `the multiplier must be a whole number from 1 to ${LOTTERY_MAX_MULTIPLIER}`);
  }
  if (typeof ticket.unitStakeMinor !== 'bigint' || ticket.unitStakeMinor < 1n) throw new LotteryRuleError('invalid_stake', 'the unit stake must be a positive amount of minor units');
  const betType = resolve(ticket.betType);
  const selection = parseLotterySelection(betType, ticket.selection);
  return { betType, selection, combinations: betType.combinations(selection) };
}

/** What a ticket costs: unit stake × combinations × multiplier. */
export function ticketMoney(ticket: LotteryTicket): { stakeMinor: bigint; combinations: number } {
  const { combinations } = checkTicket(ticket);
  return { stakeMinor: ticket.unitStakeMinor * BigInt(combinations) * BigInt(ticket.multiplier), combinations };
}

/** A ticket's settlement on a result: winning single bets, payout per unit stake, and the win in minor units (rounded down). */
export function settleTicket(ticket: LotteryTicket, outcome: LotteryOutcome): LotterySettlement & { winMinor: bigint } {
  const { betType, selection } = checkTicket(ticket);
  const { wins, payoutBp } = betType.settle(selection, outcome);
  const winMinor = (ticket.unitStakeMinor * BigInt(ticket.multiplier) * BigInt(payoutBp)) / BigInt(LOTTERY_ODDS_SCALE);
  return { wins, payoutBp, winMinor };
}

/** What a ticket wins on a result, stake included, in minor units: unit stake × multiplier × payout / 10 000, rounded down. */
export const ticketWinMinor = (ticket: LotteryTicket, outcome: LotteryOutcome): bigint => settleTicket(ticket, outcome).winMinor;

/** The exact distribution of a selection's payout per unit stake (ten-thousandths); the bet type's example by default. */
export function exactPayoutDistribution(betType: LotteryBetType | string, selection?: unknown): LotteryPayoutChance[] {
  const found = resolve(betType);
  return found.distribution(selection === undefined ? found.example : parseLotterySelection(found, selection));
}

/** The exact return and variance of a selection's payout as a share of its stake (unit stake × combinations). */
export function exactReturn(betType: LotteryBetType | string, selection?: unknown): { rtp: number; variance: number; combinations: number } {
  const found = resolve(betType);
  const parsed = selection === undefined ? found.example : parseLotterySelection(found, selection);
  const combinations = found.combinations(parsed);
  const scale = LOTTERY_ODDS_SCALE * combinations;
  let mean = 0;
  let square = 0;
  for (const { payoutBp, probability } of found.distribution(parsed)) {
    mean += (probability * payoutBp) / scale;
    square += probability * (payoutBp / scale) ** 2;
  }
  return { rtp: mean, variance: square - mean * mean, combinations };
}

/** The exact return to player of a selection (the bet type's example by default): expected payout over stake. */
export const exactRtp = (betType: LotteryBetType | string, selection?: unknown): number => exactReturn(betType, selection).rtp;

/** A random valid selection of one single bet, for the slip's quick pick (`random` is `Math.random` or alike). */
export const quickPick = (betType: LotteryBetType | string, random: () => number): LotterySelection => resolve(betType).quickPick(random);
