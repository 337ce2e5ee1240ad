/**
 * Provably fair outcomes of the house games, shared by the house service and the browser's verify page.
 *
 * A round's randomness is a stream of bytes: HMAC-SHA256 keyed with the server seed (its 32 raw bytes) over
 * `${clientSeed}:${nonce}:${cursor}` for cursor 0, 1, 2 … . The stream is read as big-endian 32-bit words; uniform
 * integers come from rejection sampling (no modulo bias) and floats from 52 bits. Only Web Crypto is used here so the
 * same file runs in Node 20 and in browsers; the server may feed the same bytes from node:crypto for speed.
 */

export const FAIRNESS_BLOCK_BYTES = 32;

export const hexToBytes = (hex: string): Uint8Array<ArrayBuffer> => {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
};

export const bytesToHex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

type Subtle = typeof globalThis.crypto.subtle;

const subtle = (): Subtle => {
  const found = globalThis.crypto?.subtle;
  if (!found) throw new Error('Web Crypto is not available');
  return found;
};

/** The server seed's commitment shown before play: lowercase hex SHA-256 of its 32 raw bytes. */
export async function serverSeedHash(serverSeedHex: string): Promise<string> {
  const digest = await subtle().digest('SHA-256', hexToBytes(serverSeedHex));
  return bytesToHex(new Uint8Array(digest));
}

export const fairnessMessage = (clientSeed: string, nonce: number, cursor: number): string => `${clientSeed}:${nonce}:${cursor}`;

/** HMAC-SHA256 with a raw key over a UTF-8 message, through Web Crypto. */
export async function hmacSha256(key: Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array> {
  const imported = await subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', imported, new TextEncoder().encode(message)));
}

/** `blocks` consecutive 32-byte blocks of a round's stream (cursors 0 … blocks-1). */
export async function outcomeBytes(serverSeedHex: string, clientSeed: string, nonce: number, blocks: number): Promise<Uint8Array> {
  const key = hexToBytes(serverSeedHex);
  const out = new Uint8Array(blocks * FAIRNESS_BLOCK_BYTES);
  for (let cursor = 0; cursor < blocks; cursor++) out.set(await hmacSha256(key, fairnessMessage(clientSeed, nonce, cursor)), cursor * FAIRNESS_BLOCK_BYTES);
  return out;
}

/** Supplies block `cursor` of a round's stream; the server computes it on demand, the browser from precomputed bytes. */
export type BlockSource = (cursor: number) => Uint8Array;

export const precomputedBlocks =
  (bytes: Uint8Array): BlockSource =>
  (cursor) => {
    const start = cursor * FAIRNESS_BLOCK_BYTES;
    if (start + FAIRNESS_BLOCK_BYTES > bytes.length) throw new Error('the round needs more random bytes than were derived');
    return bytes.subarray(start, start + FAIRNESS_BLOCK_BYTES);
  };

const TWO_32 = 2 ** 32;

/** Reads a round's stream as draws. Every game takes its draws in a fixed order, so a round can be recomputed. */
export class DrawStream {
  private block: Uint8Array = new Uint8Array(0);
  private cursor = -1;
  private offset = FAIRNESS_BLOCK_BYTES;
  /** Words consumed, rejected ones included: shows how far a round read. */
  words = 0;
  constructor(private readonly source: BlockSource) {}

  nextWord(): number {
    if (this.offset >= FAIRNESS_BLOCK_BYTES) {
      this.cursor += 1;
      this.block = this.source(this.cursor);
      this.offset = 0;
    }
    const b = this.block;
    const o = this.offset;
    this.offset += 4;
    this.words += 1;
    return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
  }

  /**
   * A uniform integer in [0, n): words at or above the largest multiple of n below 2^32 are thrown away, so every
   * value keeps the same number of preimages.
   */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new Error('range must be an integer in 1..2^32');
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const word = this.nextWord();
      if (word < limit) return word % n;
    }
  }

  /** A uniform float in [0, 1) from 52 bits (20 of one word, 32 of the next). */
  nextFloat(): number {
    const high = this.nextWord() >>> 12;
    const low = this.nextWord();
    return (high * TWO_32 + low) / 2 ** 52;
  }
}

/** How many 32-byte blocks a round of each house game can read at most (with room for rare rejections). */
export const ROUND_BLOCKS = { dice: 2, plinko: 4, mines: 6, slot: 16 } as const;

