import { Agent, request as httpRequest } from 'node:http';
import express, { type Router } from 'express';
import { rpcErrorSchema, type RpcClient, type RpcContract, type RpcHandlers } from '@wps/contracts';
import { AppError, errorLogFields, normaliseError } from './errors.js';
import { extractTraceContext, injectTraceContext, withSpan, SpanKind } from './tracing.js';
import type { Logger } from './logger.js';

/** Embedded mode: calls go straight to the handlers, still validated both ways and traced like a remote call. */
export function createInProcessClient<C extends RpcContract>(service: string, contract: C, handlers: RpcHandlers<C>): RpcClient<C> {
  const client = {} as Record<string, (input: unknown) => Promise<unknown>>;
  for (const [method, schema] of Object.entries(contract)) {
    client[method] = (input) =>
      withSpan(`${service}.${method}`, { kind: SpanKind.CLIENT }, async () => {
        const parsedInput = schema.input.parse(input);
        const output = await (handlers as Record<string, (input: unknown) => Promise<unknown>>)[method]!(parsedInput);
        return schema.output.parse(output);
      });
  }
  return client as RpcClient<C>;
}

// Service calls reuse keep-alive connections; node:http with an agent costs less per call than fetch.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Cluster mode: one POST per call to the service's internal route, with the service token and trace context. */
export function createHttpClient<C extends RpcContract>(service: string, contract: C, options: { baseUrl: string; serviceToken: string; timeoutMs?: number }): RpcClient<C> {
  const client = {} as Record<string, (input: unknown) => Promise<unknown>>;
  const base = options.baseUrl.replace(/\/$/, '');
  for (const [method, schema] of Object.entries(contract)) {
    client[method] = (input) =>
      withSpan(`${service}.${method}`, { kind: SpanKind.CLIENT }, async () => {
        // The receiving service validates the input on arrival; checking it here too would pay for it twice per call.
        const body = JSON.stringify(input);
        let response: { status: number; text: string };
        try {
          response = await post(
            `${base}/internal/rpc/${method}`,
            body,
            {
              'content-type': 'application/json',
              authorization: `Service ${options.serviceToken}`,
              ...injectTraceContext({}),
            },
            options.timeoutMs ?? 10_000,
          );
        } catch (error) {
          throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
        }
        let payload: { ok?: boolean; result?: unknown; error?: unknown } | undefined;
        try {
          payload = JSON.parse(response.text) as typeof payload;
        } catch {
          payload = undefined;
        }
        if (response.status >= 200 && response.status < 300 && payload?.ok) return schema.output.parse(payload.result);
        const parsedError = rpcErrorSchema.safeParse(payload?.error);
        if (parsedError.success) throw AppError.fromRpcError(parsedError.data);
        throw new AppError(response.status === 401 ? 'SERVICE_UNAUTHORIZED' : 'SERVICE_UNAVAILABLE');
      });
  }
  return client as RpcClient<C>;
}

/** Mounts a contract's handlers under /internal/rpc, guarded by the shared service token. */
export function rpcRouter<C extends RpcContract>(contract: C, handlers: RpcHandlers<C>, options: { serviceToken: string; logger: Logger }): Router {
  const router = express.Router();
  // Large enough for a deposit's or withdrawal's proof images (three of 5 MB, base64) passed through to the wallet.
  router.use(express.json({ limit: '25mb' }));
  router.post('/internal/rpc/:method', async (req, res) => {
    if (req.headers.authorization !== `Service ${options.serviceToken}`) {
      res.status(401).json({ ok: false, error: new AppError('SERVICE_UNAUTHORIZED').toRpcError() });
      return;
    }
    const method = req.params.method;
    const schema = Object.prototype.hasOwnProperty.call(contract, method) ? contract[method] : undefined;
    if (!schema) {
      res.status(404).json({ ok: false, error: new AppError('NOT_FOUND').toRpcError() });
      return;
    }
    try {
      const result = await withSpan(`rpc ${method}`, { kind: SpanKind.SERVER, parent: extractTraceContext(req.headers as Record<string, string>) }, async () => {
        const input = schema.input.parse(req.body);
        return schema.output.parse(await (handlers as Record<string, (input: unknown) => Promise<unknown>>)[method]!(input));
      });
      res.json({ ok: true, result });
    } catch (error) {
      const appError = normaliseError(error);
      if (appError.status >= 500) options.logger.error({ code: appError.code, ...errorLogFields(error), method }, 'rpc failed');
      res.status(appError.status).json({ ok: false, error: appError.toRpcError() });
    }
  });
  return router;
}
