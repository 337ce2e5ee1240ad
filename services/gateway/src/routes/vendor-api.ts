import express, { type RequestHandler, type Router } from 'express';
import { AppError, checkRateLimit, type KeyValueStore } from '@wps/platform';
import { gamesVendorOperationSchema, VENDOR_HEADERS, vendorOperationSchema } from '@wps/contracts';
import type { GatewayClients } from '../clients.js';

const header = (value: string | string[] | undefined): string => (typeof value === 'string' ? value : '');

export const VENDOR_RATE_WINDOW_MS = 10_000;

/**
 * The seamless-wallet API game vendors call. The body stays raw text: the signature covers its exact bytes, so it
 * is forwarded untouched and the wallet checks signature, timestamp and body.
 */
export function vendorApi(options: { clients: GatewayClients; cache: KeyValueStore; requestsPerVendorPer10s: number }): Router {
  const router = express.Router();
  // Counted per vendor code on the shared store, so one vendor's burst (or a retry storm) cannot starve the others,
  // whichever gateway process its calls land on. Refused calls never reach the wallet, so they change nothing.
  const perVendorLimit: RequestHandler = async (req, _res, next) => {
    const vendor = header(req.headers[VENDOR_HEADERS.vendor]).slice(0, 40) || '-';
    const limit = await checkRateLimit(options.cache, { name: 'vendor', limit: options.requestsPerVendorPer10s, windowMs: VENDOR_RATE_WINDOW_MS }, vendor);
    next(limit.allowed ? undefined : new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } }));
  };
  router.post('/api/vendor/v1/:operation', perVendorLimit, express.text({ type: () => true, limit: '64kb' }), async (req, res) => {
    const signed = {
      vendor: header(req.headers[VENDOR_HEADERS.vendor]).slice(0, 40),
      timestamp: header(req.headers[VENDOR_HEADERS.timestamp]).slice(0, 20),
      signature: header(req.headers[VENDOR_HEADERS.signature]).slice(0, 200),
      body: typeof req.body === 'string' ? req.body : '',
    };
    // The games service's operations (launch-token exchange, lottery draws) share the headers, signing and limit.
    const gamesOperation = gamesVendorOperationSchema.safeParse(req.params.operation);
    if (gamesOperation.success) {
      const games = options.clients.games;
      const value = gamesOperation.data === 'session' ? await games.vendorSession(signed) : await games.reportLotteryDraw(signed);
      res.json({ success: true, value });
      return;
    }
    const operation = vendorOperationSchema.safeParse(req.params.operation);
    if (!operation.success) throw new AppError('NOT_FOUND');
    const value = await options.clients.wallet.vendorCall({ ...signed, operation: operation.data });
    res.json({ success: true, value });
  });
  return router;
}
