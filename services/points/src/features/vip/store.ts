import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import { VIP_WINDOW_DAYS, type BetSettled, type InterfaceLanguage, type VipBonus } from '@wps/contracts';
import type { CreditedDeposit } from '../module.js';
import type { Level, WindowSums } from './rules.js';
import { rewardTitle } from '../rewards/titles.js';

/** A brand's VIP programme as stored: its currency, time zone and levels (level 0 first). */
export interface Programme {
  merchantCode: string;
  currency: string;
  timeZone: string;
  levels: Level[];
}

/** A member's level with its window sums. */
export interface MemberStanding {
  memberId: string;
  merchantCode: string;
  level: number;
  version: number;
  reviewedMonth: string | null;
  sums: WindowSums;
}

/** A list of texts as a set the query can test against (`x IN (…)`). */
const textSet = (values: readonly string[]): SQL => sql`(SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb))`;
const idSet = (values: readonly string[]): SQL => sql`(SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb)::bigint)`;

interface LevelRow {
  merchant_code: string;
  level: number;
  label_name: string;
  upgrade_deposit_minor: string;
  upgrade_valid_bet_minor: string;
  keep_deposit_minor: string;
  keep_valid_bet_minor: string;
  upgrade_bonus_minor: string;
  monthly_bonus_minor: string;
  birthday_bonus_minor: string;
  rebate_bp: number;
  withdrawal_limit: string;
}

/** The programmes of these brands (all brands when none are named); a brand without one is absent. */
export async function loadProgrammes(executor: Executor, merchantCodes?: readonly string[]): Promise<Map<string, Programme>> {
  const only = merchantCodes ? sql`WHERE merchant_code IN ${textSet(merchantCodes)}` : sql``;
  const programmes = await rows<{ merchant_code: string; currency: string; time_zone: string }>(executor, sql`SELECT merchant_code, currency, time_zone FROM points.vip_programmes ${only}`);
  const found = new Map<string, Programme>(programmes.map((row) => [row.merchant_code, { merchantCode: row.merchant_code, currency: row.currency, timeZone: row.time_zone, levels: [] }]));
  if (found.size === 0) return found;
  const levels = await rows<LevelRow>(
    executor,
    sql`SELECT merchant_code, level, label_name, upgrade_deposit_minor::text, upgrade_valid_bet_minor::text, keep_deposit_minor::text, keep_valid_bet_minor::text,
               upgrade_bonus_minor::text, monthly_bonus_minor::text, birthday_bonus_minor::text, rebate_bp, withdrawal_limit
        FROM points.vip_levels WHERE merchant_code IN ${textSet([...found.keys()])} ORDER BY merchant_code, level`,
  );
  for (const row of levels) {
    found.get(row.merchant_code)?.levels.push({
      level: row.level,
      labelName: row.label_name,
      upgradeDeposit: BigInt(row.upgrade_deposit_minor),
      upgradeValidBet: BigInt(row.upgrade_valid_bet_minor),
      keepDeposit: BigInt(row.keep_deposit_minor),
      keepValidBet: BigInt(row.keep_valid_bet_minor),
      upgradeBonus: BigInt(row.upgrade_bonus_minor),
      monthlyBonus: BigInt(row.monthly_bonus_minor),
      birthdayBonus: BigInt(row.birthday_bonus_minor),
      rebateBasisPoints: row.rebate_bp,
      withdrawalLimit: row.withdrawal_limit,
    });
  }
  return found;
}

/** A programme with levels, i.e. a brand with VIP. */
export const hasVip = (programme: Programme | undefined): programme is Programme => programme !== undefined && programme.levels.length > 1;

