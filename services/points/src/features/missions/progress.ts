import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor, type Outbox } from '@wps/platform';
import type { BetSettled } from '@wps/contracts';
import type { CreditedDeposit, SignIn } from '../module.js';
import { grantRewardsAndPush, pushRewardCounts, type RewardGrant } from '../rewards/grants.js';
import { titled } from '../rewards/titles.js';
import { nextStreak, periodEndsAt, periodStart, periodStartOf, localDay, streakProgress, type MissionPeriod, type Streak } from './periods.js';

export type MissionKind = 'bet' | 'deposit' | 'sign_in' | 'rounds';
export type LeaderboardMetric = 'points' | 'turnover';

/** A brand's mission settings as the rules need them; a brand that set none counts in UTC. */
export interface BrandCalendar {
  merchantCode: string;
  timeZone: string;
  metric: LeaderboardMetric;
  size: number;
  currency: string;
}

export const defaultCalendar = (merchantCode: string): BrandCalendar => ({ merchantCode, timeZone: 'UTC', metric: 'points', size: 10, currency: 'MXN' });

/**
 * What a batch changed: members whose missions or rank may have moved, and brands whose leaderboard did; with the
 * calendars of those brands as the batch read them, so the pushes that follow need not read them again.
 */
export interface BatchChanges {
  members: Map<string, string>;
  leaderboards: Set<string>;
  calendars?: Map<string, BrandCalendar>;
}
export const noChanges = (): BatchChanges => ({ members: new Map(), leaderboards: new Set() });

/** The grant of a mission's reward in one period: one per member, mission and period. */
export const missionGrantRef = (missionId: string, periodStart: string, memberId: string): string => `${missionId}:${periodStart}:${memberId}`;

const brandList = (codes: Iterable<string>) => JSON.stringify([...new Set(codes)]);

export async function calendarsOf(executor: Executor, merchantCodes: Iterable<string>): Promise<Map<string, BrandCalendar>> {
  const codes = [...new Set(merchantCodes)];
  const found = await rows<{ merchant_code: string; time_zone: string; metric: LeaderboardMetric; size: number; currency: string }>(
    executor,
    sql`SELECT merchant_code, time_zone, metric, size, currency FROM points.mission_settings
        WHERE merchant_code IN (SELECT jsonb_array_elements_text(${brandList(codes)}::jsonb))`,
  );
  const calendars = new Map(codes.map((code) => [code, defaultCalendar(code)]));
  for (const row of found) calendars.set(row.merchant_code, calendarFrom(row));
  return calendars;
}

/** A brand's calendar from its settings row; the defaults when the brand set none (the row's columns are null). */
function calendarFrom(row: { merchant_code: string; time_zone: string | null; metric: LeaderboardMetric | null; size: number | null; currency: string | null }): BrandCalendar {
  if (row.time_zone === null || row.metric === null || row.size === null || row.currency === null) return defaultCalendar(row.merchant_code);
  return { merchantCode: row.merchant_code, timeZone: row.time_zone, metric: row.metric, size: row.size, currency: row.currency };
}

/** A change of progress from events: added to the period's progress, or (sign-ins) the value it now stands at. */
interface ProgressChange {
  merchantCode: string;
  memberId: string;
  kind: MissionKind;
  gameType: string | null;
  daily: string;
  weekly: string;
  dailyAmount: bigint;
  weeklyAmount: bigint;
}

interface ScoreChange {
  merchantCode: string;
  memberId: string;
  weekStart: string;
  points: bigint;
  turnover: bigint;
  at: Date;
}

/**
 * Mission progress from events, set-based per batch: bets (each counted once, by the difference from the revision
 * counted before; a cancelled bet takes its progress back), deposits and sign-ins (streaks of consecutive days).
 * Reaching a target grants the reward into the reward centre; falling back below it before the claim withdraws it.
 */
export class MissionProgress {
  /** `outbox`: the reward centre's `rewards` pushes for the members whose claimable rewards changed. */
  constructor(private readonly deps: { outbox: Outbox }) {}