// ------------------------------------------------------------------------------------------------ dice

/** Rolls are 0.00–99.99 (an integer 0–9999 shown with two decimals). */
export const DICE_OUTCOMES = 10_000;
export const HOUSE_EDGE = 0.01;

export type DiceDirection = 'over' | 'under';

/** Win chance in rolls out of 10 000: `under` wins below the target, `over` wins above it. */
export const diceWinningRolls = (direction: DiceDirection, targetHundredths: number): number => (direction === 'under' ? targetHundredths : DICE_OUTCOMES - 1 - targetHundredths);

/** Payout multiplier (1 − edge) / chance, floored to 4 decimals so the edge is never below 1 %. */
export const diceMultiplier = (direction: DiceDirection, targetHundredths: number): number => {
  const winning = diceWinningRolls(direction, targetHundredths);
  // In integers: 99 % of 10 000 outcomes, in ten-thousandths of the stake.
  return Math.floor((9_900 * DICE_OUTCOMES) / winning) / 10_000;
};

export const rollDice = (draws: DrawStream): number => draws.nextInt(DICE_OUTCOMES);

export const diceWins = (roll: number, direction: DiceDirection, targetHundredths: number): boolean => (direction === 'under' ? roll < targetHundredths : roll > targetHundredths);

// ------------------------------------------------------------------------------------------------ mines

export const MINES_TILES = 25;

/** The mine tiles (0–24, row by row) of a round: a partial Fisher–Yates shuffle, the first `mines` picks. */
export function minePositions(draws: DrawStream, mines: number): number[] {
  const tiles = Array.from({ length: MINES_TILES }, (_, index) => index);
  for (let index = 0; index < mines; index++) {
    const pick = index + draws.nextInt(MINES_TILES - index);
    [tiles[index], tiles[pick]] = [tiles[pick]!, tiles[index]!];
  }
  return tiles.slice(0, mines).sort((a, b) => a - b);
}

/** Multiplier after `revealed` safe tiles: (1 − edge) over the chance of having survived, floored to 4 decimals. */
export function minesMultiplier(mines: number, revealed: number): number {
  if (revealed === 0) return 1;
  let survival = 1;
  for (let index = 0; index < revealed; index++) survival *= (MINES_TILES - mines - index) / (MINES_TILES - index);
  return Math.floor(((1 - HOUSE_EDGE) / survival) * 10_000) / 10_000;
}

// ------------------------------------------------------------------------------------------------ plinko

export const PLINKO_ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16] as const;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/** Each row bounces the ball left (0) or right (1); the slot is the number of rights. */
export function plinkoPath(draws: DrawStream, rows: number): number[] {
  return Array.from({ length: rows }, () => draws.nextInt(2));
}

const binomial = (n: number, k: number): number => {
  let value = 1;
  for (let index = 1; index <= k; index++) value = (value * (n - index + 1)) / index;
  return value;
};

const RISK_BASE: Record<PlinkoRisk, number> = { low: 1.2, medium: 1.55, high: 2.1 };

/**
 * The published multiplier tables: a symmetric curve growing by a risk factor per slot away from the centre, scaled to
 * a 99 % return and floored to hundredths, so the exact return of each table (`plinkoRtp`) is at most 99 %.
 */
export function plinkoMultipliers(rows: number, risk: PlinkoRisk): number[] {
  const base = RISK_BASE[risk];
  const shape = Array.from({ length: rows + 1 }, (_, slot) => base ** Math.abs(slot - rows / 2));
  const expected = shape.reduce((sum, value, slot) => sum + (value * binomial(rows, slot)) / 2 ** rows, 0);
  return shape.map((value) => Math.floor(((value * (1 - HOUSE_EDGE)) / expected) * 100) / 100);
}

/** The exact return of a table: Σ C(rows, k) / 2^rows × multiplier(k). */
export const plinkoRtp = (rows: number, risk: PlinkoRisk): number => plinkoMultipliers(rows, risk).reduce((sum, value, slot) => sum + (value * binomial(rows, slot)) / 2 ** rows, 0);

// ------------------------------------------------------------------------------------------------ slots

export interface SlotSymbol {
  id: string;
  /** Pays for 3, 4 and 5 of a kind on a line, in line bets (scatter: in total bets, anywhere). */
  pays: [number, number, number];
  kind?: 'wild' | 'scatter';
}

