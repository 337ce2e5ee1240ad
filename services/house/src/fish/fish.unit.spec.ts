import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  drawFishShot,
  DrawStream,
  FISH_CANNON_LEVELS,
  FISH_KINDS,
  FISH_ROUND_BLOCKS,
  FISH_RTP,
  fishCatchChance,
  formatFishRoll,
  outcomeBytes,
  parseMajor,
  precomputedBlocks,
  type BlockSource,
} from '@wps/contracts';
import { AppError } from '@wps/platform';
import { nodeBlocks } from '../fairness/seeds.js';
import { fishKind, fishStakeMinor, resolveFishShot } from './fish.js';

const TWO_52 = 2n ** 52n;

/** A stream whose first float is exactly k / 2^52: the top 20 bits of k in the first word's high bits, the rest next. */
function streamWithFloat(k: bigint): DrawStream {
  const block = new Uint8Array(32);
  const view = new DataView(block.buffer);
  view.setUint32(0, (Number(k >> 32n) << 12) >>> 0);
  view.setUint32(4, Number(k & 0xffff_ffffn));
  const source: BlockSource = () => block;
  return new DrawStream(source);
}

/** How many of the 2^52 equally likely floats catch a fish of this multiplier: the integers k below chance × 2^52. */
const catchingFloats = (multiplier: number): bigint => BigInt(Math.ceil(fishCatchChance(multiplier) * 2 ** 52));

/** Upper critical values of the chi-square distribution at p = 0.001. */
const CHI2_CRITICAL_0_001: Record<number, number> = { 1: 10.828, 9: 27.877 };

describe('FISH: the draw mapping', () => {
  it('publishes kinds from 2× to a 200× boss, each caught with chance RTP / multiplier', () => {
    expect(FISH_KINDS.map((fish) => fish.multiplier)).toEqual([2, 3, 5, 8, 10, 20, 50, 100, 200]);
    expect(FISH_KINDS.filter((fish) => fish.boss).map((fish) => fish.kind)).toEqual(['kraken']);
    for (const fish of FISH_KINDS) expect(fishCatchChance(fish.multiplier)).toBeCloseTo(0.96 / fish.multiplier, 15);
  });

  it('catches exactly the floats below the catch chance, at both edges of the threshold', () => {
    for (const fish of FISH_KINDS) {
      const threshold = catchingFloats(fish.multiplier);
      expect(drawFishShot(streamWithFloat(0n), fish).caught).toBe(true);
      const last = drawFishShot(streamWithFloat(threshold - 1n), fish);
      expect(last.roll).toBe(Number(threshold - 1n) / 2 ** 52);
      expect(last.caught).toBe(true);
      expect(drawFishShot(streamWithFloat(threshold), fish).caught).toBe(false);
      expect(drawFishShot(streamWithFloat(TWO_52 - 1n), fish).caught).toBe(false);
    }
  });

  it('returns the published 96 % exactly up to one float in 2^52, for every kind', () => {
    expect(FISH_RTP).toBe(0.96);
    for (const fish of FISH_KINDS) {
      // RTP = multiplier × catching floats / 2^52, compared with 96/100 in integers: the gap is below one float's worth.
      const scaledReturn = BigInt(fish.multiplier) * catchingFloats(fish.multiplier) * 100n;
      const published = 96n * TWO_52;
      const gap = scaledReturn > published ? scaledReturn - published : published - scaledReturn;
      expect(gap <= BigInt(fish.multiplier) * 100n).toBe(true);
      expect(Number(scaledReturn) / Number(TWO_52) / 100).toBeCloseTo(0.96, 12);
    }
  });

  it('pays exactly bet × multiplier on a catch and nothing on a miss, at every cannon level', () => {
    for (const level of FISH_CANNON_LEVELS) {
      const stake = parseMajor(level, 'MXN')!;
      for (const fish of FISH_KINDS) {
        const caught = resolveFishShot(fish, stake, streamWithFloat(0n));
        expect(caught.winMinor).toBe(stake * BigInt(fish.multiplier));
        expect(caught.multiplierBp).toBe(BigInt(fish.multiplier) * 10_000n);
        expect(caught.result).toMatchObject({ kind: fish.kind, caught: true, roll: formatFishRoll(0) });
        expect(caught.params).toEqual({ kind: fish.kind, payout: fish.multiplier });
        const missed = resolveFishShot(fish, stake, streamWithFloat(TWO_52 - 1n));
        expect({ win: missed.winMinor, bp: missed.multiplierBp, caught: missed.result.caught }).toEqual({ win: 0n, bp: 0n, caught: false });
      }
    }
  });

  it('recomputes the same shot in Web Crypto (the verify page) as the server with node:crypto', async () => {
    const serverSeed = bytesToHex(new Uint8Array(32).map((_, index) => (index * 13 + 7) & 0xff));
    for (let nonce = 0; nonce < 20; nonce++) {
      const fish = FISH_KINDS[nonce % FISH_KINDS.length]!;
      const server = drawFishShot(new DrawStream(nodeBlocks(serverSeed, 'verify-me', nonce)), fish);
      const browser = drawFishShot(new DrawStream(precomputedBlocks(await outcomeBytes(serverSeed, 'verify-me', nonce, FISH_ROUND_BLOCKS))), fish);
      expect(browser).toEqual(server);
    }
  });

  it('refuses a stake outside 0.10–100.00 and an unknown kind with clear codes', () => {
    expect(fishStakeMinor('0.10', 'MXN')).toBe(10n);
    expect(fishStakeMinor('100.00', 'MXN')).toBe(10_000n);
    const codeOf = (call: () => unknown): string | undefined => {
      try {
        call();
        return undefined;
      } catch (error) {
        return error instanceof AppError ? error.code : 'not an AppError';
      }
    };
    for (const amount of ['0.09', '100.01', '1.001', 'ten', '']) expect(codeOf(() => fishStakeMinor(amount, 'MXN'))).toBe('HOUSE_BET_OUT_OF_LIMITS');
    expect(codeOf(() => fishKind('mermaid'))).toBe('HOUSE_FISH_KIND_UNKNOWN');
    expect(fishKind('kraken').multiplier).toBe(200);
  });
});

