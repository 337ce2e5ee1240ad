import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { isApiPath } from './api-paths.js';

/** Vite names every file under /assets/ by its content: a new build brings new names, so these never change. */
const HASHED = '/assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Icons and the manifest keep their names across builds. */
const UNHASHED = 'public, max-age=3600';
/** The page itself is asked again every time, so a new build is seen at once. */
const REVALIDATE = 'no-cache';

/** The encodings the build writes next to a file, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The encoding of highest weight in `Accept-Encoding` among those available, the smaller one on a tie (browsers list
 * `gzip, deflate, br` with equal weights); none when the browser takes none of them.
 */
export function preferredEncoding<T extends { name: string }>(header: string | undefined, available: readonly T[]): T | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: T | undefined;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding.name) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/** The file of the build a request path names, or undefined: nothing outside the build, no hidden files, no folders. */
function buildFile(webDist: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.posix.normalize(decoded);
  if (!file.startsWith('/') || file.split('/').some((part) => part.startsWith('.'))) return undefined;
  return isFile(path.join(webDist, file)) ? file : undefined;
}

function isFile(full: string): boolean {
  try {
    return statSync(full).isFile();
  } catch {
    return false;
  }
}

/** The installed app's description, which names the app after the brand of the site it is installed from. */
const MANIFEST = '/manifest.webmanifest';
/** Launchers cut a home-screen label longer than this (the manifest's advice for `short_name`). */
const SHORT_NAME_MAX = 12;

/** What a page's brand gives the installed app: its name and default language. */
export interface PageBrand {
  name: string;
  defaultLanguage: string;
}

/**
 * The build's manifest with the brand's name and language: the app installs as "Demo Casino", not as the build's
 * generic name. A name too long for a home screen is shortened to its first word, else cut.
 */
export function brandedManifest(built: Record<string, unknown>, brand: PageBrand): Record<string, unknown> {
  const name = brand.name.trim();
  if (!name) return built;
  const firstWord = name.split(/\s+/)[0] ?? name;
  const shortName = name.length <= SHORT_NAME_MAX ? name : firstWord.length <= SHORT_NAME_MAX ? firstWord : name.slice(0, SHORT_NAME_MAX).trim();
  let lang = built.lang;
  try {
    lang = Intl.getCanonicalLocales(brand.defaultLanguage)[0] ?? lang;
  } catch {
    // Not a language tag: the build's stays.
  }
  return { ...built, name, short_name: shortName, lang };
}

export interface WebClientOptions {
  /** The brand a page request is for (its host, or X-Merchant-Code); undefined when none is known. */
  brandOf?: (req: Request) => Promise<PageBrand | undefined>;
}

/**
 * The built web client in `webDist`, read on each request so a new build is served without a restart: each file in the
 * smallest encoding the browser accepts among the copies the build wrote, with a cache lifetime by kind. Every other
 * path loads the single-page app, except the API's prefixes and the sockets. The app's manifest names the request's
 * brand; when the brand cannot be told, it is sent as built.
 */
export function webClient(webDist: string, options: WebClientOptions = {}): Router {
  const router = express.Router();
  const { brandOf } = options;

  if (brandOf) {
    router.get(MANIFEST, async (req, res, next) => {
      let built: Record<string, unknown>;
      try {
        built = JSON.parse(await readFile(path.join(webDist, MANIFEST), 'utf8')) as Record<string, unknown>;
      } catch {
        return next();
      }
      const brand = await brandOf(req).catch(() => undefined);
      if (!brand) return next();
      res.setHeader('Cache-Control', UNHASHED);
      res.vary('X-Merchant-Code');
      res.type('application/manifest+json').send(JSON.stringify(brandedManifest(built, brand)));
    });
  }

  const send = (req: Request, res: Response, file: string, cacheControl: string) => {
    const variants = ENCODINGS.filter((encoding) => isFile(path.join(webDist, file + encoding.suffix)));
    let sent = file;
    if (variants.length > 0) {
      res.vary('Accept-Encoding');
      const chosen = preferredEncoding(req.headers['accept-encoding'], variants);
      if (chosen) {
        res.type(path.extname(file));
        res.setHeader('Content-Encoding', chosen.name);
        sent = file + chosen.suffix;
      }
    }
    res.setHeader('Cache-Control', cacheControl);
    res.sendFile(sent.slice(1), { root: webDist, cacheControl: false, dotfiles: 'deny' });
  };

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isApiPath(req.path) || req.path.startsWith('/socket.io')) return next();
    const file = buildFile(webDist, req.path);
    if (file && !ENCODINGS.some((encoding) => file.endsWith(encoding.suffix)) && file !== '/index.html') {
      return send(req, res, file, file.startsWith(HASHED) ? IMMUTABLE : UNHASHED);
    }
    // Client-side routes (/, /home, /login, /register …) all load the single-page app; a missing asset is a 404.
    if (req.path.startsWith(HASHED)) return next();
    send(req, res, '/index.html', REVALIDATE);
  });
  return router;
}
