import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitHash, splitPool, splittable } from './split.js';

/** A splittable rule: count, min ≤ max, and a pool between count × min and count × max. */
const rules = fc
  .record({ count: fc.integer({ min: 1, max: 300 }), min: fc.bigInt({ min: 1n, max: 10_000n }), spread: fc.bigInt({ min: 0n, max: 50_000n }), at: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ count, min, spread, at }) => {
    const max = min + spread;
    const low = BigInt(count) * min;
    const high = BigInt(count) * max;
    const poolMinor = low + BigInt(Math.floor(Number(high - low) * at));
    return { poolMinor, count, minMinor: min, maxMinor: max };
  });

describe('the red-envelope pool split', () => {
  it('sums exactly to the pool, each amount within [min, max], one per envelope', () => {
    fc.assert(
      fc.property(rules, fc.string({ minLength: 1, maxLength: 64 }), (rule, seed) => {
        const amounts = splitPool(seed, rule);
        expect(amounts).toHaveLength(rule.count);
        expect(amounts.reduce((sum, amount) => sum + amount, 0n)).toBe(rule.poolMinor);
        for (const amount of amounts) {
          expect(amount >= rule.minMinor && amount <= rule.maxMinor).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is decided by the seed alone, so the published hash can be checked by recomputing it', () => {
    fc.assert(
      fc.property(rules, fc.string({ minLength: 1, maxLength: 64 }), (rule, seed) => {
        const first = splitPool(seed, rule);
        expect(splitPool(seed, rule)).toEqual(first);
        expect(splitHash(seed, splitPool(seed, rule))).toBe(splitHash(seed, first));
      }),
      { numRuns: 100 },
    );
  });

  it('varies with the seed, and a changed amount or seed no longer matches the hash', () => {
    const rule = { poolMinor: 100_000n, count: 50, minMinor: 100n, maxMinor: 10_000n };
    const a = splitPool('seed-a', rule);
    const b = splitPool('seed-b', rule);
    expect(a).not.toEqual(b);
    const hash = splitHash('seed-a', a);
    const tampered = [...a];
    tampered[0] = tampered[0]! + 1n;
    tampered[1] = tampered[1]! - 1n;
    expect(splitHash('seed-a', tampered)).not.toBe(hash);
    expect(splitHash('seed-b', a)).not.toBe(hash);
  });

  it('handles the edges: every envelope at min, every envelope at max, a single envelope', () => {
    expect(splitPool('s', { poolMinor: 500n, count: 5, minMinor: 100n, maxMinor: 900n })).toEqual([100n, 100n, 100n, 100n, 100n]);
    expect(splitPool('s', { poolMinor: 4_500n, count: 5, minMinor: 100n, maxMinor: 900n })).toEqual([900n, 900n, 900n, 900n, 900n]);
    expect(splitPool('s', { poolMinor: 777n, count: 1, minMinor: 1n, maxMinor: 1_000n })).toEqual([777n]);
  });

  it('refuses a pool that cannot be split within the bounds', () => {
    expect(splittable({ poolMinor: 499n, count: 5, minMinor: 100n, maxMinor: 900n })).toBe(false);
    expect(splittable({ poolMinor: 4_501n, count: 5, minMinor: 100n, maxMinor: 900n })).toBe(false);
    expect(splittable({ poolMinor: 500n, count: 5, minMinor: 200n, maxMinor: 100n })).toBe(false);
    expect(() => splitPool('s', { poolMinor: 10n, count: 5, minMinor: 100n, maxMinor: 900n })).toThrow(RangeError);
  });
});
