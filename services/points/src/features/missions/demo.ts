import { sql } from 'drizzle-orm';
import { rows, type Database, type Executor } from '@wps/platform';
import { grantRewards } from '../rewards/grants.js';
import { titled } from '../rewards/titles.js';
import { periodEndsAt, periodStart, periodStartOf } from './periods.js';
import { calendarsOf, missionGrantRef } from './progress.js';
import { saveSettings } from './settings.js';

const DEMO = 'DEMO';
const DEMO_TIME_ZONE = 'America/Mexico_City';

/** The demo brand's missions: daily and weekly, one of every kind (seed key, fields). */
const DEMO_MISSIONS = [
  { key: 'daily-bet', period: 'daily', kind: 'bet', category: null, target: 50_000n, reward: ['points', 50n], points: 10, en: 'Bet $500 today', es: 'Apuesta $500 hoy' },
  { key: 'daily-sign-in', period: 'daily', kind: 'sign_in', category: null, target: 1n, reward: ['points', 10n], points: 5, en: 'Sign in today', es: 'Inicia sesión hoy' },
  { key: 'daily-rounds', period: 'daily', kind: 'rounds', category: 'RNG', target: 20n, reward: ['bonus', 1_000n], points: 10, en: 'Play 20 slot rounds', es: 'Juega 20 rondas de tragamonedas' },
  {
    key: 'weekly-deposit',
    period: 'weekly',
    kind: 'deposit',
    category: null,
    target: 100_000n,
    reward: ['bonus', 5_000n],
    points: 30,
    en: 'Deposit $1,000 this week',
    es: 'Deposita $1,000 esta semana',
  },
  { key: 'weekly-sign-in', period: 'weekly', kind: 'sign_in', category: null, target: 5n, reward: ['cash', 2_000n], points: 25, en: 'Sign in 5 days in a row', es: 'Inicia sesión 5 días seguidos' },
  {
    key: 'weekly-live',
    period: 'weekly',
    kind: 'bet',
    category: 'LIVE',
    target: 500_000n,
    reward: ['points', 500n],
    points: 40,
    en: 'Bet $5,000 on live casino',
    es: 'Apuesta $5,000 en casino en vivo',
  },
] as const;

/** The demo team's weekly scores (mission points): the demo player sits mid-table, so the podium and its own rank show. */
const DEMO_SCORES: ReadonlyArray<readonly [string, number]> = [
  ['demo111', 150],
  ['demoplayer2', 120],
  ['demo22', 110],
  ['demo11', 95],
  ['demoplayer', 85],
  ['demo21', 75],
  ['demo12', 60],
  ['demo31', 50],
  ['demo13', 40],
  ['demo112', 30],
];

/** The demo brand's settings and missions; what an operator changed since is left as it is. */
export async function seedDemoMissions(db: Database): Promise<void> {
  const [settings] = await rows<{ merchant_code: string }>(db.orm, sql`SELECT merchant_code FROM points.mission_settings WHERE merchant_code = ${DEMO}`);
  if (!settings) {
    await saveSettings(
      db.orm,
      DEMO,
      {
        timeZone: DEMO_TIME_ZONE,
        metric: 'points',
        size: 10,
        currency: 'MXN',
        prizes: [
          { rank: 1, kind: 'cash', amount: '50000' },
          { rank: 2, kind: 'bonus', amount: '25000' },
          { rank: 3, kind: 'points', amount: '1000' },
        ],
      },
      null,
    );
  }
  await db.orm.execute(
    sql`INSERT INTO points.missions (merchant_code, period, kind, category, target, reward_kind, reward_amount, mission_points, title_en, title_es, sort, seed_key)
        SELECT ${DEMO}, period, kind, category, target, reward_kind, reward_amount, mission_points, title_en, title_es, sort, seed_key
        FROM jsonb_to_recordset(${JSON.stringify(
          DEMO_MISSIONS.map((mission, index) => ({
            period: mission.period,
            kind: mission.kind,
            category: mission.category,
            target: mission.target.toString(),
            reward_kind: mission.reward[0],
            reward_amount: mission.reward[1].toString(),
            mission_points: mission.points,
            title_en: mission.en,
            title_es: mission.es,
            sort: (index + 1) * 10,
            seed_key: mission.key,
          })),
        )}::jsonb) AS t(period text, kind text, category text, target bigint, reward_kind text, reward_amount bigint, mission_points int, title_en text,
                         title_es text, sort int, seed_key text)
        ON CONFLICT (merchant_code, seed_key) DO NOTHING`,
  );
}

