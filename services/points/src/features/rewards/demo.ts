import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';
import { postPoints } from '../points/ledger.js';
import { grantRewards, type RewardGrant } from './grants.js';
import { grantPaymentKey } from './claims.js';
import { titled } from './titles.js';

const DEMO_BRAND = 'DEMO';
const DEMO_ACCOUNT = 'demoplayer';
const DAY_MS = 86_400_000;

export const isDemoPlayer = (member: Pick<MemberRegistered, 'merchantCode' | 'account'>): boolean => member.merchantCode === DEMO_BRAND && member.account === DEMO_ACCOUNT;

/** A day (yyyy-MM-dd) some days back. */
const dayDaysAgo = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
/** The Monday that starts the week of the day `days` back. */
const weekStartDaysAgo = (days: number): string => {
  const day = new Date(Date.now() - days * DAY_MS);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
};

type DemoGrant = Omit<RewardGrant, 'merchantCode' | 'memberId' | 'currency' | 'expiresAt'> & { expiresInDays?: number; claimedDaysAgo?: number };

/**
 * The demo player's reward centre on a fresh install: a few rewards of each source waiting to be claimed, and some
 * received over the last weeks (shown in bonusDetails; the money ones are paid by the reward centre's payment timer,
 * like any claim left unpaid). Once per cause, so a redelivered registration adds nothing.
 */
const DEMO_GRANTS: readonly DemoGrant[] = [
  {
    source: 'mission',
    sourceRef: 'demo:daily-slots',
    ...titled('mission', { ES: 'Misión diaria: apuesta $500 en tragamonedas', EN: 'Daily mission: bet $500 on slots' }),
    kind: 'points',
    points: 300n,
    expiresInDays: 1,
  },
  {
    source: 'mission',
    sourceRef: 'demo:weekly-login',
    ...titled('mission', { ES: 'Misión semanal: 5 días seguidos', EN: 'Weekly mission: 5 days in a row' }),
    kind: 'bonus',
    amountMinor: 5_000n,
    expiresInDays: 6,
  },
  { source: 'leaderboard', sourceRef: 'demo:week-top10', ...titled('leaderboard', { rank: '7', week: weekStartDaysAgo(7) }), kind: 'cash', amountMinor: 20_000n, expiresInDays: 7 },
  { source: 'vip_upgrade', sourceRef: 'demo:level-2', ...titled('vip_upgrade', { label: 'VIP2' }), kind: 'bonus', amountMinor: 10_000n },
  { source: 'vip_monthly', sourceRef: 'demo:month', ...titled('vip_monthly', { label: 'VIP2', month: new Date().toISOString().slice(0, 7) }), kind: 'bonus', amountMinor: 7_500n, expiresInDays: 20 },
  { source: 'vip_birthday', sourceRef: 'demo:birthday', ...titled('vip_birthday', { label: 'VIP2' }), kind: 'cash', amountMinor: 15_000n, expiresInDays: 30 },
  { source: 'rebate', sourceRef: 'demo:rebate-yesterday', ...titled('rebate', { label: 'VIP2', day: dayDaysAgo(1) }), kind: 'cash', amountMinor: 1_234n, expiresInDays: 2 },
  { source: 'promotion', sourceRef: 'demo:welcome-points', title: 'Puntos de bienvenida', kind: 'points', points: 500n },
  // Received already.
  { source: 'mission', sourceRef: 'demo:history-mission', ...titled('mission', { ES: 'Misión diaria: 20 rondas', EN: 'Daily mission: 20 rounds' }), kind: 'points', points: 150n, claimedDaysAgo: 2 },
  { source: 'vip_upgrade', sourceRef: 'demo:history-level-1', ...titled('vip_upgrade', { label: 'VIP1' }), kind: 'bonus', amountMinor: 5_000n, claimedDaysAgo: 9 },
  { source: 'envelope', sourceRef: 'demo:history-envelope', title: 'Sobre rojo de la tarde', kind: 'bonus', amountMinor: 3_388n, claimedDaysAgo: 3 },
  { source: 'rebate', sourceRef: 'demo:history-rebate', ...titled('rebate', { label: 'VIP1', day: dayDaysAgo(6) }), kind: 'cash', amountMinor: 812n, claimedDaysAgo: 5 },
  { source: 'leaderboard', sourceRef: 'demo:history-week', ...titled('leaderboard', { rank: '3', week: weekStartDaysAgo(14) }), kind: 'cash', amountMinor: 50_000n, claimedDaysAgo: 12 },
];

/** Grants the demo player's rewards, and records the received ones as claimed (points posted here, money by the timer). */
export async function seedDemoRewards(tx: Executor, member: MemberRegistered): Promise<string[]> {
  const now = Date.now();
  const grants: RewardGrant[] = DEMO_GRANTS.map((grant) => ({
    merchantCode: member.merchantCode,
    memberId: member.memberId,
    currency: member.currency,
    source: grant.source,
    sourceRef: grant.sourceRef,
    title: grant.title,
    ...(grant.titleKind ? { titleKind: grant.titleKind, titleParams: grant.titleParams ?? {} } : {}),
    kind: grant.kind,
    ...(grant.amountMinor === undefined ? {} : { amountMinor: grant.amountMinor }),
    ...(grant.points === undefined ? {} : { points: grant.points }),
    expiresAt: grant.expiresInDays === undefined ? null : new Date(now + grant.expiresInDays * DAY_MS),
  }));
  const members = await grantRewards(tx, grants);
  for (const grant of DEMO_GRANTS) {
    if (grant.claimedDaysAgo === undefined) continue;
    const claimedAt = new Date(now - grant.claimedDaysAgo * DAY_MS).toISOString();
    const [claimed] = await rows<{ id: string; points: string }>(
      tx,
      sql`UPDATE points.reward_grants SET status = 'claimed', claimed_at = ${claimedAt}::timestamptz, created_at = ${claimedAt}::timestamptz - interval '1 hour'
          WHERE merchant_code = ${member.merchantCode} AND source = ${grant.source} AND source_ref = ${grant.sourceRef} AND status = 'available'
          RETURNING id::text AS id, points::text AS points`,
    );
    if (claimed && grant.kind === 'points') {
      await postPoints(tx, [
        {
          merchantCode: member.merchantCode,
          memberId: member.memberId,
          change: BigInt(claimed.points),
          cause: 'reward',
          causeRef: grantPaymentKey(claimed.id),
          brandAccount: 'rewards',
          remark: grant.title,
          currency: member.currency,
        },
      ]);
      await tx.execute(sql`UPDATE points.reward_grants SET paid_at = claimed_at, paid_ref = ${`points:${grantPaymentKey(claimed.id)}`} WHERE id = ${claimed.id}`);
    }
  }
  return members;
}
