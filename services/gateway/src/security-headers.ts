import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every answer. The built client loads only its own scripts, so scripts need no 'unsafe-inline';
 * styles keep it for React's style attributes. Game vendors open in frames, so frames may come from any web origin,
 * but nothing may frame us. No referrer leaves the site: the spec puts session tokens in some URLs.
 */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'", 'https:', 'http:'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      // Set below only where the request really came over TLS: HSTS over plain HTTP would be ignored or, behind a
      // misconfigured proxy, pin a site that has no certificate.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      next();
    },
  ];
}
