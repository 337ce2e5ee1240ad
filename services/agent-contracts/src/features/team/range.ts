import { AppError } from '@wps/platform';
import { AGENT_REPORT_MAX_DAYS } from '@wps/contracts';
import { isTimeZone, localDate, localDateStart, type LocalClock } from '../../domain/periods.js';

const DAY_MS = 86_400_000;

/** How a report reads days: a fixed offset from UTC, or a brand's IANA time zone (with its summer time, if any). */
export type ReportClock = LocalClock;

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

/** A clock that a bad zone name cannot break: an unknown zone reads as UTC. */
export function clockOf(timeZoneOffsetMinutes: number | undefined, timeZone: string | undefined): ReportClock {
  if (timeZoneOffsetMinutes !== undefined) return { offsetMinutes: timeZoneOffsetMinutes };
  return timeZone && isTimeZone(timeZone) ? { timeZone } : { offsetMinutes: 0 };
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
  return { from, to, start: localDateStart(clock, from), end: localDateStart(clock, after), days, dayOf: (at) => localDate(clock, at) };
}
