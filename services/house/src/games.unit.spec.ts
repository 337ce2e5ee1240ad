import { describe, expect, it } from 'vitest';
import {
  DICE_OUTCOMES,
  diceMultiplier,
  diceWinningRolls,
  evaluateSlotStops,
  linePay,
  minesMultiplier,
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoMultipliers,
  plinkoRtp,
  scattersSpaced,
  SLOT_GAMES,
  slotRtp,
  type SlotDefinition,
} from '@wps/contracts';

/** A slot small enough to enumerate every reel-stop combination, checking the per-symbol enumeration against it. */
const TINY: SlotDefinition = {
  code: 'tiny',
  symbols: [
    { id: 'W', pays: [10, 30, 100], kind: 'wild' },
    { id: 'S', pays: [2, 5, 20], kind: 'scatter' },
    { id: 'A', pays: [3, 8, 25] },
    { id: 'B', pays: [1, 4, 10] },
  ],
  reels: [
    ['A', 'B', 'S', 'A', 'W', 'B', 'A'],
    ['B', 'A', 'A', 'S', 'B', 'W'],
    ['A', 'W', 'B', 'B', 'S', 'A', 'A'],
    ['S', 'A', 'B', 'W', 'A', 'B'],
    ['A', 'B', 'S', 'A', 'B', 'W', 'A'],
  ],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
  ],
  freeSpins: 5,
  freeSpinMultiplier: 2,
  scattersToTrigger: 3,
};

function bruteForce(definition: SlotDefinition): { spin: number; trigger: number } {
  const lengths = definition.reels.map((reel) => reel.length);
  let spin = 0;
  let trigger = 0;
  let total = 0;
  const stops = [0, 0, 0, 0, 0];
  const walk = (reel: number) => {
    if (reel === 5) {
      const result = evaluateSlotStops(definition, [...stops]);
      spin += result.win;
      if (result.triggered) trigger++;
      total++;
      return;
    }
    for (let stop = 0; stop < lengths[reel]!; stop++) {
      stops[reel] = stop;
      walk(reel + 1);
    }
  };
  walk(0);
  return { spin: spin / total, trigger: trigger / total };
}

describe('slots: the published return, computed exactly', () => {
  it('pays the leading run of a symbol with wilds substituting, or a wild run when it pays more', () => {
    const pharaoh = SLOT_GAMES['house-slot-pharaoh']!;
    expect(linePay(pharaoh, ['A', 'A', 'A', 'K', 'A'])).toEqual({ symbol: 'A', count: 3, pays: 13 });
    expect(linePay(pharaoh, ['WILD', 'A', 'WILD', 'A', 'J'])).toEqual({ symbol: 'A', count: 4, pays: 40 });
    expect(linePay(pharaoh, ['WILD', 'WILD', 'WILD', 'J', 'Q'])).toEqual({ symbol: 'WILD', count: 3, pays: 125 });
    expect(linePay(pharaoh, ['SCATTER', 'A', 'A', 'A', 'A'])).toBeUndefined();
    expect(linePay(pharaoh, ['A', 'K', 'A', 'A', 'A'])).toBeUndefined();
  });

  it('agrees with a brute-force enumeration of every reel-stop combination of a small slot', () => {
    expect(scattersSpaced(TINY)).toBe(true);
    const exact = slotRtp(TINY);
    const brute = bruteForce(TINY);
    expect(exact.base).toBeCloseTo(brute.spin, 12);
    expect(exact.triggerChance).toBeCloseTo(brute.trigger, 12);
    expect(exact.total).toBeCloseTo(brute.spin * (1 + brute.trigger * TINY.freeSpins * TINY.freeSpinMultiplier), 12);
  });

  it('publishes both video slots: 5×3, 10+ lines, wilds, scatters, free spins, and their exact return', () => {
    const published: Record<string, number> = { 'house-slot-pharaoh': 0.965889, 'house-slot-fruits': 0.967459 };
    for (const definition of Object.values(SLOT_GAMES)) {
      expect(definition.reels).toHaveLength(5);
      expect(definition.lines.length).toBeGreaterThanOrEqual(10);
      expect(definition.symbols.some((symbol) => symbol.kind === 'wild')).toBe(true);
      expect(definition.symbols.some((symbol) => symbol.kind === 'scatter')).toBe(true);
      expect(definition.freeSpins).toBeGreaterThan(0);
      expect(scattersSpaced(definition)).toBe(true);
      for (const line of definition.lines) expect(line.every((row) => row >= 0 && row <= 2)).toBe(true);
      expect(slotRtp(definition).total).toBeCloseTo(published[definition.code]!, 6);
    }
  });
});

describe('dice, mines and plinko: the edge', () => {
  it('keeps every dice target at a 1 % edge or more', () => {
    for (const direction of ['over', 'under'] as const) {
      for (let target = 100; target <= 9_800; target += 7) {
        const chance = diceWinningRolls(direction, target) / DICE_OUTCOMES;
        if (chance < 0.01 || chance > 0.98) continue;
        const returnedBp = diceWinningRolls(direction, target) * Math.round(diceMultiplier(direction, target) * 10_000);
        expect(returnedBp).toBeLessThanOrEqual(9_900 * DICE_OUTCOMES);
        expect(returnedBp).toBeGreaterThan(9_890 * DICE_OUTCOMES);
      }
    }
    expect(diceMultiplier('under', 5_000)).toBe(1.98);
  });

  it('pays mines at (1 − edge) over the survival chance', () => {
    expect(minesMultiplier(3, 0)).toBe(1);
    expect(minesMultiplier(3, 1)).toBe(1.125);
    expect(minesMultiplier(1, 24)).toBe(24.75);
    expect(minesMultiplier(24, 1)).toBe(24.75);
  });

  it('publishes symmetric plinko tables with an exact return between 98 % and 99 %', () => {
    for (const risk of PLINKO_RISKS) {
      for (const rows of PLINKO_ROWS) {
        const table = plinkoMultipliers(rows, risk);
        expect(table).toHaveLength(rows + 1);
        expect(table).toEqual([...table].reverse());
        const rtp = plinkoRtp(rows, risk);
        expect(rtp).toBeLessThanOrEqual(0.99);
        expect(rtp).toBeGreaterThan(0.98);
      }
    }
  });
});
