import type { VendorAdapter } from './adapter.js';

/**
 * The house vendor's games are pages of our own web client (`/house/<gameCode>`): launching one is a client route. The
 * games pay through the signed seamless-wallet API like any vendor's, so nothing is moved at launch.
 */
export const houseGamesAdapter: VendorAdapter = {
  walletStyle: 'seamless',
  async launch(_member, game) {
    return { url: `/house/${encodeURIComponent(game.gameCode)}`, mode: 'route' };
  },
};
