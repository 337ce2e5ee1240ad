import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  DICE_OUTCOMES,
  DrawStream,
  hexToBytes,
  hmacSha256,
  minePositions,
  MINES_TILES,
  outcomeBytes,
  precomputedBlocks,
  rollDice,
  serverSeedHash,
  SLOT_GAMES,
  spinSlot,
  type BlockSource,
} from '@wps/contracts';
import { hashServerSeed, hmacBlock, newServerSeed, nodeBlocks } from './seeds.js';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

/** Upper critical values of the chi-square distribution at p = 0.001. */
const CHI2_CRITICAL_0_001: Record<number, number> = { 2: 13.816, 24: 51.179, 29: 58.301, 99: 148.23 };

const chiSquare = (observed: number[], expected: number[]): number => observed.reduce((sum, count, index) => sum + (count - expected[index]!) ** 2 / expected[index]!, 0);

/** A fixed server seed per test, so the statistics are the same on every run and the test cannot flake. */
const streams = (label: string) => {
  const serverSeed = bytesToHex(new Uint8Array(32).map((_, index) => (index * 37 + label.length * 11) & 0xff));
  let nonce = 0;
  return () => new DrawStream(nodeBlocks(serverSeed, `chi-${label}`, nonce++));
};

describe('provable fairness: derivation', () => {
  it('matches published HMAC-SHA256 and SHA-256 vectors through Web Crypto', async () => {
    // RFC 4231, test case 2.
    const mac = await hmacSha256(new TextEncoder().encode('Jefe'), 'what do ya want for nothing?');
    expect(bytesToHex(mac)).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    // Vectors computed independently with `openssl dgst -sha256 -mac HMAC -macopt hexkey:<seed>` and `sha256sum`.
    expect(await serverSeedHash(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    expect(bytesToHex(await outcomeBytes(SEED, 'player-seed', 7, 2))).toBe(
      '47b6c6f9b0d2730e7cae6d8fb15f9b3b20a53d96f80f0592132b25cf9ad46800' + '38c4ba3107c930fda35a8cbb28fc51378b23ba1ce21c5ef6559f6ed29b587abc',
    );
  });

  it('gives the same outcomes in the browser derivation (Web Crypto) and on the server (node:crypto)', async () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const browser = precomputedBlocks(await outcomeBytes(SEED, 'player-seed', nonce, 16));
      const server = nodeBlocks(SEED, 'player-seed', nonce);
      for (let cursor = 0; cursor < 16; cursor++) {
        expect(bytesToHex(server(cursor))).toBe(bytesToHex(browser(cursor)));
        expect(bytesToHex(hmacBlock(SEED, 'player-seed', nonce, cursor))).toBe(bytesToHex(browser(cursor)));
      }
    }
    expect(hashServerSeed(SEED)).toBe(await serverSeedHash(SEED));
  });

  it('reproduces known outcomes of each game from a seed, client seed and nonce', async () => {
    const blocks = async (nonce: number, count: number) => new DrawStream(precomputedBlocks(await outcomeBytes(SEED, 'player-seed', nonce, count)));
    // 0x47b6c6f9 = 1203160825 → 1203160825 mod 10000 = 825 → a roll of 8.25.
    expect(rollDice(await blocks(7, 2))).toBe(825);
    expect(minePositions(await blocks(8, 6), 5)).toEqual([2, 7, 14, 15, 21]);
    expect(spinSlot(SLOT_GAMES['house-slot-pharaoh']!, await blocks(9, 16)).stops).toEqual([1, 18, 13, 26, 0]);
  });

  it('makes new server seeds of 32 random bytes, each different, committed to by their hash', () => {
    const seeds = new Set(Array.from({ length: 100 }, () => newServerSeed()));
    expect(seeds.size).toBe(100);
    for (const seed of seeds) {
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      expect(hashServerSeed(seed)).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(() => hexToBytes('xyz')).toThrow();
  });
});

describe('provable fairness: no modulo bias', { timeout: 60_000 }, () => {
  const wordsSource =
    (words: number[]): BlockSource =>
    (cursor) => {
      const block = new Uint8Array(32);
      const view = new DataView(block.buffer);
      for (let index = 0; index < 8; index++) view.setUint32(index * 4, words[cursor * 8 + index] ?? 0);
      return block;
    };

  it('throws away words at or above the largest multiple of the range and takes the next one', () => {
    // For n = 10 000 the limit is 2^32 − (2^32 mod 10 000) = 4 294 960 000.
    const draws = new DrawStream(wordsSource([4_294_960_000, 4_294_967_295, 12_345]));
    expect(draws.nextInt(10_000)).toBe(2_345);
    expect(draws.words).toBe(3);
    expect(new DrawStream(wordsSource([4_294_959_999])).nextInt(10_000)).toBe(9_999);
  });

  it('keeps a range of 3·2^30 uniform where a plain modulo would favour its lowest third two to one', () => {
    const range = 3 * 2 ** 30;
    const next = streams('bias');
    const draws = next();
    const thirds = [0, 0, 0];
    const total = 120_000;
    for (let index = 0; index < total; index++) thirds[Math.floor(draws.nextInt(range) / 2 ** 30)]!++;
    expect(chiSquare(thirds, [total / 3, total / 3, total / 3])).toBeLessThan(CHI2_CRITICAL_0_001[2]!);
    // The same words reduced by a plain modulo fail the same test: the test can tell bias from its absence.
    const naive = [0, 0, 0];
    const raw = next();
    for (let index = 0; index < total; index++) naive[Math.floor((raw.nextWord() % range) / 2 ** 30)]!++;
    expect(chiSquare(naive, [total / 3, total / 3, total / 3])).toBeGreaterThan(CHI2_CRITICAL_0_001[2]!);
  });

  it('gives floats in [0, 1) from 52 bits', () => {
    const draws = streams('float')();
    let sum = 0;
    let outside = 0;
    for (let index = 0; index < 10_000; index++) {
      const value = draws.nextFloat();
      if (value < 0 || value >= 1) outside++;
      sum += value;
    }
    expect(outside).toBe(0);
    expect(Math.abs(sum / 10_000 - 0.5)).toBeLessThan(0.02);
  });
});

describe('provable fairness: chi-square of outcome distributions (p = 0.001, 100 000+ draws, fixed seeds)', { timeout: 120_000 }, () => {
  it('spreads dice rolls evenly over 100 buckets of 0.00–99.99', () => {
    const next = streams('dice');
    const buckets = new Array<number>(100).fill(0);
    const total = 100_000;
    for (let index = 0; index < total; index++) buckets[Math.floor(rollDice(next()) / (DICE_OUTCOMES / 100))]!++;
    expect(
      chiSquare(
        buckets,
        buckets.map(() => total / 100),
      ),
    ).toBeLessThan(CHI2_CRITICAL_0_001[99]!);
  });

  it('stops every slot reel evenly over its strip', () => {
    const definition = SLOT_GAMES['house-slot-pharaoh']!;
    const next = streams('slot');
    const total = 100_000;
    const perReel = definition.reels.map((reel) => new Array<number>(reel.length).fill(0));
    for (let index = 0; index < total; index++) spinSlot(definition, next()).stops.forEach((stop, reel) => perReel[reel]![stop]!++);
    for (const counts of perReel) {
      expect(counts.length).toBe(30);
      expect(
        chiSquare(
          counts,
          counts.map(() => total / counts.length),
        ),
      ).toBeLessThan(CHI2_CRITICAL_0_001[29]!);
    }
  });

  it('places mines on every tile equally often', () => {
    const next = streams('mines');
    const tiles = new Array<number>(MINES_TILES).fill(0);
    const rounds = 100_000;
    const mines = 5;
    let malformed = 0;
    for (let index = 0; index < rounds; index++) {
      const positions = minePositions(next(), mines);
      if (new Set(positions).size !== mines) malformed++;
      for (const tile of positions) tiles[tile]!++;
    }
    expect(malformed).toBe(0);
    expect(
      chiSquare(
        tiles,
        tiles.map(() => (rounds * mines) / MINES_TILES),
      ),
    ).toBeLessThan(CHI2_CRITICAL_0_001[24]!);
  });
});