  async onBets(tx: Executor, bets: readonly BetSettled[]): Promise<BatchChanges> {
    const latest = new Map<string, BetSettled>();
    for (const bet of bets) {
      const key = `${bet.merchantCode}\u0000${bet.betId}`;
      const seen = latest.get(key);
      if (!seen || bet.revision > seen.revision) latest.set(key, bet);
    }
    if (latest.size === 0) return noChanges();
    const list = [...latest.values()];
    const input = JSON.stringify(
      list.map((bet) => {
        const cancelled = bet.state === 'cancelled';
        return {
          merchant_code: bet.merchantCode,
          bet_id: bet.betId,
          member_id: bet.memberId,
          game_type: bet.gameType,
          revision: bet.revision,
          valid_bet: cancelled ? '0' : bet.validBetMinor,
          rounds: cancelled ? 0 : 1,
          settled_at: bet.settledAt,
        };
      }),
    );
    const accounts = list.filter((bet) => bet.account).map((bet) => ({ memberId: bet.memberId, merchantCode: bet.merchantCode, account: bet.account! }));
    // The stored row before this batch and after it, for the bets whose revision is new: the difference is what counts.
    // The same statement keeps the members' account names (rememberAccounts) and reads the brands' calendars.
    const counted = await rows<{
      merchant_code: string;
      bet_id: string;
      member_id: string;
      game_type: string;
      valid_bet: string;
      rounds: number;
      settled_at: string;
      old_valid: string;
      old_rounds: number;
      time_zone: string | null;
      metric: LeaderboardMetric | null;
      size: number | null;
      currency: string | null;
    }>(
      tx,
      sql`WITH input AS (
            SELECT * FROM jsonb_to_recordset(${input}::jsonb)
              AS t(merchant_code text, bet_id text, member_id bigint, game_type text, revision int, valid_bet bigint, rounds int, settled_at timestamptz)
          ),
          old AS (SELECT b.merchant_code, b.bet_id, b.valid_bet, b.rounds FROM points.mission_bets b JOIN input i USING (merchant_code, bet_id)),
          up AS (
            INSERT INTO points.mission_bets AS b (merchant_code, bet_id, member_id, game_type, revision, valid_bet, rounds, settled_at)
            SELECT merchant_code, bet_id, member_id, game_type, revision, valid_bet, rounds, settled_at FROM input ORDER BY merchant_code, bet_id
            ON CONFLICT (merchant_code, bet_id) DO UPDATE SET revision = EXCLUDED.revision, valid_bet = EXCLUDED.valid_bet, rounds = EXCLUDED.rounds
            WHERE b.revision < EXCLUDED.revision
            RETURNING b.merchant_code, b.bet_id, b.member_id, b.game_type, b.valid_bet, b.rounds, b.settled_at
          ),
          remembered AS (${rememberAccountsStatement(accounts)})
          SELECT up.merchant_code, up.bet_id, up.member_id::text AS member_id, up.game_type, up.valid_bet::text AS valid_bet, up.rounds,
                 up.settled_at::text AS settled_at, coalesce(old.valid_bet, 0)::text AS old_valid, coalesce(old.rounds, 0) AS old_rounds,
                 s.time_zone, s.metric, s.size, s.currency
          FROM up LEFT JOIN old USING (merchant_code, bet_id) LEFT JOIN points.mission_settings s ON s.merchant_code = up.merchant_code`,
    );
    if (counted.length === 0) return noChanges();
    const calendars = new Map(counted.map((row) => [row.merchant_code, calendarFrom(row)]));
    const changes: ProgressChange[] = [];
    const scores: ScoreChange[] = [];
    const settledAt = new Map(list.map((bet) => [`${bet.merchantCode}\u0000${bet.betId}`, new Date(bet.settledAt)]));
    for (const row of counted) {
      const calendar = calendars.get(row.merchant_code)!;
      const at = new Date(row.settled_at);
      const daily = periodStart(at, calendar.timeZone, 'daily');
      const weekly = periodStartOf(daily, 'weekly');
      const valid = BigInt(row.valid_bet) - BigInt(row.old_valid);
      const rounds = BigInt(row.rounds - row.old_rounds);
      const base = { merchantCode: row.merchant_code, memberId: row.member_id, gameType: row.game_type, daily, weekly };
      if (valid !== 0n) {
        changes.push({ ...base, kind: 'bet', dailyAmount: valid, weeklyAmount: valid });
        scores.push({ merchantCode: row.merchant_code, memberId: row.member_id, weekStart: weekly, points: 0n, turnover: valid, at: settledAt.get(`${row.merchant_code}\u0000${row.bet_id}`) ?? at });
      }
      if (rounds !== 0n) changes.push({ ...base, kind: 'rounds', dailyAmount: rounds, weeklyAmount: rounds });
    }
    return this.apply(tx, changes, 'add', calendars, scores);
  }

