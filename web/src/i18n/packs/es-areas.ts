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

/** The Spanish texts of the areas that load later (agent centre, house games, lottery, sportsbook, chat, raffle, registration): one chunk. */
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
};
