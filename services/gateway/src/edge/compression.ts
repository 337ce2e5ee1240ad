import compression from 'compression';
import type { RequestHandler } from 'express';

/** Seamless-wallet calls come from vendors' servers, answer a few hundred bytes and sit on the money path. */
const VENDOR_API = '/api/vendor/';

/**
 * Answers of 1 KB and more go out compressed when the caller takes it: brotli at quality 4 (cheap enough for every
 * answer), else gzip. The web client's files arrive compressed at build (web-client.ts) and pass through untouched.
 */
export function compressAnswers(): RequestHandler {
  return compression({ threshold: 1024, filter: (req, res) => !req.path.startsWith(VENDOR_API) && compression.filter(req, res) });
}
