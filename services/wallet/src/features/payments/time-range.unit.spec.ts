import { describe, expect, it } from 'vitest';
import { timeRange } from './time-range.js';

describe('timeRange', () => {
  it('is open on both sides without bounds', () => {
    expect(timeRange()).toEqual({});
  });

  it('takes a bare date as the whole UTC day', () => {
    expect(timeRange('2026-03-01', '2026-03-01')).toEqual({ fromIso: '2026-03-01T00:00:00.000Z', toIsoExclusive: '2026-03-02T00:00:00.000Z' });
  });

  it('keeps a timestamp `to` inclusive and normalises offsets to UTC', () => {
    expect(timeRange('2026-03-01T06:00:00-06:00', '2026-03-02T05:59:59.999Z')).toEqual({
      fromIso: '2026-03-01T12:00:00.000Z',
      toIsoExclusive: '2026-03-02T06:00:00.000Z',
    });
  });
});
