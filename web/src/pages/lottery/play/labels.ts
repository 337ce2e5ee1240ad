/**
 * The i18n keys of the lottery's words: bet types (by code: the Vietnamese bet types are the same words in the three
 * regions), their groups, named picks, positions and prize tiers. Each key falls back to the rules' English label.
 */
import type { LotteryFamily } from '@wps/contracts/lottery-rules';

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** `ssc.position` → `lp_bet_ssc_position`; `vn_south.lo` → `lp_bet_vn_lo`. */
export function betTypeKey(code: string): string {
  const [family = '', kind = ''] = code.split('.');
  return `lp_bet_${family.startsWith('vn_') ? 'vn' : family}_${slug(kind)}`;
}

/** `Dragon tiger` → `lp_group_dragon_tiger`. */
export const groupKey = (group: string): string => `lp_group_${slug(group)}`;

/** `big` → `lp_pick_big`. */
export const pickKey = (pick: string): string => `lp_pick_${slug(pick)}`;

export const familyKey = (family: LotteryFamily): string => `lp_family_${family}`;

export const tierKey = (tier: string): string => `lp_tier_${slug(tier)}`;

/**
 * How a bet's position is named: a ball of the five (ssc), a place of the race (pk10), or for the race's dragon tiger
 * the pair of places it compares (1 against 10 … 5 against 6).
 */
export function positionLabel(code: string, position: number): { key: string; params: Record<string, number> } {
  if (code === 'pk10.dragon_tiger') return { key: 'lp_pos_pair', params: { n: position, m: 11 - position } };
  if (code.startsWith('pk10.')) return { key: 'lp_pos_place', params: { n: position } };
  return { key: 'lp_pos_ball', params: { n: position } };
}

/** How a picked value is shown: named picks translated, the race's and 11-choose-5's numbers on two digits. */
export function valueText(code: string, value: string | number): { key: string } | { text: string } {
  if (typeof value === 'string' && !/^\d+$/.test(value)) return { key: pickKey(value) };
  const text = String(value);
  return { text: (code.startsWith('x115.') || code.startsWith('pk10.')) && !code.endsWith('_sum') ? text.padStart(2, '0') : text };
}

export interface ScheduleInfo {
  kind: 'fast' | 'daily';
  intervalSeconds: number | null;
  /** "HH:MM" in the game's zone. */
  dailyTime: string | null;
  /** 0 is Sunday; null draws every day. */
  drawWeekdays: number[] | null;
  utcOffsetMinutes: number;
}

/**
 * How a game's schedule reads: every N minutes, or the draw days at the local time of the game's zone ("Wed, Sat ·
 * 17:15 UTC+7"). Day names come from `Intl` in `locale`.
 */
export function scheduleWords(schedule: ScheduleInfo, locale: string): { key: string; params: Record<string, string | number> } {
  if (schedule.kind === 'fast' || schedule.dailyTime === null) return { key: 'lp_schedule_fast', params: { minutes: Math.round((schedule.intervalSeconds ?? 60) / 60) } };
  const hours = schedule.utcOffsetMinutes / 60;
  const zone = `UTC${hours >= 0 ? '+' : '−'}${Math.abs(hours)}`;
  if (!schedule.drawWeekdays) return { key: 'lp_schedule_daily', params: { time: schedule.dailyTime, zone } };
  // 2026-11-22 was a Sunday: day `n` of the week is `n` days after it.
  const name = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const days = schedule.drawWeekdays.map((day) => name.format(Date.UTC(2026, 10, 22 + day))).join(', ');
  return { key: 'lp_schedule_weekly', params: { days, time: schedule.dailyTime, zone } };
}
