import { describe, expect, it } from 'vitest';
import { MEASURE_PATH, measure, median, mirrorsOf, rankMirrors, type Measurement } from './latency';

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
