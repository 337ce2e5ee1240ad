import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex HMAC-SHA256 of `${timestamp}.${rawBody}` under the vendor's secret. */
export const vendorSignature = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

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
