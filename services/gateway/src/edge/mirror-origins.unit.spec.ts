import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { MIRROR_ORIGINS_MAX, MirrorOrigins, mirrorEntries, mirrorOrigins, siteOf } from './mirror-origins.js';

const HTTPS = { protocol: 'https:', port: '' } as const;

/** A request as the gateway sees one: the brand it names (header or host), its scheme and its Host header. */
const request = ({ host = 'casino.example', protocol = 'https', merchantCode }: { host?: string; protocol?: string; merchantCode?: string } = {}) =>
  ({ headers: merchantCode ? { 'x-merchant-code': merchantCode } : {}, hostname: host.replace(/:\d+$/, ''), host, protocol }) as unknown as Request;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('mirror origins', () => {
  it('reads the list as the mirror-domain page does: addresses by their origin, bare hosts served like this site', () => {
    const entries = mirrorEntries(['m1.casino.example', 'https://m2.casino.example/', 'http://m3.casino.example:8080/path', 'M1.Casino.Example', ' ', '//m4.casino.example:8443']);
    expect(mirrorOrigins(entries, HTTPS)).toEqual(['https://m1.casino.example', 'https://m2.casino.example', 'http://m3.casino.example:8080', 'https://m4.casino.example:8443']);
    expect(mirrorOrigins(mirrorEntries(['localhost', '127.0.0.1', '[::1]']), { protocol: 'http:', port: '8080' })).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
    // A port of the entry's own is kept; one that is the default for the page's scheme is left out as the page leaves it.
    expect(mirrorOrigins(mirrorEntries(['m1.casino.example:443', 'm2.casino.example:80']), HTTPS)).toEqual(['https://m1.casino.example', 'https://m2.casino.example:80']);
  });

  it('never lets a listed value add a source or a directive of its own', () => {
    const hostile = [
      "evil.example; script-src 'unsafe-inline'",
      'evil.example;script-src',
      'https://evil.example,other.example',
      "https://evil.example 'unsafe-eval'",
      'https://evil.example;report-uri https://x',
      'evil.example other.example',
      '*.evil.example',
      '*',
      'https:',
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://files.evil.example',
      'bad host name',
      'https://evil.example:99999',
      '"quoted.example"',
    ];
    const origins = mirrorOrigins(mirrorEntries([...hostile, 'm1.casino.example']), HTTPS);
    expect(origins).toContain('https://m1.casino.example');
    for (const origin of origins) {
      expect(origin).toMatch(/^https?:\/\/[a-z0-9.-]+(:\d+)?$/);
      expect(origin).not.toMatch(/unsafe|script|report/);
    }
  });

  it('keeps the header small whatever the list holds', () => {
    const many = Array.from({ length: MIRROR_ORIGINS_MAX + 20 }, (_, index) => `m${index}.casino.example`);
    expect(mirrorOrigins(mirrorEntries(many), HTTPS)).toHaveLength(MIRROR_ORIGINS_MAX);
  });

  it('takes the page’s scheme and port from the request, and nothing else from its Host header', () => {
    expect(siteOf({ protocol: 'https', host: 'casino.example' })).toEqual({ protocol: 'https:', port: '' });
    expect(siteOf({ protocol: 'http', host: '127.0.0.1:8080' })).toEqual({ protocol: 'http:', port: '8080' });
    expect(siteOf({ protocol: 'https', host: 'casino.example:443' })).toEqual({ protocol: 'https:', port: '' });
    expect(siteOf({ protocol: 'https', host: '[::1]' })).toEqual({ protocol: 'https:', port: '' });
    expect(siteOf({ protocol: 'https', host: 'x.example:99999' })).toEqual({ protocol: 'https:', port: '' });
    expect(siteOf({ protocol: 'javascript', host: "x.example:80 'unsafe-inline'" })).toEqual({ protocol: 'http:', port: '' });
  });

  it('answers at once, none before the first answer, and keeps the last good list while identity is unreachable', async () => {
    let clock = 0;
    let answer: () => Promise<string[]> = async () => ['m1.casino.example'];
    const asked: unknown[] = [];
    const origins = new MirrorOrigins({
      identity: {
        getDomainRoute: (hint) => {
          asked.push(hint);
          return answer();
        },
      },
      refreshMs: 1_000,
      now: () => clock,
    });
    expect(origins.of(request())).toEqual([]);
    await settle();
    expect(asked).toEqual([{ host: 'casino.example' }]);
    expect(origins.of(request())).toEqual(['https://m1.casino.example']);
    // The same brand on another port: the bare host is served on that port.
    expect(origins.of(request({ host: 'casino.example:8443' }))).toEqual(['https://m1.casino.example:8443']);
    expect(asked).toHaveLength(1);

    answer = () => Promise.reject(new Error('identity is unreachable'));
    clock += 1_000;
    origins.of(request());
    await settle();
    expect(asked).toHaveLength(2);
    expect(origins.of(request())).toEqual(['https://m1.casino.example']);

    // A brand identity does not know has none.
    answer = () => Promise.reject(new AppError('MERCHANT_NOT_FOUND'));
    expect(origins.of(request({ merchantCode: 'NOSUCH' }))).toEqual([]);
    await settle();
    expect(origins.of(request({ merchantCode: 'NOSUCH' }))).toEqual([]);
    expect(asked.at(-1)).toEqual({ merchantCode: 'NOSUCH', host: 'casino.example' });
  });

  it("lets a brand's first page wait a moment for the first answer, and never waits once one has come", async () => {
    let release: (list: string[]) => void = () => undefined;
    let calls = 0;
    const origins = new MirrorOrigins({
      identity: {
        getDomainRoute: () => {
          calls += 1;
          return new Promise<string[]>((resolve) => (release = resolve));
        },
      },
    });
    const waiting = origins.firstAnswer(request(), 5_000);
    let done = false;
    void waiting.then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    release(['m1.casino.example']);
    await waiting;
    expect(origins.of(request())).toEqual(['https://m1.casino.example']);
    // Answered: no wait, no new question.
    await origins.firstAnswer(request(), 5_000);
    expect(calls).toBe(1);

    // Identity never answering holds the first page for the wait at the most, and it goes out with none.
    const slow = new MirrorOrigins({ identity: { getDomainRoute: () => new Promise<string[]>(() => undefined) } });
    const started = Date.now();
    await slow.firstAnswer(request({ host: 'slow.example' }), 50);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(slow.of(request({ host: 'slow.example' }))).toEqual([]);
  });

  it('asks again after a load that throws at once', async () => {
    let calls = 0;
    let clock = 0;
    const origins = new MirrorOrigins({
      identity: {
        getDomainRoute: () => {
          calls += 1;
          if (calls === 1) throw new Error('no connection');
          return Promise.resolve(['m2.casino.example']);
        },
      },
      refreshMs: 1_000,
      now: () => clock,
    });
    await origins.firstAnswer(request(), 1_000);
    expect(origins.of(request())).toEqual([]);
    clock += 5_000;
    await origins.firstAnswer(request(), 1_000);
    origins.of(request());
    await settle();
    expect(origins.of(request())).toEqual(['https://m2.casino.example']);
    expect(calls).toBe(2);
  });
});
