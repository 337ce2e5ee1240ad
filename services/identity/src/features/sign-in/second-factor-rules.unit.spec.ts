import { describe, expect, it } from 'vitest';
import { deviceLabel } from './second-factor-account.js';
import { sameBankAccountName } from './second-factors.js';

describe('bank account name check', () => {
  it('ignores case, accents and extra spaces, but not a different name', () => {
    expect(sameBankAccountName('María José Pérez', '  maría   JOSÉ pérez ')).toBe(true);
    expect(sameBankAccountName('María José Pérez', 'Mari\u0301a Jose\u0301 Pe\u0301rez')).toBe(true);
    expect(sameBankAccountName('María José Pérez', 'maria jose perez')).toBe(true);
    expect(sameBankAccountName('María José Pérez', 'María Pérez')).toBe(false);
    expect(sameBankAccountName('María José Pérez', 'Mario José Pérez')).toBe(false);
    expect(sameBankAccountName('María José Pérez', '')).toBe(false);
  });
});

describe('device label', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', 'Chrome · Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'Safari · iOS'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36', 'Chrome · Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox · Linux'],
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0', 'Edge · Windows'],
    ['curl/8.5.0', 'curl/8.5.0'],
    [undefined, 'Unknown'],
  ])('labels %s as %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});
