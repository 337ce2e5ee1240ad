/**
 * The calendar of missions: days and weeks in the brand's time zone (daily missions reset at the brand's midnight,
 * weekly ones on Monday), streaks of consecutive sign-in days, and how the leaderboard shows account names.
 * Days travel as `YYYY-MM-DD` text (a calendar date, no instant).
 */
export type MissionPeriod = 'daily' | 'weekly';

const DAY_MS = 86_400_000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** Whether the runtime knows the IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (dayIndex: number): string => new Date(dayIndex * DAY_MS).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return dayText(dayNumber(day) + days);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The first day of the period holding `day`: the day itself, or the Monday of its week. */
export function periodStartOf(day: string, period: MissionPeriod): string {
  if (period === 'daily') return day;
  const weekday = new Date(dayNumber(day) * DAY_MS).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The period an instant falls in, in the brand's time zone. */
export function periodStart(at: Date, timeZone: string, period: MissionPeriod): string {
  return periodStartOf(localDay(at, timeZone), period);
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(at: number, timeZone: string): number {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    instantFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((local - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The instant a calendar day begins in a time zone (its local midnight). */
export function startOfDay(day: string, timeZone: string): Date {
  const wall = dayNumber(day) * DAY_MS;
  let at = wall - offsetMinutes(wall, timeZone) * 60_000;
  // Once more at the guess: the offset at midnight may differ from the one a few hours away (a DST change).
  at = wall - offsetMinutes(at, timeZone) * 60_000;
  return new Date(at);
}

/** The instant a period ends (the next period's start). */
export function periodEndsAt(start: string, period: MissionPeriod, timeZone: string): Date {
  return startOfDay(addDays(start, period === 'daily' ? 1 : 7), timeZone);
}

export interface Streak {
  /** The last day the member signed in. */
  lastDay: string;
  /** Consecutive days up to and including `lastDay`. */
  streak: number;
}

/**
 * The streak after a sign-in on `day`: the same day changes nothing, the next day adds one, a gap starts again at
 * one. A sign-in dated before the last one (a late event) changes nothing either.
 */
export function nextStreak(previous: Streak | null, day: string): Streak {
  if (!previous) return { lastDay: day, streak: 1 };
  const gap = daysBetween(previous.lastDay, day);
  if (gap <= 0) return previous;
  if (gap === 1) return { lastDay: day, streak: previous.streak + 1 };
  return { lastDay: day, streak: 1 };
}

/**
 * A sign-in mission's progress on `day`: the streak, and for a weekly mission only the days of that week (a streak
 * that began last week counts from Monday).
 */
export function streakProgress(streak: Streak, period: MissionPeriod): number {
  if (period === 'daily') return streak.streak;
  const daysIntoWeek = daysBetween(periodStartOf(streak.lastDay, 'weekly'), streak.lastDay) + 1;
  return Math.min(streak.streak, daysIntoWeek);
}

/** An account as others see it on the leaderboard: the first two characters, three stars, the last one (`ab***9`). */
export function maskAccount(account: string | null | undefined): string {
  const chars = [...(account ?? '')];
  if (chars.length === 0) return '***';
  if (chars.length <= 3) return `${chars[0]}***`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}