export interface SlotDefinition {
  code: string;
  symbols: SlotSymbol[];
  /** Five reel strips of symbol ids; at most one scatter in any three consecutive stops. */
  reels: string[][];
  /** Row (0–2) per reel for each payline. */
  lines: number[][];
  freeSpins: number;
  freeSpinMultiplier: number;
  /** Scatters needed to trigger the free spins. */
  scattersToTrigger: number;
}

export const SLOT_ROWS = 3;
export const SLOT_REELS = 5;

export interface SlotSpin {
  /** Top stop index of each reel. */
  stops: number[];
  /** grid[row][reel] symbol ids. */
  grid: string[][];
  lineWins: Array<{ line: number; symbol: string; count: number; pays: number }>;
  scatters: number;
  scatterPays: number;
  /** Total win of the spin in total bets (line pays divided by the line count, plus scatter pays). */
  win: number;
  triggered: boolean;
}

export interface SlotRound {
  base: SlotSpin;
  freeSpins: SlotSpin[];
  /** Total win in total bets, the free spins' multiplier applied. */
  multiplier: number;
}

interface SlotIndex {
  wild: string | undefined;
  scatter: string | undefined;
  pays: Map<string, readonly number[]>;
}
const slotIndexes = new WeakMap<SlotDefinition, SlotIndex>();
/** Symbol lookups of a definition, built once: spins are evaluated millions of times in the RTP simulation. */
const indexOf = (definition: SlotDefinition): SlotIndex => {
  let index = slotIndexes.get(definition);
  if (!index) {
    index = {
      wild: definition.symbols.find((symbol) => symbol.kind === 'wild')?.id,
      scatter: definition.symbols.find((symbol) => symbol.kind === 'scatter')?.id,
      pays: new Map(definition.symbols.map((symbol) => [symbol.id, symbol.pays])),
    };
    slotIndexes.set(definition, index);
  }
  return index;
};

/** Pays of one line's five symbols, in line bets: the leading run of a symbol (wilds substitute) or of wilds alone. */
export function linePay(definition: SlotDefinition, symbols: readonly string[]): { symbol: string; count: number; pays: number } | undefined {
  const { wild, scatter, pays: paysOf } = indexOf(definition);
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === wild) wildRun++;
  let best: { symbol: string; count: number; pays: number } | undefined;
  if (wild && wildRun >= 3) best = { symbol: wild, count: wildRun, pays: paysOf.get(wild)![wildRun - 3]! };
  const first = symbols[wildRun];
  if (first !== undefined && first !== scatter) {
    let run = wildRun;
    while (run < symbols.length && (symbols[run] === first || symbols[run] === wild)) run++;
    if (run >= 3) {
      const pays = paysOf.get(first)?.[run - 3];
      if (pays === undefined) throw new Error(`unknown symbol ${first}`);
      if (!best || pays > best.pays) best = { symbol: first, count: run, pays };
    }
  }
  return best && best.pays > 0 ? best : undefined;
}

export function slotScatterPays(definition: SlotDefinition, scatters: number): number {
  const { scatter } = indexOf(definition);
  if (!scatter || scatters < 3) return 0;
  return indexOf(definition).pays.get(scatter)![Math.min(scatters, 5) - 3]!;
}

export function evaluateSlotStops(definition: SlotDefinition, stops: number[]): SlotSpin {
  const grid = Array.from({ length: SLOT_ROWS }, (_, row) => definition.reels.map((reel, index) => reel[(stops[index]! + row) % reel.length]!));
  const scatterId = indexOf(definition).scatter;
  const lineWins: SlotSpin['lineWins'] = [];
  let linePays = 0;
  const symbols = ['', '', '', '', ''];
  definition.lines.forEach((line, index) => {
    for (let reel = 0; reel < SLOT_REELS; reel++) symbols[reel] = grid[line[reel]!]![reel]!;
    const found = linePay(definition, symbols);
    if (found) {
      lineWins.push({ line: index, ...found });
      linePays += found.pays;
    }
  });
  let scatters = 0;
  for (const row of grid) for (const id of row) if (id === scatterId) scatters++;
  const scatterPays = slotScatterPays(definition, scatters);
  return { stops, grid, lineWins, scatters, scatterPays, win: linePays / definition.lines.length + scatterPays, triggered: scatters >= definition.scattersToTrigger };
}

