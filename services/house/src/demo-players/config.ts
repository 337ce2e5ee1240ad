import { envBoolean, envDuration } from '@wps/platform';

/** Settings of the demo brand's simulated players. */
export const houseDemoPlayersEnv = {
  /**
   * Lets members of the demo brand's demo team play the house's instant games on their own, through the same calls and
   * the same wallet as any member, so that a fresh install's winner board and jackpot move. The demo brand only;
   * nothing happens for any other brand whatever this says.
   */
  HOUSE_DEMO_PLAYERS: envBoolean(false),
  /** The mean pause between two simulated rounds (each pause is drawn between half and one and a half of it). */
  HOUSE_DEMO_PLAYERS_PACE_MS: envDuration({ default: 6_000, min: 50, max: 600_000 }),
};