  async onDeposits(tx: Executor, deposits: readonly CreditedDeposit[]): Promise<BatchChanges> {
    if (deposits.length === 0) return noChanges();
    const calendars = await calendarsOf(
      tx,
      deposits.map((deposit) => deposit.merchantCode),
    );
    const changes = deposits.map((deposit): ProgressChange => {
      const daily = periodStart(deposit.at, calendars.get(deposit.merchantCode)!.timeZone, 'daily');
      return {
        merchantCode: deposit.merchantCode,
        memberId: deposit.memberId,
        kind: 'deposit',
        gameType: null,
        daily,
        weekly: periodStartOf(daily, 'weekly'),
        dailyAmount: deposit.amountMinor,
        weeklyAmount: deposit.amountMinor,
      };
    });
    return this.apply(tx, changes, 'add', calendars, []);
  }

  async onSignIns(tx: Executor, signIns: readonly SignIn[]): Promise<BatchChanges> {
    if (signIns.length === 0) return noChanges();
    const calendars = await calendarsOf(
      tx,
      signIns.map((signIn) => signIn.merchantCode),
    );
    const memberIds = [...new Set(signIns.map((signIn) => signIn.memberId))];
    const stored = await rows<{ member_id: string; last_day: string; streak: number }>(
      tx,
      sql`SELECT member_id::text AS member_id, to_char(last_day, 'YYYY-MM-DD') AS last_day, streak FROM points.mission_streaks
          WHERE member_id = ANY (ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)::bigint)) FOR UPDATE`,
    );
    const streaks = new Map<string, { merchantCode: string; streak: Streak }>();
    for (const row of stored) streaks.set(row.member_id, { merchantCode: '', streak: { lastDay: row.last_day, streak: row.streak } });
    for (const signIn of [...signIns].sort((a, b) => a.at.getTime() - b.at.getTime())) {
      const day = localDay(signIn.at, calendars.get(signIn.merchantCode)!.timeZone);
      const previous = streaks.get(signIn.memberId)?.streak ?? null;
      streaks.set(signIn.memberId, { merchantCode: signIn.merchantCode, streak: nextStreak(previous, day) });
    }
    const fresh = [...streaks.entries()].filter(([, value]) => value.merchantCode !== '');
    await tx.execute(
      sql`INSERT INTO points.mission_streaks (member_id, merchant_code, last_day, streak)
          SELECT member_id, merchant_code, last_day, streak FROM jsonb_to_recordset(${JSON.stringify(
            fresh.map(([memberId, value]) => ({ member_id: memberId, merchant_code: value.merchantCode, last_day: value.streak.lastDay, streak: value.streak.streak })),
          )}::jsonb) AS t(member_id bigint, merchant_code text, last_day date, streak int)
          ON CONFLICT (member_id) DO UPDATE SET merchant_code = EXCLUDED.merchant_code, last_day = EXCLUDED.last_day, streak = EXCLUDED.streak`,
    );
    const changes = fresh.map(([memberId, value]): ProgressChange => ({
      merchantCode: value.merchantCode,
      memberId,
      kind: 'sign_in',
      gameType: null,
      daily: value.streak.lastDay,
      weekly: periodStartOf(value.streak.lastDay, 'weekly'),
      dailyAmount: BigInt(streakProgress(value.streak, 'daily')),
      weeklyAmount: BigInt(streakProgress(value.streak, 'weekly')),
    }));
    return this.apply(tx, changes, 'set', calendars, []);
  }

