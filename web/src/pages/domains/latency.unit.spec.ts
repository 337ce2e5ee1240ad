import { describe, expect, it } from 'vitest';
import { MEASURE_PATH, measure, median, mirrorsOf, rankMirrors, refusedMirror, type Measurement } from './latency';

const here = { protocol: 'https:', port: '', origin: 'https://casino.example' };

describe('mirror list', () => {
  it('puts this site first and each listed domain once, bare hosts served like this site', () => {
    expect(mirrorsOf(['m1.casino.example', 'https://m2.casino.example/', 'http://m3.casino.example:8080/path', 'm1.casino.example', ' ', 'casino.example'], here)).toEqual([
      { origin: 'https://casino.example', current: true },
      { origin: 'https://m1.casino.example', current: false },
      { origin: 'https://m2.casino.example', current: false },
      { origin: 'http://m3.casino.example:8080', current: false },
    ]);
    expect(mirrorsOf(['localhost', '127.0.0.1', 'ftp://files.example', 'javascript://x', 'bad host name'], { protocol: 'http:', port: '8080', origin: 'http://127.0.0.1:8080' })).toEqual([
      { origin: 'http://127.0.0.1:8080', current: true },
      { origin: 'http://localhost:8080', current: false },
    ]);
  });
});

describe('measuring', () => {
  it('takes the median of three timed tries', async () => {
    const durations = [120, 40, 75];
    let clock = 0;
    const asked: string[] = [];
    const result = await measure('https://m1.casino.example', {
      now: () => clock,
      ping: async (url) => {
        asked.push(url);
        clock += durations[asked.length - 1]!;
      },
    });
    expect(result).toEqual({ state: 'ok', ms: 75 });
    expect(asked).toEqual(Array(3).fill(`https://m1.casino.example${MEASURE_PATH}`));
  });

  it('counts only the tries that were answered, and calls a site that never answers unreachable', async () => {
    let clock = 0;
    let call = 0;
    const flaky = await measure('https://m1.casino.example', {
      now: () => clock,
      ping: async () => {
        call++;
        clock += call * 10;
        if (call === 2) throw new TypeError('network');
      },
    });
    expect(flaky).toEqual({ state: 'ok', ms: 20 });
    const dead = await measure('https://down.example', { now: () => 0, ping: () => Promise.reject(new TypeError('network')) });
    expect(dead).toEqual({ state: 'unreachable' });
  });

  it('gives up on a try after the time-out', async () => {
    const started = Date.now();
    const result = await measure('https://slow.example', {
      now: Date.now,
      timeoutMs: 30,
      tries: 2,
      ping: (_url, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    expect(result).toEqual({ state: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('calls a site the browser refused blocked, not unreachable, and does not ask it again', async () => {
    const refused = new Set<string>();
    let asked = 0;
    const result = await measure('https://m1.casino.example', {
      now: () => 0,
      refused: () => refused.has('https://m1.casino.example'),
      ping: async () => {
        asked++;
        refused.add('https://m1.casino.example');
        throw new TypeError('Failed to fetch');
      },
    });
    expect(result).toEqual({ state: 'blocked' });
    expect(asked).toBe(1);
    // The refusal reported only after the last try still counts.
    let late = false;
    const after = await measure('https://m2.casino.example', {
      now: () => 0,
      tries: 2,
      refused: () => late,
      ping: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(after).toEqual({ state: 'unreachable' });
    late = true;
    expect(await measure('https://m2.casino.example', { now: () => 0, refused: () => late, ping: () => Promise.reject(new Error('not asked')) })).toEqual({ state: 'blocked' });
  });

  it("knows which listed site a refusal of the page's connections is about", () => {
    const mirrors = mirrorsOf(['m1.casino.example', 'https://m2.casino.example:8443'], here);
    expect(refusedMirror({ blockedURI: 'https://m1.casino.example/health/live', effectiveDirective: 'connect-src' }, mirrors)).toBe('https://m1.casino.example');
    expect(refusedMirror({ blockedURI: 'https://m2.casino.example:8443', effectiveDirective: 'connect-src' }, mirrors)).toBe('https://m2.casino.example:8443');
    // Another directive, another site or no address at all is not about a listed site.
    expect(refusedMirror({ blockedURI: 'https://m1.casino.example/x.png', effectiveDirective: 'img-src' }, mirrors)).toBeUndefined();
    expect(refusedMirror({ blockedURI: 'https://elsewhere.example/health/live', effectiveDirective: 'connect-src' }, mirrors)).toBeUndefined();
    expect(refusedMirror({ blockedURI: 'inline', effectiveDirective: 'connect-src' }, mirrors)).toBeUndefined();
  });

  it('knows the median of odd and even counts', () => {
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});

describe('ranking', () => {
  const mirrors = mirrorsOf(['a.example', 'b.example', 'c.example', 'd.example'], here);
  const [self, a, b, c, d] = mirrors.map((mirror) => mirror.origin);

  it('orders by latency, unreachable and unmeasurable last, and marks the fastest once all are measured', () => {
    const measurements = new Map<string, Measurement>([
      [self!, { state: 'ok', ms: 80 }],
      [a!, { state: 'unreachable' }],
      [b!, { state: 'ok', ms: 35 }],
      [c!, { state: 'blocked' }],
      [d!, { state: 'ok', ms: 80 }],
    ]);
    const ranked = rankMirrors(mirrors, measurements);
    expect(ranked.map((mirror) => mirror.origin)).toEqual([b, self, d, a, c]);
    expect(ranked.map((mirror) => mirror.fastest)).toEqual([true, false, false, false, false]);
    expect(ranked[1]!.current).toBe(true);
  });

  it('marks nothing while a site is still being measured, or when none answered', () => {
    const partial = rankMirrors(mirrors, new Map<string, Measurement>([[self!, { state: 'ok', ms: 50 }]]));
    expect(partial[0]!.origin).toBe(self);
    expect(partial.some((mirror) => mirror.fastest)).toBe(false);
    expect(partial.slice(1).every((mirror) => mirror.measurement.state === 'pending')).toBe(true);
    const none = rankMirrors(mirrors, new Map(mirrors.map((mirror) => [mirror.origin, { state: 'unreachable' }])));
    expect(none.some((mirror) => mirror.fastest)).toBe(false);
  });
});
