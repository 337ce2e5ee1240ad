import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRpc } from '@wps/contracts';
import { AppError } from './errors.js';
import { createHttpApp } from './http.js';
import { createHttpClient, createInProcessClient, rpcRouter } from './rpc.js';
import { createLogger } from './logger.js';
import { currentTraceId, initTracing, withSpan } from './tracing.js';

const contract = defineRpc({
  add: { input: z.object({ a: z.number(), b: z.number() }), output: z.object({ sum: z.number(), traceId: z.string().optional() }) },
  fail: { input: z.object({}), output: z.object({}) },
});

const handlers = {
  add: async ({ a, b }: { a: number; b: number }) => ({ sum: a + b, traceId: currentTraceId() }),
  fail: async (): Promise<Record<string, never>> => {
    throw new AppError('INSUFFICIENT_FUNDS', { value: { needed: '5.00' } });
  },
};

describe('typed service clients', () => {
  let server: Server;
  let baseUrl = '';
  const logger = createLogger({ service: 'rpc-test', level: 'silent' });

  beforeAll(async () => {
    initTracing({ serviceName: 'rpc-test' });
    const { app, finish } = createHttpApp(logger);
    app.use(rpcRouter(contract, handlers, { serviceToken: 'test-token-test-token', logger }));
    finish();
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const transport of ['in-process', 'http'] as const) {
    const client = () => (transport === 'http' ? createHttpClient('calc', contract, { baseUrl, serviceToken: 'test-token-test-token' }) : createInProcessClient('calc', contract, handlers));

    it(`${transport}: calls, validates and carries the trace`, async () => {
      const { callerTrace, result } = await withSpan('caller', {}, async () => ({ callerTrace: currentTraceId(), result: await client().add({ a: 2, b: 3 }) }));
      expect(result.sum).toBe(5);
      expect(callerTrace).toMatch(/^[0-9a-f]{32}$/);
      expect(result.traceId).toBe(callerTrace);
      await expect(client().add({ a: 'x' } as never)).rejects.toThrow();
    });

    it(`${transport}: turns a service error back into the same AppError`, async () => {
      const error = await client()
        .fail({})
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('INSUFFICIENT_FUNDS');
      expect((error as AppError).status).toBe(409);
      expect((error as AppError).options.value).toEqual({ needed: '5.00' });
    });
  }

  it('http: refuses a caller without the service token', async () => {
    const stranger = createHttpClient('calc', contract, { baseUrl, serviceToken: 'wrong-token-wrong-token' });
    await expect(stranger.add({ a: 1, b: 1 })).rejects.toMatchObject({ code: 'SERVICE_UNAUTHORIZED' });
  });

  it('http: reports an unreachable service as unavailable', async () => {
    const gone = createHttpClient('calc', contract, { baseUrl: 'http://127.0.0.1:1', serviceToken: 'x'.repeat(20), timeoutMs: 500 });
    await expect(gone.add({ a: 1, b: 1 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
  });
});
