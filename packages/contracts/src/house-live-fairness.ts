import { DrawStream, FAIRNESS_BLOCK_BYTES, outcomeBytes, precomputedBlocks, serverSeedHash } from './fairness.js';
import type { LiveGame } from './house-live.js';

/**
 * The rules of the house vendor's shared-round games, shared by the house service (which draws and settles rounds)
 * and the browser's verify page (which recomputes a settled round from its revealed seed): which bets exist, how a
 * result is drawn from a round's outcome stream, and what a bet returns. Returns are in basis points of the stake,
 * stake included (20000 = paid 1:1, 10000 = push, 0 = lost), so money stays in integers. Nothing here uses node:crypto.
 */
export type LiveResult = Record<string, unknown>;
export const LIVE_BP = 10_000;

/** A round's draws: the server reads them from node:crypto blocks, the browser from Web Crypto blocks. */
export interface LiveDraws {
  /** A uniform integer in [0, bound), without modulo bias. */
  int(bound: number): number;
  /** A uniform float in [0, 1) with 52 random bits. */
  float(): number;
}

export const liveDrawsOf = (stream: DrawStream): LiveDraws => ({ int: (bound) => stream.nextInt(bound), float: () => stream.nextFloat() });

const SUITS = ['S', 'H', 'D', 'C'] as const;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
const DECKS_IN_SHOE = 8;
const cardName = (index: number): string => `${RANKS[index % 13]}${SUITS[Math.floor(index / 13) % 4]}`;
/** A = 1 … K = 13. */
export const liveCardRank = (card: string): number => RANKS.indexOf(card[0] as (typeof RANKS)[number]) + 1;
const baccaratValue = (card: string): number => Math.min(liveCardRank(card), 10) % 10;
const baccaratTotal = (cards: readonly string[]): number => cards.reduce((sum, card) => sum + baccaratValue(card), 0) % 10;

/** The first `count` cards of a freshly shuffled shoe (a Fisher–Yates shuffle stopped after `count` places). */
export function dealFromShoe(stream: LiveDraws, count: number, decks = DECKS_IN_SHOE): string[] {
  const shoe = Array.from({ length: 52 * decks }, (_, index) => index);
  for (let place = 0; place < count; place++) {
    const pick = place + stream.int(shoe.length - place);
    [shoe[place], shoe[pick]] = [shoe[pick]!, shoe[place]!];
  }
  return shoe.slice(0, count).map(cardName);
}

/** Punto banco with the standard third-card rules, from the next six cards of the shoe. */
export function playBaccarat(cards: readonly string[]): LiveResult {
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
    playerPair: liveCardRank(player[0]!) === liveCardRank(player[1]!),
    bankerPair: liveCardRank(banker[0]!) === liveCardRank(banker[1]!),
  };
}

