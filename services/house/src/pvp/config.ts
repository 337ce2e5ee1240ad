import { z } from 'zod';
import { envBoolean, envDuration } from '@wps/platform';

/** Settings of the Teen Patti tables; tests and the browser suite shorten the clocks. */
export const housePvpEnv = {
  /** Whether this instance runs hands at all (every instance serves sit, stand and act; one runner per table holds a lease). */
  HOUSE_PVP_RUNNERS: envBoolean(true),
  /** How long a player has to act before the server packs them. */
  HOUSE_PVP_TURN_SECONDS: z.coerce.number().positive().max(300).default(15),
  /** The countdown before a hand starts once two or more players are seated; it also leaves the last result on view. */
  HOUSE_PVP_START_SECONDS: z.coerce.number().min(0).max(60).default(8),
  /** How often a table's runner looks at its clock (turn deadlines, the countdown). */
  HOUSE_PVP_TICK_MS: envDuration({ default: 500, min: 20, max: 5_000 }),
};
export type HousePvpConfig = z.infer<z.ZodObject<typeof housePvpEnv>>;

export interface PvpTableDefinition {
  tableId: string;
  name: string;
  /** Major units of the players' currency. */
  boot: string;
  maxStake: string;
  potLimit: string;
  seats: number;
  clientSeed: string;
}

/** The rooms every installation has; their client seeds are published with them. */
export const DEFAULT_PVP_TABLES: readonly PvpTableDefinition[] = [
  { tableId: 'tp-1', name: 'Teen Patti 1', boot: '1', maxStake: '16', potLimit: '200', seats: 5, clientSeed: 'wps-house-teen-patti-1' },
  { tableId: 'tp-2', name: 'Teen Patti 5', boot: '5', maxStake: '80', potLimit: '1000', seats: 5, clientSeed: 'wps-house-teen-patti-2' },
  { tableId: 'tp-3', name: 'Teen Patti 10', boot: '10', maxStake: '160', potLimit: '2000', seats: 5, clientSeed: 'wps-house-teen-patti-3' },
];
