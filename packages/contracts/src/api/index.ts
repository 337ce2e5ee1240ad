import type { RouteOf, UseCase } from '../use-case.js';
import { gamesUseCases } from './games.js';
import { houseUseCases } from './house.js';
import { houseLotteryUseCases } from './house-lottery.js';
import { houseSportsbookUseCases } from './house-sportsbook.js';
import { walletUseCases } from './wallet.js';
import { moneyUseCases } from './money.js';
import { operatorUseCases } from './operator.js';
import { identityUseCases } from './identity.js';
import { secondFactorUseCases } from './second-factors.js';
import { accountUseCases } from './account.js';
import { vendorUseCases } from './vendor.js';
import { sandboxPayUseCases } from './sandbox-pay.js';
import { agentTeamUseCases } from './agent-team.js';
import { agentOfferUseCases } from './agent-offers.js';
import { agentSettlementUseCases } from './agent-settlement.js';
import { invitationUseCases } from './identity-invitations.js';
import { noticesContentUseCases } from './notices-content.js';
import { inboxUseCases } from './inbox.js';
import { supportChatUseCases } from './support-chat.js';
import { feedbackUseCases } from './feedback.js';
import { fileUseCases } from './files.js';
import { pointsMallUseCases } from './loyalty-points.js';
import { vipUseCases } from './loyalty-vip.js';
import { missionsUseCases } from './loyalty-missions.js';
import { envelopesUseCases } from './loyalty-envelopes.js';
import { rewardsUseCases } from './loyalty-rewards.js';
import { promotionsUseCases } from './loyalty-promotions.js';
import { referralUseCases } from './loyalty-referral.js';
import { raffleUseCases } from './loyalty-raffle.js';
import { rebateUseCases } from './loyalty-rebate.js';
import { bonusUseCases } from './bonuses.js';

/**
 * Every public call of the platform, declared once (see `use-case.ts`). The gateway mounts these, the web client
 * calls them by these, and the API reference is generated from them.
 */
export const useCases = {
  ...gamesUseCases,
  ...houseUseCases,
  ...houseLotteryUseCases,
  ...houseSportsbookUseCases,
  ...walletUseCases,
  ...moneyUseCases,
  ...operatorUseCases,
  ...identityUseCases,
  ...secondFactorUseCases,
  ...accountUseCases,
  ...vendorUseCases,
  ...sandboxPayUseCases,
  ...agentTeamUseCases,
  ...agentOfferUseCases,
  ...agentSettlementUseCases,
  ...invitationUseCases,
  ...noticesContentUseCases,
  ...inboxUseCases,
  ...supportChatUseCases,
  ...feedbackUseCases,
  ...fileUseCases,
  ...pointsMallUseCases,
  ...vipUseCases,
  ...missionsUseCases,
  ...envelopesUseCases,
  ...rewardsUseCases,
  ...promotionsUseCases,
  ...referralUseCases,
  ...raffleUseCases,
  ...rebateUseCases,
  ...bonusUseCases,
};
export type UseCases = typeof useCases;
/** Every use case's route (method, paths, audience), typed by its declaration: what a web client needs at run time. */
export type UseCaseRoutes = { readonly [K in keyof UseCases]: RouteOf<UseCases[K]> };
export type UseCaseId = keyof UseCases;

export const allUseCases: readonly UseCase[] = Object.values(useCases);

export { BLANK_IS_ABSENT, optionalQueryText } from './fields.js';
