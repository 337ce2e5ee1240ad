import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * How game vendors sign their calls to us (docs/vendor-api.md), shared by every service that takes such calls (the
 * wallet's seamless API, the games service's launch-token exchange and lottery draws) so they accept exactly the same
 * requests.
 */

/** Lowercase hex HMAC-SHA256 of `${timestamp}.${rawBody}` under the vendor's secret. */
export const vendorSignature = (secret: string, timestamp: string, rawBody: string): string => createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** Compares in constant time; a malformed signature is simply wrong. */
export function signatureMatches(secret: string, timestamp: string, rawBody: string, signature: string): boolean {
  const expected = Buffer.from(vendorSignature(secret, timestamp, rawBody), 'hex');
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** True when `timestamp` (unix ms as digits) lies within `skewSeconds` of `nowMs`. */
export function timestampFresh(timestamp: string, nowMs: number, skewSeconds: number): boolean {
  if (!/^\d{1,16}$/.test(timestamp)) return false;
  return Math.abs(nowMs - Number(timestamp)) <= skewSeconds * 1_000;
}

export interface SignedVendorCall {
  timestamp: string;
  signature: string;
  body: string;
}

/**
 * Why a signed call is refused, or null when it is accepted. `secret` is undefined for an unknown or disabled vendor:
 * that answers like a wrong signature, so the answer does not tell which vendor codes exist. The signature is checked
 * before the timestamp, so only a holder of the secret learns about clock skew.
 */
export function vendorCallRefusal(secret: string | undefined, call: SignedVendorCall, nowMs: number, skewSeconds: number): 'VENDOR_UNAUTHORIZED' | 'VENDOR_TIMESTAMP_EXPIRED' | null {
  if (secret === undefined || !signatureMatches(secret, call.timestamp, call.body, call.signature)) return 'VENDOR_UNAUTHORIZED';
  if (!timestampFresh(call.timestamp, nowMs, skewSeconds)) return 'VENDOR_TIMESTAMP_EXPIRED';
  return null;
}

/** `CODE:secret,CODE2:secret`; a secret may itself contain colons, so only the first one splits. */
export const vendorSecretsEnv = z
  .string()
  .default('')
  .transform((text, context) => {
    const secrets = new Map<string, string>();
    for (const pair of text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const colon = pair.indexOf(':');
      const code = colon > 0 ? pair.slice(0, colon).trim() : '';
      const secret = colon > 0 ? pair.slice(colon + 1).trim() : '';
      if (!/^[A-Z0-9_]{1,40}$/.test(code) || secret.length < 16) {
        context.addIssue({ code: 'custom', message: 'must be CODE:secret pairs separated by commas, codes in A-Z0-9_, secrets of 16 characters or more' });
        return z.NEVER;
      }
      secrets.set(code, secret);
    }
    return secrets;
  });

/** How far a vendor request's X-Timestamp may be from the receiving service's clock. */
export const vendorSkewSecondsEnv = z.coerce.number().int().min(1).max(3_600).default(300);