describe('FISH: chi-square of catch frequencies (p = 0.001, fixed seeds)', { timeout: 120_000 }, () => {
  it('catches each kind as often as RTP / multiplier says', () => {
    const serverSeed = bytesToHex(new Uint8Array(32).map((_, index) => (index * 29 + 3) & 0xff));
    const shots = 60_000;
    let total = 0;
    for (const fish of FISH_KINDS) {
      let caught = 0;
      for (let nonce = 0; nonce < shots; nonce++) if (drawFishShot(new DrawStream(nodeBlocks(serverSeed, `chi-fish-${fish.kind}`, nonce)), fish).caught) caught++;
      const expected = shots * fishCatchChance(fish.multiplier);
      const statistic = (caught - expected) ** 2 / expected + (shots - caught - (shots - expected)) ** 2 / (shots - expected);
      expect({ kind: fish.kind, below: statistic < CHI2_CRITICAL_0_001[1]! }).toEqual({ kind: fish.kind, below: true });
      total += statistic;
    }
    // The nine independent kinds together: the sum of nine 1-degree statistics has 9 degrees of freedom.
    expect(total).toBeLessThan(CHI2_CRITICAL_0_001[9]!);
  });

  it('tells a biased mapping apart: the same test fails for chance × 1.05', () => {
    const serverSeed = bytesToHex(new Uint8Array(32).map((_, index) => (index * 29 + 3) & 0xff));
    const fish = FISH_KINDS[0]!;
    const shots = 60_000;
    let caught = 0;
    for (let nonce = 0; nonce < shots; nonce++) if (new DrawStream(nodeBlocks(serverSeed, 'chi-fish-biased', nonce)).nextFloat() < fishCatchChance(fish.multiplier) * 1.05) caught++;
    const expected = shots * fishCatchChance(fish.multiplier);
    const statistic = (caught - expected) ** 2 / expected + (caught - expected) ** 2 / (shots - expected);
    expect(statistic).toBeGreaterThan(CHI2_CRITICAL_0_001[1]!);
  });
});
