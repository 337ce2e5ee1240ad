/**
 * The mirror-domain list's measurements: each site is timed from the browser a few times, the median kept, and the
 * list ranked fastest first with the sites that did not answer last.
 */

export const MEASURE_TRIES = 3;
export const MEASURE_TIMEOUT_MS = 5_000;
/** A cheap page every site of the platform answers. */
export const MEASURE_PATH = '/health/live';

export type Measurement =
  | { state: 'pending' }
  | { state: 'ok'; ms: number }
  | { state: 'unreachable' }
  /** The browser refused this page a connection to the site (its security policy), so it cannot be timed from here. */
  | { state: 'blocked' };

export interface Mirror {
  origin: string;
  /** The site this page was loaded from. */
  current: boolean;
}

export interface RankedMirror extends Mirror {
  measurement: Measurement;
  fastest: boolean;
}

interface Here {
  protocol: string;
  port: string;
  origin: string;
}

/**
 * The sites to measure: this one first, then each listed domain once. A bare host name is served like this site (same
 * scheme and port); entries that are not web addresses are left out.
 */
export function mirrorsOf(entries: readonly string[], here: Here): Mirror[] {
  const mirrors: Mirror[] = [{ origin: here.origin, current: true }];
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    let url: URL;
    try {
      const explicit = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry);
      url = new URL(explicit ? entry : `${here.protocol}//${entry.replace(/^\/\//, '')}`);
      if (!explicit && !url.port && here.port) url.port = here.port;
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (!mirrors.some((mirror) => mirror.origin === url.origin)) mirrors.push({ origin: url.origin, current: false });
  }
  return mirrors;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface MeasureTools {
  /** Resolves when the site answered (with anything), rejects when it did not. */
  ping: (url: string, signal: AbortSignal) => Promise<unknown>;
  now: () => number;
  /** Whether the browser has refused this page a connection to the site: a refused site is not asked again. */
  refused?: () => boolean;
  tries?: number;
  timeoutMs?: number;
}

/**
 * Times `tries` requests to the site one after the other: the median of those answered, blocked when the browser
 * refused the page the connection, or unreachable when none was answered.
 */
export async function measure(origin: string, { ping, now, refused = () => false, tries = MEASURE_TRIES, timeoutMs = MEASURE_TIMEOUT_MS }: MeasureTools): Promise<Measurement> {
  const times: number[] = [];
  for (let attempt = 0; attempt < tries; attempt++) {
    if (refused()) return { state: 'blocked' };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const started = now();
    try {
      await ping(`${origin}${MEASURE_PATH}`, controller.signal);
      times.push(now() - started);
    } catch {
      // no answer in time: this try does not count
    } finally {
      clearTimeout(timer);
    }
  }
  if (times.length > 0) return { state: 'ok', ms: Math.round(median(times)) };
  return refused() ? { state: 'blocked' } : { state: 'unreachable' };
}

/** What the browser reports of a refused request (a `securitypolicyviolation` event). */
export interface Refusal {
  blockedURI: string;
  effectiveDirective: string;
}

/** The listed site a refusal is about, when the page's security policy kept it from connecting to one. */
export function refusedMirror(refusal: Refusal, mirrors: readonly Mirror[]): string | undefined {
  if (refusal.effectiveDirective !== 'connect-src') return undefined;
  let origin: string;
  try {
    origin = new URL(refusal.blockedURI).origin;
  } catch {
    return undefined;
  }
  return mirrors.find((mirror) => mirror.origin === origin)?.origin;
}

const order = (measurement: Measurement): number => ({ ok: 0, pending: 1, unreachable: 2, blocked: 3 })[measurement.state];

/**
 * Fastest first, then those still being measured, then those that did not answer. Once every site is measured, the
 * fastest is marked.
 */
export function rankMirrors(mirrors: readonly Mirror[], measurements: ReadonlyMap<string, Measurement>): RankedMirror[] {
  const ranked = mirrors
    .map((mirror, index) => ({ ...mirror, index, measurement: measurements.get(mirror.origin) ?? ({ state: 'pending' } as const) }))
    .sort((a, b) => {
      const byState = order(a.measurement) - order(b.measurement);
      if (byState !== 0) return byState;
      if (a.measurement.state === 'ok' && b.measurement.state === 'ok' && a.measurement.ms !== b.measurement.ms) return a.measurement.ms - b.measurement.ms;
      return a.index - b.index;
    });
  const settled = ranked.every((mirror) => mirror.measurement.state !== 'pending');
  return ranked.map(({ index: _index, ...mirror }, position) => ({ ...mirror, fastest: settled && position === 0 && mirror.measurement.state === 'ok' }));
}
