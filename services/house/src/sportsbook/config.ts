import { z } from 'zod';
import { envBoolean, envDuration } from '@wps/platform';

/** Settings of the house sportsbook. */
export const houseSportsbookEnv = {
  /** Gives the demo player a sportsbook history: settled bets of every kind and open ones on the feed's events. */
  SEED_DEMO: envBoolean(false),
  /** Whether this instance reads the feed and pays settled bets (every instance takes bets; one runner holds a lease). */
  HOUSE_SPORTSBOOK_RUNNER: envBoolean(true),
  /** The feed: `simulator` (simulated fixtures, odds, live play and results) or `none` (no events arrive). */
  HOUSE_SPORTSBOOK_FEED: z.enum(['simulator', 'none']).default('simulator'),
  /** How long a bet with a live selection waits before it is accepted; a suspension in that time refuses it. */
  HOUSE_SPORTSBOOK_LIVE_DELAY_MS: envDuration({ default: 4_000, min: 0, max: 10_000 }),
  /** How many simulated seconds pass per real second in live matches (a football match of 90 minutes lasts 90 × 60 ÷ speed seconds). */
  HOUSE_SPORTSBOOK_SIM_SPEED: z.coerce.number().min(0.1).max(10_000).optional(),
};
export type HouseSportsbookConfig = z.infer<z.ZodObject<typeof houseSportsbookEnv>>;

/** The book's limits, in major units of two-decimal currencies (whole units otherwise). */
export const SPORTS_LIMITS = {
  minStake: '1',
  maxStake: '10000',
  maxPayout: '200000',
  /** Cash-out offers keep 5 % for the book. */
  cashOutMarginBp: 500,
} as const;
