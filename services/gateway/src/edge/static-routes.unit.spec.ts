import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaticPath, StaticRoutes } from './static-routes.js';

describe('the table of routes without parameters', () => {
  let base = '';
  let close = () => {};
  const seen: string[] = [];

  beforeAll(async () => {
    const app = express();
    const router = express.Router();
    const table = new StaticRoutes();
    router.use(table.middleware());
    const mark =
      (name: string): RequestHandler =>
      (_req, _res, next) => {
        seen.push(name);
        next();
      };
    table.add('GET', '/wps/system/notices', [mark('limit'), mark('auth'), (req, res) => void res.json({ at: 'notices', params: req.params })]);
    table.add('GET', '/wps/system/notices', [(_req, res) => void res.json({ at: 'second' })]);
    table.add('POST', '/wps/fails', [
      async () => {
        throw new Error('refused');
      },
    ]);
    table.add('POST', '/wps/passes-error', [(_req, _res, next) => next(new Error('passed on'))]);
    table.add('GET', '/wps/skips', [(_req, _res, next) => next('route')]);
    router.get('/wps/skips', (_req, res) => void res.json({ at: 'router after the table' }));
    router.get('/wps/items/:id', (req, res) => void res.json({ at: 'items', id: req.params.id }));
    router.all('/wps/system/notices', (_req, res) => void res.status(405).json({ at: 'method not allowed' }));
    app.use(router);
    const errors: ErrorRequestHandler = (error: Error, _req, res, _next) => void res.status(500).json({ error: error.message });
    app.use(errors);
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const json = async (path: string, init?: RequestInit) => {
    const response = await fetch(base + path, init);
    return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? await response.json() : undefined };
  };

  it('runs the first route added for a path, its handlers in turn, with no parameters', async () => {
    seen.length = 0;
    expect(await json('/wps/system/notices?types=B')).toEqual({ status: 200, body: { at: 'notices', params: {} } });
    expect(seen).toEqual(['limit', 'auth']);
  });

  it('matches as express does: any letter case, one trailing slash, HEAD by the GET route', async () => {
    expect((await json('/WPS/System/Notices')).body).toMatchObject({ at: 'notices' });
    expect((await json('/wps/system/notices/')).body).toMatchObject({ at: 'notices' });
    expect((await fetch(`${base}/wps/system/notices`, { method: 'HEAD' })).status).toBe(200);
    expect((await json('/wps/system/notices//')).status).toBe(404);
  });

  it('leaves other methods and parametrised paths to the router', async () => {
    expect(await json('/wps/system/notices', { method: 'DELETE' })).toEqual({ status: 405, body: { at: 'method not allowed' } });
    expect((await json('/wps/items/7')).body).toEqual({ at: 'items', id: '7' });
    expect((await json('/wps/skips')).body).toEqual({ at: 'router after the table' });
  });

  it('hands an error, thrown in a promise or passed on, to the app’s error handler', async () => {
    expect(await json('/wps/fails', { method: 'POST' })).toEqual({ status: 500, body: { error: 'refused' } });
    expect(await json('/wps/passes-error', { method: 'POST' })).toEqual({ status: 500, body: { error: 'passed on' } });
  });

  it('takes only paths with neither parameters nor wildcards', () => {
    expect(isStaticPath('/wps/system/notices')).toBe(true);
    expect(isStaticPath('/wps/items/:id')).toBe(false);
    expect(isStaticPath('/files/{*name}')).toBe(false);
  });
});
