import { sql } from 'drizzle-orm';
import { AppError, consumeBatches, rows, type Executor, type Subscription } from '@wps/platform';
import type { MemberMission, MissionBody, missionsRpcMethods, MissionSummary, OperatorMission, Push, RpcHandlers, PointsRpc } from '@wps/contracts';
import type { PointsDeps, PointsModule } from '../module.js';
import { sendPush, sendPushes } from '../pushes.js';
import { awardEndedWeeks, leaderboardFor, standingsOf, topOf } from './leaderboard.js';
import { checkSettings, saveSettings, settingsOf } from './settings.js';
import { periodEndsAt, periodStart, periodStartOf } from './periods.js';
import { calendarsOf, MissionProgress, rememberAccounts, type BatchChanges, type BrandCalendar } from './progress.js';
import { seedDemoMissions, seedDemoStanding } from './demo.js';

type Methods = keyof typeof missionsRpcMethods;
/**
 * The brand-wide leaderboard push (it reaches every socket of the brand) goes out at most this often per brand; a
 * change within the gap waits for the next slot. The member's own rank and score are pushed after every batch.
 */
const LEADERBOARD_PUSH_GAP_MS = 200;
/** How often ended weeks are looked for, to grant their prize tables. */
const AWARD_EVERY_MS = 60_000;
const MISSIONS_MEMBERS = 'points.mission-members';
/**
 * Mission progress reads settled bets on its own, not in the batch the rest of loyalty shares (`points.bets`): the
 * member's rank and score are what a player watches move after each bet (the live leaderboard), and this batch is a
 * third of the shared one's round trips. Nothing else in the batch depends on it, nor it on them: missions count valid
 * bets and rounds, not points. A bet counts once per mission whichever consumer saw it, by its revision.
 */
const MISSIONS_BETS = 'points.mission-bets';
/** Bets gather for at most this long, or until about 4 KiB of them (some 6 bets) are waiting. */
const MISSIONS_BETS_LINGER_MS = 100;
const MISSIONS_BETS_LINGER_BYTES = 4 * 1024;

interface MissionRow {
  id: string;
  period: 'daily' | 'weekly';
  kind: 'bet' | 'deposit' | 'sign_in' | 'rounds';
  category: string | null;
  target: string;
  reward_kind: 'points' | 'bonus' | 'cash';
  reward_amount: string;
  mission_points: number;
  title_en: string;
  title_es: string;
  enabled: boolean;
  sort: number;
  updated_by: string | null;
  updated_at: string;
}

