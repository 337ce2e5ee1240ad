import type { LaunchingMember, LaunchOptions, VendorAdapter } from './adapter.js';
import type { Game } from '@wps/contracts';

/** Where the demo vendors' games open when no launch URL template is configured: a page the games service serves. */
export const DEMO_PLAY_TEMPLATE = '/lgw/games/demo-play?token={token}';
/** The same demo page for lottery vendors, carrying the lottery page's parameters the way a real lottery vendor gets them. */
export const DEMO_LOTTERY_TEMPLATE = '/lgw/games/demo-play?token={token}&prizeMode={prizeMode}&view={view}&device={device}&backUrl={backUrl}';

/** The placeholders a launch URL template may use; a missing value becomes empty. */
export const LAUNCH_PLACEHOLDERS = ['token', 'gameCode', 'vendor', 'language', 'currency', 'lottoArea', 'launchMode', 'prizeMode', 'view', 'device', 'backUrl'] as const;
export type LaunchPlaceholder = (typeof LAUNCH_PLACEHOLDERS)[number];
const PLACEHOLDER = new RegExp(`\\{(${LAUNCH_PLACEHOLDERS.join('|')})\\}`, 'g');

/** Fills a launch URL template; every value is URL-encoded, so none can change the URL's shape. */
export function fillLaunchTemplate(template: string, values: Partial<Record<LaunchPlaceholder, string>>): string {
  return template.replace(PLACEHOLDER, (_match, name: LaunchPlaceholder) => encodeURIComponent(values[name] ?? ''));
}

/** An absolute URL leaves our site; a path stays on it and can be framed. */
export const launchModeOf = (url: string): 'iframe' | 'redirect' => (url.startsWith('/') && !url.startsWith('//') ? 'iframe' : 'redirect');

/**
 * The web origin a launch URL template opens on: the scheme, host and port of an absolute http(s) URL. A path (our own
 * origin) answers undefined, and so does a template whose origin is not fixed (a placeholder in the host) or that is
 * not a plain http(s) URL: nothing can be allowed for it ahead of the launch.
 */
export function launchOriginOf(template: string): string | undefined {
  if (!/^https?:\/\//i.test(template)) return undefined;
  let url: URL;
  try {
    url = new URL(template);
  } catch {
    return undefined;
  }
  // A placeholder before the path would be filled per launch, so the template names no one origin.
  const authority = template.slice(template.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('{') || url.username || url.password) return undefined;
  return url.origin;
}

function templateAdapter(defaultTemplate: string): VendorAdapter {
  return {
    walletStyle: 'seamless',
    async launch(member: LaunchingMember, game: Game, options: LaunchOptions) {
      const template = options.launchUrl ?? defaultTemplate;
      const token = template.includes('{token}') ? await options.issueLaunchToken() : '';
      const lottery = options.lottery ?? {};
      const url = fillLaunchTemplate(template, {
        token,
        gameCode: game.gameCode,
        vendor: game.vassalage,
        language: lottery.language ?? member.language,
        currency: member.currency,
        lottoArea: lottery.lottoArea,
        launchMode: lottery.launchMode,
        prizeMode: lottery.prizeMode,
        view: lottery.view,
        device: lottery.device,
        backUrl: lottery.backUrl,
      });
      return { url, mode: launchModeOf(url) };
    },
  };
}

/**
 * A seamless vendor reached through a launch URL template. `{token}` is a one-time launch token (the vendor exchanges
 * it for the player at `POST /api/vendor/v1/session`; our demo page redeems it itself), `{gameCode}`, `{vendor}`,
 * `{language}`, `{currency}` and the lottery page's `{lottoArea}`, `{launchMode}`, `{prizeMode}`, `{view}`,
 * `{device}` and `{backUrl}` are filled in too. The vendor then calls the wallet's signed vendor API for every bet
 * and win.
 */
export const templateSeamlessAdapter: VendorAdapter = templateAdapter(DEMO_PLAY_TEMPLATE);
/** Lottery vendors (adapter `lottery`): the same template scheme, opened from the client's lottery pages. */
export const lotteryVendorAdapter: VendorAdapter = templateAdapter(DEMO_LOTTERY_TEMPLATE);
