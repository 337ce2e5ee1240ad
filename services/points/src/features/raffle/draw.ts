import { createHash, createHmac } from 'node:crypto';

/**
 * The raffle draw, apart from storage: anyone with the revealed seed and the ticket list recomputes the same winners.
 *
 * The random stream is HMAC-SHA-256 keyed with the seed over the counter 0, 1, 2… (decimal text), read as 64-bit
 * big-endian numbers. A number below `bound` is drawn by rejection: values ≥ 2^64 − (2^64 mod bound) are skipped, the
 * rest taken mod bound, so every ticket is equally likely. For each prize in rank order, r is drawn below the tickets
 * still in the draw; the winner is the first entry (in list order) whose cumulative tickets exceed r, and it leaves
 * the list: an entry wins at most once.
 */

const RANGE = 1n << 64n;

/** A deterministic stream of 64-bit numbers from a seed. */
export class SeededStream {
  private counter = 0;
  private buffer = Buffer.alloc(0);
  constructor(private readonly seed: string) {}

  next64(): bigint {
    if (this.buffer.length < 8) {
      this.buffer = Buffer.concat([this.buffer, createHmac('sha256', this.seed).update(String(this.counter++)).digest()]);
    }
    const value = this.buffer.readBigUInt64BE(0);
    this.buffer = this.buffer.subarray(8);
    return value;
  }

  /** Uniform in [0, bound), 0 < bound ≤ 2^64. */
  below(bound: bigint): bigint {
    if (bound <= 0n || bound > RANGE) throw new RangeError('bound out of range');
    const limit = RANGE - (RANGE % bound);
    for (;;) {
      const value = this.next64();
      if (value < limit) return value % bound;
    }
  }
}

/** The commitment published before the draw: SHA-256 of the seed, hex. */
export const seedHash = (seed: string): string => createHash('sha256').update(seed).digest('hex');

export interface TicketEntry {
  /** The entry's place in the ticket list (join order). */
  position: number;
  tickets: bigint;
}

/**
 * Draws up to `prizes` winners, weighted by tickets and without replacement, from the seed. Entries without tickets
 * take no part. Answers the winning positions in rank order (fewer than `prizes` when there are fewer entries).
 */
export function drawWinners(seed: string, entries: readonly TicketEntry[], prizes: number): number[] {
  const pool = [...entries].filter((entry) => entry.tickets > 0n).sort((a, b) => a.position - b.position);
  const random = new SeededStream(seed);
  const winners: number[] = [];
  let total = pool.reduce((sum, entry) => sum + entry.tickets, 0n);
  while (winners.length < prizes && pool.length > 0) {
    const r = random.below(total);
    let cumulative = 0n;
    const index = pool.findIndex((entry) => (cumulative += entry.tickets) > r);
    const [winner] = pool.splice(index, 1);
    winners.push(winner!.position);
    total -= winner!.tickets;
  }
  return winners;
}

/** Tickets for a valid bet: one per `ticketPerMinor`, rounded down. */
export const ticketsFor = (validBetMinor: bigint, ticketPerMinor: bigint): bigint => (validBetMinor <= 0n || ticketPerMinor <= 0n ? 0n : validBetMinor / ticketPerMinor);
