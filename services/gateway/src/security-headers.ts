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

export interface SecurityHeadersOptions {
  /**
   * The web origins this request's pages may frame besides their own: the origins of the brand's game vendors'
   * launch URLs (edge/frame-origins.ts). Answered at once, never waited for; without it, only our own origin.
   */
  frameOrigins?: (req: Request) => readonly string[];
}

/**
 * Security headers on every answer. The built client loads only its own scripts, so scripts need no 'unsafe-inline';
 * styles keep it for React's style attributes. Images may also come from any https origin: game vendors serve their
 * tile images from their own servers, and the operator sets them per game. Game vendors open in frames, so frames may
 * come from our own origin and the origins of the brand's vendors' launch URLs, and from nowhere else; nothing may
 * frame us. No referrer leaves the site: the spec puts session tokens in some URLs.
 * Strict-Transport-Security goes out on every answer, whatever the gateway can tell about the connection (behind a
 * TLS proxy it often cannot): browsers take it only from an answer that came over HTTPS, and ignore it otherwise.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): RequestHandler[] {
  const frameSources = (req: Request): string => ["'self'", ...(options.frameOrigins?.(req) ?? [])].join(' ');
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: [(req) => frameSources(req as Request)],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      crossOriginEmbedderPolicy: false,
    }),
    (_req, res, next) => {
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      next();
    },
  ];
}
