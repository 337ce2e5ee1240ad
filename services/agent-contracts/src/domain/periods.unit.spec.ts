import { describe, expect, it } from 'vitest';
import { contractPeriodSchema } from '@wps/contracts';
import { isTimeZone, localDate, localDateStart, localTime, nextPeriod, nextPeriodStart, periodContaining, sameMonth, zonedInstant, zoneOffsetMinutes, type PeriodType } from './periods.js';

// Mexico City is UTC-6 all year (no daylight saving since 2022).
const MX = 'America/Mexico_City';
const NY = 'America/New_York';

describe('wall-clock time in a time zone', () => {
  it('reads an instant in the zone, and knows which zones exist', () => {
    // Sunday 1 March 2026, 23:00 local = Monday 05:00 UTC.
    expect(localTime(new Date('2026-03-02T05:00:00Z'), MX)).toEqual({ year: 2026, month: 3, day: 1, hour: 23, minute: 0, second: 0, weekday: 6 });
    expect(zoneOffsetMinutes(MX, new Date('2026-03-10T03:00:00.000Z'))).toBe(-360);
    expect(zoneOffsetMinutes('Asia/Kolkata', new Date('2026-03-10T03:00:00.000Z'))).toBe(330);
    expect(isTimeZone(MX)).toBe(true);
    expect(isTimeZone('Not/AZone')).toBe(false);
  });

  it('finds the instant of a local time across clock changes', () => {
    expect(zonedInstant({ year: 2026, month: 3, day: 10, hour: 0 }, MX)).toEqual(new Date('2026-03-10T06:00:00Z'));
    // Skipped: New York jumps from 02:00 to 03:00 on 8 March 2026, so 02:30 reads as 03:30.
    expect(zonedInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // Repeated: 01:30 happens twice in New York on 1 November 2026, and 02:30 twice in Madrid on 25 October 2026.
    expect(zonedInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Madrid').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('reads local dates at a fixed offset or in a zone', () => {
    const at = new Date('2026-03-10T03:00:00.000Z');
    expect(localDate({ offsetMinutes: -360 }, at)).toBe('2026-03-09');
    expect(localDate({ offsetMinutes: 0 }, at)).toBe('2026-03-10');
    expect(localDate({ timeZone: MX }, at)).toBe('2026-03-09');
    expect(localDateStart({ offsetMinutes: -360 }, '2026-03-01')).toEqual(new Date('2026-03-01T06:00:00Z'));
    expect(localDateStart({ timeZone: 'Europe/Madrid' }, '2026-03-29')).toEqual(new Date('2026-03-28T23:00:00Z'));
    expect(localDateStart({ timeZone: 'Europe/Madrid' }, '2026-03-30')).toEqual(new Date('2026-03-29T22:00:00Z'));
  });
});

describe('periods in the brand’s time zone', () => {
  it('has the period types contracts are settled in', () => {
    const types: PeriodType[] = contractPeriodSchema.options;
    expect([...types].sort()).toEqual(['5min', 'daily', 'hourly', 'monthly', 'semi-monthly', 'weekly']);
  });

  it('starts a day at local midnight', () => {
    const late = new Date('2026-03-10T05:59:59Z'); // 23:59:59 on the 9th, local
    expect(periodContaining('daily', late, MX)).toEqual({ start: new Date('2026-03-09T06:00:00Z'), end: new Date('2026-03-10T06:00:00Z') });
    expect(nextPeriodStart('daily', new Date('2026-03-10T06:00:00Z'), MX)).toEqual(new Date('2026-03-11T06:00:00Z'));
  });

  it('cuts days, weeks, half-months and months at local midnight', () => {
    const at = new Date('2026-03-16T03:00:00Z'); // 15 March, 21:00 local
    expect(periodContaining('daily', at, MX)).toEqual({ start: new Date('2026-03-15T06:00:00Z'), end: new Date('2026-03-16T06:00:00Z') });
    expect(periodContaining('semi-monthly', at, MX)).toEqual({ start: new Date('2026-03-01T06:00:00Z'), end: new Date('2026-03-16T06:00:00Z') });
    expect(nextPeriod('semi-monthly', periodContaining('semi-monthly', at, MX), MX)).toEqual({ start: new Date('2026-03-16T06:00:00Z'), end: new Date('2026-04-01T06:00:00Z') });
    expect(periodContaining('monthly', at, MX)).toEqual({ start: new Date('2026-03-01T06:00:00Z'), end: new Date('2026-04-01T06:00:00Z') });
    expect(periodContaining('weekly', at, MX)).toEqual({ start: new Date('2026-03-09T06:00:00Z'), end: new Date('2026-03-16T06:00:00Z') });
  });

  it('splits a month on the 1st and the 16th, the second half running to the month’s end', () => {
    expect(periodContaining('semi-monthly', new Date('2026-02-15T23:00:00Z'), MX)).toEqual({
      start: new Date('2026-02-01T06:00:00Z'),
      end: new Date('2026-02-16T06:00:00Z'),
    });
    // 00:30 local on the 16th is already the second half.
    expect(periodContaining('semi-monthly', new Date('2026-02-16T06:30:00Z'), MX)).toEqual({
      start: new Date('2026-02-16T06:00:00Z'),
      end: new Date('2026-03-01T06:00:00Z'),
    });
    // 23:00 local on 31 December is still December: the next half starts on 1 January.
    expect(nextPeriodStart('semi-monthly', new Date('2027-01-01T05:00:00Z'), MX)).toEqual(new Date('2027-01-01T06:00:00Z'));
    expect(nextPeriodStart('monthly', new Date('2026-12-20T00:00:00Z'), MX)).toEqual(new Date('2027-01-01T06:00:00Z'));
  });

  it('starts a week on Monday, local time', () => {
    // Sunday 1 March 2026, 23:00 local = Monday 05:00 UTC: still the week that began Monday 23 February.
    const sundayNight = new Date('2026-03-02T05:00:00Z');
    expect(localTime(sundayNight, MX)).toMatchObject({ day: 1, hour: 23, weekday: 6 });
    expect(periodContaining('weekly', sundayNight, MX)).toEqual({ start: new Date('2026-02-23T06:00:00Z'), end: new Date('2026-03-02T06:00:00Z') });
    expect(nextPeriodStart('weekly', new Date('2026-03-02T06:00:00Z'), MX)).toEqual(new Date('2026-03-09T06:00:00Z'));
  });

  it('counts hours and 5-minute slices', () => {
    expect(periodContaining('hourly', new Date('2026-03-10T12:34:56Z'), MX)).toEqual({ start: new Date('2026-03-10T12:00:00Z'), end: new Date('2026-03-10T13:00:00Z') });
    expect(periodContaining('hourly', new Date('2026-03-10T12:34:56Z'), 'Asia/Kolkata')).toEqual({
      start: new Date('2026-03-10T12:30:00Z'),
      end: new Date('2026-03-10T13:30:00Z'),
    });
    expect(periodContaining('5min', new Date('2026-03-10T12:34:56Z'), MX)).toEqual({ start: new Date('2026-03-10T12:30:00Z'), end: new Date('2026-03-10T12:35:00Z') });
    expect(periodContaining('5min', new Date('2026-03-16T03:07:30Z'), MX)).toEqual({ start: new Date('2026-03-16T03:05:00Z'), end: new Date('2026-03-16T03:10:00Z') });
    expect(periodContaining('hourly', new Date('2026-03-16T03:07:30Z'), MX)).toEqual({ start: new Date('2026-03-16T03:00:00Z'), end: new Date('2026-03-16T04:00:00Z') });
  });

  it('tells whether two instants fall in the same local month', () => {
    expect(sameMonth(new Date('2026-04-01T05:59:00Z'), new Date('2026-03-20T00:00:00Z'), MX)).toBe(true);
    expect(sameMonth(new Date('2026-04-01T06:00:00Z'), new Date('2026-03-20T00:00:00Z'), MX)).toBe(false);
  });

  it('follows daylight saving where the zone has it', () => {
    // New York springs forward on 8 March 2026: that day has 23 hours.
    expect(periodContaining('daily', new Date('2026-03-08T15:00:00Z'), NY)).toEqual({ start: new Date('2026-03-08T05:00:00Z'), end: new Date('2026-03-09T04:00:00Z') });
    // So does Madrid on 29 March 2026.
    expect(periodContaining('daily', new Date('2026-03-29T12:00:00Z'), 'Europe/Madrid')).toEqual({ start: new Date('2026-03-28T23:00:00Z'), end: new Date('2026-03-29T22:00:00Z') });
    // New York falls back on 1 November 2026: that day has 25 hours, and its local hour 01:00 lasts two.
    expect(periodContaining('daily', new Date('2026-11-01T12:00:00Z'), NY)).toEqual({ start: new Date('2026-11-01T04:00:00Z'), end: new Date('2026-11-02T05:00:00Z') });
    expect(periodContaining('hourly', new Date('2026-11-01T06:30:00Z'), NY)).toEqual({ start: new Date('2026-11-01T05:00:00Z'), end: new Date('2026-11-01T07:00:00Z') });
  });

  it('lays periods end to end, each holding the instants it was found from, across clock changes', () => {
    const zones = [MX, NY, 'Europe/Madrid', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago'];
    const types: PeriodType[] = ['5min', 'hourly', 'daily', 'weekly', 'semi-monthly', 'monthly'];
    const stretches = ['2026-03-07T00:00:00Z', '2026-03-28T00:00:00Z', '2026-04-04T00:00:00Z', '2026-09-05T00:00:00Z', '2026-10-03T00:00:00Z', '2026-10-24T00:00:00Z', '2026-10-31T00:00:00Z'];
    for (const zone of zones) {
      for (const type of types) {
        for (const from of stretches) {
          let period = periodContaining(type, new Date(from), zone);
          const until = Date.parse(from) + 3 * 86_400_000;
          while (period.start.getTime() < until) {
            expect(period.end.getTime()).toBeGreaterThan(period.start.getTime());
            for (const at of [period.start.getTime(), period.end.getTime() - 1, Math.floor((period.start.getTime() + period.end.getTime()) / 2)]) {
              expect(periodContaining(type, new Date(at), zone)).toEqual(period);
            }
            const next = nextPeriod(type, period, zone);
            expect(next.start).toEqual(period.end);
            period = next;
          }
        }
      }
    }
  });
});
