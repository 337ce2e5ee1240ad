import registrationEs from '../registration.es.json';
import houseEs from '../house.es.json';
import houseLiveEs from '../house-live.es.json';
import housePvpEs from '../house-pvp.es.json';
import lotteryEs from '../lottery.es.json';
import lotteryPlayEs from '../lottery-play.es.json';
import houseFishEs from '../house-fish.es.json';
import agentEs from '../agent.es.json';
import chatEs from '../chat.es.json';
import raffleEs from '../raffle.es.json';
import sportsbookEs from '../sportsbook.es.json';
import accountEs from '../account.es.json';
import inboxEs from '../inbox.es.json';
import feedbackEs from '../feedback.es.json';
import pointsEs from '../points.es.json';
import vipEs from '../vip.es.json';
import missionsEs from '../missions.es.json';
import rewardsEs from '../rewards.es.json';
import promotionsEs from '../promotions.es.json';
import referralEs from '../referral.es.json';
import rebateEs from '../rebate.es.json';

/**
 * The Spanish texts of the areas that load later (member centre, promotions, points mall, VIP, agent centre, house
 * games, lottery, sportsbook, chat, raffle, registration): one chunk, fetched with the first of them (`lazyArea`).
 */
export default {
  ...registrationEs,
  ...houseEs,
  ...houseLiveEs,
  ...housePvpEs,
  ...lotteryEs,
  ...lotteryPlayEs,
  ...houseFishEs,
  ...agentEs,
  ...chatEs,
  ...raffleEs,
  ...sportsbookEs,
  ...accountEs,
  ...inboxEs,
  ...feedbackEs,
  ...pointsEs,
  ...vipEs,
  ...missionsEs,
  ...rewardsEs,
  ...promotionsEs,
  ...referralEs,
  ...rebateEs,
};
