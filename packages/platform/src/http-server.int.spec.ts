import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppServer, createHttpApp } from './http.js';
import { createLogger } from './logger.js';

describe('createAppServer', () => {
  let server: Server | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  it('makes requests and answers with the app prototypes, so express finds them in place', async () => {
    const { app, finish } = createHttpApp(createLogger({ service: 'http-server-test', level: 'silent' }), { trustProxy: ['loopback'] });
    app.get('/echo', (req, res) => {
      res.status(201).json({ ip: req.ip, host: req.hostname, accept: req.get('accept'), path: req.path });
    });
    finish();
    // Express gives each request and answer the app's prototypes; record whether they already had them.
    const original = Object.setPrototypeOf;
    const found: boolean[] = [];
    vi.spyOn(Object, 'setPrototypeOf').mockImplementation((target: object, proto: object | null) => {
      if (target instanceof IncomingMessage || target instanceof ServerResponse) found.push(Object.getPrototypeOf(target) === proto);
      return original(target, proto) as object;
    });
    server = createAppServer(app);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;

    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`http://127.0.0.1:${port}/echo`, { headers: { accept: 'application/json', 'x-forwarded-for': '203.0.113.9' } });
      expect(answer.status).toBe(201);
      expect(answer.headers.get('x-request-id')).toBeTruthy();
      expect(await answer.json()).toEqual({ ip: '203.0.113.9', host: '127.0.0.1', accept: 'application/json', path: '/echo' });
    }
    const unknown = await fetch(`http://127.0.0.1:${port}/nowhere`);
    expect(unknown.status).toBe(404);
    expect(found.length).toBeGreaterThanOrEqual(8);
    expect(found.every(Boolean)).toBe(true);
  });
});
