import { createHash, createHmac } from 'node:crypto';

/** What a window's split is made from. */
export interface SplitRule {
  poolMinor: bigint;
  count: number;
  minMinor: bigint;
  maxMinor: bigint;
}

/** True when `count` amounts within [min, max] can sum to the pool. */
export function splittable(rule: SplitRule): boolean {
  const n = BigInt(rule.count);
  return rule.count >= 1 && rule.minMinor >= 1n && rule.minMinor <= rule.maxMinor && n * rule.minMinor <= rule.poolMinor && rule.poolMinor <= n * rule.maxMinor;
}

/**
 * A deterministic stream of 48-bit random numbers from a seed: HMAC-SHA-256(seed, counter), six bytes at a time.
 * Anyone with the seed draws the same numbers.
 */
class SeededStream {
  private counter = 0;
  private buffer = Buffer.alloc(0);
  constructor(private readonly seed: string) {}

  next48(): bigint {
    if (this.buffer.length < 6) {
      this.buffer = Buffer.concat([this.buffer, createHmac('sha256', this.seed).update(String(this.counter++)).digest()]);
    }
    const value = this.buffer.readUIntBE(0, 6);
    this.buffer = this.buffer.subarray(6);
    return BigInt(value);
  }

  /** Uniform in [0, bound) (bound ≤ 2^48), by rejection. */
  below(bound: bigint): bigint {
    const range = 1n << 48n;
    const limit = range - (range % bound);
    for (;;) {
      const value = this.next48();
      if (value < limit) return value % bound;
    }
  }
}

/**
 * Splits the pool into `count` amounts, each within [min, max], summing exactly to the pool, decided by the seed alone.
 * Every envelope starts at min; the rest of the pool is dealt out in rounds: each envelope with room draws a random
 * weight, takes its share of what is left (never past max), and what rounding leaves is handed out one unit at a time
 * to envelopes drawn at random. The result is in slot order.
 */
export function splitPool(seed: string, rule: SplitRule): bigint[] {
  if (!splittable(rule)) throw new RangeError('the pool cannot be split within the bounds');
  const random = new SeededStream(seed);
  const amounts = Array.from({ length: rule.count }, () => rule.minMinor);
  const room = rule.maxMinor - rule.minMinor;
  let rest = rule.poolMinor - BigInt(rule.count) * rule.minMinor;
  while (rest > 0n) {
    const open = amounts.flatMap((amount, index) => (amount - rule.minMinor < room ? [index] : []));
    if (rest < BigInt(open.length)) {
      // Fewer units than envelopes with room: one unit each to `rest` of them, drawn without repetition.
      for (let left = open.length; rest > 0n; left--, rest--) {
        const pick = Number(random.below(BigInt(left)));
        const index = open[pick]!;
        open[pick] = open[left - 1]!;
        amounts[index] = amounts[index]! + 1n;
      }
      break;
    }
    const weights = open.map(() => random.below(1n << 32n) + 1n);
    const total = weights.reduce((sum, weight) => sum + weight, 0n);
    let dealt = 0n;
    open.forEach((index, position) => {
      const share = (rest * weights[position]!) / total;
      const take = share < room - (amounts[index]! - rule.minMinor) ? share : room - (amounts[index]! - rule.minMinor);
      amounts[index] = amounts[index]! + take;
      dealt += take;
    });
    rest -= dealt;
  }
  return amounts;
}

/** The commitment published when a window opens: SHA-256 of the seed and the amounts in slot order. */
export function splitHash(seed: string, amounts: readonly bigint[]): string {
  return createHash('sha256')
    .update(`${seed}|${amounts.join(',')}`)
    .digest('hex');
}
