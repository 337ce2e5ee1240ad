import { DrawStream, PVP_HAND_RANKS, type PvpAction, type PvpActionKind, type PvpHandRank } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { nodeBlocks } from '../fairness/seeds.js';

/**
 * Teen Patti as the house deals it (simplified; the client's rules panel says the same):
 * - three cards each from one 52-card deck; A is high (A-K-Q is the best sequence, A-2-3 the next best);
 * - categories, best first: trail (three of a rank) > pure sequence (a run in one suit) > sequence > colour (one suit)
 *   > pair > high card; within a category the higher cards win, suits never count;
 * - every player plays "seen": chaal pays the current stake, raise doubles it (up to the table's cap), pack folds;
 * - show is possible when two remain: the one asking pays the stake, and on equal hands the one asking loses;
 * - when the pot reaches the table's pot limit every player still in shows, and on equal best hands the first of them
 *   in turn order wins.
 */
export const RANKS = '23456789TJQKA';
export const SUITS = 'SHDC';
export const DECK: readonly string[] = Array.from(SUITS).flatMap((suit) => Array.from(RANKS, (rank) => `${rank}${suit}`));

/** Fisher–Yates from the top of the deck down, each pick a rejection-sampled integer of the hand's HMAC stream. */
export function shuffleDeck(draws: DrawStream): string[] {
  const deck = [...DECK];
  for (let index = deck.length - 1; index > 0; index--) {
    const pick = draws.nextInt(index + 1);
    [deck[index], deck[pick]] = [deck[pick]!, deck[index]!];
  }
  return deck;
}

/** The deck of one hand: HMAC-SHA256(serverSeed, `${clientSeed}:${handNo}:${cursor}`) read as draws. */
export const handDeck = (serverSeed: string, clientSeed: string, handNo: number): string[] => shuffleDeck(new DrawStream(nodeBlocks(serverSeed, clientSeed, handNo)));

/** Cards are dealt one at a time around the table: player k (in turn order) gets cards k, k + n and k + 2n. */
export const dealHands = (deck: readonly string[], players: number): string[][] =>
  Array.from({ length: players }, (_, player) => [deck[player]!, deck[player + players]!, deck[player + 2 * players]!]);

export interface HandValue {
  rank: PvpHandRank;
  /** Compared element by element: the category first (higher is better), then the cards that break ties. */
  score: number[];
}

const rankValue = (card: string): number => RANKS.indexOf(card[0]!) + 2;

