import { describe, expect, it } from 'vitest';
import { cidrIsValid, ipInRange } from './ip.js';

describe('ipInRange', () => {
  it('matches addresses inside a CIDR block and nothing outside', () => {
    expect(ipInRange('10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(ipInRange('11.1.2.3', '10.0.0.0/8')).toBe(false);
    expect(ipInRange('::ffff:192.168.1.9', '192.168.1.0/24')).toBe(true);
    expect(ipInRange('192.168.2.9', '192.168.1.0/24')).toBe(false);
    expect(ipInRange('203.0.113.7', '203.0.113.7')).toBe(true);
    expect(ipInRange('not-an-ip', '0.0.0.0/0')).toBe(false);
  });
});

describe('cidrIsValid', () => {
  it('accepts IPv4 addresses and CIDR blocks only', () => {
    for (const valid of ['10.0.0.0/8', '203.0.113.7', '0.0.0.0/0', '192.168.1.0/24', '1.2.3.4/32']) expect(cidrIsValid(valid)).toBe(true);
    for (const invalid of ['10.0.0.0/33', '10.0.0/8', '256.1.1.1', '10.0.0.0/8/1', '::1', 'example.com', '10.0.0.0/', '']) expect(cidrIsValid(invalid)).toBe(false);
  });
});
