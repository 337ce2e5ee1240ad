import type { ContractPeriod } from '@wps/contracts';

/**
 * Time in a brand's IANA time zone, and the periods contracts are settled in: real-time salary every 5 minutes, local
 * hours, days from local midnight, weeks from Monday, half-months (1st–15th, 16th–end) and months. A period is
 * [start, end), every boundary given as the instant it falls on, so days around a daylight-saving change have 23 or
 * 25 hours.
 */

/** How often a contract kind is settled. */
export type PeriodType = ContractPeriod;

export interface Period {
  start: Date;
  end: Date;
}

/** A wall-clock date and time; components may overflow (day 32, hour 24) and roll over like `Date.UTC`. */
export interface WallTime {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour?: number;
  minute?: number;
}

/** The wall-clock reading of an instant in a time zone. */
export interface LocalTime extends Required<WallTime> {
  second: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const FIVE_MINUTES_MS = 5 * MINUTE_MS;
const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

const formatters = new Map<string, Intl.DateTimeFormat>();
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
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(epochMs: number, timeZone: string): number {
  const local = localTime(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

/** The zone's offset from UTC at an instant, in minutes (Mexico City: -360). */
export const zoneOffsetMinutes = (timeZone: string, at: Date): number => Math.round(offsetAt(at.getTime(), timeZone) / MINUTE_MS);

/**
 * The instant a wall-clock time of the zone falls on. A time the clock shows twice, when it goes back, is its first
 * occurrence; a time it skips, when it goes forward, is read with the offset from before the jump (02:30 on a day that
 * jumps from 02:00 to 03:00 is 03:30).
 */
export function zonedInstant(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0);
  const before = offsetAt(asUtc - DAY_MS, timeZone);
  const after = offsetAt(asUtc + DAY_MS, timeZone);
  const fitting = [asUtc - before, asUtc - after].filter((candidate) => offsetAt(candidate, timeZone) === asUtc - candidate);
  return new Date(fitting.length > 0 ? Math.min(...fitting) : asUtc - before);
}

/** The period of the type that contains the instant, in the zone. */
export function periodContaining(type: PeriodType, instant: Date, timeZone: string): Period {
  if (type === '5min') {
    // Slices of the UTC clock: they are the zone's own 5-minute slices, every zone's offset being whole 5 minutes.
    const start = Math.floor(instant.getTime() / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
    return { start: new Date(start), end: new Date(start + FIVE_MINUTES_MS) };
  }
  const { year, month, day, hour, weekday } = localTime(instant, timeZone);
  const at = (d: number, h = 0): Date => zonedInstant({ year, month, day: d, hour: h }, timeZone);
  const monthStart = (m: number): Date => zonedInstant({ year, month: m, day: 1 }, timeZone);
  switch (type) {
    case 'hourly':
      return { start: at(day, hour), end: at(day, hour + 1) };
    case 'daily':
      return { start: at(day), end: at(day + 1) };
    case 'weekly':
      return { start: at(day - weekday), end: at(day - weekday + 7) };
    case 'semi-monthly':
      return day <= 15 ? { start: monthStart(month), end: at(16) } : { start: at(16), end: monthStart(month + 1) };
    case 'monthly':
      return { start: monthStart(month), end: monthStart(month + 1) };
  }
}

/** The period right after the given one. */
export const nextPeriod = (type: PeriodType, period: Period, timeZone: string): Period => periodContaining(type, period.end, timeZone);

/** The start of the period after the one containing the instant: where an accepted offer, or a termination, applies from. */
export const nextPeriodStart = (type: PeriodType, instant: Date, timeZone: string): Date => periodContaining(type, instant, timeZone).end;

/** Whether two instants fall in the same calendar month of the zone. */
export function sameMonth(a: Date, b: Date, timeZone: string): boolean {
  const x = localTime(a, timeZone);
  const y = localTime(b, timeZone);
  return x.year === y.year && x.month === y.month;
}

/** A clock to read local dates by: a brand's IANA time zone, or a fixed offset from UTC in minutes (east positive). */
export type LocalClock = { timeZone: string } | { offsetMinutes: number };

const clockOffsetMinutes = (clock: LocalClock, at: Date): number => ('timeZone' in clock ? zoneOffsetMinutes(clock.timeZone, at) : clock.offsetMinutes);

/** The local date (yyyy-MM-dd) an instant falls on. */
export const localDate = (clock: LocalClock, at: Date): string => new Date(at.getTime() + clockOffsetMinutes(clock, at) * MINUTE_MS).toISOString().slice(0, 10);

/** The instant a local date (yyyy-MM-dd) begins. */
export function localDateStart(clock: LocalClock, date: string): Date {
  const midnight = new Date(Date.parse(`${date}T00:00:00.000Z`));
  if ('offsetMinutes' in clock) return new Date(midnight.getTime() - clock.offsetMinutes * MINUTE_MS);
  return zonedInstant({ year: midnight.getUTCFullYear(), month: midnight.getUTCMonth() + 1, day: midnight.getUTCDate() }, clock.timeZone);
}
