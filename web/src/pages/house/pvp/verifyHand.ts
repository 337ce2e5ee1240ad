import { DrawStream, outcomeBytes, precomputedBlocks, serverSeedHash } from '../../../../../packages/contracts/src/fairness.js';

/**
 * Recomputes a finished Teen Patti hand in the browser from its revealed server seed, the table's client seed and the
 * hand number (the nonce): the same Fisher–Yates shuffle over the same HMAC-SHA256 stream as the server
 * (services/house/src/pvp/rules.ts; a unit test keeps the two equal).
 */
const RANKS = '23456789TJQKA';
const SUITS = 'SHDC';
export const TEEN_PATTI_DECK: readonly string[] = Array.from(SUITS).flatMap((suit) => Array.from(RANKS, (rank) => `${rank}${suit}`));
/** 51 draws read 51 words (7 blocks); the rest leaves room for rejected words, which are very rare. */
const BLOCKS = 12;

export function shuffleTeenPattiDeck(draws: DrawStream): string[] {
  const deck = [...TEEN_PATTI_DECK];
  for (let index = deck.length - 1; index > 0; index--) {
    const pick = draws.nextInt(index + 1);
    [deck[index], deck[pick]] = [deck[pick]!, deck[index]!];
  }
  return deck;
}

export interface VerifiedHand {
  hashMatches: boolean;
  /** Each player's three cards, in turn order (dealt one at a time round the table). */
  hands: string[][];
}

export async function verifyTeenPattiHand(input: { serverSeed: string; seedHash: string; clientSeed: string; nonce: number; players: number }): Promise<VerifiedHand> {
  const bytes = await outcomeBytes(input.serverSeed, input.clientSeed, input.nonce, BLOCKS);
  const deck = shuffleTeenPattiDeck(new DrawStream(precomputedBlocks(bytes)));
  const hands = Array.from({ length: input.players }, (_, player) => [deck[player]!, deck[player + input.players]!, deck[player + 2 * input.players]!]);
  return { hashMatches: (await serverSeedHash(input.serverSeed)) === input.seedHash, hands };
}
