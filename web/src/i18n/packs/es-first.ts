import es from '../es.json';
import loginEs from '../login.es.json';
import securityEs from '../security.es.json';
import lobbyEs from '../lobby.es.json';
import contentEs from '../content.es.json';
import layoutEs from '../layout.es.json';
import envelopesEs from '../envelopes.es.json';

/**
 * The Spanish texts of the first screen: the shell, home, the lobby, the member's menus (the panels' names) and the overlays
 * any page can show. They come with the page; the texts of the areas that load later (`es-areas.ts`) come with the first of them.
 */
export default {
  ...es,
  ...loginEs,
  ...securityEs,
  ...lobbyEs,
  ...contentEs,
  ...layoutEs,
  ...envelopesEs,
};
