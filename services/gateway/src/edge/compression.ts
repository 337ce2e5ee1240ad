import compression from 'compression';
import type { RequestHandler } from 'express';

/** Seamless-wallet calls come from vendors' servers, answer a few hundred bytes and sit on the money path. */
const VENDOR_API = '/api/vendor/';

/**
 * Answers of 1 KB and more go out compressed when the caller takes it: brotli at quality 4 (cheap enough for every
 * answer), else gzip. The web client's files arrive compressed at build (web-client.ts) and pass through untouched.
 * Paths whose answers are compressed before they are sent (the answers kept for every caller, compressed once when
 * rendered, and the liveness and readiness checks of a few bytes) skip the compressor altogether: it wraps the answer
 * of every request it sees, even one it then leaves alone.
 */
export function compressAnswers(sentAsIs: ReadonlySet<string> = new Set()): RequestHandler {
  const compress = compression({ threshold: 1024, filter: (req, res) => !req.path.startsWith(VENDOR_API) && compression.filter(req, res) });
  return (req, res, next) => (sentAsIs.has(req.path) || req.path.startsWith('/health/') ? next() : compress(req, res, next));
}
