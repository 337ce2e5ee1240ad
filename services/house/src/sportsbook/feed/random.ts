/**
 * The simulator's randomness: every draw comes from the feed's seed and a key naming what is drawn (an event's
 * number, a purpose, an index), so the same seed always plays out the same world, whatever order things are asked in.
 * Not for anything a player's money depends on: the simulator stands in for a real feed.
 */

/** A 32-bit hash of a seed given as text or a number (FNV-1a over its text, then mixed). */
export function hashSeed(seed: string | number): number {
  const text = String(seed);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return mix32(hash >>> 0);
}

/** A finaliser that spreads every input bit over the whole word (murmur3's). */
function mix32(value: number): number {
  let hash = value >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** A 32-bit key from a seed and a path of integers. */
export function keyOf(seed: number, ...path: number[]): number {
  let hash = mix32(seed ^ 0x9e3779b9);
  for (const part of path) hash = mix32(hash ^ mix32((part | 0) + Math.imul(0x7feb352d, Math.floor(part / 0x1_0000_0000) | 0)));
  return hash;
}

/** A number in [0, 1) fixed by the seed and the path. */
export const unitOf = (seed: number, ...path: number[]): number => keyOf(seed, ...path) / 0x1_0000_0000;

/** A stream of draws (mulberry32) with the helpers the simulator needs. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** A whole number in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A number in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.below(list.length)]!;
  }

  /** The waiting time of a Poisson process of the given rate. */
  exponential(rate: number): number {
    return -Math.log(1 - this.next()) / rate;
  }

  /** A standard normal draw (Box–Muller). */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  /** The list in a random order (a copy). */
  shuffled<T>(list: readonly T[]): T[] {
    const copy = [...list];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = this.below(index + 1);
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy;
  }
}
