import { z } from 'zod';
import { envBoolean, envDuration, envList } from '@wps/platform';

/**
 * Settings of the live tables. Each table keeps its own betting window in the database; these override it for every
 * table (tests and benches use short rounds).
 */
export const houseLiveEnv = {
  /** Whether this instance runs table rounds at all (all instances serve bets; one runner per table holds a lease). */
  HOUSE_LIVE_RUNNERS: envBoolean(true),
  /** Comma-separated table ids to run; empty runs every table. */
  HOUSE_LIVE_TABLES: envList(''),
  HOUSE_LIVE_BETTING_SECONDS: z.coerce.number().positive().max(600).optional(),
  /** The pause after a settlement before the next round opens. */
  HOUSE_LIVE_PAUSE_MS: envDuration({ default: 3_000, min: 0, max: 60_000 }),
  /** How long the wheel spins or the cards are dealt between betting closing and the result. */
  HOUSE_LIVE_REVEAL_MS: envDuration({ default: 1_500, min: 0, max: 30_000 }),
  /** Crash multiplier growth per millisecond: m = e^(growth·ms); 0.00006 doubles in about 11.5 s. */
  HOUSE_LIVE_CRASH_GROWTH: z.coerce.number().positive().max(0.01).default(0.00006),
  HOUSE_LIVE_TICK_MS: envDuration({ default: 500, min: 50, max: 5_000 }),
};
export type HouseLiveConfig = z.infer<z.ZodObject<typeof houseLiveEnv>>;

export interface TableDefinition {
  tableId: string;
  game: 'crash' | 'baccarat' | 'roulette' | 'dragon-tiger' | 'cockfight';
  gameCode: string;
  minBet: string;
  maxBet: string;
  bettingSeconds: number;
  clientSeed: string;
}

/** The tables every installation has; the client seeds are published with them. */
export const DEFAULT_TABLES: readonly TableDefinition[] = [
  { tableId: 'crash-1', game: 'crash', gameCode: 'house-crash', minBet: '1', maxBet: '1000', bettingSeconds: 8, clientSeed: 'wps-house-crash-1' },
  { tableId: 'baccarat-1', game: 'baccarat', gameCode: 'house-baccarat', minBet: '1', maxBet: '5000', bettingSeconds: 15, clientSeed: 'wps-house-baccarat-1' },
  { tableId: 'roulette-1', game: 'roulette', gameCode: 'house-roulette', minBet: '1', maxBet: '2000', bettingSeconds: 15, clientSeed: 'wps-house-roulette-1' },
  { tableId: 'dragon-tiger-1', game: 'dragon-tiger', gameCode: 'house-dragon-tiger', minBet: '1', maxBet: '5000', bettingSeconds: 10, clientSeed: 'wps-house-dragon-tiger-1' },
  { tableId: 'cockfight-1', game: 'cockfight', gameCode: 'house-cockfight', minBet: '1', maxBet: '5000', bettingSeconds: 20, clientSeed: 'wps-house-cockfight-1' },
];

export const WALLET_GAME_TYPE: Record<TableDefinition['game'], string> = {
  crash: 'RNG',
  baccarat: 'LIVE',
  roulette: 'LIVE',
  'dragon-tiger': 'LIVE',
  cockfight: 'COCKFIGHT',
};
