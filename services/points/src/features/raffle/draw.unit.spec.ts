import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash, createHmac } from 'node:crypto';
import { drawWinners, SeededStream, seedHash, ticketsFor, type TicketEntry } from './draw.js';

const entries = fc
  .array(fc.bigInt({ min: 0n, max: 5_000n }), { minLength: 0, maxLength: 60 })
  .map((tickets): TicketEntry[] => tickets.map((count, index) => ({ position: index + 1, tickets: count })));

describe('the raffle draw', () => {
  it('draws distinct entries that hold tickets, as many as prizes while entries last', () => {
    fc.assert(
      fc.property(entries, fc.integer({ min: 0, max: 20 }), fc.string({ minLength: 1, maxLength: 64 }), (list, prizes, seed) => {
        const winners = drawWinners(seed, list, prizes);
        const holders = list.filter((entry) => entry.tickets > 0n).map((entry) => entry.position);
        expect(winners).toHaveLength(Math.min(prizes, holders.length));
        expect(new Set(winners).size).toBe(winners.length);
        for (const position of winners) expect(holders).toContain(position);
      }),
      { numRuns: 400 },
    );
  });

  it('is the same for the same seed and ticket list, whatever order the list came in', () => {
    fc.assert(
      fc.property(entries, fc.integer({ min: 1, max: 10 }), fc.string({ minLength: 1, maxLength: 64 }), (list, prizes, seed) => {
        const shuffled = [...list].reverse();
        expect(drawWinners(seed, shuffled, prizes)).toEqual(drawWinners(seed, list, prizes));
      }),
      { numRuns: 200 },
    );
  });

  it('depends on the seed', () => {
    const list = Array.from({ length: 50 }, (_, index) => ({ position: index + 1, tickets: 10n }));
    const draws = new Set(Array.from({ length: 20 }, (_, index) => drawWinners(`seed-${index}`, list, 3).join(',')));
    expect(draws.size).toBeGreaterThan(15);
  });

  it('weights entries by tickets: an entry with 9 of 10 tickets wins first about 9 times in 10', () => {
    const list = [
      { position: 1, tickets: 9n },
      { position: 2, tickets: 1n },
    ];
    const firsts = Array.from({ length: 2_000 }, (_, index) => drawWinners(`w${index}`, list, 1)[0]);
    const share = firsts.filter((position) => position === 1).length / firsts.length;
    expect(share).toBeGreaterThan(0.86);
    expect(share).toBeLessThan(0.94);
    // Without replacement: the second prize goes to the other entry.
    expect(drawWinners('any', list, 2).sort()).toEqual([1, 2]);
  });

  it('reads the stream as documented: HMAC-SHA-256(seed, counter), 64-bit big-endian, rejection below the bound', () => {
    const stream = new SeededStream('abc');
    const block = createHmac('sha256', 'abc').update('0').digest();
    expect(stream.next64()).toBe(block.readBigUInt64BE(0));
    expect(stream.next64()).toBe(block.readBigUInt64BE(8));
    expect(new SeededStream('abc').below(1n)).toBe(0n);
    expect(() => new SeededStream('abc').below(0n)).toThrow(RangeError);
  });

  it('commits to the seed with its SHA-256, and counts one ticket per ticketPerMinor', () => {
    expect(seedHash('seed')).toBe(createHash('sha256').update('seed').digest('hex'));
    expect(ticketsFor(250_000n, 100_000n)).toBe(2n);
    expect(ticketsFor(99_999n, 100_000n)).toBe(0n);
    expect(ticketsFor(-5n, 100n)).toBe(0n);
  });
});
