import type { envelopesRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';
import { every } from '../rewards/timer.js';
import { EnvelopeClaims } from './claims.js';
import { seedDemoWindows } from './demo.js';
import { EnvelopeWindows } from './windows.js';

/** How often windows are checked for opening and closing. */
const TICK_MS = 1_000;

/** Red envelopes: scheduled windows with a pool split when they open, one claim per member. */
export function createEnvelopesModule(deps: PointsDeps): PointsModule<keyof typeof envelopesRpcMethods> {
  const windows = new EnvelopeWindows(deps);
  const claims = new EnvelopeClaims(deps);
  return {
    handlers: {
      currentEnvelope: (input) => claims.current(input),
      claimEnvelope: (input) => claims.claim(input),
      verifyEnvelope: (input) => windows.verify(input.merchantCode, input.windowId),
      operatorListEnvelopeWindows: (input) => windows.list(input.merchantCode),
      operatorCreateEnvelopeWindow: (input) =>
        windows.create({
          merchantCode: input.merchantCode,
          title: input.title,
          startsAt: new Date(input.startsAt),
          endsAt: new Date(input.endsAt),
          currency: input.currency,
          poolMinor: BigInt(input.poolMinor),
          count: input.count,
          minMinor: BigInt(input.minMinor),
          maxMinor: BigInt(input.maxMinor),
          eligibility: input.eligibility,
          minVipLevel: input.minVipLevel,
          timeZone: input.timeZone,
          daily: input.daily,
          createdBy: input.operator,
        }),
      operatorCancelEnvelopeWindow: (input) => windows.cancel(input.merchantCode, input.windowId),
    },
    start: async () => [every(TICK_MS, () => windows.tick(), deps.logger, 'the red-envelope schedule')],
    onBets: (tx, bets) => claims.onBets(tx, bets),
    onDeposits: (tx, deposits) => claims.onDeposits(tx, deposits),
    seedDemo: () => seedDemoWindows(deps.db, windows),
  };
}
