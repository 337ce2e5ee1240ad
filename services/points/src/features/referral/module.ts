import { consumeBatches, type Subscription } from '@wps/platform';
import type { referralRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';
import { seedDemoReferrals, stageDemoFriends } from './demo.js';
import { PromotionPayouts } from './payouts.js';
import { Referrals } from './referrals.js';

const REFERRALS_GROUP = 'points.referrals';

/**
 * Invite friends: referrals from registrations, referees' first deposits and valid bet from the service's batches,
 * and the reward paid once per referee that qualifies. `payouts` pays what referral and raffle promotions owe.
 */
export function createReferralModule(deps: PointsDeps, payouts: PromotionPayouts): PointsModule<keyof typeof referralRpcMethods> {
  const referrals = new Referrals(deps, () => payouts.poke());
  return {
    handlers: {
      referralSummary: (input) => referrals.summary(input),
    },
    async start(): Promise<Subscription[]> {
      const registrations = await consumeBatches(
        { db: deps.db, bus: deps.bus },
        {
          schema: 'points',
          group: REFERRALS_GROUP,
          type: 'member.registered',
          relevant: (member) => Boolean(member.referredById),
          handle: async (tx, events) => {
            const registered = events.map((event) => event.payload);
            await referrals.recordRegistrations(tx, registered);
            if (deps.config.SEED_DEMO) await stageDemoFriends(tx, referrals, registered);
          },
        },
      );
      return [registrations];
    },
    onBets: (tx, bets) => referrals.onBets(tx, bets),
    onDeposits: (tx, deposits) => referrals.onDeposits(tx, deposits),
    seedDemo: () => seedDemoReferrals(deps.db, referrals),
  };
}
