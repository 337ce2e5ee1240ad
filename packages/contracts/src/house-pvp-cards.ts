import type { DrawStream } from './fairness.js';

/**
 * Teen Patti's pure rules (constants, deck, shuffle, deal, ranking, rake) without zod, so the browser's verify pages
 * load them without the schemas. `house-pvp.ts` re-exports them.
 */
export const PVP_GAME_CODE = 'house-teen-patti';
/** The wallet's game type of every PVP stake. */
export const PVP_GAME_TYPE = 'PVP';
/**
 * The published rake: 5 % of the pot, in basis points. It is rounded up to the currency's minor unit (the house keeps
 * the fraction), so the winner gets pot − ceil(pot × 5 %).
 */
export const PVP_RAKE_BP = 500;
export const PVP_SEATS = 5;

/** The rake of a pot in minor units: the one place it is computed, on the server and for the client's display. */
export const pvpRakeMinor = (potMinor: bigint): bigint => (potMinor * BigInt(PVP_RAKE_BP) + 9_999n) / 10_000n;

export const PVP_ACTIONS = ['chaal', 'raise', 'pack', 'show'] as const;
export type PvpAction = (typeof PVP_ACTIONS)[number];
export const PVP_ACTION_KINDS = ['boot', 'chaal', 'raise', 'pack', 'show', 'timeout'] as const;
export type PvpActionKind = (typeof PVP_ACTION_KINDS)[number];

export const PVP_HAND_STATUSES = ['booting', 'playing', 'settling', 'settled', 'refunded'] as const;
export type PvpHandStatus = (typeof PVP_HAND_STATUSES)[number];
export const PVP_PLAYER_STATUSES = ['active', 'packed', 'won', 'lost', 'refunded'] as const;

/** Hand categories, best first. */
export const PVP_HAND_RANKS = ['trail', 'pure-sequence', 'sequence', 'colour', 'pair', 'high-card'] as const;
export type PvpHandRank = (typeof PVP_HAND_RANKS)[number];

// ---- the cards, shared by the house service and the browser's verify page (one shuffle, one ranking) ----

const PVP_CARD_RANKS = '23456789TJQKA';
const PVP_CARD_SUITS = 'SHDC';
export const PVP_DECK: readonly string[] = Array.from(PVP_CARD_SUITS).flatMap((suit) => Array.from(PVP_CARD_RANKS, (rank) => `${rank}${suit}`));

/** Fisher–Yates from the top of the deck down, each pick a rejection-sampled integer of the hand's HMAC stream. */
export function shufflePvpDeck(draws: DrawStream): string[] {
  const deck = [...PVP_DECK];
  for (let index = deck.length - 1; index > 0; index--) {
    const pick = draws.nextInt(index + 1);
    [deck[index], deck[pick]] = [deck[pick]!, deck[index]!];
  }
  return deck;
}

/** Cards are dealt one at a time around the table: player k (in turn order) gets cards k, k + n and k + 2n. */
export const dealPvpHands = (deck: readonly string[], players: number): string[][] =>
  Array.from({ length: players }, (_, player) => [deck[player]!, deck[player + players]!, deck[player + 2 * players]!]);

export interface PvpHandValue {
  rank: PvpHandRank;
  /** Compared element by element: the category first (higher is better), then the cards that break ties. */
  score: number[];
}

const cardValue = (card: string): number => PVP_CARD_RANKS.indexOf(card[0]!) + 2;

export function evaluatePvpHand(cards: readonly string[]): PvpHandValue {
  if (cards.length !== 3) throw new Error('a Teen Patti hand has three cards');
  const values = cards.map(cardValue).sort((a, b) => b - a);
  const [high, middle, low] = values as [number, number, number];
  const sameSuit = cards.every((card) => card[1] === cards[0]![1]);
  const isAceTwoThree = high === 14 && middle === 3 && low === 2;
  const isRun = (high - middle === 1 && middle - low === 1) || isAceTwoThree;
  // A-K-Q tops the sequences, A-2-3 comes right after it, then K-Q-J and down.
  const runScore = isAceTwoThree ? 14 : high === 14 ? 15 : high;
  const category = (rank: PvpHandRank) => PVP_HAND_RANKS.length - PVP_HAND_RANKS.indexOf(rank);
  if (high === low) return { rank: 'trail', score: [category('trail'), high] };
  if (isRun && sameSuit) return { rank: 'pure-sequence', score: [category('pure-sequence'), runScore] };
  if (isRun) return { rank: 'sequence', score: [category('sequence'), runScore] };
  if (sameSuit) return { rank: 'colour', score: [category('colour'), high, middle, low] };
  if (high === middle || middle === low) {
    const pair = middle;
    const kicker = high === middle ? low : high;
    return { rank: 'pair', score: [category('pair'), pair, kicker] };
  }
  return { rank: 'high-card', score: [category('high-card'), high, middle, low] };
}

/** Positive when `a` beats `b`, negative when `b` wins, 0 for equal hands. */
export function comparePvpHands(a: readonly string[], b: readonly string[]): number {
  const left = evaluatePvpHand(a).score;
  const right = evaluatePvpHand(b).score;
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
