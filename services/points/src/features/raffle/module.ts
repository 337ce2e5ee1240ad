import { consumeBatches, type Subscription } from '@wps/platform';
import type { raffleRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';
import type { PromotionPayouts } from '../referral/payouts.js';
import { every } from '../rewards/timer.js';
import { isDemoRaffleMember, seedDemoRaffles, stageDemoRaffleEntries } from './demo.js';
import { Raffles } from './raffles.js';

/** How often raffles are checked for a hash to publish or a draw that is due. */
const TICK_MS = 1_000;
const DEMO_GROUP = 'points.raffle-demo';
const DEMO_AGAIN_MS = 15_000;

/** Raffles: tickets from valid bet, a committed seed, the draw at its time, prizes paid once. */
export function createRaffleModule(deps: PointsDeps, payouts: PromotionPayouts): PointsModule<keyof typeof raffleRpcMethods> {
  const raffles = new Raffles(deps, payouts);
  let again: NodeJS.Timeout | undefined;
  return {
    handlers: {
      raffleState: (input) => raffles.state(input),
      joinRaffle: (input) => raffles.join(input),
      verifyRaffle: (input) => raffles.verify(input),
      operatorRaffleEntries: (input) => raffles.operatorEntries(input),
      operatorDrawRaffle: (input) => raffles.operatorDraw(input),
    },
    async start(): Promise<Subscription[]> {
      const subscriptions: Subscription[] = [every(TICK_MS, () => raffles.tick(), deps.logger, 'the raffle draws'), { close: async () => clearTimeout(again) }];
      if (deps.config.SEED_DEMO) {
        subscriptions.push(
          await consumeBatches(
            { db: deps.db, bus: deps.bus },
            {
              schema: 'points',
              group: DEMO_GROUP,
              type: 'member.registered',
              relevant: isDemoRaffleMember,
              handle: (tx, events) =>
                stageDemoRaffleEntries(
                  tx,
                  events.map((event) => event.payload),
                ),
            },
          ),
        );
      }
      return subscriptions;
    },
    onBets: (tx, bets) => raffles.onBets(tx, bets),
    async seedDemo() {
      await seedDemoRaffles(deps.db);
      // On a fresh install the demo members' registrations may still be on their way: once more a little later.
      again = setTimeout(() => void seedDemoRaffles(deps.db).catch((error: unknown) => deps.logger.warn({ err: error }, 'the demo raffle entries could not be made')), DEMO_AGAIN_MS);
      again.unref();
    },
  };
}