  /** Applies progress to every enabled mission the changes fit, then completes, reopens and grants as it stands. */
  private async apply(tx: Executor, changes: readonly ProgressChange[], mode: 'add' | 'set', calendars: Map<string, BrandCalendar>, scores: ScoreChange[]): Promise<BatchChanges> {
    const result: BatchChanges = { ...noChanges(), calendars };
    if (changes.length > 0) {
      const input = JSON.stringify(
        changes.map((change) => ({
          merchant_code: change.merchantCode,
          member_id: change.memberId,
          kind: change.kind,
          game_type: change.gameType,
          daily: change.daily,
          weekly: change.weekly,
          daily_amount: change.dailyAmount.toString(),
          weekly_amount: change.weeklyAmount.toString(),
        })),
      );
      const amount =
        mode === 'add' ? sql`sum(CASE m.period WHEN 'daily' THEN i.daily_amount ELSE i.weekly_amount END)` : sql`max(CASE m.period WHEN 'daily' THEN i.daily_amount ELSE i.weekly_amount END)`;
      const update = mode === 'add' ? sql`p.progress + EXCLUDED.progress` : sql`CASE WHEN p.completed_at IS NULL THEN EXCLUDED.progress ELSE greatest(p.progress, EXCLUDED.progress) END`;
      const touched = await rows<{ mission_id: string; member_id: string; period_start: string }>(
        tx,
        sql`WITH input AS (
              SELECT * FROM jsonb_to_recordset(${input}::jsonb)
                AS t(merchant_code text, member_id bigint, kind text, game_type text, daily date, weekly date, daily_amount bigint, weekly_amount bigint)
            ),
            hits AS (
              SELECT m.id AS mission_id, i.member_id, i.merchant_code, CASE m.period WHEN 'daily' THEN i.daily ELSE i.weekly END AS period_start, ${amount} AS amount
              FROM input i
              JOIN points.missions m ON m.merchant_code = i.merchant_code AND m.enabled AND m.kind = i.kind AND (m.category IS NULL OR m.category = i.game_type)
              GROUP BY 1, 2, 3, 4
            )
            INSERT INTO points.mission_progress AS p (mission_id, member_id, period_start, merchant_code, progress)
            SELECT mission_id, member_id, period_start, merchant_code, amount FROM hits ORDER BY mission_id, member_id, period_start
            ON CONFLICT (mission_id, member_id, period_start) DO UPDATE SET progress = ${update}, updated_at = now()
            RETURNING p.mission_id::text AS mission_id, p.member_id::text AS member_id, to_char(p.period_start, 'YYYY-MM-DD') AS period_start`,
      );
      if (touched.length > 0) {
        for (const change of changes) result.members.set(change.memberId, change.merchantCode);
        scores.push(...(await this.settle(tx, touched, calendars)));
      }
    }
    const scored = await addScores(tx, scores, calendars);
    for (const change of scored) {
      result.leaderboards.add(change.merchantCode);
      result.members.set(change.memberId, change.merchantCode);
    }
    return result;
  }

