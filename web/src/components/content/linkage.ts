import type { NoticeEntry } from '@wps/contracts';

/** What a click on a banner, popup or promotion does. */
export type LinkAction = { kind: 'none' } | { kind: 'game'; nodeId: string } | { kind: 'route'; path: string } | { kind: 'external'; url: string };

const NONE: LinkAction = { kind: 'none' };

/** A path of this site (never `//host`, which leaves it). */
export const isSitePath = (target: string): boolean => target.startsWith('/') && !target.startsWith('//');

/**
 * The click's action for an entry's linkage: GAME launches the game, PROMOTION opens the promotions page at it, PAGE
 * goes to a page of the site, URL opens an http(s) address in a new tab. A target that does not fit its type does
 * nothing.
 */
export function linkAction(entry: Pick<NoticeEntry, 'linkageType' | 'linkTarget'>): LinkAction {
  const target = entry.linkTarget.trim();
  switch (entry.linkageType) {
    case 'GAME':
      return /^\d{1,18}$/.test(target) ? { kind: 'game', nodeId: target } : NONE;
    case 'PROMOTION':
      return { kind: 'route', path: target ? `/promotions#${encodeURIComponent(target)}` : '/promotions' };
    case 'PAGE':
      return isSitePath(target) ? { kind: 'route', path: target } : NONE;
    case 'URL':
      return /^https?:\/\/[^\s]+$/i.test(target) ? { kind: 'external', url: target } : NONE;
    default:
      return NONE;
  }
}
