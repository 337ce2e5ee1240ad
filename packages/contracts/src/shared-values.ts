/**
 * Plain values that the server and the client's first screen both use. This module declares no schema and imports
 * nothing, so a screen can take them without loading the schema library; the modules of their calls re-export them.
 */

/** How many wins the winner board shows. */
export const WINNER_BOARD_LIMIT = 20;

/** Spec §9: the lobby's client identifiers, sent with every list query. */
export const LOBBY_CLIENT_TYPE = 3;
export const LOBBY_IS_PLATFORM = 2;
export const LOBBY_LIST_PLATFORM = 'flash,html5-desktop';
export const LOBBY_FAVOURITE_PLATFORM = 'flash';
export const LOBBY_VENDOR_PLATFORM = 'html5-desktop';

/** Notice types of the notices call: B banners, PL player notices, PU popups, PR promotions, H help-centre notices. */
export const NOTICE_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;

/** The site's chat page: the launch call answers it, the LIVECHAT entry without a path of its own opens it. */
export const SUPPORT_CHAT_PATH = '/support-chat';

/** Game categories of spec section 3. */
export const GAME_TYPES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'COCKFIGHT'] as const;