export const spinSlot = (definition: SlotDefinition, draws: DrawStream): SlotSpin =>
  evaluateSlotStops(
    definition,
    definition.reels.map((reel) => draws.nextInt(reel.length)),
  );

/** A paid spin and, when it triggers, its free spins (which do not retrigger), all from one round's stream. */
export function playSlotRound(definition: SlotDefinition, draws: DrawStream): SlotRound {
  const base = spinSlot(definition, draws);
  const freeSpins = base.triggered ? Array.from({ length: definition.freeSpins }, () => spinSlot(definition, draws)) : [];
  const multiplier = base.win + freeSpins.reduce((sum, spin) => sum + spin.win, 0) * definition.freeSpinMultiplier;
  return { base, freeSpins, multiplier };
}

const strip = (pattern: string): string[] => pattern.trim().split(/\s+/);

const STANDARD_LINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/** Two published 5×3 video slots. Their exact return is computed by enumeration (`slotRtp`) and served with the paytable. */
export const SLOT_GAMES: Record<string, SlotDefinition> = {
  'house-slot-pharaoh': {
    code: 'house-slot-pharaoh',
    symbols: [
      { id: 'WILD', pays: [125, 500, 2500], kind: 'wild' },
      { id: 'SCATTER', pays: [2, 10, 50], kind: 'scatter' },
      { id: 'PHARAOH', pays: [70, 275, 1350] },
      { id: 'SCARAB', pays: [40, 160, 675] },
      { id: 'ANKH', pays: [27, 110, 400] },
      { id: 'EYE', pays: [22, 70, 270] },
      { id: 'A', pays: [13, 40, 160] },
      { id: 'K', pays: [11, 32, 135] },
      { id: 'Q', pays: [8, 27, 110] },
      { id: 'J', pays: [5, 22, 80] },
    ],
    reels: [
      strip('J Q K A EYE J SCATTER Q K ANKH J Q A SCARAB K J Q EYE A WILD K J Q PHARAOH A K J Q ANKH K'),
      strip('Q J K EYE A Q SCATTER J K ANKH Q J A SCARAB K Q J EYE A WILD K Q J PHARAOH A K Q J ANKH A'),
      strip('K J Q A EYE K SCATTER J Q ANKH K J A SCARAB Q K J EYE A WILD Q K J PHARAOH A Q K J ANKH Q'),
      strip('A J Q K EYE A SCATTER J Q ANKH A J K SCARAB Q A J EYE K WILD Q A J PHARAOH K Q A J ANKH J'),
      strip('J K Q A EYE J SCATTER K Q ANKH J K A SCARAB Q J K EYE A WILD Q J K PHARAOH A Q J K ANKH K'),
    ],
    lines: STANDARD_LINES.slice(0, 10),
    freeSpins: 10,
    freeSpinMultiplier: 2,
    scattersToTrigger: 3,
  },
  'house-slot-fruits': {
    code: 'house-slot-fruits',
    symbols: [
      { id: 'WILD', pays: [125, 475, 2350], kind: 'wild' },
      { id: 'SCATTER', pays: [3, 15, 75], kind: 'scatter' },
      { id: 'SEVEN', pays: [65, 250, 1250] },
      { id: 'BELL', pays: [38, 125, 630] },
      { id: 'MELON', pays: [25, 80, 315] },
      { id: 'GRAPE', pays: [19, 63, 250] },
      { id: 'PLUM', pays: [13, 38, 155] },
      { id: 'ORANGE', pays: [9, 31, 125] },
      { id: 'LEMON', pays: [6, 19, 80] },
      { id: 'CHERRY', pays: [6, 16, 63] },
    ],
    reels: [
      strip(
        'CHERRY LEMON ORANGE PLUM GRAPE CHERRY SCATTER LEMON ORANGE MELON CHERRY LEMON PLUM BELL ORANGE CHERRY LEMON GRAPE PLUM WILD ORANGE CHERRY LEMON SEVEN PLUM ORANGE CHERRY LEMON MELON GRAPE',
      ),
      strip(
        'LEMON CHERRY ORANGE GRAPE PLUM LEMON SCATTER CHERRY ORANGE MELON LEMON CHERRY PLUM BELL ORANGE LEMON CHERRY GRAPE PLUM WILD ORANGE LEMON CHERRY SEVEN PLUM ORANGE LEMON CHERRY MELON PLUM',
      ),
      strip(
        'ORANGE CHERRY LEMON PLUM GRAPE ORANGE SCATTER CHERRY LEMON MELON ORANGE CHERRY PLUM BELL LEMON ORANGE CHERRY GRAPE PLUM WILD LEMON ORANGE CHERRY SEVEN PLUM LEMON ORANGE CHERRY MELON WILD',
      ),
      strip('PLUM CHERRY LEMON ORANGE GRAPE PLUM SCATTER CHERRY LEMON MELON PLUM CHERRY ORANGE BELL LEMON PLUM CHERRY GRAPE ORANGE WILD LEMON PLUM CHERRY SEVEN ORANGE LEMON PLUM CHERRY MELON GRAPE'),
      strip(
        'CHERRY ORANGE LEMON PLUM GRAPE CHERRY SCATTER ORANGE LEMON MELON CHERRY ORANGE PLUM BELL LEMON CHERRY ORANGE GRAPE PLUM WILD LEMON CHERRY ORANGE SEVEN PLUM LEMON CHERRY ORANGE MELON BELL',
      ),
    ],
    lines: STANDARD_LINES,
    freeSpins: 8,
    freeSpinMultiplier: 3,
    scattersToTrigger: 3,
  },
};