/** Replaces a brand's programme and levels. */
export async function saveProgramme(tx: Executor, programme: Programme, actor: string): Promise<void> {
  await tx.execute(
    sql`INSERT INTO points.vip_programmes (merchant_code, currency, time_zone, updated_by) VALUES (${programme.merchantCode}, ${programme.currency}, ${programme.timeZone}, ${actor})
        ON CONFLICT (merchant_code) DO UPDATE SET currency = EXCLUDED.currency, time_zone = EXCLUDED.time_zone, updated_by = EXCLUDED.updated_by, updated_at = now()`,
  );
  await tx.execute(sql`DELETE FROM points.vip_levels WHERE merchant_code = ${programme.merchantCode}`);
  if (programme.levels.length === 0) return;
  const records = programme.levels.map((level) => ({
    level: level.level,
    label_name: level.labelName,
    upgrade_deposit_minor: level.upgradeDeposit.toString(),
    upgrade_valid_bet_minor: level.upgradeValidBet.toString(),
    keep_deposit_minor: level.keepDeposit.toString(),
    keep_valid_bet_minor: level.keepValidBet.toString(),
    upgrade_bonus_minor: level.upgradeBonus.toString(),
    monthly_bonus_minor: level.monthlyBonus.toString(),
    birthday_bonus_minor: level.birthdayBonus.toString(),
    rebate_bp: level.rebateBasisPoints,
    withdrawal_limit: level.withdrawalLimit,
  }));
  await tx.execute(
    sql`INSERT INTO points.vip_levels (merchant_code, level, label_name, upgrade_deposit_minor, upgrade_valid_bet_minor, keep_deposit_minor, keep_valid_bet_minor,
                                       upgrade_bonus_minor, monthly_bonus_minor, birthday_bonus_minor, rebate_bp, withdrawal_limit)
        SELECT ${programme.merchantCode}, level, label_name, upgrade_deposit_minor, upgrade_valid_bet_minor, keep_deposit_minor, keep_valid_bet_minor,
               upgrade_bonus_minor, monthly_bonus_minor, birthday_bonus_minor, rebate_bp, withdrawal_limit
        FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          AS t(level int, label_name text, upgrade_deposit_minor bigint, upgrade_valid_bet_minor bigint, keep_deposit_minor bigint, keep_valid_bet_minor bigint,
               upgrade_bonus_minor bigint, monthly_bonus_minor bigint, birthday_bonus_minor bigint, rebate_bp int, withdrawal_limit text)`,
  );
  // Members above the new top level hold the top level.
  await tx.execute(
    sql`UPDATE points.vip_members SET level = ${programme.levels.length - 1}, version = version + 1, changed_at = now()
        WHERE merchant_code = ${programme.merchantCode} AND level > ${programme.levels.length - 1}`,
  );
}

/**
 * Counts settled bets of brands with a VIP programme at their highest revision, set-based: a bet seen before moves its
 * day's sum by the difference (a correction, or a cancellation to zero); an older revision or a repeat changes
 * nothing. Answers the members whose sums changed.
 */