const MISSION_COLUMNS = sql`id::text AS id, period, kind, category, target::text AS target, reward_kind, reward_amount::text AS reward_amount, mission_points,
  title_en, title_es, enabled, sort, updated_by, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

const operatorMission = (row: MissionRow): OperatorMission => ({
  missionId: row.id,
  period: row.period,
  kind: row.kind,
  category: row.category,
  target: row.target,
  rewardKind: row.reward_kind,
  rewardAmount: row.reward_amount,
  missionPoints: row.mission_points,
  titleEn: row.title_en,
  titleEs: row.title_es,
  enabled: row.enabled,
  sort: row.sort,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
});

/** The rules of a mission beyond its fields' shapes. */
function checkMission(body: MissionBody): void {
  if (body.category !== null && body.kind !== 'bet' && body.kind !== 'rounds') throw new AppError('MISSION_CATEGORY_INVALID', { field: 'category' });
  if (body.kind === 'sign_in' && BigInt(body.target) > (body.period === 'weekly' ? 7n : 366n)) throw new AppError('MISSION_TARGET_INVALID', { field: 'target' });
}

/** Missions: daily and weekly tasks, progress from events, claims and the live leaderboard. */
export function createMissionsModule(deps: PointsDeps): PointsModule<Methods> {
  const progress = new MissionProgress(deps);
  const lastTop = new Map<string, string>();
  const lastPushAt = new Map<string, number>();
  const pending = new Map<string, NodeJS.Timeout>();
  let version = Date.now();
  const nextVersion = () => (version = Math.max(version + 1, Date.now()));

  const calendarOf = async (executor: Executor, merchantCode: string): Promise<BrandCalendar> => (await calendarsOf(executor, [merchantCode])).get(merchantCode)!;

  /** The brand's top N push for every socket of the brand, when it differs from the last one sent. */
  const topPush = async (tx: Executor, calendar: BrandCalendar): Promise<{ target: { merchantCode: string; memberId: null }; push: Push<'missions'> } | undefined> => {
    const weekStart = periodStart(new Date(), calendar.timeZone, 'weekly');
    const top = (await topOf(tx, calendar, weekStart)).map(({ rank, account, score }) => ({ rank, account, score }));
    const signature = `${weekStart}|${JSON.stringify(top)}`;
    if (lastTop.get(calendar.merchantCode) === signature) return undefined;
    lastTop.set(calendar.merchantCode, signature);
    lastPushAt.set(calendar.merchantCode, Date.now());
    return { target: { merchantCode: calendar.merchantCode, memberId: null }, push: { v: nextVersion(), type: 'missions', data: { scope: 'leaderboard', weekStart, top } } };
  };

  /** Sends the brand's top N when it moved; answers whether it went. */
  const pushTop = async (tx: Executor, calendar: BrandCalendar): Promise<boolean> => {
    const push = await topPush(tx, calendar);
    if (push) await sendPush(deps.outbox, tx, push.target, push.push);
    return push !== undefined;
  };

  /** A leaderboard change inside the brand's quiet second: sent once the second is over, as it then stands. */
  const pushTopLater = (merchantCode: string, delayMs: number) => {
    if (pending.has(merchantCode)) return;
    const timer = setTimeout(() => {
      pending.delete(merchantCode);
      void deps.db
        .transaction(async (tx) => pushTop(tx, await calendarOf(tx, merchantCode)))
        .then((sent) => sent && deps.wakeRelay())
        .catch((error: unknown) => deps.logger.warn({ err: error, merchantCode }, 'the mission leaderboard push failed'));
    }, delayMs);
    timer.unref?.();
    pending.set(merchantCode, timer);
  };

  /**
   * After a batch: each member whose missions or score moved gets its own standing; each moved top N goes brand-wide.
   * The brands' calendars are the ones the batch read; all the batch's pushes go out in one insert.
   */
  const pushChanges = async (tx: Executor, changes: BatchChanges): Promise<void> => {
    const brands = new Set([...changes.members.values(), ...changes.leaderboards]);
    if (brands.size === 0) return;
    const read = changes.calendars;
    const calendars = read && [...brands].every((brand) => read.has(brand)) ? read : await calendarsOf(tx, brands);
    const pushes: Array<{ target: { merchantCode: string; memberId: string | null }; push: Push<'missions'> }> = [];
    for (const brand of brands) {
      const calendar = calendars.get(brand)!;
      const weekStart = periodStart(new Date(), calendar.timeZone, 'weekly');
      const members = [...changes.members.entries()].filter(([, memberBrand]) => memberBrand === brand).map(([memberId]) => memberId);
      if (members.length > 0) {
        const standings = await standingsOf(tx, calendar, weekStart, members);
        for (const memberId of members) {
          const own = standings.get(memberId);
          pushes.push({
            target: { merchantCode: brand, memberId },
            push: { v: nextVersion(), type: 'missions', data: { scope: 'progress', weekStart, own: { rank: own?.rank ?? null, score: own?.score ?? '0' }, claimable: own?.claimable ?? 0 } },
          });
        }
      }
      if (changes.leaderboards.has(brand)) {
        const waited = Date.now() - (lastPushAt.get(brand) ?? 0);
        if (waited >= LEADERBOARD_PUSH_GAP_MS && !pending.has(brand)) {
          const top = await topPush(tx, calendar);
          if (top) pushes.push(top);
        } else pushTopLater(brand, LEADERBOARD_PUSH_GAP_MS - waited);
      }
    }
    await sendPushes(deps.outbox, tx, pushes);
  };

  const handlers: Pick<RpcHandlers<PointsRpc>, Methods> = {
    missionSummary: async ({ memberId, merchantCode, language }): Promise<MissionSummary> => {
      const calendar = await calendarOf(deps.db.orm, merchantCode);
      const now = new Date();
      const daily = periodStart(now, calendar.timeZone, 'daily');
      const weekly = periodStartOf(daily, 'weekly');
      const found = await rows<MissionRow & { progress: string; completed: boolean; grant_id: string | null; grant_status: string | null; grant_expired: boolean }>(
        deps.db.orm,
        sql`SELECT m.id::text AS id, m.period, m.kind, m.category, m.target::text AS target, m.reward_kind, m.reward_amount::text AS reward_amount,
                   m.title_en, m.title_es, least(coalesce(p.progress, 0), m.target)::text AS progress, p.completed_at IS NOT NULL AS completed,
                   g.id::text AS grant_id, g.status AS grant_status, coalesce(g.expires_at <= now(), false) AS grant_expired
            FROM points.missions m
            LEFT JOIN points.mission_progress p ON p.mission_id = m.id AND p.member_id = ${memberId}
              AND p.period_start = (CASE m.period WHEN 'daily' THEN ${daily} ELSE ${weekly} END)::date
            LEFT JOIN points.reward_grants g ON g.merchant_code = m.merchant_code AND g.source = 'mission'
              AND g.source_ref = m.id || ':' || (CASE m.period WHEN 'daily' THEN ${daily} ELSE ${weekly} END) || ':' || ${memberId}
            WHERE m.merchant_code = ${merchantCode} AND m.enabled
            ORDER BY m.sort, m.id`,
      );
      const missions = found.map((row): MemberMission => {
        const start = row.period === 'daily' ? daily : weekly;
        const state: MemberMission['state'] =
          row.grant_status === 'claimed'
            ? 'claimed'
            : row.grant_status === 'expired' || (row.grant_status === 'available' && row.grant_expired)
              ? 'expired'
              : row.completed
                ? 'completed'
                : 'in_progress';
        return {
          missionId: row.id,
          period: row.period,
          kind: row.kind,
          category: row.category,
          title: language === 'EN' ? row.title_en : row.title_es,
          target: row.target,
          progress: row.progress,
          rewardKind: row.reward_kind,
          rewardAmount: row.reward_amount,
          currency: calendar.currency,
          state,
          rewardId: state === 'completed' || state === 'claimed' ? row.grant_id : null,
          periodStart: start,
          periodEndsAt: periodEndsAt(start, row.period, calendar.timeZone).toISOString(),
        };
      });
      return { missions, claimable: missions.filter((mission) => mission.state === 'completed').length, timeZone: calendar.timeZone };
    },
    missionLeaderboard: async ({ memberId, merchantCode }) => leaderboardFor(deps.db.orm, await calendarOf(deps.db.orm, merchantCode), memberId),
    operatorListMissions: async ({ merchantCode }) => {
      const missions = await rows<MissionRow>(deps.db.orm, sql`SELECT ${MISSION_COLUMNS} FROM points.missions WHERE merchant_code = ${merchantCode} ORDER BY sort, id`);
      return { missions: missions.map(operatorMission), settings: await settingsOf(deps.db.orm, merchantCode) };
    },
    operatorCreateMission: async ({ merchantCode, operator, ...body }) => {
      checkMission(body);
      const [row] = await rows<MissionRow>(
        deps.db.orm,
        sql`INSERT INTO points.missions (merchant_code, period, kind, category, target, reward_kind, reward_amount, mission_points, title_en, title_es, enabled, sort, updated_by)
            VALUES (${merchantCode}, ${body.period}, ${body.kind}, ${body.category}, ${body.target}::bigint, ${body.rewardKind}, ${body.rewardAmount}::bigint,
                    ${body.missionPoints}, ${body.titleEn}, ${body.titleEs}, ${body.enabled}, ${body.sort}, ${operator})
            RETURNING ${MISSION_COLUMNS}`,
      );
      return operatorMission(row!);
    },
    operatorUpdateMission: async ({ merchantCode, missionId, operator, ...body }) => {
      checkMission(body);
      const [row] = await rows<MissionRow>(
        deps.db.orm,
        sql`UPDATE points.missions SET period = ${body.period}, kind = ${body.kind}, category = ${body.category}, target = ${body.target}::bigint,
              reward_kind = ${body.rewardKind}, reward_amount = ${body.rewardAmount}::bigint, mission_points = ${body.missionPoints},
              title_en = ${body.titleEn}, title_es = ${body.titleEs}, enabled = ${body.enabled}, sort = ${body.sort},
              updated_by = ${operator}, updated_at = now()
            WHERE id = ${missionId} AND merchant_code = ${merchantCode}
            RETURNING ${MISSION_COLUMNS}`,
      );
      if (!row) throw new AppError('MISSION_NOT_FOUND');
      return operatorMission(row);
    },
    operatorSetMissionSettings: async ({ merchantCode, operator, ...body }) => {
      checkSettings(body);
      await saveSettings(deps.db.orm, merchantCode, body, operator);
      lastTop.delete(merchantCode);
      return settingsOf(deps.db.orm, merchantCode);
    },
  };

  const awardWeeks = async () => {
    const brands = await rows<{ merchant_code: string }>(deps.db.orm, sql`SELECT merchant_code FROM points.mission_settings WHERE jsonb_array_length(prizes) > 0`);
    for (const { merchant_code: merchantCode } of brands) {
      const awarded = await deps.db.transaction(async (tx) => awardEndedWeeks(deps, tx, await calendarOf(tx, merchantCode)));
      if (awarded.length > 0) deps.wakeRelay();
    }
  };

  return {
    handlers,
    async start(): Promise<Subscription[]> {
      const members = await consumeBatches(
        { db: deps.db, bus: deps.bus },
        {
          schema: 'points',
          group: MISSIONS_MEMBERS,
          type: 'member.registered',
          handle: async (tx, events) => {
            const registered = events.map(({ payload }) => ({ memberId: payload.memberId, merchantCode: payload.merchantCode, account: payload.account }));
            await rememberAccounts(tx, registered);
            if (deps.config.SEED_DEMO) await seedDemoStanding(tx, registered);
          },
        },
      );
      const bets = await consumeBatches(
        { db: deps.db, bus: deps.bus },
        {
          schema: 'points',
          group: MISSIONS_BETS,
          type: 'bet.settled',
          lingerMs: MISSIONS_BETS_LINGER_MS,
          lingerBytes: MISSIONS_BETS_LINGER_BYTES,
          // A member's bets are on every partition (the topic is keyed by bet): one batch at a time, as `points.bets`.
          oneBatchAtATime: true,
          // The pushes reach the relay through the outbox's notification at commit: a wake from inside the transaction
          // would only have it look before they exist.
          handle: async (tx, events) =>
            pushChanges(
              tx,
              await progress.onBets(
                tx,
                events.map((event) => event.payload),
              ),
            ),
        },
      );
      const award = () => void awardWeeks().catch((error: unknown) => deps.logger.warn({ err: error }, 'the leaderboard prizes could not be granted'));
      const timer = setInterval(award, AWARD_EVERY_MS);
      award();
      timer.unref?.();
      return [
        members,
        bets,
        {
          close: async () => {
            clearInterval(timer);
            for (const pendingTimer of pending.values()) clearTimeout(pendingTimer);
            pending.clear();
          },
        },
      ];
    },
    onDeposits: async (tx, deposits) => pushChanges(tx, await progress.onDeposits(tx, deposits)),
    onSignIns: async (tx, signIns) => pushChanges(tx, await progress.onSignIns(tx, signIns)),
    seedDemo: async () => {
      await seedDemoMissions(deps.db);
      const known = await rows<{ member_id: string; merchant_code: string; account: string }>(
        deps.db.orm,
        sql`SELECT member_id::text AS member_id, merchant_code, account FROM points.mission_members WHERE merchant_code = 'DEMO'`,
      );
      await deps.db.transaction((tx) =>
        seedDemoStanding(
          tx,
          known.map((row) => ({ memberId: row.member_id, merchantCode: row.merchant_code, account: row.account })),
        ),
      );
    },
  };
}
