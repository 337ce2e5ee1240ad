import type { LiveGame } from '@wps/contracts';
import { OutcomeStream } from './fairness-chain.js';

/**
 * The rules of each shared-round game: which bets exist, how a result is drawn from a round's outcome stream, and what
 * a bet returns. Returns are in basis points of the stake, stake included (20000 = paid 1:1, 10000 = push, 0 = lost),
 * so money stays in integers.
 */
export type Result = Record<string, unknown>;
export const BP = 10_000;

const SUITS = ['S', 'H', 'D', 'C'] as const;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
const DECKS_IN_SHOE = 8;
const cardName = (index: number): string => `${RANKS[index % 13]}${SUITS[Math.floor(index / 13) % 4]}`;
/** A = 1 … K = 13. */
export const cardRank = (card: string): number => RANKS.indexOf(card[0] as (typeof RANKS)[number]) + 1;
const baccaratValue = (card: string): number => Math.min(cardRank(card), 10) % 10;
const baccaratTotal = (cards: readonly string[]): number => cards.reduce((sum, card) => sum + baccaratValue(card), 0) % 10;

/** The first `count` cards of a freshly shuffled shoe (a Fisher–Yates shuffle stopped after `count` places). */
export function dealFromShoe(stream: OutcomeStream, count: number, decks = DECKS_IN_SHOE): string[] {
  const shoe = Array.from({ length: 52 * decks }, (_, index) => index);
  for (let place = 0; place < count; place++) {
    const pick = place + stream.int(shoe.length - place);
    [shoe[place], shoe[pick]] = [shoe[pick]!, shoe[place]!];
  }
  return shoe.slice(0, count).map(cardName);
}

/** Punto banco with the standard third-card rules, from the next six cards of the shoe. */
export function playBaccarat(cards: readonly string[]): Result {
  const player = [cards[0]!, cards[2]!];
  const banker = [cards[1]!, cards[3]!];
  let next = 4;
  const natural = baccaratTotal(player) >= 8 || baccaratTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | undefined;
    if (baccaratTotal(player) <= 5) {
      const card = cards[next++]!;
      player.push(card);
      playerThird = baccaratValue(card);
    }
    const bankerTotal = baccaratTotal(banker);
    const bankerDraws =
      playerThird === undefined
        ? bankerTotal <= 5
        : bankerTotal <= 2 ||
          (bankerTotal === 3 && playerThird !== 8) ||
          (bankerTotal === 4 && playerThird >= 2 && playerThird <= 7) ||
          (bankerTotal === 5 && playerThird >= 4 && playerThird <= 7) ||
          (bankerTotal === 6 && playerThird >= 6 && playerThird <= 7);
    if (bankerDraws) banker.push(cards[next++]!);
  }
  const playerTotal = baccaratTotal(player);
  const bankerTotal = baccaratTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: cardRank(player[0]!) === cardRank(player[1]!),
    bankerPair: cardRank(banker[0]!) === cardRank(banker[1]!),
  };
}

export const ROULETTE_REDS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** The numbers a roulette bet covers, or undefined when the spot is not a bet on a European table. */
export function rouletteNumbers(spot: string): number[] | undefined {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
  const all = range(1, 36);
  const simple: Record<string, number[]> = {
    red: all.filter((n) => ROULETTE_REDS.has(n)),
    black: all.filter((n) => !ROULETTE_REDS.has(n)),
    odd: all.filter((n) => n % 2 === 1),
    even: all.filter((n) => n % 2 === 0),
    low: range(1, 18),
    high: range(19, 36),
  };
  if (simple[spot]) return simple[spot];
  const match = /^(straight|split|street|corner|line|dozen|column)-(\d{1,2})(?:-(\d{1,2}))?$/.exec(spot);
  if (!match) return undefined;
  const [, kind, firstText, secondText] = match;
  const first = Number(firstText);
  const second = secondText === undefined ? undefined : Number(secondText);
  if (kind !== 'split' && second !== undefined) return undefined;
  switch (kind) {
    case 'straight':
      return first <= 36 ? [first] : undefined;
    case 'split': {
      if (second === undefined || second <= first || second > 36) return undefined;
      const adjacent = (first === 0 && second <= 3) || (first > 0 && (second - first === 3 || (second - first === 1 && first % 3 !== 0)));
      return adjacent ? [first, second] : undefined;
    }
    case 'street':
      return first >= 1 && first <= 34 && first % 3 === 1 ? range(first, first + 2) : undefined;
    case 'corner':
      return first >= 1 && first <= 32 && first % 3 !== 0 ? [first, first + 1, first + 3, first + 4] : undefined;
    case 'line':
      return first >= 1 && first <= 31 && first % 3 === 1 ? range(first, first + 5) : undefined;
    case 'dozen':
      return first >= 1 && first <= 3 ? range(first * 12 - 11, first * 12) : undefined;
    case 'column':
      return first >= 1 && first <= 3 ? all.filter((n) => n % 3 === first % 3) : undefined;
  }
  return undefined;
}

