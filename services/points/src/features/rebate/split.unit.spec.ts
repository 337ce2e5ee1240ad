import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rebateMinor } from '../vip/rules.js';
import { claimNow, dailyRest, unclaimedValidBet } from './split.js';

describe('the manual rebate split', () => {
  it('never pays more than the rebate of the day’s valid bet, however the claims fall, and never the same valid bet twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -50_000n, max: 2_000_000n }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 0, max: 1_000 }),
        (moves, claimAfter, basisPoints) => {
          let validBet = 0n;
          let claimedValidBet = 0n;
          let paid = 0n;
          moves.forEach((move, index) => {
            // A settled bet, or a cancellation taking some back (never below zero).
            validBet = validBet + move < 0n ? 0n : validBet + move;
            if (claimAfter[index]) {
              const claim = claimNow(validBet, claimedValidBet, basisPoints);
              expect(claim.validBet <= unclaimedValidBet(validBet, claimedValidBet)).toBe(true);
              expect(claim.amount).toBe(claim.validBet === 0n ? 0n : rebateMinor(claim.validBet, basisPoints));
              claimedValidBet += claim.validBet;
              paid += claim.amount;
            }
          });
          const rest = dailyRest(validBet, claimedValidBet, basisPoints);
          paid += rest;
          // Each piece of valid bet is rebated at most once: claims and the run cover distinct valid bet.
          const covered = claimedValidBet + unclaimedValidBet(validBet, claimedValidBet);
          expect(paid <= rebateMinor(covered, basisPoints)).toBe(true);
          // Without cancellations after a claim, the rounding is all that is lost: at most a unit per part.
          if (claimedValidBet <= validBet) {
            const parts = BigInt(claimAfter.filter(Boolean).length + 1);
            expect(rebateMinor(validBet, basisPoints) - paid <= parts).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives the daily run only the rest after a claim, and nothing once everything was claimed', () => {
    // 4,500.00 at 30 bp: 13.50 for the day.
    const first = claimNow(300_000n, 0n, 30);
    expect(first).toEqual({ validBet: 300_000n, amount: 900n });
    expect(dailyRest(450_000n, first.validBet, 30)).toBe(450n);
    expect(dailyRest(300_000n, 300_000n, 30)).toBe(0n);
    // A bet cancelled after the claim leaves the run nothing (what was claimed stays claimed).
    expect(dailyRest(200_000n, 300_000n, 30)).toBe(0n);
    expect(claimNow(200_000n, 300_000n, 30)).toEqual({ validBet: 0n, amount: 0n });
    // Too little for a whole minor unit: nothing to claim, and nothing covered.
    expect(claimNow(30n, 0n, 30)).toEqual({ validBet: 0n, amount: 0n });
  });
});
