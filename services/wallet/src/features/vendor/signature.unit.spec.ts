import { describe, expect, it } from 'vitest';
import { signatureMatches, timestampFresh, vendorSignature } from './signature.js';

describe('vendor request signature', () => {
  const secret = 'a-secret-of-some-length';
  it('is the lowercase hex HMAC-SHA256 of timestamp, dot, raw body', () => {
    // Reference value computed independently: printf '%s' '1700000000000.{"a":1}' | openssl dgst -sha256 -hmac a-secret-of-some-length
    expect(vendorSignature(secret, '1700000000000', '{"a":1}')).toBe('777911392a9af4743e931cc31e807438634092166cc8d98c25af679ca5f2fa8a');
    expect(signatureMatches(secret, '1', 'body', vendorSignature(secret, '1', 'body'))).toBe(true);
  });

  it('refuses another body, timestamp, secret, upper case or garbage', () => {
    const good = vendorSignature(secret, '1', 'body');
    expect(signatureMatches(secret, '1', 'body ', good)).toBe(false);
    expect(signatureMatches(secret, '2', 'body', good)).toBe(false);
    expect(signatureMatches('another-secret-value', '1', 'body', good)).toBe(false);
    expect(signatureMatches(secret, '1', 'body', good.toUpperCase())).toBe(false);
    expect(signatureMatches(secret, '1', 'body', 'zz')).toBe(false);
    expect(signatureMatches(secret, '1', 'body', '')).toBe(false);
  });

  it('accepts timestamps within the skew window only', () => {
    expect(timestampFresh('1000000', 1_000_000 + 299_000, 300)).toBe(true);
    expect(timestampFresh('1000000', 1_000_000 - 301_000, 300)).toBe(false);
    expect(timestampFresh('1000000', 1_000_000 + 301_000, 300)).toBe(false);
    expect(timestampFresh('', 0, 300)).toBe(false);
    expect(timestampFresh('12.5', 12, 300)).toBe(false);
  });
});
