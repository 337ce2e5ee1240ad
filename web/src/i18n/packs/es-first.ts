import es from '../es.json';
import loginEs from '../login.es.json';
import accountEs from '../account.es.json';
import securityEs from '../security.es.json';
import lobbyEs from '../lobby.es.json';
import contentEs from '../content.es.json';
import inboxEs from '../inbox.es.json';
import feedbackEs from '../feedback.es.json';
import layoutEs from '../layout.es.json';
import pointsEs from '../points.es.json';
import vipEs from '../vip.es.json';
import missionsEs from '../missions.es.json';
import envelopesEs from '../envelopes.es.json';
import rewardsEs from '../rewards.es.json';
import promotionsEs from '../promotions.es.json';
import referralEs from '../referral.es.json';
import rebateEs from '../rebate.es.json';

/**
 * The Spanish texts of the first screen: the shell, home, the lobby, the member's menus and the overlays any page can
 * show. They come with the page; the texts of the areas that load later (`es-areas.ts`) come with the first of them.
 */
export default {
  ...es,
  ...loginEs,
  ...accountEs,
  ...securityEs,
  ...lobbyEs,
  ...contentEs,
  ...inboxEs,
  ...feedbackEs,
  ...layoutEs,
  ...pointsEs,
  ...vipEs,
  ...missionsEs,
  ...envelopesEs,
  ...rewardsEs,
  ...promotionsEs,
  ...referralEs,
  ...rebateEs,
};
