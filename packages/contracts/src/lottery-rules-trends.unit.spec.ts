import { describe, expect, it } from 'vitest';
import { lotteryTrendTable, type LotteryOutcome } from './lottery-rules.js';

describe('lottery trends', () => {
  it('counts each digit per ball position and over all, newest first for the misses, leaving other families out', () => {
    const results: LotteryOutcome[] = [
      { family: 'ssc', numbers: [1, 2, 3, 4, 5] },
      { family: 'ssc', numbers: [1, 1, 1, 1, 1] },
      { family: 'k3', numbers: [1, 1, 1] },
    ];
    const table = lotteryTrendTable('ssc', results);
    expect(table.draws).toBe(2);
    expect(table.values).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(table.rows).toHaveLength(6);
    expect(table.rows[0]).toEqual({ kind: 'ball', position: 1, counts: [0, 2, 0, 0, 0, 0, 0, 0, 0, 0], missing: [2, 0, 2, 2, 2, 2, 2, 2, 2, 2] });
    expect(table.rows[1]!.missing[1]).toBe(1);
    expect(table.rows[5]).toMatchObject({ kind: 'all', position: null });
    expect(table.rows[5]!.counts.slice(0, 6)).toEqual([0, 6, 1, 1, 1, 1]);
  });

  it('counts every die face for k3, with how long each face has been missing', () => {
    const table = lotteryTrendTable('k3', [
      { family: 'k3', numbers: [1, 1, 6] },
      { family: 'k3', numbers: [2, 3, 6] },
    ]);
    expect(table.values).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(table.rows).toEqual([{ kind: 'all', position: null, counts: [2, 1, 1, 0, 0, 2], missing: [0, 1, 1, 2, 2, 0] }]);
  });

  it('counts cars per position for the race, with two-digit labels', () => {
    const table = lotteryTrendTable('pk10', [{ family: 'pk10', numbers: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1] }]);
    expect(table.values[9]).toBe('10');
    expect(table.rows).toHaveLength(10);
    expect(table.rows[0]).toMatchObject({ kind: 'place', position: 1 });
    expect(table.rows[0]!.counts[9]).toBe(1);
  });

  it('counts the last two digits of every prize and of the special prize for the Vietnamese draws', () => {
    const outcome: LotteryOutcome = {
      family: 'vn_north',
      numbers: ['12345', '99945', '07'],
      prizes: [
        { tier: 'special', numbers: ['12345'] },
        { tier: 'first', numbers: ['99945'] },
        { tier: 'seventh', numbers: ['07'] },
      ],
    };
    const table = lotteryTrendTable('vn_north', [outcome]);
    expect(table.layout).toBe('grid');
    expect(table.values).toHaveLength(100);
    expect(table.rows.map((row) => row.kind)).toEqual(['lo', 'de']);
    expect(table.rows[0]!.counts[45]).toBe(2);
    expect(table.rows[0]!.counts[7]).toBe(1);
    expect(table.rows[1]!.counts[45]).toBe(1);
    expect(table.rows[1]!.counts[7]).toBe(0);
    expect(table.rows[1]!.missing[7]).toBe(1);
  });

  it('counts each digit per place for 4D', () => {
    const table = lotteryTrendTable('sea_4d', [{ family: 'sea_4d', numbers: ['1234', '1000'], prizes: [] }]);
    expect(table.rows).toHaveLength(4);
    expect(table.rows[0]!.counts[1]).toBe(2);
    expect(table.rows[3]!.counts[4]).toBe(1);
    expect(table.rows[3]!.counts[0]).toBe(1);
  });
});