export async function recordBets(tx: Executor, bets: readonly BetSettled[]): Promise<Array<{ memberId: string; merchantCode: string }>> {
  if (bets.length === 0) return [];
  const input = JSON.stringify(
    bets.map((bet) => ({
      bet_id: bet.betId,
      member_id: bet.memberId,
      merchant_code: bet.merchantCode,
      currency: bet.currency,
      revision: bet.revision,
      cancelled: bet.state === 'cancelled',
      valid_bet_minor: bet.state === 'cancelled' ? '0' : bet.validBetMinor,
      settled_at: bet.settledAt,
    })),
  );
  const grown = await rows<{ member_id: string; merchant_code: string }>(
    tx,
    sql`WITH input AS (
          SELECT DISTINCT ON (bet_id) * FROM jsonb_to_recordset(${input}::jsonb)
            AS t(bet_id text, member_id bigint, merchant_code text, currency text, revision int, cancelled boolean, valid_bet_minor bigint, settled_at timestamptz)
          ORDER BY bet_id, revision DESC, cancelled DESC
        ),
        dated AS (
          SELECT i.*, (i.settled_at AT TIME ZONE p.time_zone)::date AS day
          FROM input i JOIN points.vip_programmes p ON p.merchant_code = i.merchant_code
        ),
        previous AS (SELECT bet_id, member_id, merchant_code, currency, day, valid_bet_minor FROM points.vip_bets WHERE bet_id = ANY (ARRAY(SELECT bet_id FROM input))),
        saved AS (
          INSERT INTO points.vip_bets AS b (bet_id, member_id, merchant_code, currency, day, revision, cancelled, valid_bet_minor)
          SELECT bet_id, member_id, merchant_code, currency, day, revision, cancelled, valid_bet_minor FROM dated
          ON CONFLICT (bet_id) DO UPDATE SET member_id = EXCLUDED.member_id, merchant_code = EXCLUDED.merchant_code, currency = EXCLUDED.currency, day = EXCLUDED.day,
                                             revision = EXCLUDED.revision, cancelled = EXCLUDED.cancelled, valid_bet_minor = EXCLUDED.valid_bet_minor
            WHERE EXCLUDED.revision > b.revision OR (EXCLUDED.revision = b.revision AND EXCLUDED.cancelled AND NOT b.cancelled)
          RETURNING bet_id, member_id, merchant_code, currency, day, valid_bet_minor
        ),
        moves AS (
          SELECT member_id, merchant_code, currency, day, valid_bet_minor AS change FROM saved
          UNION ALL
          SELECT p.member_id, p.merchant_code, p.currency, p.day, -p.valid_bet_minor FROM previous p JOIN saved s ON s.bet_id = p.bet_id
        ),
        summed AS (
          SELECT member_id, day, currency, min(merchant_code) AS merchant_code, sum(change)::bigint AS change FROM moves GROUP BY member_id, day, currency HAVING sum(change) <> 0
        )
        -- Rows in one order in every transaction, so batches of bets and of deposits never wait on each other in a cycle.
        INSERT INTO points.vip_daily AS d (member_id, day, currency, merchant_code, valid_bet_minor)
        SELECT member_id, day, currency, merchant_code, change FROM summed ORDER BY member_id, day, currency
        ON CONFLICT (member_id, day, currency) DO UPDATE SET valid_bet_minor = d.valid_bet_minor + EXCLUDED.valid_bet_minor
        RETURNING member_id::text AS member_id, merchant_code`,
  );
  return uniqueMembers(grown);
}

/** Adds credited deposits of brands with a VIP programme to their day's sums. */
export async function recordDeposits(tx: Executor, deposits: readonly CreditedDeposit[]): Promise<Array<{ memberId: string; merchantCode: string }>> {
  if (deposits.length === 0) return [];
  const input = JSON.stringify(
    deposits.map((deposit) => ({
      member_id: deposit.memberId,
      merchant_code: deposit.merchantCode,
      currency: deposit.currency,
      amount_minor: deposit.amountMinor.toString(),
      at: deposit.at.toISOString(),
    })),
  );
  const grown = await rows<{ member_id: string; merchant_code: string }>(
    tx,
    sql`INSERT INTO points.vip_daily AS d (member_id, day, currency, merchant_code, deposit_minor)
        SELECT t.member_id, (t.at AT TIME ZONE p.time_zone)::date, t.currency, min(t.merchant_code), sum(t.amount_minor)::bigint
        FROM jsonb_to_recordset(${input}::jsonb) AS t(member_id bigint, merchant_code text, currency text, amount_minor bigint, at timestamptz)
        JOIN points.vip_programmes p ON p.merchant_code = t.merchant_code
        GROUP BY 1, 2, 3
        ORDER BY 1, 2, 3
        ON CONFLICT (member_id, day, currency) DO UPDATE SET deposit_minor = d.deposit_minor + EXCLUDED.deposit_minor
        RETURNING member_id::text AS member_id, merchant_code`,
  );
  return uniqueMembers(grown);
}

const uniqueMembers = (found: ReadonlyArray<{ member_id: string; merchant_code: string }>) => [
  ...new Map(found.map((row) => [row.member_id, { memberId: row.member_id, merchantCode: row.merchant_code }])).values(),
];

/** Sums over the window ending today (brand time): the rows of `d` that count for member `m` of programme `p`. */
const windowSum = (column: 'deposit_minor' | 'valid_bet_minor') =>
  sql`coalesce((SELECT sum(d.${sql.raw(column)}) FROM points.vip_daily d
                WHERE d.member_id = m.member_id AND d.currency = p.currency
                  AND d.day > (now() AT TIME ZONE p.time_zone)::date - ${VIP_WINDOW_DAYS}::int), 0)::text`;

