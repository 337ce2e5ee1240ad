import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpAt, totpStep } from '../../infra/totp.js';
import { SecretBox } from '../../infra/secret-box.js';

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the hash's key length.
const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');
const VECTORS: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC test vectors at T=%i', (seconds, sha1, sha256, sha512) => {
    const step = totpStep(seconds * 1000);
    expect(hotp(SEED_SHA1, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(SEED_SHA256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEED_SHA512, step, 8, 'sha512')).toBe(sha512);
  });

  it('matches the RFC 4226 HOTP vectors with 6 digits', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(SEED_SHA1, counter))).toEqual(expected);
  });

  it('round-trips base32 and reads the RFC seed in its base32 form', () => {
    expect(base32Encode(SEED_SHA1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toEqual(SEED_SHA1);
    expect(totpAt('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });

  it('accepts one step either side and nothing further, and rejects malformed codes', () => {
    const secret = base32Encode(SEED_SHA1);
    const now = 1_111_111_111_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpAt(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, now + 60_000), now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('builds an otpauth URI authenticator apps read', () => {
    const uri = otpauthUri({ issuer: 'Demo Casino', account: 'lucia', secret: 'JBSWY3DPEHPK3PXP' });
    expect(uri).toBe('otpauth://totp/Demo%20Casino%3Alucia?secret=JBSWY3DPEHPK3PXP&issuer=Demo+Casino&algorithm=SHA1&digits=6&period=30');
  });
});

describe('SecretBox', () => {
  it('opens what it sealed only with the same key and context', () => {
    const box = new SecretBox('k'.repeat(32));
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'member:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'member:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'member:2')).toThrow();
    expect(() => new SecretBox('x'.repeat(32)).open(sealed, 'member:1')).toThrow();
  });
});
