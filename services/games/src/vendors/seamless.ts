import type { VendorAdapter } from './adapter.js';

/** Where the demo vendors' games open when no launch URL template is configured: a page the games service serves. */
export const DEMO_PLAY_TEMPLATE = '/lgw/games/demo-play?token={token}';

/**
 * A seamless vendor reached through a launch URL template. `{token}` is a one-time launch token (the vendor exchanges
 * it for the player; our demo page does so itself), `{gameCode}`, `{vendor}`, `{language}` and `{currency}` are
 * filled in too. The vendor then calls the wallet's signed vendor API for every bet and win.
 */
export const templateSeamlessAdapter: VendorAdapter = {
  walletStyle: 'seamless',
  async launch(member, game, options) {
    const template = options.launchUrl ?? DEMO_PLAY_TEMPLATE;
    const token = template.includes('{token}') ? await options.issueLaunchToken() : '';
    const values: Record<string, string> = { token, gameCode: game.gameCode, vendor: game.vassalage, language: member.language, currency: member.currency };
    const url = template.replace(/\{(token|gameCode|vendor|language|currency)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''));
    return { url, mode: url.startsWith('/') ? 'iframe' : 'redirect' };
  },
};