interface StandingRow {
  member_id: string;
  merchant_code: string;
  level: number;
  version: string;
  reviewed_month: string | null;
  deposit: string;
  valid_bet: string;
}
const toStanding = (row: StandingRow): MemberStanding => ({
  memberId: row.member_id,
  merchantCode: row.merchant_code,
  level: row.level,
  version: Number(row.version),
  reviewedMonth: row.reviewed_month,
  sums: { deposit: BigInt(row.deposit), validBet: BigInt(row.valid_bet) },
});
const STANDING = sql`m.member_id::text AS member_id, m.merchant_code, m.level, m.version::text AS version, m.reviewed_month,
  ${windowSum('deposit_minor')} AS deposit, ${windowSum('valid_bet_minor')} AS valid_bet`;

/**
 * The standing of members of brands with a programme, locked for the rest of the transaction (their rows are opened
 * at level 0 when missing), so two batches of one member cannot both move its level.
 */
export async function lockStandings(tx: Executor, members: ReadonlyArray<{ memberId: string; merchantCode: string }>): Promise<Array<MemberStanding & { watchingProgress: boolean }>> {
  if (members.length === 0) return [];
  const records = JSON.stringify(members.map((member) => ({ member_id: member.memberId, merchant_code: member.merchantCode })));
  await tx.execute(
    sql`INSERT INTO points.vip_members (member_id, merchant_code)
        SELECT DISTINCT ON (member_id) member_id, merchant_code FROM jsonb_to_recordset(${records}::jsonb) AS t(member_id bigint, merchant_code text)
        ORDER BY member_id
        ON CONFLICT (member_id) DO NOTHING`,
  );
  // With each standing: whether the member's VIP page is open (its watch has not run out), so its progress is pushed.
  const found = await rows<StandingRow & { watching: boolean }>(
    tx,
    sql`SELECT ${STANDING}, coalesce(m.progress_watch_until > now(), false) AS watching
        FROM points.vip_members m JOIN points.vip_programmes p ON p.merchant_code = m.merchant_code
        WHERE m.member_id IN ${idSet(members.map((member) => member.memberId))} ORDER BY m.member_id FOR UPDATE OF m`,
  );
  return found.map((row) => ({ ...toStanding(row), watchingProgress: row.watching }));
}

/** A member's standing in its brand's programme, unlocked; level 0 with its sums when it has no row yet. */
export async function readStanding(executor: Executor, merchantCode: string, memberId: string): Promise<MemberStanding> {
  const [row] = await rows<StandingRow>(
    executor,
    sql`SELECT ${STANDING}
        FROM (SELECT ${memberId}::bigint AS member_id, ${merchantCode}::text AS merchant_code, coalesce(v.level, 0) AS level, coalesce(v.version, 0) AS version, v.reviewed_month
              FROM (SELECT 1) AS one LEFT JOIN points.vip_members v ON v.member_id = ${memberId} AND v.merchant_code = ${merchantCode}) AS m
        JOIN points.vip_programmes p ON p.merchant_code = m.merchant_code`,
  );
  return row ? toStanding(row) : { memberId, merchantCode, level: 0, version: 0, reviewedMonth: null, sums: { deposit: 0n, validBet: 0n } };
}

/** The members of a brand at a level above 0 not re-evaluated in `month` yet, locked. */
export async function lockForReview(tx: Executor, merchantCode: string, month: string): Promise<MemberStanding[]> {
  const found = await rows<StandingRow>(
    tx,
    sql`SELECT ${STANDING} FROM points.vip_members m JOIN points.vip_programmes p ON p.merchant_code = m.merchant_code
        WHERE m.merchant_code = ${merchantCode} AND m.level > 0 AND (m.reviewed_month IS NULL OR m.reviewed_month < ${month})
        ORDER BY m.member_id FOR UPDATE OF m`,
  );
  return found.map(toStanding);
}

