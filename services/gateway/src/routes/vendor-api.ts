import express, { type Router } from 'express';
import { AppError } from '@wps/platform';
import { VENDOR_HEADERS, vendorOperationSchema } from '@wps/contracts';
import type { GatewayClients } from '../clients.js';

const header = (value: string | string[] | undefined): string => (typeof value === 'string' ? value : '');

/**
 * The seamless-wallet API game vendors call. The body stays raw text: the signature covers its exact bytes, so it
 * is forwarded untouched and the wallet checks signature, timestamp and body.
 */
export function vendorApi(options: { clients: GatewayClients }): Router {
  const router = express.Router();
  router.post('/api/vendor/v1/:operation', express.text({ type: () => true, limit: '64kb' }), async (req, res) => {
    const operation = vendorOperationSchema.safeParse(req.params.operation);
    if (!operation.success) throw new AppError('NOT_FOUND');
    const value = await options.clients.wallet.vendorCall({
      vendor: header(req.headers[VENDOR_HEADERS.vendor]).slice(0, 40),
      operation: operation.data,
      timestamp: header(req.headers[VENDOR_HEADERS.timestamp]).slice(0, 20),
      signature: header(req.headers[VENDOR_HEADERS.signature]).slice(0, 200),
      body: typeof req.body === 'string' ? req.body : '',
    });
    res.json({ success: true, value });
  });
  return router;
}