/**
 * The demo team's standing this week: leaderboard scores, and the demo player's progress (one daily mission done with
 * its reward waiting in the reward centre, the others part-way). Seeded once per week and member.
 */
export async function seedDemoStanding(tx: Executor, members: ReadonlyArray<{ memberId: string; merchantCode: string; account: string }>): Promise<void> {
  const demo = members.filter((member) => member.merchantCode === DEMO && DEMO_SCORES.some(([account]) => account === member.account));
  if (demo.length === 0) return;
  const calendar = (await calendarsOf(tx, [DEMO])).get(DEMO)!;
  const now = new Date();
  const daily = periodStart(now, calendar.timeZone, 'daily');
  const weekly = periodStartOf(daily, 'weekly');
  const weekBegan = new Date(Date.parse(`${weekly}T12:00:00Z`));
  const scores = demo.map((member) => {
    const position = DEMO_SCORES.findIndex(([account]) => account === member.account);
    const points = DEMO_SCORES[position]![1];
    return {
      member_id: member.memberId,
      points,
      turnover: (points * 2_500).toString(),
      at: new Date(Math.min(weekBegan.getTime() + position * 60_000, now.getTime())).toISOString(),
    };
  });
  await tx.execute(
    sql`INSERT INTO points.mission_leaderboard (merchant_code, week_start, member_id, points, points_at, turnover, turnover_at)
        SELECT ${DEMO}, ${weekly}::date, member_id, points, at, turnover, at
        FROM jsonb_to_recordset(${JSON.stringify(scores)}::jsonb) AS t(member_id bigint, points bigint, turnover bigint, at timestamptz)
        ON CONFLICT DO NOTHING`,
  );
  const player = demo.find((member) => member.account === 'demoplayer');
  if (!player) return;
  const missions = await rows<{
    id: string;
    seed_key: string;
    period: 'daily' | 'weekly';
    target: string;
    reward_kind: 'points' | 'bonus' | 'cash';
    reward_amount: string;
    title_es: string;
    title_en: string;
  }>(
    tx,
    sql`SELECT id::text AS id, seed_key, period, target::text AS target, reward_kind, reward_amount::text AS reward_amount, title_es, title_en
        FROM points.missions WHERE merchant_code = ${DEMO} AND seed_key IS NOT NULL`,
  );
  const progress: Record<string, bigint> = { 'daily-bet': 32_000n, 'daily-sign-in': 1n, 'daily-rounds': 12n, 'weekly-deposit': 60_000n, 'weekly-sign-in': 2n, 'weekly-live': 180_000n };
  const rowsToSeed = missions
    .filter((mission) => progress[mission.seed_key] !== undefined)
    .map((mission) => {
      const value = progress[mission.seed_key]!;
      return {
        mission_id: mission.id,
        period_start: mission.period === 'daily' ? daily : weekly,
        progress: value.toString(),
        completed: value >= BigInt(mission.target),
      };
    });
  const seeded = await rows<{ mission_id: string; period_start: string }>(
    tx,
    sql`INSERT INTO points.mission_progress (mission_id, member_id, period_start, merchant_code, progress, completed_at)
        SELECT mission_id, ${player.memberId}, period_start, ${DEMO}, progress, CASE WHEN completed THEN now() END
        FROM jsonb_to_recordset(${JSON.stringify(rowsToSeed)}::jsonb) AS t(mission_id bigint, period_start date, progress bigint, completed boolean)
        ON CONFLICT DO NOTHING
        RETURNING mission_id::text AS mission_id, to_char(period_start, 'YYYY-MM-DD') AS period_start`,
  );
  const done = missions.filter((mission) => rowsToSeed.some((row) => row.mission_id === mission.id && row.completed) && seeded.some((row) => row.mission_id === mission.id));
  await grantRewards(
    tx,
    done.map((mission) => {
      const start = mission.period === 'daily' ? daily : weekly;
      const amount = BigInt(mission.reward_amount);
      return {
        merchantCode: DEMO,
        memberId: player.memberId,
        source: 'mission' as const,
        sourceRef: missionGrantRef(mission.id, start, player.memberId),
        ...titled('mission', { ES: mission.title_es, EN: mission.title_en }),
        kind: mission.reward_kind,
        currency: calendar.currency,
        ...(mission.reward_kind === 'points' ? { points: amount } : { amountMinor: amount }),
        expiresAt: periodEndsAt(start, mission.period, calendar.timeZone),
      };
    }),
  );
}
