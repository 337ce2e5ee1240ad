import { comparePvpHands, dealPvpHands, DrawStream, evaluatePvpHand, PVP_DECK, shufflePvpDeck, type PvpAction, type PvpActionKind, type PvpHandValue } from '@wps/contracts';
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
/** The deck, the shuffle and the ranking live in the contracts so that the browser's verify page runs the same code. */
export const DECK = PVP_DECK;
export const shuffleDeck = shufflePvpDeck;
export const dealHands = dealPvpHands;
export const evaluateHand = evaluatePvpHand;
export const compareHands = comparePvpHands;
export type HandValue = PvpHandValue;

/** The deck of one hand: HMAC-SHA256(serverSeed, `${clientSeed}:${handNo}:${cursor}`) read as draws. */
export const handDeck = (serverSeed: string, clientSeed: string, handNo: number): string[] => shufflePvpDeck(new DrawStream(nodeBlocks(serverSeed, clientSeed, handNo)));

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