export const ROULETTE_REDS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/**
 * The numbers a roulette bet covers, or undefined when the spot is not a bet on a European table. Spot ids: `straight-N`;
 * `split-A-B` (two adjacent numbers, A < B, zero splits with 1, 2 and 3); `trio-1` (0-1-2) and `trio-2` (0-2-3);
 * `street-N`, `corner-N`, `line-N` by their lowest number; `first-four` (0-1-2-3); `dozen-N`, `column-N`; and the even
 * chances `red`, `black`, `odd`, `even`, `low`, `high`.
 */
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
    'first-four': [0, 1, 2, 3],
  };
  if (Object.hasOwn(simple, spot)) return simple[spot];
  const match = /^(straight|split|trio|street|corner|line|dozen|column)-(\d{1,2})(?:-(\d{1,2}))?$/.exec(spot);
  if (!match) return undefined;
  const [, kind, firstText, secondText] = match;
  // One canonical id per bet: no leading zeros ("straight-07" is not a spot).
  if (String(Number(firstText)) !== firstText || (secondText !== undefined && String(Number(secondText)) !== secondText)) return undefined;
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
    case 'trio':
      return first === 1 ? [0, 1, 2] : first === 2 ? [0, 2, 3] : undefined;
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
export function crashPointX100(stream: LiveDraws): number {
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
export function cockfightCard(stream: LiveDraws): CockfightCard {
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

export function validLiveSpot(game: LiveGame, spot: string): boolean {
  return game === 'roulette' ? rouletteNumbers(spot) !== undefined : LIVE_SPOTS[game].includes(spot);
}

/**
 * Draws the result of a round. Crash and cockfight draw at the opening (the crash point must exist before the curve
 * runs; the fight's odds are published with it), the others when betting closes; the stream is the same either way.
 */
export function drawLiveResult(game: LiveGame, stream: LiveDraws): { result: LiveResult; odds?: CockfightCard['odds'] } {
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
      const d = liveCardRank(dragon!);
      const t = liveCardRank(tiger!);
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

const oddsBp = (odds: string): number => LIVE_BP + Math.round(Number(odds) * 100) * 100;

/** What a bet on `spot` returns for `result`, in basis points of the stake (crash is paid by its cash-out instead). */
export function liveReturnBp(game: LiveGame, spot: string, result: LiveResult, odds?: Record<string, string> | null): number {
  switch (game) {
    case 'roulette': {
      const numbers = rouletteNumbers(spot);
      if (!numbers || !numbers.includes(result.number as number)) return 0;
      // 36 / covered numbers, stake included: straight 35:1, split 17:1, trio and street 11:1, corner and first four 8:1, line 5:1.
      return Math.round((36 / numbers.length) * LIVE_BP);
    }
    case 'baccarat': {
      const winner = result.winner as string;
      if (spot === 'player-pair') return result.playerPair ? 12 * LIVE_BP : 0;
      if (spot === 'banker-pair') return result.bankerPair ? 12 * LIVE_BP : 0;
      if (spot === 'tie') return winner === 'tie' ? 9 * LIVE_BP : 0;
      if (winner === 'tie') return LIVE_BP;
      if (spot === 'player') return winner === 'player' ? 2 * LIVE_BP : 0;
      // Banker wins pay 0.95 to 1: the 5 % commission.
      return winner === 'banker' ? 19_500 : 0;
    }
    case 'dragon-tiger': {
      const winner = result.winner as string;
      if (spot === 'tie') return winner === 'tie' ? 9 * LIVE_BP : 0;
      // On a tie the dragon and tiger bets lose half.
      if (winner === 'tie') return LIVE_BP / 2;
      return winner === spot ? 2 * LIVE_BP : 0;
    }
    case 'cockfight': {
      const winner = result.winner as string;
      if (spot === 'draw') return winner === 'draw' ? oddsBp(odds?.draw ?? '8.00') : 0;
      // A drawn fight returns the meron and wala bets.
      if (winner === 'draw') return LIVE_BP;
      return winner === spot ? oddsBp(odds?.[spot] ?? '0') : 0;
    }
    case 'crash':
      return 0;
  }
}

// ------------------------------------------------------------------------------------------------ verification

/**
 * A round's draws through Web Crypto: the stream's blocks are derived up front, a few at first and more if a game
 * happens to read past them (rejection sampling may take extra words).
 */
export async function drawLiveRoundWithWebCrypto(game: LiveGame, serverSeed: string, clientSeed: string, roundNo: number): Promise<{ result: LiveResult; odds?: CockfightCard['odds'] }> {
  for (let blocks = 4; ; blocks *= 4) {
    const bytes = await outcomeBytes(serverSeed, clientSeed, roundNo, blocks);
    try {
      return drawLiveResult(game, liveDrawsOf(new DrawStream(precomputedBlocks(bytes))));
    } catch (error) {
      if (blocks * FAIRNESS_BLOCK_BYTES >= 1 << 16) throw error;
    }
  }
}

/** What the proof endpoint publishes about a settled round. */
export interface LiveRoundProofInput {
  game: LiveGame;
  roundNo: number;
  clientSeed: string;
  serverSeed: string;
  seedHash: string;
  /** The next round's published hash, which must be this round's seed; null when no next round of the chain exists yet. */
  nextSeedHash: string | null;
  /** The chain head published with the table, and how many SHA-256 steps lead from this seed to it. */
  chainHead: string | null;
  chainDistance: number | null;
  result: LiveResult | null;
  odds: Record<string, string> | null;
}

export interface LiveRoundCheck {
  /** SHA-256(seed) equals the hash published when the round opened. */
  hashMatches: boolean;
  /** The next round's published hash is this seed (null: no next round to compare with). */
  nextLinkMatches: boolean | null;
  /** Hashing the seed forward reaches the published chain head (null: the head of that chain is not published). */
  headReached: boolean | null;
  recomputed: LiveResult;
  recomputedOdds: Record<string, string> | null;
  /** The recomputed outcome equals the stored one (and, for cockfight, the published odds). */
  resultMatches: boolean;
  passed: boolean;
}

/** Key order does not matter; values are compared as JSON. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );

/** Hashes a hex seed forward `steps` times (each step SHA-256 of the previous link's raw bytes). */
export async function hashChainForward(seed: string, steps: number): Promise<string> {
  let link = seed;
  for (let step = 0; step < steps; step++) link = await serverSeedHash(link);
  return link;
}

/** Everything the verify page checks about a settled shared round, with Web Crypto only. */
export async function checkLiveRound(proof: LiveRoundProofInput): Promise<LiveRoundCheck> {
  const seed = proof.serverSeed.toLowerCase();
  const hashMatches = (await serverSeedHash(seed)) === proof.seedHash.toLowerCase();
  const nextLinkMatches = proof.nextSeedHash === null ? null : proof.nextSeedHash.toLowerCase() === seed;
  const headReached =
    proof.chainHead === null || proof.chainDistance === null || proof.chainDistance < 1 ? null : (await hashChainForward(seed, proof.chainDistance)) === proof.chainHead.toLowerCase();
  const drawn = await drawLiveRoundWithWebCrypto(proof.game, seed, proof.clientSeed, proof.roundNo);
  const resultMatches = proof.result !== null && canonical(drawn.result) === canonical(proof.result) && (drawn.odds === undefined || canonical(drawn.odds) === canonical(proof.odds));
  return {
    hashMatches,
    nextLinkMatches,
    headReached,
    recomputed: drawn.result,
    recomputedOdds: drawn.odds ?? null,
    resultMatches,
    passed: hashMatches && nextLinkMatches !== false && headReached !== false && resultMatches,
  };
}
