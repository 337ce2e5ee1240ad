import { describe, expect, it } from 'vitest';
import { drawClock, fastSummary, formatDuration, rowPeak, serverOffsetMs, splitEnding, trendRowLabel } from './board';

describe('draw countdown', () => {
  const closesAt = '2026-01-01T10:00:50.000Z';
  const drawAt = '2026-01-01T10:01:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts down to the close and the draw, then says betting closed until the draw', () => {
    expect(drawClock(at('2026-01-01T10:00:00.000Z'), closesAt, drawAt)).toEqual({ phase: 'open', toCloseMs: 50_000, toDrawMs: 60_000 });
    expect(drawClock(at('2026-01-01T10:00:50.000Z'), closesAt, drawAt)).toEqual({ phase: 'closed', toCloseMs: 0, toDrawMs: 10_000 });
    expect(drawClock(at('2026-01-01T10:01:05.000Z'), closesAt, drawAt)).toEqual({ phase: 'drawing', toCloseMs: 0, toDrawMs: 0 });
  });

  it('formats durations as a clock, rounding seconds up', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(8_100)).toBe('0:09');
    expect(formatDuration(245_000)).toBe('4:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });

  it('takes the server offset from the server time', () => {
    expect(serverOffsetMs('2026-01-01T10:00:02.000Z', at('2026-01-01T10:00:00.000Z'))).toBe(2_000);
    expect(serverOffsetMs('not a time', 5)).toBe(0);
  });
});

describe('fast result summaries', () => {
  it('sums the five balls and compares the first with the fifth', () => {
    expect(fastSummary({ family: 'ssc', numbers: [9, 5, 5, 4, 1] })).toEqual({ sum: 24, size: 'big', parity: 'even', dragonTiger: ['dragon'] });
  });
  it('marks triples on the dice', () => {
    expect(fastSummary({ family: 'k3', numbers: [4, 4, 4] })).toMatchObject({ sum: 12, size: 'triple' });
    expect(fastSummary({ family: 'k3', numbers: [1, 2, 3] })).toMatchObject({ sum: 6, size: 'small', parity: 'even' });
  });
  it('reads the first two cars and the five dragon tiger pairs of a race', () => {
    expect(fastSummary({ family: 'pk10', numbers: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1] })).toEqual({ sum: 19, size: null, parity: null, dragonTiger: ['dragon', 'dragon', 'dragon', 'dragon', 'dragon'] });
  });
  it('has nothing to add to a results board', () => {
    expect(fastSummary({ family: 'sea_4d', numbers: [], prizes: [] })).toBeNull();
    expect(splitEnding('12345')).toEqual(['123', '45']);
  });
});

describe('trend rows', () => {
  it('scale their bars by the hottest value and name their position', () => {
    expect(rowPeak({ kind: 'ball', position: 2, counts: [0, 6, 1], missing: [3, 0, 1] })).toBe(6);
    expect(rowPeak({ kind: 'all', position: null, counts: [0, 0], missing: [3, 3] })).toBe(1);
    expect(trendRowLabel({ kind: 'ball', position: 2, counts: [], missing: [] })).toEqual(['lp_trend_ball', { n: 2 }]);
    expect(trendRowLabel({ kind: 'de', position: null, counts: [], missing: [] })).toEqual(['lp_trend_de', {}]);
  });
});
