/**
 * Settlement periods in a brand's time zone: real-time salary every 5 minutes, hourly, daily, and the dividend's
 * daily, weekly (from Monday), semi-monthly (1st–15th, 16th–end) and monthly periods. A period is [start, end).
 */

export type PeriodType = '5min' | 'hourly' | 'daily' | 'weekly' | 'semi-monthly' | 'monthly';

export interface Period {
  start: Date;
  end: Date;
}

interface LocalTime {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string): Intl.DateTimeFormat => {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, found);
  }
  return found;
};

/** The wall-clock time in the zone at an instant. */
export function localTime(instant: Date, timeZone: string): LocalTime & { second: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute), second: Number(parts.second) };
}

/** The instant a wall-clock time in the zone names (the earlier one when a clock change repeats it). */
export function zonedInstant(local: LocalTime, timeZone: string): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  let guess = asUtc;
  for (let i = 0; i < 3; i++) {
    const seen = localTime(new Date(guess), timeZone);
    const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
    const next = guess + (asUtc - seenUtc);
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The local start of the period containing a local time. */
function localStart(type: PeriodType, t: LocalTime): LocalTime {
  switch (type) {
    case '5min':
      return { ...t, minute: t.minute - (t.minute % 5) };
    case 'hourly':
      return { ...t, minute: 0 };
    case 'daily':
      return { ...t, hour: 0, minute: 0 };
    case 'weekly': {
      const weekday = (new Date(Date.UTC(t.year, t.month - 1, t.day)).getUTCDay() + 6) % 7; // Monday = 0
      const monday = new Date(Date.UTC(t.year, t.month - 1, t.day - weekday));
      return { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate(), hour: 0, minute: 0 };
    }
    case 'semi-monthly':
      return { ...t, day: t.day <= 15 ? 1 : 16, hour: 0, minute: 0 };
    case 'monthly':
      return { ...t, day: 1, hour: 0, minute: 0 };
  }
}

/** The local start of the period after the one starting at `start`. */
function localNext(type: PeriodType, start: LocalTime): LocalTime {
  const plus = (days: number, hours = 0, minutes = 0): LocalTime => {
    const d = new Date(Date.UTC(start.year, start.month - 1, start.day + days, start.hour + hours, start.minute + minutes));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
  };
  switch (type) {
    case '5min':
      return plus(0, 0, 5);
    case 'hourly':
      return plus(0, 1);
    case 'daily':
      return plus(1);
    case 'weekly':
      return plus(7);
    case 'semi-monthly':
      return start.day === 1 ? { ...start, day: 16 } : plus(daysInMonth(start.year, start.month) - start.day + 1);
    case 'monthly':
      return plus(daysInMonth(start.year, start.month) - start.day + 1);
  }
}

/** The period of the given type that contains the instant, in the zone. */
export function periodContaining(type: PeriodType, instant: Date, timeZone: string): Period {
  if (type === '5min' || type === 'hourly') {
    // Fixed lengths aligned on the zone's clock; zones with whole-hour offsets align them on UTC as well.
    const start = localStart(type, localTime(instant, timeZone));
    const startInstant = zonedInstant(start, timeZone);
    const length = type === '5min' ? 5 * 60_000 : 3_600_000;
    const aligned = startInstant.getTime() > instant.getTime() ? new Date(startInstant.getTime() - length) : startInstant;
    return { start: aligned, end: new Date(aligned.getTime() + length) };
  }
  const start = localStart(type, localTime(instant, timeZone));
  return { start: zonedInstant(start, timeZone), end: zonedInstant(localNext(type, start), timeZone) };
}

/** The period right after the given one. */
export const nextPeriod = (type: PeriodType, period: Period, timeZone: string): Period => periodContaining(type, period.end, timeZone);

/** Whether two instants fall in the same calendar month of the zone. */
export function sameMonth(a: Date, b: Date, timeZone: string): boolean {
  const x = localTime(a, timeZone);
  const y = localTime(b, timeZone);
  return x.year === y.year && x.month === y.month;
}
