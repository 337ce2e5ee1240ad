import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A path with no parameters and no wildcard, matched by a table lookup instead of by each route's pattern in turn. */
export const isStaticPath = (path: string): boolean => !/[:*{}()]/.test(path);

/** As express matches a route: any letter case, with or without one trailing slash. */
const keyOf = (method: string, path: string): string => `${method} ${(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase()}`;

/**
 * The routes whose path has no parameters, found in one lookup. Express tries a router's routes one after another,
 * testing each one's pattern, so a call declared late among some three hundred paid for every route before it on
 * every request; here it costs one map lookup. The handlers run as express runs a route's: in turn, each passing on
 * with `next()`, an error (given to `next` or from a rejected promise) leaving the table for the app's error
 * handler. A request no entry takes (another method, a parametrised path) goes on to the router's routes as before.
 * HEAD is answered by a GET route, as express does.
 */
export class StaticRoutes {
  private readonly routes = new Map<string, readonly RequestHandler[]>();
  private readonly added: { method: string; path: string }[] = [];

  /** Adds a route; the first one added for a method and path answers it, as the first registered route does. */
  add(method: string, path: string, handlers: readonly RequestHandler[]): void {
    const key = keyOf(method.toUpperCase(), path);
    if (this.routes.has(key)) return;
    this.routes.set(key, handlers);
    this.added.push({ method: method.toUpperCase(), path });
  }

  /** Every method and path the table answers, as added. */
  list(): readonly { method: string; path: string }[] {
    return this.added;
  }

  /** The middleware that answers from the table; it carries the table, so what an app mounts can be listed. */
  middleware(): StaticRoutesMiddleware {
    const middleware: RequestHandler = (req, res, next) => {
      const handlers = this.routes.get(keyOf(req.method, req.path)) ?? (req.method === 'HEAD' ? this.routes.get(keyOf('GET', req.path)) : undefined);
      if (!handlers) return next();
      req.params = {};
      run(handlers, req, res, next);
    };
    return Object.assign(middleware, { staticRoutes: this });
  }
}

export type StaticRoutesMiddleware = RequestHandler & { staticRoutes: StaticRoutes };

function run(handlers: readonly RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  let index = 0;
  const step = (error?: unknown): void => {
    // 'route' and 'router' ask express to skip the rest of a route or router: here, both leave the table.
    if (error === 'route' || error === 'router') return done();
    if (error) return done(error);
    const handler = handlers[index++];
    if (!handler) return done();
    try {
      const returned: unknown = handler(req, res, step);
      if (returned instanceof Promise) returned.catch((reason: unknown) => step(reason ?? new Error('Rejected promise')));
    } catch (thrown) {
      step(thrown ?? new Error('Handler threw'));
    }
  };
  step();
}