/** Marks members re-evaluated for `month`. */
export async function markReviewed(tx: Executor, memberIds: readonly string[], month: string): Promise<void> {
  if (memberIds.length === 0) return;
  await tx.execute(sql`UPDATE points.vip_members SET reviewed_month = ${month} WHERE member_id IN ${idSet(memberIds)}`);
}

export interface LevelChange {
  memberId: string;
  merchantCode: string;
  from: number;
  to: number;
}

/** Moves members to their new levels and records why; answers each member's new version. */
export async function saveLevels(tx: Executor, changes: readonly LevelChange[], reason: 'upgrade' | 'review' | 'operator', actor: string): Promise<Map<string, number>> {
  if (changes.length === 0) return new Map();
  const records = JSON.stringify(changes.map((change) => ({ member_id: change.memberId, merchant_code: change.merchantCode, from_level: change.from, to_level: change.to })));
  const recordset = sql`jsonb_to_recordset(${records}::jsonb) AS t(member_id bigint, merchant_code text, from_level int, to_level int)`;
  const updated = await rows<{ member_id: string; version: string }>(
    tx,
    sql`INSERT INTO points.vip_members AS m (member_id, merchant_code, level, version)
        SELECT member_id, merchant_code, to_level, 1 FROM ${recordset}
        ON CONFLICT (member_id) DO UPDATE SET level = EXCLUDED.level, version = m.version + 1, changed_at = now()
        RETURNING member_id::text AS member_id, version::text AS version`,
  );
  await tx.execute(
    sql`INSERT INTO points.vip_level_changes (member_id, merchant_code, from_level, to_level, reason, actor)
        SELECT member_id, merchant_code, from_level, to_level, ${reason}, ${actor} FROM ${recordset}`,
  );
  return new Map(updated.map((row) => [row.member_id, Number(row.version)]));
}

/** Claims a timer's run of a brand for a period (a month's review, a day's rebate): true once. */
export async function claimRun(tx: Executor, merchantCode: string, kind: 'review' | 'rebate' | 'birthday', period: string): Promise<boolean> {
  const claimed = await rows(tx, sql`INSERT INTO points.vip_runs (merchant_code, kind, period) VALUES (${merchantCode}, ${kind}, ${period}) ON CONFLICT DO NOTHING RETURNING period`);
  return claimed.length === 1;
}

/** Members' valid bet on one day of a brand, with their level. */
export async function validBetOfDay(executor: Executor, programme: Programme, day: string): Promise<Array<{ memberId: string; level: number; validBet: bigint }>> {
  const found = await rows<{ member_id: string; level: number; valid_bet: string }>(
    executor,
    sql`SELECT d.member_id::text AS member_id, coalesce(m.level, 0) AS level, d.valid_bet_minor::text AS valid_bet
        FROM points.vip_daily d LEFT JOIN points.vip_members m ON m.member_id = d.member_id
        WHERE d.merchant_code = ${programme.merchantCode} AND d.day = ${day}::date AND d.currency = ${programme.currency} AND d.valid_bet_minor > 0`,
  );
  return found.map((row) => ({ memberId: row.member_id, level: row.level, validBet: BigInt(row.valid_bet) }));
}

