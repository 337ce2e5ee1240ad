import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BetSettled } from '@wps/contracts';
import { latestRevisions } from './earning.js';
import { cashForPoints, ratioText } from './mall.js';
import { settledBet } from '@wps/platform/testing';

const bet = (betId: string, revision: number, validBetMinor: string, state: BetSettled['state'] = 'settled'): BetSettled =>
  settledBet({ betId, vendor: 'V', roundId: betId, memberId: '1', validBetMinor, state, revision, settledAt: '2026-01-01T00:00:00Z' });

describe('points rules', () => {
  it('keeps the highest revision of each bet whatever the order of the batch', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 20 }), (pairs) => {
        const latest = latestRevisions(pairs.map(([id, revision]) => bet(id, revision, String(revision * 100))));
        const highest = new Map<string, number>();
        for (const [id, revision] of pairs) highest.set(id, Math.max(highest.get(id) ?? -1, revision));
        expect(new Map(latest.map((one) => [one.betId, one.revision]))).toEqual(highest);
      }),
    );
  });

  it('converts points to cash at the rate, rounded down, and shows the ratio per currency unit', () => {
    const rate = { convertPoints: 1000n, convertAmountMinor: 1000n };
    expect(cashForPoints(1000n, rate)).toBe(1000n);
    expect(cashForPoints(155n, rate)).toBe(155n);
    expect(cashForPoints(-5n, rate)).toBe(0n);
    expect(cashForPoints(7n, { convertPoints: 1000n, convertAmountMinor: 250n })).toBe(1n);
    expect(ratioText(1000n, 1000n, 'MXN')).toBe('100');
    expect(ratioText(1000n, 300n, 'MXN')).toBe('333.33');
    expect(ratioText(1000n, 0n, 'MXN')).toBe('0');
    expect(ratioText(100n, 1000n, 'VND')).toBe('0.1');
  });
});
