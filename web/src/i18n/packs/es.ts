import es from '../es.json';
import registrationEs from '../registration.es.json';
import loginEs from '../login.es.json';
import accountEs from '../account.es.json';
import securityEs from '../security.es.json';
import lobbyEs from '../lobby.es.json';
import houseEs from '../house.es.json';
import houseLiveEs from '../house-live.es.json';
import housePvpEs from '../house-pvp.es.json';
import lotteryEs from '../lottery.es.json';
import lotteryPlayEs from '../lottery-play.es.json';
import houseFishEs from '../house-fish.es.json';
import agentEs from '../agent.es.json';
import contentEs from '../content.es.json';
import inboxEs from '../inbox.es.json';
import chatEs from '../chat.es.json';
import feedbackEs from '../feedback.es.json';
import layoutEs from '../layout.es.json';
import pointsEs from '../points.es.json';
import vipEs from '../vip.es.json';
import missionsEs from '../missions.es.json';
import envelopesEs from '../envelopes.es.json';
import rewardsEs from '../rewards.es.json';
import promotionsEs from '../promotions.es.json';
import referralEs from '../referral.es.json';
import raffleEs from '../raffle.es.json';
import rebateEs from '../rebate.es.json';
import sportsbookEs from '../sportsbook.es.json';

/** The Spanish pack: one file per area of the client, merged into one namespace. */
export default {
  ...es,
  ...registrationEs,
  ...loginEs,
  ...accountEs,
  ...securityEs,
  ...lobbyEs,
  ...houseEs,
  ...houseLiveEs,
  ...housePvpEs,
  ...lotteryEs,
  ...lotteryPlayEs,
  ...houseFishEs,
  ...agentEs,
  ...contentEs,
  ...inboxEs,
  ...chatEs,
  ...feedbackEs,
  ...layoutEs,
  ...pointsEs,
  ...vipEs,
  ...missionsEs,
  ...envelopesEs,
  ...rewardsEs,
  ...promotionsEs,
  ...referralEs,
  ...raffleEs,
  ...rebateEs,
  ...sportsbookEs,
};
