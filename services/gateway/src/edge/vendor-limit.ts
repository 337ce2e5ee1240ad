import type { Request, RequestHandler } from 'express';
import { VENDOR_HEADERS } from '@wps/contracts';
import { AppError, type KeyValueStore } from '@wps/platform';
import { clientIp } from '../auth.js';
import { WindowCounter } from './window-counter.js';

export const VENDOR_RATE_WINDOW_MS = 10_000;
/** Calls with a wrong signature (or an unknown vendor code) allowed per source address in each 10-second window. */
export const VENDOR_SIGNATURE_FAILURES_PER_ADDRESS = 20;

export interface VendorRateLimitOptions {
  /** VENDOR_REQUESTS_PER_10S: correctly signed calls per vendor code per 10 s. */
  requestsPerVendor: number;
  signatureFailuresPerAddress?: number;
}

export interface VendorRateLimit {
  /** Before the call: refuses an address that keeps failing the signature, and a vendor code that used up its window. */
  admit: RequestHandler;
  /** Runs the call and counts it by its outcome, before the answer goes out. */
  counted<T>(req: Request, run: () => Promise<T>): Promise<T>;
}

const vendorCodeOf = (req: Request): string => {
  const code = req.headers[VENDOR_HEADERS.vendor];
  return (typeof code === 'string' ? code.slice(0, 40) : '') || '-';
};

/**
 * The seamless-wallet limit, per vendor code on the shared store, so one vendor's burst (or retry storm) cannot starve
 * the others whichever gateway its calls land on. Only the owning service holds the vendor's secret, so a call counts
 * once its signature has been judged: against the vendor when the service accepted it (whatever the answer), against
 * the source address when it did not. Anyone can send a call under any vendor code; forged calls therefore cannot use
 * up a vendor's window, and a source that keeps forging is refused before its calls reach a service. A refused call
 * never reaches a service. Calls in flight when a window fills all complete, so a burst can pass the limit by as many
 * calls as it had in flight.
 */
export function vendorRateLimit(store: KeyValueStore, options: VendorRateLimitOptions): VendorRateLimit {
  const vendors = new WindowCounter(store, { name: 'vendor', limit: options.requestsPerVendor, windowMs: VENDOR_RATE_WINDOW_MS });
  const forgers = new WindowCounter(store, {
    name: 'vendor-signature',
    limit: options.signatureFailuresPerAddress ?? VENDOR_SIGNATURE_FAILURES_PER_ADDRESS,
    windowMs: VENDOR_RATE_WINDOW_MS,
  });
  return {
    admit: async (req, _res, next) => {
      const [forging, busy] = await Promise.all([forgers.refusal(clientIp(req)), vendors.refusal(vendorCodeOf(req))]);
      next(forging ?? busy);
    },
    async counted(req, run) {
      let value;
      try {
        value = await run();
      } catch (error) {
        if (error instanceof AppError && error.code === 'VENDOR_UNAUTHORIZED') await forgers.add(clientIp(req));
        else await vendors.add(vendorCodeOf(req));
        throw error;
      }
      await vendors.add(vendorCodeOf(req));
      return value;
    },
  };
}
