import type { Request } from 'express';
import type { IdentityRpc, RpcClient } from '@wps/contracts';
import type { Logger } from '@wps/platform';
import { BrandList, webOrigins } from './frame-origins.js';

/** Mirror domains a brand's pages may connect to, at the most: the header stays small whatever the list holds. */
export const MIRROR_ORIGINS_MAX = 50;
/** Sites (scheme and port) whose origins are kept per list. */
const SITES_KEPT = 8;
const NONE: readonly string[] = [];

type Scheme = 'http:' | 'https:';

/** A mirror domain as listed: a web address names its origin, a bare host name is served like the site it is read on. */
export type MirrorEntry = { origin: string } | { hostname: string; ports: Record<Scheme, string> };

const DEFAULT_PORTS: Record<Scheme, string> = { 'http:': '80', 'https:': '443' };

/**
 * The brand's domain list (the domainRoute call's answer) read the way the mirror-domain page reads it: an entry with
 * a scheme is that address's origin, kept when it is http(s); a bare host name (`m1.casino.example`, with a port of its
 * own or not) is served like the site it is read on, so only its host and port are kept. Anything else is left out.
 */
export function mirrorEntries(listed: readonly string[]): MirrorEntry[] {
  const entries: MirrorEntry[] = [];
  const seen = new Set<string>();
  for (const raw of listed) {
    const entry = raw.trim();
    if (!entry) continue;
    let parsed: MirrorEntry;
    try {
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) {
        const url = new URL(entry);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
        parsed = { origin: url.origin };
      } else {
        const bare = entry.replace(/^\/\//, '');
        const [asHttp, asHttps] = [new URL(`http://${bare}`), new URL(`https://${bare}`)];
        parsed = { hostname: asHttp.hostname, ports: { 'http:': asHttp.port, 'https:': asHttps.port } };
      }
    } catch {
      continue;
    }
    const key = JSON.stringify(parsed);
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(parsed);
    if (entries.length >= MIRROR_ORIGINS_MAX) break;
  }
  return entries;
}

/** The scheme and port of the site a request came to, as the page it loads sees them (no port for the default one). */
export function siteOf(req: Pick<Request, 'protocol' | 'host'>): { protocol: Scheme; port: string } {
  const protocol: Scheme = req.protocol === 'https' ? 'https:' : 'http:';
  const port = /:(\d{1,5})$/.exec(req.host ?? '')?.[1] ?? '';
  return { protocol, port: port === DEFAULT_PORTS[protocol] || Number(port) > 65_535 ? '' : port };
}

/** The origins of the entries for a page of this site: well-formed http(s) origins only, each once. */
export function mirrorOrigins(entries: readonly MirrorEntry[], site: { protocol: Scheme; port: string }): string[] {
  const origins = entries.map((entry) => {
    if ('origin' in entry) return entry.origin;
    const port = entry.ports[site.protocol] || site.port;
    return `${site.protocol}//${entry.hostname}${port ? `:${port}` : ''}`;
  });
  return webOrigins([...new Set(origins)]);
}

export interface MirrorOriginsDeps {
  identity: Pick<RpcClient<IdentityRpc>, 'getDomainRoute'>;
  logger?: Logger;
  refreshMs?: number;
  now?: () => number;
}

/**
 * The web origins the pages of a request's brand may connect to besides their own: the brand's mirror domains, so the
 * mirror-domain page can time each of them from the browser. Kept per brand hint as `BrandList` keeps them (identity
 * answers the list); a request never waits for them, and before the first answer, and for a brand identity does not
 * know, there are none.
 */
export class MirrorOrigins {
  private readonly list: BrandList<readonly MirrorEntry[]>;
  private readonly origins = new WeakMap<readonly MirrorEntry[], Map<string, readonly string[]>>();

  constructor(deps: MirrorOriginsDeps) {
    this.list = new BrandList({
      name: 'mirror origins',
      empty: [],
      logger: deps.logger,
      refreshMs: deps.refreshMs,
      now: deps.now,
      load: async (hint) => mirrorEntries(await deps.identity.getDomainRoute(hint)),
    });
  }

  /** The origins for this request's brand and site, as last answered; starts a refresh when the answer is due. */
  of(req: Request): readonly string[] {
    const entries = this.list.of(req);
    if (entries.length === 0) return NONE;
    // Worked out once per list and site (scheme and port), and kept with the list: the security headers find the
    // same array for every request of the site, and write its policy once.
    const site = siteOf(req);
    const key = `${site.protocol}${site.port}`;
    let bySite = this.origins.get(entries);
    if (!bySite) this.origins.set(entries, (bySite = new Map<string, readonly string[]>()));
    let origins = bySite.get(key);
    if (!origins) {
      origins = mirrorOrigins(entries, site);
      // A port is the caller's to name: past a few sites, a list's origins are worked out for each request.
      if (bySite.size < SITES_KEPT) bySite.set(key, origins);
    }
    return origins;
  }

  /** See `BrandList.firstAnswer`. */
  firstAnswer(req: Request, maxWaitMs: number): Promise<void> {
    return this.list.firstAnswer(req, maxWaitMs);
  }
}
