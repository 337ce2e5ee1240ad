import en from '../en.json';
import registrationEn from '../registration.en.json';
import loginEn from '../login.en.json';
import accountEn from '../account.en.json';
import securityEn from '../security.en.json';
import lobbyEn from '../lobby.en.json';
import houseEn from '../house.en.json';
import houseLiveEn from '../house-live.en.json';
import housePvpEn from '../house-pvp.en.json';
import lotteryEn from '../lottery.en.json';
import lotteryPlayEn from '../lottery-play.en.json';
import houseFishEn from '../house-fish.en.json';
import agentEn from '../agent.en.json';
import contentEn from '../content.en.json';
import inboxEn from '../inbox.en.json';
import chatEn from '../chat.en.json';
import feedbackEn from '../feedback.en.json';
import layoutEn from '../layout.en.json';
import pointsEn from '../points.en.json';
import vipEn from '../vip.en.json';
import missionsEn from '../missions.en.json';
import envelopesEn from '../envelopes.en.json';
import rewardsEn from '../rewards.en.json';
import promotionsEn from '../promotions.en.json';
import referralEn from '../referral.en.json';
import raffleEn from '../raffle.en.json';
import rebateEn from '../rebate.en.json';
import sportsbookEn from '../sportsbook.en.json';

/** The English pack: one file per area of the client, merged into one namespace. */
export default {
  ...en,
  ...registrationEn,
  ...loginEn,
  ...accountEn,
  ...securityEn,
  ...lobbyEn,
  ...houseEn,
  ...houseLiveEn,
  ...housePvpEn,
  ...lotteryEn,
  ...lotteryPlayEn,
  ...houseFishEn,
  ...agentEn,
  ...contentEn,
  ...inboxEn,
  ...chatEn,
  ...feedbackEn,
  ...layoutEn,
  ...pointsEn,
  ...vipEn,
  ...missionsEn,
  ...envelopesEn,
  ...rewardsEn,
  ...promotionsEn,
  ...referralEn,
  ...raffleEn,
  ...rebateEn,
  ...sportsbookEn,
};
