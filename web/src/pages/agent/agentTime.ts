/** Brand time for the agent centre: the header's GMT offset and clock, and the report pages' date ranges. */

/** "GMT-6", "GMT+5:30", "GMT+0" for the brand's IANA zone at `at`; "GMT+0" for an unknown zone. */
export function gmtOffsetLabel(timeZone: string, at: Date): string {
  const minutes = offsetMinutes(timeZone, at);
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** Minutes the zone is ahead of UTC at `at` (negative behind). */
export function offsetMinutes(timeZone: string, at: Date): number {
  const parts = zonedParts(timeZone, at);
  if (!parts) return 0;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function zonedParts(timeZone: string, at: Date): ZonedParts | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  } catch {
    return null;
  }
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(format.formatToParts(at).find((part) => part.type === type)?.value ?? '0');
  return { year: value('year'), month: value('month'), day: value('day'), hour: value('hour') % 24, minute: value('minute'), second: value('second') };
}

/** "2026-11-25 08:15:42" in the brand's zone: what the header clock shows. */
export function brandClock(timeZone: string, at: Date): string {
  const parts = zonedParts(timeZone, at) ?? zonedParts('UTC', at)!;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
}

/** Today's date (yyyy-MM-dd) in the brand's zone. */
export function brandToday(timeZone: string, at: Date): string {
  return brandClock(timeZone, at).slice(0, 10);
}

/** A day (yyyy-MM-dd) moved by `days`. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const moved = new Date(Date.UTC(year!, month! - 1, date! + days));
  return moved.toISOString().slice(0, 10);
}

/** An inclusive range of brand days. */
export interface DayRange {
  from: string;
  to: string;
}

/** The `days` days ending today. */
export function lastDays(today: string, days: number): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * The `days` days just before `range` (direction -1), or just after it (+1) but never past today; after a range that
 * already ends today, the same range.
 */
export function shiftDays(range: DayRange, days: number, direction: -1 | 1, today: string): DayRange {
  if (direction < 0) return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
  if (range.to >= today) return range;
  const from = addDays(range.to, 1);
  const to = addDays(range.to, days);
  return { from, to: to > today ? today : to };
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A well-formed day (yyyy-MM-dd) or null. */
export function parseDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
}

/** "+05:30" / "-06:00" for an offset in minutes. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** A range of brand days as the instants that open its first day and close its last, at the brand's offset. */
export function rangeInstants(range: DayRange, offsetMinutes: number): { from: string; to: string } {
  const offset = offsetText(offsetMinutes);
  return { from: `${range.from}T00:00:00${offset}`, to: `${range.to}T23:59:59.999${offset}` };
}