/** Crash points grow as e^(growth·ms); the house edge is 1 %: P(crash ≥ x) = 0.99 / x. */
export const CRASH_MAX_X100 = 100_000;
export function crashPointX100(stream: OutcomeStream): number {
  const raw = 0.99 / (1 - stream.float());
  return Math.max(100, Math.min(CRASH_MAX_X100, Math.floor(raw * 100)));
}
export const multiplierX100At = (elapsedMs: number, growth: number): number => Math.floor(100 * Math.exp(growth * Math.max(0, elapsedMs)));
/** Milliseconds after the start at which the multiplier first shows `x100`. */
export const msToReachX100 = (x100: number, growth: number): number => Math.ceil(Math.log(x100 / 100) / growth);

/** Cockfight: the chance a fight is drawn, the draw's payout, and the margin built into the meron / wala odds. */
const COCKFIGHT_DRAW_PER_MILLE = 50;
const COCKFIGHT_RETURN = 0.94;
export interface CockfightCard {
  /** Chance (given no draw) that meron wins, which the odds are computed from. */
  meronChance: number;
  odds: { meron: string; wala: string; draw: string };
}
export function cockfightCard(stream: OutcomeStream): CockfightCard {
  const meronChance = 0.35 + 0.3 * stream.float();
  const profit = (chance: number) => (Math.floor((COCKFIGHT_RETURN / chance - 1) * 100) / 100).toFixed(2);
  return { meronChance, odds: { meron: profit(meronChance), wala: profit(1 - meronChance), draw: '8.00' } };
}

export const LIVE_SPOTS: Record<Exclude<LiveGame, 'roulette'>, readonly string[]> = {
  crash: ['crash'],
  baccarat: ['player', 'banker', 'tie', 'player-pair', 'banker-pair'],
  'dragon-tiger': ['dragon', 'tiger', 'tie'],
  cockfight: ['meron', 'wala', 'draw'],
};

export function validSpot(game: LiveGame, spot: string): boolean {
  return game === 'roulette' ? rouletteNumbers(spot) !== undefined : LIVE_SPOTS[game].includes(spot);
}

/**
 * Draws the result of a round. Crash and cockfight draw at the opening (the crash point must exist before the curve
 * runs; the fight's odds are published with it), the others when betting closes; the stream is the same either way.
 */
export function drawResult(game: LiveGame, stream: OutcomeStream): { result: Result; odds?: CockfightCard['odds'] } {
  switch (game) {
    case 'crash':
      return { result: { crashX100: crashPointX100(stream) } };
    case 'roulette': {
      const number = stream.int(37);
      return { result: { number, color: number === 0 ? 'green' : ROULETTE_REDS.has(number) ? 'red' : 'black' } };
    }
    case 'baccarat':
      return { result: playBaccarat(dealFromShoe(stream, 6)) };
    case 'dragon-tiger': {
      const [dragon, tiger] = dealFromShoe(stream, 2);
      const d = cardRank(dragon!);
      const t = cardRank(tiger!);
      return { result: { dragon, tiger, winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie' } };
    }
    case 'cockfight': {
      const card = cockfightCard(stream);
      const draw = stream.int(1000) < COCKFIGHT_DRAW_PER_MILLE;
      const winner = draw ? 'draw' : stream.float() < card.meronChance ? 'meron' : 'wala';
      return { result: { winner }, odds: card.odds };
    }
  }
}

const oddsBp = (odds: string): number => BP + Math.round(Number(odds) * 100) * 100;

/** What a bet on `spot` returns for `result`, in basis points of the stake (crash is paid by its cash-out instead). */
export function returnBp(game: LiveGame, spot: string, result: Result, odds?: Record<string, string> | null): number {
  switch (game) {
    case 'roulette': {
      const numbers = rouletteNumbers(spot);
      if (!numbers || !numbers.includes(result.number as number)) return 0;
      return Math.round((36 / numbers.length) * BP);
    }
    case 'baccarat': {
      const winner = result.winner as string;
      if (spot === 'player-pair') return result.playerPair ? 12 * BP : 0;
      if (spot === 'banker-pair') return result.bankerPair ? 12 * BP : 0;
      if (spot === 'tie') return winner === 'tie' ? 9 * BP : 0;
      if (winner === 'tie') return BP;
      if (spot === 'player') return winner === 'player' ? 2 * BP : 0;
      // Banker wins pay 0.95 to 1: the 5 % commission.
      return winner === 'banker' ? 19_500 : 0;
    }
    case 'dragon-tiger': {
      const winner = result.winner as string;
      if (spot === 'tie') return winner === 'tie' ? 9 * BP : 0;
      // On a tie the dragon and tiger bets lose half.
      if (winner === 'tie') return BP / 2;
      return winner === spot ? 2 * BP : 0;
    }
    case 'cockfight': {
      const winner = result.winner as string;
      if (spot === 'draw') return winner === 'draw' ? oddsBp(odds?.draw ?? '8.00') : 0;
      // A drawn fight returns the meron and wala bets.
      if (winner === 'draw') return BP;
      return winner === spot ? oddsBp(odds?.[spot] ?? '0') : 0;
    }
    case 'crash':
      return 0;
  }
}
