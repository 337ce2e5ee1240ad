import { createHash, randomBytes } from 'node:crypto';
import { DrawStream } from '@wps/contracts';
import { nodeBlocks } from '../fairness/seeds.js';

/**
 * Provable fairness for shared rounds. A table cannot let each player choose a client seed, so it commits to a hash
 * chain instead: a secret start seed g0 is hashed forward L times, g(k+1) = SHA-256(g(k)), and the last link g(L) is
 * published as the chain head. Round i (0-based within the chain) uses g(L-1-i), so revealing a round's seed lets
 * anyone check that it hashes to the previous round's seed (and the first to the head): the server could not have
 * chosen any result after the chain was published. The outcome bytes follow the house rule for every game:
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`), with the table's published client seed and the round
 * number as the nonce.
 */
export const CHAIN_LENGTH = 10_000;

export const sha256Hex = (hex: string): string => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

export function newChainStart(): string {
  return randomBytes(32).toString('hex');
}

/** Every link of a chain, g(0) … g(length); computed once per runner (about 10 ms for 10,000 links). */
export function chainLinks(start: string, length = CHAIN_LENGTH): string[] {
  const links = [start];
  for (let index = 0; index < length; index++) links.push(sha256Hex(links[index]!));
  return links;
}

/** The server seed of the `offset`-th round of a chain (0-based) and its published hash. */
export function roundSeed(links: readonly string[], offset: number): { serverSeed: string; seedHash: string } {
  const length = links.length - 1;
  if (offset < 0 || offset >= length) throw new Error(`round offset ${offset} outside the chain`);
  return { serverSeed: links[length - 1 - offset]!, seedHash: links[length - offset]! };
}

/** True when `serverSeed` is the link just below `previousSeed` (or below the chain head for a chain's first round). */
export const followsInChain = (serverSeed: string, previousSeedOrHead: string): boolean => sha256Hex(serverSeed) === previousSeedOrHead;

/**
 * The outcome stream of one round, read with the house's shared primitives (`DrawStream` of @wps/contracts over the
 * node:crypto blocks of ../fairness/seeds.ts): the verify page recomputes it in the browser with Web Crypto from the
 * revealed seed, the table's client seed and the round number. Integers come by rejection sampling (no modulo bias),
 * floats from 52 bits.
 */
export class OutcomeStream {
  private readonly draws: DrawStream;
  constructor(serverSeed: string, clientSeed: string, nonce: number) {
    this.draws = new DrawStream(nodeBlocks(serverSeed, clientSeed, nonce));
  }

  /** A uniform integer in [0, bound). */
  int(bound: number): number {
    return this.draws.nextInt(bound);
  }

  /** A uniform float in [0, 1) with 52 random bits. */
  float(): number {
    return this.draws.nextFloat();
  }
}
