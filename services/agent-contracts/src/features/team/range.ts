import { AppError } from '@wps/platform';
import { AGENT_REPORT_MAX_DAYS } from '@wps/contracts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** How a report reads days: a fixed offset from UTC, or a brand's IANA time zone (with its summer time, if any). */
export type ReportClock = { offsetMinutes: number } | { timeZone: string };

/** A report's range: whole days in the brand's time, as UTC instants [start, end). */
export interface ReportRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** Every day of the range, yyyy-MM-dd, in order. */
  days: string[];
  /** The brand's day (yyyy-MM-dd) an instant falls on. */
  dayOf(at: Date): string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at an instant, in minutes (Mexico City: -360). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const name = offsetFormat(timeZone)
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** A clock that a bad zone name cannot break: an unknown zone reads as UTC. */
export function clockOf(timeZoneOffsetMinutes: number | undefined, timeZone: string | undefined): ReportClock {
  if (timeZoneOffsetMinutes !== undefined) return { offsetMinutes: timeZoneOffsetMinutes };
  if (!timeZone) return { offsetMinutes: 0 };
  try {
    offsetFormat(timeZone);
    return { timeZone };
  } catch {
    return { offsetMinutes: 0 };
  }
}

const offsetAt = (clock: ReportClock, at: Date): number => ('timeZone' in clock ? zoneOffsetMinutes(clock.timeZone, at) : clock.offsetMinutes);

/** The brand's day an instant falls on, yyyy-MM-dd. */
export const localDate = (clock: ReportClock, at: Date): string => new Date(at.getTime() + offsetAt(clock, at) * MINUTE_MS).toISOString().slice(0, 10);

/** The instant the brand's day begins. */
function startOfDay(clock: ReportClock, day: string): Date {
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  const first = midnight - offsetAt(clock, new Date(midnight)) * MINUTE_MS;
  return new Date(midnight - offsetAt(clock, new Date(first)) * MINUTE_MS);
}

/**
 * Reads `from`..`to` (both included; both default to today, `to` to today when only `from` is given) in the brand's
 * time. A start after the end, or more than 93 days, is refused.
 */
export function reportRange(input: { from?: string | undefined; to?: string | undefined }, clock: ReportClock, now: Date = new Date()): ReportRange {
  const today = localDate(clock, now);
  const from = input.from || input.to || today;
  const to = input.to || (input.from ? today : from);
  const fromMs = Date.parse(`${from}T00:00:00.000Z`);
  const toMs = Date.parse(`${to}T00:00:00.000Z`);
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw new AppError('AGENT_REPORT_RANGE_INVALID', { field: Number.isNaN(fromMs) ? 'from' : 'to' });
  const dayCount = Math.round((toMs - fromMs) / DAY_MS) + 1;
  if (dayCount < 1) throw new AppError('AGENT_REPORT_RANGE_INVALID', { field: 'from' });
  if (dayCount > AGENT_REPORT_MAX_DAYS) throw new AppError('AGENT_REPORT_RANGE_INVALID', { field: 'to' });
  const days = Array.from({ length: dayCount }, (_, index) => new Date(fromMs + index * DAY_MS).toISOString().slice(0, 10));
  const after = new Date(toMs + DAY_MS).toISOString().slice(0, 10);
  return { from, to, start: startOfDay(clock, from), end: startOfDay(clock, after), days, dayOf: (at) => localDate(clock, at) };
}
