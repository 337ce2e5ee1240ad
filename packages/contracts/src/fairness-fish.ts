/**
 * FISH (issue 6): each shot is one provably fair solo round. The player aims a bet at one fish kind; the kind's
 * published multiplier fixes the catch chance at RTP / multiplier, so every kind returns the same published RTP.
 * Where the fish swim is cosmetic and drawn by the client; only caught / not caught comes from the round's stream.
 *
 * Kept free of other imports but ./fairness.js (no zod) so the browser's verify page runs the same mapping.
 */
import type { DrawStream } from './fairness.js';

export const FISH_GAME_CODE = 'house-fish';

/** The published return to player of every shot, whatever the fish kind. */
export const FISH_RTP = 0.96;

export interface FishKind {
  kind: string;
  /** Win = bet × multiplier when caught. */
  multiplier: number;
  boss?: boolean;
}

/** The published fish kinds, smallest prize first. */
export const FISH_KINDS: readonly FishKind[] = [
  { kind: 'clownfish', multiplier: 2 },
  { kind: 'pufferfish', multiplier: 3 },
  { kind: 'angelfish', multiplier: 5 },
  { kind: 'lionfish', multiplier: 8 },
  { kind: 'turtle', multiplier: 10 },
  { kind: 'octopus', multiplier: 20 },
  { kind: 'shark', multiplier: 50 },
  { kind: 'whale', multiplier: 100 },
  { kind: 'kraken', multiplier: 200, boss: true },
];

export const FISH_KIND_CODES: readonly string[] = FISH_KINDS.map((fish) => fish.kind);

export const fishKindOf = (kind: string): FishKind | undefined => FISH_KINDS.find((fish) => fish.kind === kind);

/** Cannon levels the client offers; the server accepts any stake within the limits. */
export const FISH_CANNON_LEVELS = ['0.10', '0.20', '0.50', '1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00'] as const;

/** Table limits of a shot, in major units of two-decimal currencies: the boss's 200× keeps the largest win at 20 000. */
export const FISH_BET_LIMITS = { min: '0.10', max: '100.00' } as const;

/** A shot reads two 32-bit words (one float); one block holds eight. */
export const FISH_ROUND_BLOCKS = 1;

/** The chance that a shot at a fish of this multiplier catches it. */
export const fishCatchChance = (multiplier: number): number => FISH_RTP / multiplier;

export interface FishShot {
  kind: string;
  multiplier: number;
  /** The round's float in [0, 1): the shot catches when it falls below the catch chance. */
  roll: number;
  chance: number;
  caught: boolean;
}

/** Whether a round's float catches a fish of this kind. */
export const fishCatches = (roll: number, fish: FishKind): boolean => roll < fishCatchChance(fish.multiplier);

/** Decides a shot from the round's stream: its first float against the kind's catch chance. */
export function drawFishShot(draws: DrawStream, fish: FishKind): FishShot {
  const roll = draws.nextFloat();
  return { kind: fish.kind, multiplier: fish.multiplier, roll, chance: fishCatchChance(fish.multiplier), caught: fishCatches(roll, fish) };
}

/** The roll as the API and the verify page print it: 16 decimals keep any two different 52-bit rolls apart. */
export const formatFishRoll = (roll: number): string => roll.toFixed(16);

/** The client fires at most this many shots a second; the gateway allows twice as many per member for network jitter. */
export const FISH_MAX_SHOTS_PER_SECOND = 5;
