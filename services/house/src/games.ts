import {
  DICE_CHANCE_LIMITS,
  DICE_OUTCOMES,
  diceMultiplier,
  diceWinningRolls,
  diceWins,
  DrawStream,
  HOUSE_BET_LIMITS,
  minePositions,
  MINES_LIMITS,
  MINES_TILES,
  minesMultiplier,
  parseMajor,
  formatMinor,
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoMultipliers,
  plinkoPath,
  playSlotRound,
  SLOT_GAMES,
  type DiceDirection,
  type PlinkoRisk,
  type SlotRound,
  type SlotSpin,
} from '@wps/contracts';
import { AppError } from '@wps/platform';

export const BP = 10_000n;

/** The stake in minor units, refused with the table limits when malformed or outside them. */
export function stakeMinor(amount: string, currency: string): bigint {
  const min = parseMajor(HOUSE_BET_LIMITS.min, currency) ?? 1n;
  const max = parseMajor(HOUSE_BET_LIMITS.max, currency) ?? 100_000n;
  const limits = { params: { min: formatMinor(min > 0n ? min : 1n, currency), max: formatMinor(max, currency) }, field: 'amount' };
  const minor = parseMajor(amount, currency);
  if (minor === undefined) throw new AppError('HOUSE_BET_OUT_OF_LIMITS', limits);
  if (minor < (min > 0n ? min : 1n) || minor > max) throw new AppError('HOUSE_BET_OUT_OF_LIMITS', limits);
  return minor;
}

export interface Resolved {
  params: Record<string, unknown>;
  result: Record<string, unknown>;
  multiplierBp: bigint;
  winMinor: bigint;
}

export const bpOf = (multiplier: number): bigint => BigInt(Math.round(multiplier * 10_000));
export const winOf = (amountMinor: bigint, multiplierBp: bigint): bigint => (amountMinor * multiplierBp) / BP;

export interface DiceChoice {
  direction: DiceDirection;
  targetHundredths: number;
}

/** Target as "49.50"; the win chance must stay within the published limits. */
export function diceChoice(direction: DiceDirection, target: string): DiceChoice {
  const targetHundredths = Math.round(Number(target) * 100);
  const chance = (diceWinningRolls(direction, targetHundredths) / DICE_OUTCOMES) * 100;
  if (!Number.isFinite(targetHundredths) || chance < DICE_CHANCE_LIMITS.min || chance > DICE_CHANCE_LIMITS.max) {
    throw new AppError('HOUSE_DICE_TARGET_INVALID', { field: 'target', params: { min: DICE_CHANCE_LIMITS.min, max: DICE_CHANCE_LIMITS.max } });
  }
  return { direction, targetHundredths };
}

export function resolveDice(choice: DiceChoice, amountMinor: bigint, draws: DrawStream): Resolved {
  const roll = draws.nextInt(DICE_OUTCOMES);
  const won = diceWins(roll, choice.direction, choice.targetHundredths);
  const payout = bpOf(diceMultiplier(choice.direction, choice.targetHundredths));
  const multiplierBp = won ? payout : 0n;
  return {
    params: { direction: choice.direction, target: (choice.targetHundredths / 100).toFixed(2), payout: (Number(payout) / 10_000).toFixed(4) },
    result: { roll: (roll / 100).toFixed(2), won },
    multiplierBp,
    winMinor: winOf(amountMinor, multiplierBp),
  };
}

export function plinkoChoice(rows: number, risk: string): { rows: number; risk: PlinkoRisk } {
  if (!(PLINKO_ROWS as readonly number[]).includes(rows) || !(PLINKO_RISKS as readonly string[]).includes(risk)) {
    throw new AppError('HOUSE_PLINKO_SETTINGS_INVALID', { field: (PLINKO_ROWS as readonly number[]).includes(rows) ? 'risk' : 'rows' });
  }
  return { rows, risk: risk as PlinkoRisk };
}

export function resolvePlinko(choice: { rows: number; risk: PlinkoRisk }, amountMinor: bigint, draws: DrawStream): Resolved {
  const path = plinkoPath(draws, choice.rows);
  const slot = path.reduce((sum, step) => sum + step, 0);
  const multiplierBp = bpOf(plinkoMultipliers(choice.rows, choice.risk)[slot]!);
  return { params: { rows: choice.rows, risk: choice.risk }, result: { path, slot }, multiplierBp, winMinor: winOf(amountMinor, multiplierBp) };
}

/** Line pays are in line bets; a spin's units are line bets so the total stays an integer until the final division. */
const spinUnits = (spin: SlotSpin, lines: number): bigint => BigInt(spin.lineWins.reduce((sum, win) => sum + win.pays, 0)) + BigInt(spin.scatterPays) * BigInt(lines);

export function resolveSlot(game: string, amountMinor: bigint, draws: DrawStream): Resolved {
  const definition = SLOT_GAMES[game];
  if (!definition) throw new AppError('HOUSE_GAME_UNKNOWN', { field: 'game' });
  const round: SlotRound = playSlotRound(definition, draws);
  const lines = BigInt(definition.lines.length);
  const units = spinUnits(round.base, definition.lines.length) + round.freeSpins.reduce((sum, spin) => sum + spinUnits(spin, definition.lines.length), 0n) * BigInt(definition.freeSpinMultiplier);
  const winMinor = (amountMinor * units) / lines;
  const strip = (spin: SlotSpin) => ({ stops: spin.stops, grid: spin.grid, lineWins: spin.lineWins, scatters: spin.scatters, scatterPays: spin.scatterPays, win: spin.win });
  return {
    params: { lines: definition.lines.length },
    result: { base: strip(round.base), freeSpins: round.freeSpins.map(strip), freeSpinMultiplier: definition.freeSpinMultiplier },
    multiplierBp: (units * BP) / lines,
    winMinor,
  };
}

export function minesCount(mines: number): number {
  if (!Number.isInteger(mines) || mines < MINES_LIMITS.min || mines > MINES_LIMITS.max) {
    throw new AppError('HOUSE_MINES_COUNT_INVALID', { field: 'mines', params: { min: MINES_LIMITS.min, max: MINES_LIMITS.max } });
  }
  return mines;
}

export const placeMines = (mines: number, draws: DrawStream): number[] => minePositions(draws, mines);

export const minesPayoutBp = (mines: number, revealed: number): bigint => bpOf(minesMultiplier(mines, revealed));

export const allSafeRevealed = (mines: number, revealed: number): boolean => revealed >= MINES_TILES - mines;
