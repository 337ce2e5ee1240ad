import { consumeBatches, eachEvent, type Subscription } from '@wps/platform';
import type { vipRpcMethods } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';
import { isDemoPlayer, seedDemoLevels, seedDemoPlayer } from './demo.js';
import { recordBets, recordDeposits } from './store.js';
import { Vip } from './vip.js';

const DEMO_PLAYER_GROUP = 'points.vip-demo';
/** How often the timer looks for a re-evaluation (first day of the month) or a day's rebate that is due. */
const TIMER_MS = 10 * 60_000;

/** VIP: levels, upgrades as thresholds are crossed, the monthly re-evaluation and the level bonuses. */
export function createVipModule(deps: PointsDeps): PointsModule<keyof typeof vipRpcMethods> {
  const vip = new Vip(deps);
  let running: Promise<void> | undefined;
  const runDue = () => {
    running ??= vip
      .runDue()
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'VIP re-evaluation or rebate run failed; will retry'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    handlers: {
      vipState: (input) => vip.state(input),
      vipPage: (input) => vip.page(input),
      operatorVipLevels: (input) => vip.levels(input),
      operatorReplaceVipLevels: (input) => vip.replaceLevels(input),
      operatorMemberVip: (input) => vip.member(input),
      operatorSetMemberVipLevel: (input) => vip.setLevel(input),
      operatorRunVipReview: (input) => vip.runReviewNow(input),
      operatorRunVipRebate: (input) => vip.runRebateNow(input),
      setVipBirthday: (input) => vip.setBirthday(input),
      operatorRunVipBirthdays: (input) => vip.runBirthdaysNow(input),
    },
    async start() {
      const subscriptions: Subscription[] = [];
      if (deps.config.SEED_DEMO) {
        subscriptions.push(
          await consumeBatches({ db: deps.db, bus: deps.bus }, { schema: 'points', group: DEMO_PLAYER_GROUP, type: 'member.registered', relevant: isDemoPlayer, handle: eachEvent(seedDemoPlayer) }),
        );
      }
      const timer = setInterval(() => void runDue(), TIMER_MS);
      timer.unref();
      const first = setTimeout(() => void runDue(), 1_000);
      first.unref();
      subscriptions.push({
        close: async () => {
          clearInterval(timer);
          clearTimeout(first);
          await running;
        },
      });
      return subscriptions;
    },
    async onBets(tx, bets) {
      await vip.upgrade(tx, await recordBets(tx, bets));
    },
    async onDeposits(tx, deposits) {
      await vip.upgrade(tx, await recordDeposits(tx, deposits));
    },
    async seedDemo() {
      await seedDemoLevels(deps.db);
      // The demo brand's first re-evaluation and rebate run over its levels, not before them.
      await running;
      void runDue();
    },
  };
}