export function evaluateHand(cards: readonly string[]): HandValue {
  if (cards.length !== 3) throw new Error('a Teen Patti hand has three cards');
  const values = cards.map(rankValue).sort((a, b) => b - a);
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
export function compareHands(a: readonly string[], b: readonly string[]): number {
  const left = evaluateHand(a).score;
  const right = evaluateHand(b).score;
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------- turns

export interface HandPlayerState {
  seatNo: number;
  status: 'active' | 'packed';
  stakedMinor: bigint;
  cards: readonly string[];
}

export interface HandState {
  /** Seats in turn order: from the dealer's left round to the dealer. */
  players: HandPlayerState[];
  turnSeat: number | null;
  stakeMinor: bigint;
  potMinor: bigint;
}

export interface HandLimits {
  maxStakeMinor: bigint;
  potLimitMinor: bigint;
  /** The cap as players read it (major units), for the refusal's message. */
  maxStakeText?: string;
}

export interface HandEnd {
  by: 'pack' | 'show' | 'pot-limit';
  winnerSeat: number;
  /** The seats whose cards are shown to everyone. */
  shownSeats: number[];
}

export interface Decision {
  kind: PvpActionKind;
  seatNo: number;
  amountMinor: bigint;
  next: HandState;
  ended: HandEnd | null;
}

const activeSeats = (state: HandState): HandPlayerState[] => state.players.filter((player) => player.status === 'active');

/** The next active seat after `seatNo` in turn order, wrapping round the table. */
export function nextActiveSeat(state: HandState, seatNo: number): number | null {
  const at = state.players.findIndex((player) => player.seatNo === seatNo);
  for (let step = 1; step <= state.players.length; step++) {
    const candidate = state.players[(at + step) % state.players.length]!;
    if (candidate.status === 'active' && candidate.seatNo !== seatNo) return candidate.seatNo;
  }
  return null;
}

/** The best of several hands; equal best hands go to the first of them in `seats` order. */
export function bestSeat(state: HandState, seats: readonly number[]): number {
  let best = seats[0]!;
  const cardsOf = (seat: number) => state.players.find((player) => player.seatNo === seat)!.cards;
  for (const seat of seats.slice(1)) if (compareHands(cardsOf(seat), cardsOf(best)) > 0) best = seat;
  return best;
}

/** The actions the player at `seatNo` may take now. */
export function allowedActions(state: HandState, seatNo: number, limits: HandLimits): PvpAction[] {
  if (state.turnSeat !== seatNo) return [];
  const actions: PvpAction[] = ['chaal'];
  if (state.stakeMinor * 2n <= limits.maxStakeMinor) actions.push('raise');
  actions.push('pack');
  if (activeSeats(state).length === 2) actions.push('show');
  return actions;
}

/**
 * One move of a hand as a pure function: who may act, what they pay, whose turn comes next and whether the hand
 * ended. A `timeout` is a pack by the server; `leave` is a pack out of turn by a player standing up.
 */
export function decide(state: HandState, seatNo: number, action: PvpAction | 'timeout' | 'leave', limits: HandLimits): Decision {
  const me = state.players.find((player) => player.seatNo === seatNo);
  if (!me || me.status !== 'active') throw new AppError('PVP_NOT_IN_HAND');
  if (action !== 'leave' && state.turnSeat !== seatNo) throw new AppError('PVP_NOT_YOUR_TURN');
  const players = state.players.map((player) => ({ ...player }));
  const mine = players.find((player) => player.seatNo === seatNo)!;
  let stake = state.stakeMinor;
  let amount = 0n;
  let kind: PvpActionKind;
  if (action === 'pack' || action === 'timeout' || action === 'leave') {
    mine.status = 'packed';
    kind = action === 'timeout' ? 'timeout' : 'pack';
  } else if (action === 'show') {
    if (activeSeats(state).length !== 2) throw new AppError('PVP_SHOW_NEEDS_TWO');
    amount = stake;
    kind = 'show';
  } else if (action === 'raise') {
    stake = stake * 2n;
    if (stake > limits.maxStakeMinor) throw new AppError('PVP_OUTSIDE_LIMITS', { params: { max: limits.maxStakeText ?? limits.maxStakeMinor.toString() } });
    amount = stake;
    kind = 'raise';
  } else {
    amount = stake;
    kind = 'chaal';
  }
  mine.stakedMinor += amount;
  const next: HandState = { players, turnSeat: state.turnSeat, stakeMinor: stake, potMinor: state.potMinor + amount };
  const stillIn = activeSeats(next).map((player) => player.seatNo);

  let ended: HandEnd | null = null;
  if (stillIn.length === 1) {
    ended = { by: 'pack', winnerSeat: stillIn[0]!, shownSeats: [] };
  } else if (kind === 'show') {
    const other = stillIn.find((seat) => seat !== seatNo)!;
    // On equal hands the player who asked for the show loses.
    const winnerSeat = compareHands(mine.cards, players.find((player) => player.seatNo === other)!.cards) > 0 ? seatNo : other;
    ended = { by: 'show', winnerSeat, shownSeats: [seatNo, other] };
  } else if (amount > 0n && next.potMinor >= limits.potLimitMinor) {
    // Everyone still in shows, starting from the player after the one who reached the limit.
    const after = nextActiveSeat(next, seatNo)!;
    const from = stillIn.indexOf(after);
    const inTurnOrder = [...stillIn.slice(from), ...stillIn.slice(0, from)];
    ended = { by: 'pot-limit', winnerSeat: bestSeat(next, inTurnOrder), shownSeats: inTurnOrder };
  }
  if (ended) next.turnSeat = null;
  else if (state.turnSeat === seatNo) next.turnSeat = nextActiveSeat(next, seatNo);
  return { kind, seatNo, amountMinor: amount, next, ended };
}
