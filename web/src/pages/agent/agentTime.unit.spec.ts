import { describe, expect, it } from 'vitest';
import { addDays, brandClock, gmtOffsetLabel, lastDays, parseDay, rangeInstants, shiftDays } from './agentTime';

describe('brand time', () => {
  it('labels the brand zone offset, with minutes only when there are some', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(gmtOffsetLabel('America/Mexico_City', winter)).toBe('GMT-6');
    expect(gmtOffsetLabel('Asia/Kolkata', winter)).toBe('GMT+5:30');
    expect(gmtOffsetLabel('UTC', winter)).toBe('GMT+0');
    expect(gmtOffsetLabel('Not/AZone', winter)).toBe('GMT+0');
    // Summer time moves the offset.
    expect(gmtOffsetLabel('Europe/Madrid', new Date('2026-07-01T12:00:00Z'))).toBe('GMT+2');
  });

  it('shows the clock in the brand zone', () => {
    expect(brandClock('America/Mexico_City', new Date('2026-01-15T05:04:03Z'))).toBe('2026-01-14 23:04:03');
  });
});

describe('report ranges', () => {
  it('moves days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('gives the last n days ending today', () => {
    expect(lastDays('2026-11-25', 7)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(lastDays('2026-11-25', 30)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
  });

  it('moves to the days just before or after the range, never past today', () => {
    const week = { from: '2026-11-19', to: '2026-11-25' };
    expect(shiftDays(week, 7, -1, '2026-11-25')).toEqual({ from: '2026-11-12', to: '2026-11-18' });
    expect(shiftDays(week, 30, -1, '2026-11-25')).toEqual({ from: '2026-10-20', to: '2026-11-18' });
    expect(shiftDays(week, 7, 1, '2026-11-25')).toEqual(week);
    expect(shiftDays({ from: '2026-11-12', to: '2026-11-18' }, 7, 1, '2026-11-25')).toEqual(week);
    expect(shiftDays({ from: '2026-11-01', to: '2026-11-10' }, 30, 1, '2026-11-25')).toEqual({ from: '2026-11-11', to: '2026-11-25' });
  });

  it('accepts only well-formed days', () => {
    expect(parseDay('2026-11-25')).toBe('2026-11-25');
    expect(parseDay('2026-13-45')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });

  it('turns brand days into instants at the brand offset', () => {
    expect(rangeInstants({ from: '2026-11-01', to: '2026-11-07' }, -360)).toEqual({ from: '2026-11-01T00:00:00-06:00', to: '2026-11-07T23:59:59.999-06:00' });
    expect(rangeInstants({ from: '2026-11-01', to: '2026-11-01' }, 330).from).toBe('2026-11-01T00:00:00+05:30');
  });
});
