import type { RequestHandler } from 'express';
import { AppError } from '@wps/platform';

/**
 * Mounted behind the declared routes of a path: a method the path does not declare answers 405 in the envelope with
 * the methods it does declare in `Allow`, so a client can tell a wrong method from an unknown address (404). OPTIONS
 * goes on to the router's own answer, which lists the same methods.
 */
export function methodNotAllowed(declared: Iterable<string>): RequestHandler {
  const methods = new Set([...declared].map((method) => method.toUpperCase()));
  if (methods.has('GET')) methods.add('HEAD');
  const allow = [...methods].sort().join(', ');
  return (req, res, next) => {
    if (req.method === 'OPTIONS') return next();
    res.setHeader('Allow', allow);
    next(new AppError('METHOD_NOT_ALLOWED'));
  };
}
