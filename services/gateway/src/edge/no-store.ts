import type { RequestHandler } from 'express';
import { isApiPath } from './api-paths.js';

/**
 * API answers, and any answer to a request that carries credentials (a session or the operator token), are never kept
 * by the browser or a shared cache on the way: a balance or a member's profile must not be shown to the next user of
 * the device. An answer meant to be kept (a game icon, a public image) says so itself and replaces this default.
 */
export function noStore(): RequestHandler {
  return (req, res, next) => {
    if (req.headers.authorization !== undefined || isApiPath(req.path)) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