  /**
   * Completes what reached its target (granting the reward once) and reopens what fell back below it (withdrawing a
   * reward not claimed yet; a claimed mission stays claimed). Answers the leaderboard's mission points that moved.
   */
  private async settle(tx: Executor, touched: ReadonlyArray<{ mission_id: string; member_id: string; period_start: string }>, calendars: Map<string, BrandCalendar>): Promise<ScoreChange[]> {
    const moved = await rows<{
      mission_id: string;
      member_id: string;
      period_start: string;
      merchant_code: string;
      period: MissionPeriod;
      reward_kind: 'points' | 'bonus' | 'cash';
      reward_amount: string;
      title_es: string;
      title_en: string;
      mission_points: number;
      completed: boolean;
      reopened: boolean;
    }>(
      tx,
      sql`WITH touched AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(touched)}::jsonb) AS t(mission_id bigint, member_id bigint, period_start date)
          ),
          state AS (
            SELECT p.mission_id, p.member_id, p.period_start, p.completed_at AS was_completed, m.target, m.period, m.reward_kind, m.reward_amount,
                   m.title_es, m.title_en, m.mission_points, g.status AS grant_status
            FROM points.mission_progress p
            JOIN touched t USING (mission_id, member_id, period_start)
            JOIN points.missions m ON m.id = p.mission_id
            LEFT JOIN points.reward_grants g ON g.merchant_code = p.merchant_code AND g.source = 'mission'
              AND g.source_ref = p.mission_id || ':' || to_char(p.period_start, 'YYYY-MM-DD') || ':' || p.member_id
          )
          UPDATE points.mission_progress p
          SET progress = greatest(p.progress, 0),
              completed_at = CASE WHEN p.progress >= s.target THEN coalesce(p.completed_at, now())
                                  WHEN s.grant_status IN ('claimed', 'expired') THEN p.completed_at
                                  ELSE NULL END
          FROM state s
          WHERE p.mission_id = s.mission_id AND p.member_id = s.member_id AND p.period_start = s.period_start
          RETURNING p.mission_id::text AS mission_id, p.member_id::text AS member_id, to_char(p.period_start, 'YYYY-MM-DD') AS period_start,
                    p.merchant_code, s.period, s.reward_kind, s.reward_amount::text AS reward_amount, s.title_es, s.title_en, s.mission_points,
                    (s.was_completed IS NULL AND p.completed_at IS NOT NULL) AS completed,
                    (s.was_completed IS NOT NULL AND p.completed_at IS NULL) AS reopened`,
    );
    // A reopened mission takes its reward back while it is unclaimed. One claimed in the meantime (the claim held the
    // grant's row; this batch read it before the claim committed) stays received: its mission stays completed.
    const reopened = moved.filter((row) => row.reopened).map((row) => missionGrantRef(row.mission_id, row.period_start, row.member_id));
    const withdrawn = new Set<string>();
    if (reopened.length > 0) {
      const deleted = await rows<{ member_id: string; source_ref: string }>(
        tx,
        sql`DELETE FROM points.reward_grants
            WHERE source = 'mission' AND status = 'available' AND source_ref = ANY (ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(reopened)}::jsonb)))
            RETURNING member_id::text AS member_id, source_ref`,
      );
      for (const row of deleted) withdrawn.add(row.source_ref);
      const kept = moved
        .filter((row) => row.reopened && !withdrawn.has(missionGrantRef(row.mission_id, row.period_start, row.member_id)))
        .map((row) => ({ mission_id: row.mission_id, member_id: row.member_id, period_start: row.period_start }));
      if (kept.length > 0) {
        await tx.execute(
          sql`UPDATE points.mission_progress p SET completed_at = now()
              FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS k(mission_id bigint, member_id bigint, period_start date)
              WHERE p.mission_id = k.mission_id AND p.member_id = k.member_id AND p.period_start = k.period_start AND p.completed_at IS NULL`,
        );
      }
      await pushRewardCounts(
        this.deps,
        tx,
        deleted.map((row) => row.member_id),
      );
    }
    const grants: RewardGrant[] = [];
    const scores: ScoreChange[] = [];
    const now = new Date();
    for (const row of moved) {
      const ref = missionGrantRef(row.mission_id, row.period_start, row.member_id);
      if (!row.completed && !withdrawn.has(ref)) continue;
      const calendar = calendars.get(row.merchant_code) ?? defaultCalendar(row.merchant_code);
      if (row.completed) {
        const amount = BigInt(row.reward_amount);
        grants.push({
          merchantCode: row.merchant_code,
          memberId: row.member_id,
          source: 'mission',
          sourceRef: ref,
          ...titled('mission', { ES: row.title_es, EN: row.title_en }),
          kind: row.reward_kind,
          currency: calendar.currency,
          ...(row.reward_kind === 'points' ? { points: amount } : { amountMinor: amount }),
          expiresAt: periodEndsAt(row.period_start, row.period, calendar.timeZone),
        });
      }
      if (row.mission_points > 0) {
        const change = BigInt(row.mission_points) * (row.completed ? 1n : -1n);
        scores.push({ merchantCode: row.merchant_code, memberId: row.member_id, weekStart: periodStartOf(row.period_start, 'weekly'), points: change, turnover: 0n, at: now });
      }
    }
    await grantRewardsAndPush(this.deps, tx, grants);
    return scores;
  }
}

