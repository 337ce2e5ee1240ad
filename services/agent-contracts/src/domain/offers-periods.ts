import type { ContractPeriod } from '@wps/contracts';

/**
 * Contract periods counted in a brand's time zone: a day starts at local midnight, a week on Monday, a semi-monthly
 * period on the 1st and the 16th, a month on the 1st; hours are local hours and real-time salary runs in 5-minute
 * slices. Every boundary is returned as the UTC instant it falls on.
 */

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** Whether the runtime knows the IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of an instant in a time zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday!] ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(epochMs: number, timeZone: string): number {
  const local = localParts(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

/**
 * The instant a wall-clock time of the zone falls on. Components may overflow (day 32, hour 24): they roll over like
 * `Date.UTC`. A time skipped by a daylight-saving jump maps to the instant after the jump.
 */
export function zonedTime(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(guess, timeZone);
  if (second !== guess) guess = Math.max(guess, second);
  return new Date(guess);
}

const FIVE_MINUTES = 5 * 60_000;

/** The period of the kind that contains `instant`: [start, end). */
export function periodBounds(period: ContractPeriod, instant: Date, timeZone: string): { start: Date; end: Date } {
  if (period === '5min') {
    const start = Math.floor(instant.getTime() / FIVE_MINUTES) * FIVE_MINUTES;
    return { start: new Date(start), end: new Date(start + FIVE_MINUTES) };
  }
  const local = localParts(instant, timeZone);
  const { year, month, day } = local;
  switch (period) {
    case 'hourly':
      return { start: zonedTime(timeZone, year, month, day, local.hour), end: zonedTime(timeZone, year, month, day, local.hour + 1) };
    case 'daily':
      return { start: zonedTime(timeZone, year, month, day), end: zonedTime(timeZone, year, month, day + 1) };
    case 'weekly': {
      const monday = day - local.weekday;
      return { start: zonedTime(timeZone, year, month, monday), end: zonedTime(timeZone, year, month, monday + 7) };
    }
    case 'semi-monthly':
      return day < 16
        ? { start: zonedTime(timeZone, year, month, 1), end: zonedTime(timeZone, year, month, 16) }
        : { start: zonedTime(timeZone, year, month, 16), end: zonedTime(timeZone, year, month + 1, 1) };
    case 'monthly':
      return { start: zonedTime(timeZone, year, month, 1), end: zonedTime(timeZone, year, month + 1, 1) };
  }
}

/** The start of the period after the one containing `instant`: where an accepted offer, or a termination, applies from. */
export const nextPeriodStart = (period: ContractPeriod, instant: Date, timeZone: string): Date => periodBounds(period, instant, timeZone).end;
