import type { promotionsRpcMethods } from '@wps/contracts';
import { consumeBatches } from '@wps/platform';
import type { PointsDeps, PointsModule } from '../module.js';
import { every } from '../rewards/timer.js';
import { PromotionApplications } from './applications.js';
import { Cashback } from './cashback.js';
import { PromotionCatalogue } from './catalogue.js';
import { matchDeposits } from './deposits.js';
import { seedDemoPromotions } from './demo.js';
import { PromotionGrants } from './grants.js';
import { PromotionMembers } from './members.js';
import { settleFreeRounds } from './free-rounds.js';

/** How often recorded bonuses are given (a deposit's match, a week's cashback) and failed ones tried again. */
const GRANTS_TICK_MS = 1_000;
/** The consumer of the house's word that a member's free rounds are over. */
const FREE_ROUNDS_FINISHED = 'points.free-rounds-finished';
/** How often ended cashback weeks are looked for. */
const CASHBACK_TICK_MS = 60_000;

/**
 * Promotions: the brand's catalogue (deposit matches, cash bonuses, weekly cashback, applications, and the referral,
 * raffle and tournament promotions other parts run), each member's state in them, and the bonuses they give through
 * the wallet's bonus money.
 */
export function createPromotionsModule(deps: PointsDeps): PointsModule<keyof typeof promotionsRpcMethods> {
  const catalogue = new PromotionCatalogue(() => deps.db.orm);
  const members = new PromotionMembers(deps);
  const applications = new PromotionApplications(deps);
  const grants = new PromotionGrants(deps);
  const cashback = new Cashback(deps);
  return {
    handlers: {
      promotionPage: (input) => members.page(input),
      promotionDetail: (input) => members.detail(input),
      promotionSummary: (input) => members.summary(input),
      joinPromotion: (input) => members.join(input),
      claimPromotion: (input) => members.claim(input),
      applyPromotion: (input) => members.apply(input),
      operatorListPromotions: (input) => catalogue.list(input.merchantCode),
      operatorCreatePromotion: async ({ merchantCode, operator, ...body }) => catalogue.get(merchantCode, (await catalogue.create(deps.db.orm, merchantCode, body, operator))!),
      operatorUpdatePromotion: ({ merchantCode, operator, promotionId, ...body }) => catalogue.update(merchantCode, promotionId, body, operator),
      operatorSetPromotionEnabled: (input) => catalogue.setEnabled(input.merchantCode, input.promotionId, input.enabled, input.operator),
      operatorSchedulePromotion: (input) => catalogue.schedule(input.merchantCode, input.promotionId, input.startsAt, input.endsAt, input.operator),
      operatorListApplications: (input) => applications.list(input),
      operatorGetApplication: (input) => applications.get(input),
      operatorApproveApplication: (input) => applications.approve(input),
      operatorRejectApplication: (input) => applications.reject(input),
      operatorRunCashback: (input) => cashback.run(input),
    },
    start: async () => [
      every(GRANTS_TICK_MS, () => grants.sweep(), deps.logger, 'the promotions bonus grants'),
      every(CASHBACK_TICK_MS, () => cashback.settleEnded(), deps.logger, 'the weekly cashback'),
      await consumeBatches(deps, {
        schema: 'points',
        group: FREE_ROUNDS_FINISHED,
        type: 'free_rounds.finished',
        handle: async (tx, events) => {
          await settleFreeRounds(
            deps,
            tx,
            events.map((event) => event.payload),
          );
          deps.wakeRelay();
        },
      }),
    ],
    onBets: (tx, bets) => cashback.onBets(tx, bets),
    onDeposits: (tx, deposits) => matchDeposits(deps, tx, deposits),
    seedDemo: () => seedDemoPromotions(deps.db, catalogue),
  };
}