export const SLOT_CODES = Object.keys(SLOT_GAMES);

/**
 * The exact return to player of a slot, in total bets per paid spin. Every payline's five symbols are independent
 * across reels and each follows its reel strip's symbol counts, so the line expectation is an enumeration over the
 * distinct symbols per reel weighted by their counts (integer arithmetic, exact); the scatter count is exact from the
 * per-reel chance of a scatter in view; the free spins (no retrigger) add P(trigger) × spins × multiplier × E[spin].
 */
export function slotRtp(definition: SlotDefinition): { base: number; freeSpins: number; total: number; triggerChance: number; lineExpectation: number } {
  const counts = definition.reels.map((reel) => {
    const map = new Map<string, number>();
    for (const id of reel) map.set(id, (map.get(id) ?? 0) + 1);
    return [...map.entries()];
  });
  const combinations = definition.reels.reduce((product, reel) => product * reel.length, 1);
  let lineNumerator = 0;
  const chosen: string[] = [];
  const walk = (reel: number, weight: number) => {
    if (reel === SLOT_REELS) {
      const found = linePay(definition, chosen);
      if (found) lineNumerator += weight * found.pays;
      return;
    }
    for (const [id, count] of counts[reel]!) {
      chosen[reel] = id;
      walk(reel + 1, weight * count);
    }
  };
  walk(0, 1);
  const lineExpectation = lineNumerator / combinations;
  const scatterId = definition.symbols.find((symbol) => symbol.kind === 'scatter')?.id;
  // Scatters are spaced three or more stops apart, so each reel shows at most one: P(reel shows one) = 3·count/length.
  let distribution = [1];
  for (const reel of definition.reels) {
    const chance = (SLOT_ROWS * reel.filter((id) => id === scatterId).length) / reel.length;
    const next = new Array<number>(distribution.length + 1).fill(0);
    distribution.forEach((p, count) => {
      next[count]! += p * (1 - chance);
      next[count + 1]! += p * chance;
    });
    distribution = next;
  }
  const scatterExpectation = distribution.reduce((sum, p, count) => sum + p * slotScatterPays(definition, count), 0);
  const triggerChance = distribution.reduce((sum, p, count) => sum + (count >= definition.scattersToTrigger ? p : 0), 0);
  const spinExpectation = lineExpectation + scatterExpectation;
  const freeSpins = triggerChance * definition.freeSpins * definition.freeSpinMultiplier * spinExpectation;
  return { base: spinExpectation, freeSpins, total: spinExpectation + freeSpins, triggerChance, lineExpectation };
}

/** Verifies the scatter spacing `slotRtp` relies on. */
export function scattersSpaced(definition: SlotDefinition): boolean {
  const scatterId = definition.symbols.find((symbol) => symbol.kind === 'scatter')?.id;
  return definition.reels.every((reel) => {
    const positions = reel.flatMap((id, index) => (id === scatterId ? [index] : []));
    return positions.every((position, index) => {
      const next = positions[(index + 1) % positions.length]!;
      return positions.length === 1 || (next - position + reel.length) % reel.length >= SLOT_ROWS;
    });
  });
}
