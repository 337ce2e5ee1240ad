import { describe, expect, it } from 'vitest';
import { BP, returnBp, rouletteNumbers, validSpot } from './games.js';

/** Every inside bet of a European felt, with the numbers it covers and its standard payout. */
describe('roulette inside bets', () => {
  const pays = (spot: string, number: number) => returnBp('roulette', spot, { number });
  const paidToOne = (spot: string, number: number) => pays(spot, number) / BP - 1;

  it('splits: every adjacent pair on the felt and zero with 1, 2 and 3, at 17:1', () => {
    const splits: string[] = [];
    for (let n = 1; n <= 36; n++) {
      if (n % 3 !== 0) splits.push(`split-${n}-${n + 1}`);
      if (n <= 33) splits.push(`split-${n}-${n + 3}`);
    }
    splits.push('split-0-1', 'split-0-2', 'split-0-3');
    // 24 vertical, 33 horizontal, 3 with zero: the 60 splits of a European table.
    expect(splits).toHaveLength(60);
    for (const spot of splits) {
      const numbers = rouletteNumbers(spot)!;
      expect(numbers, spot).toHaveLength(2);
      for (const number of numbers) expect(paidToOne(spot, number), spot).toBe(17);
    }
    expect(paidToOne('split-17-20', 20)).toBe(17);
    expect(pays('split-17-20', 18)).toBe(0);
    for (const bad of ['split-3-4', 'split-20-17', 'split-1-5', 'split-0-4', 'split-36-39', 'split-07-10']) expect(rouletteNumbers(bad), bad).toBeUndefined();
  });

  it('streets and the two trios with zero pay 11:1', () => {
    expect(rouletteNumbers('street-13')).toEqual([13, 14, 15]);
    expect(paidToOne('street-13', 15)).toBe(11);
    expect(pays('street-13', 16)).toBe(0);
    expect(rouletteNumbers('trio-1')).toEqual([0, 1, 2]);
    expect(rouletteNumbers('trio-2')).toEqual([0, 2, 3]);
    expect(paidToOne('trio-2', 0)).toBe(11);
    expect(rouletteNumbers('street-14')).toBeUndefined();
    expect(rouletteNumbers('trio-3')).toBeUndefined();
  });

  it('corners and the first four (0-1-2-3) pay 8:1', () => {
    expect(rouletteNumbers('corner-17')).toEqual([17, 18, 20, 21]);
    for (const number of [17, 18, 20, 21]) expect(paidToOne('corner-17', number)).toBe(8);
    expect(pays('corner-17', 19)).toBe(0);
    // A corner is named by its lowest number, which cannot sit in the top row or the last street.
    expect(rouletteNumbers('corner-3')).toBeUndefined();
    expect(rouletteNumbers('corner-34')).toBeUndefined();
    expect(rouletteNumbers('first-four')).toEqual([0, 1, 2, 3]);
    for (const number of [0, 1, 2, 3]) expect(paidToOne('first-four', number)).toBe(8);
    expect(pays('first-four', 4)).toBe(0);
    // 22 corners on the 1–36 grid.
    expect(Array.from({ length: 36 }, (_, index) => `corner-${index + 1}`).filter((spot) => rouletteNumbers(spot))).toHaveLength(22);
  });

  it('six-lines pay 5:1 and end at 31-36', () => {
    expect(rouletteNumbers('line-31')).toEqual([31, 32, 33, 34, 35, 36]);
    expect(paidToOne('line-31', 36)).toBe(5);
    expect(paidToOne('line-1', 6)).toBe(5);
    expect(pays('line-1', 7)).toBe(0);
    expect(rouletteNumbers('line-34')).toBeUndefined();
    expect(rouletteNumbers('line-2')).toBeUndefined();
  });

  it('takes only canonical spot ids', () => {
    for (const spot of ['first-four', 'trio-1', 'line-7', 'corner-1', 'split-0-3', 'straight-0']) expect(validSpot('roulette', spot), spot).toBe(true);
    for (const spot of ['first-four-1', 'basket', 'straight-07', 'street-1-2', 'corner', 'toString', '__proto__', 'constructor']) expect(validSpot('roulette', spot), spot).toBe(false);
  });
});
