import { AppError } from '@wps/platform';
import { VIP_WINDOW_DAYS, type VipLevel } from '@wps/contracts';

/**
 * The rules of VIP levels, apart from storage: which level deposits and valid bet reach, what the monthly
 * re-evaluation does with a member, the daily rebate, and the brand's calendar (days and months in its time zone).
 */

/** A level with its amounts as numbers. */
export interface Level {
  level: number;
  labelName: string;
  upgradeDeposit: bigint;
  upgradeValidBet: bigint;
  keepDeposit: bigint;
  keepValidBet: bigint;
  upgradeBonus: bigint;
  monthlyBonus: bigint;
  birthdayBonus: bigint;
  rebateBasisPoints: number;
  withdrawalLimit: string;
}

/** A member's deposits and valid bet over the window. */
export interface WindowSums {
  deposit: bigint;
  validBet: bigint;
}

export const toLevel = (level: VipLevel): Level => ({
  level: level.level,
  labelName: level.labelName,
  upgradeDeposit: BigInt(level.upgradeDepositMinor),
  upgradeValidBet: BigInt(level.upgradeValidBetMinor),
  keepDeposit: BigInt(level.keepDepositMinor),
  keepValidBet: BigInt(level.keepValidBetMinor),
  upgradeBonus: BigInt(level.upgradeBonusMinor),
  monthlyBonus: BigInt(level.monthlyBonusMinor),
  birthdayBonus: BigInt(level.birthdayBonusMinor),
  rebateBasisPoints: level.rebateBasisPoints,
  withdrawalLimit: level.withdrawalLimit,
});

export const fromLevel = (level: Level): VipLevel => ({
  level: level.level,
  labelName: level.labelName,
  upgradeDepositMinor: level.upgradeDeposit.toString(),
  upgradeValidBetMinor: level.upgradeValidBet.toString(),
  keepDepositMinor: level.keepDeposit.toString(),
  keepValidBetMinor: level.keepValidBet.toString(),
  upgradeBonusMinor: level.upgradeBonus.toString(),
  monthlyBonusMinor: level.monthlyBonus.toString(),
  birthdayBonusMinor: level.birthdayBonus.toString(),
  rebateBasisPoints: level.rebateBasisPoints,
  withdrawalLimit: level.withdrawalLimit,
});

const invalid = (field: string): AppError => new AppError('VIP_LEVELS_INVALID', { field });

/**
 * Checks a brand's levels: none at all (no VIP), or level 0 and up without gaps; level 0 needs nothing and gives no
 * bonus; no threshold lower than the level below's; keep thresholds not above the upgrade ones. Answers them in order.
 */
export function checkLevels(levels: readonly Level[]): Level[] {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  sorted.forEach((level, index) => {
    if (level.level !== index) throw invalid(`levels[${index}].level`);
    if (level.keepDeposit > level.upgradeDeposit) throw invalid(`levels[${index}].keepDepositMinor`);
    if (level.keepValidBet > level.upgradeValidBet) throw invalid(`levels[${index}].keepValidBetMinor`);
    if (index === 0) {
      if (level.upgradeDeposit !== 0n || level.upgradeValidBet !== 0n) throw invalid('levels[0].upgradeDepositMinor');
      if (level.upgradeBonus !== 0n || level.monthlyBonus !== 0n || level.birthdayBonus !== 0n) throw invalid('levels[0].upgradeBonusMinor');
      return;
    }
    const below = sorted[index - 1]!;
    if (level.upgradeDeposit < below.upgradeDeposit) throw invalid(`levels[${index}].upgradeDepositMinor`);
    if (level.upgradeValidBet < below.upgradeValidBet) throw invalid(`levels[${index}].upgradeValidBetMinor`);
    if (level.keepDeposit < below.keepDeposit) throw invalid(`levels[${index}].keepDepositMinor`);
    if (level.keepValidBet < below.keepValidBet) throw invalid(`levels[${index}].keepValidBetMinor`);
  });
  if (sorted.length === 1) throw invalid('levels');
  return sorted;
}

/** The highest level whose upgrade thresholds the sums both reach (0 when none). */
export function levelReached(levels: readonly Level[], sums: WindowSums): number {
  let reached = 0;
  for (const level of levels) if (sums.deposit >= level.upgradeDeposit && sums.validBet >= level.upgradeValidBet) reached = Math.max(reached, level.level);
  return reached;
}

/** Upgrades happen as soon as thresholds are crossed, never down: the member's level after new activity. */
export const levelAfterActivity = (levels: readonly Level[], current: number, sums: WindowSums): number => Math.max(current, levelReached(levels, sums));

/** The levels whose upgrade bonus a move from `from` to `to` passes through (each skipped level too). */
export const levelsPassed = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, index) => from + 1 + index);

/** The monthly re-evaluation: a member that missed either keep threshold of its level goes down one level. */
export function levelAfterReview(levels: readonly Level[], current: number, sums: WindowSums): number {
  const held = levels.find((level) => level.level === current);
  if (current <= 0) return 0;
  if (!held) return Math.min(current, Math.max(0, levels.length - 1));
  return sums.deposit >= held.keepDeposit && sums.validBet >= held.keepValidBet ? current : current - 1;
}

/** The rebate of a day's valid bet at a rate in basis points, rounded down to the minor unit. */
export const rebateMinor = (validBet: bigint, basisPoints: number): bigint => (validBet <= 0n || basisPoints <= 0 ? 0n : (validBet * BigInt(basisPoints)) / 10_000n);

/** True for a time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (yyyy-MM-dd) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The window's first day for a window ending on `today`. */
export const windowStart = (today: string, days = VIP_WINDOW_DAYS): string => addDays(today, 1 - days);

/** The month (yyyy-MM) of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** A declared birthday the platform takes: a real day between 1900 and `minAge` years before `today`. */
export function birthdayAccepted(birthday: string, today: string, minAge: number): boolean {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  // On 29 February, the youngest allowed birthday is 28 February `minAge` years before when that year has no 29th.
  const latest = addDays(`${year - minAge}-${String(month).padStart(2, '0')}-01`, day - 1);
  const youngest = latest.slice(5, 7) === String(month).padStart(2, '0') ? latest : addDays(latest, -1);
  return birthday >= '1900-01-01' && birthday <= youngest;
}

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The birthdays (MM-dd) celebrated on `day`: its own, and 29 February on 28 February of a year without one. */
export function birthdaysOn(day: string): string[] {
  const monthDay = day.slice(5);
  return monthDay === '02-28' && !isLeapYear(Number(day.slice(0, 4))) ? ['02-28', '02-29'] : [monthDay];
}