/** The member's newest VIP bonuses and rebates as the reward centre holds them. */
export async function vipBonuses(executor: Executor, merchantCode: string, memberId: string, language?: InterfaceLanguage, limit = 20): Promise<VipBonus[]> {
  const found = await rows<{
    source: VipBonus['source'];
    title: string;
    title_kind: string | null;
    title_params: unknown;
    kind: VipBonus['kind'];
    amount_minor: string;
    points: string;
    currency: string;
    status: VipBonus['status'];
    created_at: string;
  }>(
    executor,
    sql`SELECT source, title, title_kind, title_params, kind, amount_minor::text, points::text, currency, status, created_at::text
        FROM points.reward_grants
        WHERE member_id = ${memberId} AND merchant_code = ${merchantCode} AND source IN ('vip_upgrade', 'vip_monthly', 'vip_birthday', 'rebate')
        ORDER BY id DESC LIMIT ${limit}`,
  );
  return found.map((row) => ({
    source: row.source,
    title: rewardTitle(row, language),
    kind: row.kind,
    amountMinor: row.kind === 'points' ? row.points : row.amount_minor,
    currency: row.currency,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** True when the member is known to belong to the brand (its points account was opened at registration). */
export async function isMemberOf(executor: Executor, merchantCode: string, memberId: string): Promise<boolean> {
  const found = await rows(
    executor,
    sql`SELECT 1 FROM points.point_accounts WHERE member_id = ${memberId} AND merchant_code = ${merchantCode}
        UNION ALL SELECT 1 FROM points.vip_members WHERE member_id = ${memberId} AND merchant_code = ${merchantCode}`,
  );
  return found.length > 0;
}

/** Bets are kept this many days after their day, for corrections; older ones no longer count for anything. */
export const BETS_KEPT_DAYS = 60;

/** Forgets a brand's bets of days long past the window (their daily sums stay). */
export async function forgetOldBets(tx: Executor, merchantCode: string, before: string): Promise<void> {
  await tx.execute(sql`DELETE FROM points.vip_bets WHERE merchant_code = ${merchantCode} AND day < ${before}::date`);
}

/** Saves a member's birthday once; false when it had one already (nothing changed). */
export async function saveBirthday(tx: Executor, input: { memberId: string; merchantCode: string; birthday: string; bonusFrom: string }): Promise<boolean> {
  const saved = await rows(
    tx,
    sql`INSERT INTO points.vip_birthdays (member_id, merchant_code, birthday, month_day, bonus_from)
        VALUES (${input.memberId}, ${input.merchantCode}, ${input.birthday}::date, ${input.birthday.slice(5)}, ${input.bonusFrom}::date)
        ON CONFLICT (member_id) DO NOTHING RETURNING member_id`,
  );
  return saved.length === 1;
}

/** A member's saved birthday and the first day it brings a bonus, or null. */
export async function readBirthday(executor: Executor, memberId: string): Promise<{ birthday: string; bonusFrom: string } | null> {
  const [row] = await rows<{ birthday: string; bonus_from: string }>(
    executor,
    sql`SELECT to_char(birthday, 'YYYY-MM-DD') AS birthday, to_char(bonus_from, 'YYYY-MM-DD') AS bonus_from FROM points.vip_birthdays WHERE member_id = ${memberId}`,
  );
  return row ? { birthday: row.birthday, bonusFrom: row.bonus_from } : null;
}

/** The brand's members whose birthday is celebrated on `day` (one of `monthDays`) and whose bonus is due by then, with their level. */
export async function birthdaysOfDay(executor: Executor, merchantCode: string, day: string, monthDays: readonly string[]): Promise<Array<{ memberId: string; level: number }>> {
  const found = await rows<{ member_id: string; level: number }>(
    executor,
    sql`SELECT b.member_id::text AS member_id, m.level
        FROM points.vip_birthdays b JOIN points.vip_members m ON m.member_id = b.member_id
        WHERE b.merchant_code = ${merchantCode} AND b.month_day IN ${textSet(monthDays)} AND b.bonus_from <= ${day}::date AND m.level > 0
        ORDER BY b.member_id`,
  );
  return found.map((row) => ({ memberId: row.member_id, level: row.level }));
}

/** How long reading the VIP page keeps a member's progress pushed live. */
export const PROGRESS_WATCH_MINUTES = 120;

/** The member reads its VIP page: its progress is pushed live for a while (its row opened at level 0 when missing). */
export async function watchProgress(executor: Executor, merchantCode: string, memberId: string): Promise<void> {
  await executor.execute(
    sql`INSERT INTO points.vip_members (member_id, merchant_code, progress_watch_until) VALUES (${memberId}, ${merchantCode}, now() + make_interval(mins => ${PROGRESS_WATCH_MINUTES}))
        ON CONFLICT (member_id) DO UPDATE SET progress_watch_until = EXCLUDED.progress_watch_until`,
  );
}
