import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Browser features the site never uses, refused for it and every frame it opens. Game frames keep what games use
 * (fullscreen, autoplay, motion sensors), and the site keeps the clipboard for copying referral links.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/**
 * The liveness check, which the mirror-domain page on each of the brand's other domains times: other origins may load
 * it (Cross-Origin-Resource-Policy cross-origin), and every other answer stays same-origin. It tells nothing but that
 * the site is up.
 */
export const TIMED_PATH = '/health/live';

export interface SecurityHeadersOptions {
  /**
   * The web origins this request's pages may frame besides their own: the origins of the brand's game vendors'
   * launch URLs (edge/frame-origins.ts). Answered at once, never waited for; without it, only our own origin.
   */
  frameOrigins?: (req: Request) => readonly string[];
  /**
   * The web origins this request's pages may connect to besides their own: the brand's mirror domains, which the
   * mirror-domain page times (edge/mirror-origins.ts). Answered at once, never waited for; without it, only our own.
   */
  connectOrigins?: (req: Request) => readonly string[];
}

/**
 * Security headers on every answer. The built client loads only its own scripts, so scripts need no 'unsafe-inline';
 * styles keep it for React's style attributes. Images may also come from any https origin: game vendors serve their
 * tile images from their own servers, and the operator sets them per game. Game vendors open in frames, so frames may
 * come from our own origin and the origins of the brand's vendors' launch URLs, and from nowhere else; nothing may
 * frame us. Pages connect to our own origin and the brand's mirror domains (the mirror-domain page times each of
 * them, loading their liveness check). No referrer leaves the site: the spec puts session tokens in some URLs.
 * Strict-Transport-Security goes out on every answer, whatever the gateway can tell about the connection (behind a
 * TLS proxy it often cannot): browsers take it only from an answer that came over HTTPS, and ignore it otherwise.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): RequestHandler[] {
  const policy = new ContentSecurityPolicy();
  const none: readonly string[] = [];
  return [
    (req, res, next) => {
      res.setHeader('Content-Security-Policy', policy.for(options.connectOrigins?.(req) ?? none, options.frameOrigins?.(req) ?? none));
      next();
    },
    helmet({
      contentSecurityPolicy: false,
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      crossOriginEmbedderPolicy: false,
    }),
    (req, res, next) => {
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      if (req.path === TIMED_PATH) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      next();
    },
  ];
}

/**
 * The Content-Security-Policy header for a page whose brand lists these origins to connect to and to frame, written
 * once per pair of lists: the lists are kept as they were answered (edge/frame-origins.ts, edge/mirror-origins.ts), so
 * every request of a brand's site finds its header made, and a brand's new list gets a new one.
 */
export class ContentSecurityPolicy {
  private readonly written = new WeakMap<readonly string[], WeakMap<readonly string[], string>>();

  for(connectOrigins: readonly string[], frameOrigins: readonly string[]): string {
    let byFrame = this.written.get(connectOrigins);
    if (!byFrame) this.written.set(connectOrigins, (byFrame = new WeakMap()));
    let header = byFrame.get(frameOrigins);
    if (header === undefined) byFrame.set(frameOrigins, (header = contentSecurityPolicy(connectOrigins, frameOrigins)));
    return header;
  }
}

/** Our own origin and those listed, as one directive's value. */
const sources = (origins: readonly string[]): string => ["'self'", ...origins].join(' ');

export function contentSecurityPolicy(connectOrigins: readonly string[], frameOrigins: readonly string[]): string {
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: blob: https:"],
    ['font-src', "'self' data:"],
    ['connect-src', sources(connectOrigins)],
    ['frame-src', sources(frameOrigins)],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join(';');
}