/** Keeps members' account names for the leaderboard. */
export async function rememberAccounts(tx: Executor, members: ReadonlyArray<{ memberId: string; merchantCode: string; account: string }>): Promise<void> {
  if (members.length === 0) return;
  await tx.execute(rememberAccountsStatement(members));
}

/** The upsert of `rememberAccounts`, for a statement of its own or a data-modifying CTE; the last account of a member wins. */
function rememberAccountsStatement(members: ReadonlyArray<{ memberId: string; merchantCode: string; account: string }>): SQL {
  const unique = new Map(members.map((member) => [member.memberId, member]));
  return sql`INSERT INTO points.mission_members (member_id, merchant_code, account)
      SELECT member_id, merchant_code, account FROM jsonb_to_recordset(${JSON.stringify(
        [...unique.values()].map((member) => ({ member_id: member.memberId, merchant_code: member.merchantCode, account: member.account })),
      )}::jsonb) AS t(member_id bigint, merchant_code text, account text)
      ORDER BY member_id
      ON CONFLICT (member_id) DO UPDATE SET account = EXCLUDED.account WHERE mission_members.account IS DISTINCT FROM EXCLUDED.account`;
}

/**
 * Adds to members' weekly scores; a score that grows takes the time it grew (ties go to who got there first). Answers
 * the changes to the metric each brand ranks by.
 */
async function addScores(tx: Executor, scores: readonly ScoreChange[], calendars: Map<string, BrandCalendar>): Promise<ScoreChange[]> {
  const ranked = scores.filter((score) => ((calendars.get(score.merchantCode)?.metric ?? 'points') === 'points' ? score.points : score.turnover) !== 0n);
  const live = scores.filter((score) => score.points !== 0n || score.turnover !== 0n);
  if (live.length === 0) return [];
  await tx.execute(
    sql`INSERT INTO points.mission_leaderboard AS l (merchant_code, week_start, member_id, points, points_at, turnover, turnover_at)
        SELECT merchant_code, week_start, member_id, sum(points), max(at), sum(turnover), max(at)
        FROM jsonb_to_recordset(${JSON.stringify(
          live.map((score) => ({
            merchant_code: score.merchantCode,
            week_start: score.weekStart,
            member_id: score.memberId,
            points: score.points.toString(),
            turnover: score.turnover.toString(),
            at: score.at.toISOString(),
          })),
        )}::jsonb) AS t(merchant_code text, week_start date, member_id bigint, points bigint, turnover bigint, at timestamptz)
        GROUP BY merchant_code, week_start, member_id
        ORDER BY merchant_code, week_start, member_id
        ON CONFLICT (merchant_code, week_start, member_id) DO UPDATE SET
          points = l.points + EXCLUDED.points,
          points_at = CASE WHEN EXCLUDED.points > 0 THEN greatest(l.points_at, EXCLUDED.points_at) ELSE l.points_at END,
          turnover = l.turnover + EXCLUDED.turnover,
          turnover_at = CASE WHEN EXCLUDED.turnover > 0 THEN greatest(l.turnover_at, EXCLUDED.turnover_at) ELSE l.turnover_at END`,
  );
  return ranked;
}
