import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysBetween, maskAccount, nextStreak, periodEndsAt, periodStart, periodStartOf, startOfDay, streakProgress, type Streak } from './periods.js';

const MEXICO = 'America/Mexico_City';
const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('2000-01-01', n));

describe('mission periods', () => {
  it('starts a day at the brand’s midnight, not UTC’s', () => {
    // 03:00 UTC on 3 March 2026 is still the 2nd in Mexico City (UTC-6).
    expect(periodStart(new Date('2026-03-03T03:00:00Z'), MEXICO, 'daily')).toBe('2026-03-02');
    expect(periodStart(new Date('2026-03-03T03:00:00Z'), 'UTC', 'daily')).toBe('2026-03-03');
    expect(startOfDay('2026-03-02', MEXICO).toISOString()).toBe('2026-03-02T06:00:00.000Z');
    expect(periodEndsAt('2026-03-02', 'daily', MEXICO).toISOString()).toBe('2026-03-03T06:00:00.000Z');
  });

  it('starts a week on Monday', () => {
    // Sunday 8 March 2026 belongs to the week of Monday 2 March; Monday 9 March starts the next.
    expect(periodStartOf('2026-03-08', 'weekly')).toBe('2026-03-02');
    expect(periodStartOf('2026-03-09', 'weekly')).toBe('2026-03-09');
    expect(periodStart(new Date('2026-03-09T05:59:59Z'), MEXICO, 'weekly')).toBe('2026-03-02');
    expect(periodStart(new Date('2026-03-09T06:00:00Z'), MEXICO, 'weekly')).toBe('2026-03-09');
    expect(periodEndsAt('2026-03-02', 'weekly', MEXICO).toISOString()).toBe('2026-03-09T06:00:00.000Z');
  });

  it('puts every day in exactly one week, a Monday at most six days earlier', () => {
    fc.assert(
      fc.property(day, (one) => {
        const start = periodStartOf(one, 'weekly');
        const into = daysBetween(start, one);
        expect(into).toBeGreaterThanOrEqual(0);
        expect(into).toBeLessThan(7);
        expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(periodStartOf(start, 'weekly')).toBe(start);
      }),
    );
  });

  it('follows a daylight-saving change: the period ends at the local midnight', () => {
    // New York moves to UTC-4 on 8 March 2026: that day begins at UTC-5, the next at UTC-4.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('sign-in streaks', () => {
  it('adds a day for the next day, keeps it for the same day, and starts again after a gap', () => {
    let streak = nextStreak(null, '2026-03-01');
    expect(streak).toEqual({ lastDay: '2026-03-01', streak: 1 });
    streak = nextStreak(streak, '2026-03-01');
    expect(streak.streak).toBe(1);
    streak = nextStreak(streak, '2026-03-02');
    streak = nextStreak(streak, '2026-03-03');
    expect(streak).toEqual({ lastDay: '2026-03-03', streak: 3 });
    // A late sign-in dated before the last one changes nothing.
    expect(nextStreak(streak, '2026-03-02')).toEqual(streak);
    expect(nextStreak(streak, '2026-03-05')).toEqual({ lastDay: '2026-03-05', streak: 1 });
  });

  it('equals the run of consecutive days ending at the last sign-in, whatever the order of days', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 30 }), (offsets) => {
        const sorted = [...offsets].sort((a, b) => a - b);
        let streak: Streak | null = null;
        for (const offset of sorted) streak = nextStreak(streak, addDays('2026-01-01', offset));
        let run = 1;
        while (run < sorted.length && sorted[sorted.length - 1 - run] === sorted.at(-1)! - run) run += 1;
        expect(streak).toEqual({ lastDay: addDays('2026-01-01', sorted.at(-1)!), streak: run });
      }),
    );
  });

  it('counts a weekly mission’s streak from Monday only', () => {
    // Wednesday 4 March 2026, five days in a row: the week holds three of them.
    const streak = { lastDay: '2026-03-04', streak: 5 };
    expect(streakProgress(streak, 'daily')).toBe(5);
    expect(streakProgress(streak, 'weekly')).toBe(3);
    expect(streakProgress({ lastDay: '2026-03-04', streak: 2 }, 'weekly')).toBe(2);
  });
});

describe('leaderboard accounts', () => {
  it('shows two characters, three stars and the last one', () => {
    expect(maskAccount('abcdef9')).toBe('ab***9');
    expect(maskAccount('abc')).toBe('a***');
    expect(maskAccount(null)).toBe('***');
  });
});
