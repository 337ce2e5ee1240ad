import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';
import { postPoints, spendPoints } from './ledger.js';
import type { Mall } from './mall.js';

export const DEMO_BRAND = 'DEMO';
const DEMO_CURRENCY = 'MXN';
/** Members of the demo brand whose mall shows a history on a fresh install. */
const DEMO_HISTORY_ACCOUNTS = new Set(['demoplayer', 'demoplayer2']);

/** Slots and RNG 100.00 per point, live 200.00, sports 500.00, lottery nothing. */
const DEMO_RATIOS: Array<[string, bigint]> = [
  ['RNG', 10_000n],
  ['FISH', 10_000n],
  ['PVP', 10_000n],
  ['LIVE', 20_000n],
  ['SPORTS', 50_000n],
  ['ESPORTS', 50_000n],
  ['COCKFIGHT', 20_000n],
  ['LOTT', 0n],
  ['ELOTT', 0n],
];

interface DemoReward {
  key: string;
  kind: 'cash' | 'bonus' | 'voucher' | 'goods';
  name: string;
  description: string;
  image: string;
  points: string;
  amount: string | null;
  stock: number | null;
  dailyLimit: number | null;
  lifetimeLimit: number | null;
  needsApproval: boolean;
  codes?: number;
}

const DEMO_REWARDS: DemoReward[] = [
  {
    key: 'cash-50',
    kind: 'cash',
    name: 'Cash 50 MXN',
    description: 'Paid to your wallet at once.',
    image: '/rewards/cash.svg',
    points: '5000',
    amount: '50.00',
    stock: null,
    dailyLimit: 3,
    lifetimeLimit: null,
    needsApproval: false,
  },
  {
    key: 'cash-200',
    kind: 'cash',
    name: 'Cash 200 MXN',
    description: 'Paid to your wallet once approved.',
    image: '/rewards/cash.svg',
    points: '20000',
    amount: '200.00',
    stock: 50,
    dailyLimit: 1,
    lifetimeLimit: null,
    needsApproval: true,
  },
  {
    key: 'bonus-100',
    kind: 'bonus',
    name: 'Bonus 100 MXN',
    description: 'A bonus paid to your wallet at once.',
    image: '/rewards/bonus.svg',
    points: '8000',
    amount: '100.00',
    stock: null,
    dailyLimit: 2,
    lifetimeLimit: null,
    needsApproval: false,
  },
  {
    key: 'voucher-spins',
    kind: 'voucher',
    name: '20 free spins voucher',
    description: 'A code for 20 free spins on slots.',
    image: '/rewards/voucher.svg',
    points: '3000',
    amount: null,
    stock: null,
    dailyLimit: 1,
    lifetimeLimit: 10,
    needsApproval: false,
    codes: 40,
  },
  {
    key: 'voucher-store',
    kind: 'voucher',
    name: 'Store gift card 300 MXN',
    description: 'An online store gift card code, sent once approved.',
    image: '/rewards/giftcard.svg',
    points: '30000',
    amount: '300.00',
    stock: null,
    dailyLimit: null,
    lifetimeLimit: 2,
    needsApproval: true,
    codes: 10,
  },
  {
    key: 'goods-headphones',
    kind: 'goods',
    name: 'Wireless headphones',
    description: 'Delivered to your address.',
    image: '/rewards/headphones.svg',
    points: '60000',
    amount: null,
    stock: 12,
    dailyLimit: null,
    lifetimeLimit: 1,
    needsApproval: true,
  },
  {
    key: 'goods-mug',
    kind: 'goods',
    name: 'Casino mug',
    description: 'Delivered to your address.',
    image: '/rewards/mug.svg',
    points: '1500',
    amount: null,
    stock: 100,
    dailyLimit: 2,
    lifetimeLimit: 5,
    needsApproval: true,
  },
  {
    key: 'goods-phone',
    kind: 'goods',
    name: 'Smartphone',
    description: 'Delivered to your address.',
    image: '/rewards/phone.svg',
    points: '250000',
    amount: null,
    stock: 0,
    dailyLimit: null,
    lifetimeLimit: 1,
    needsApproval: true,
  },
];

/** The demo brand's points programme: ratios, the conversion rate, and the rewards with their voucher codes. Leaves what an operator changed. */
export async function seedDemoCatalogue(tx: Executor, mall: Mall): Promise<void> {
  await tx.execute(
    sql`INSERT INTO points.point_config (merchant_code, currency, convert_points, convert_amount_minor, convert_min_points, convert_enabled)
        VALUES (${DEMO_BRAND}, ${DEMO_CURRENCY}, 1000, 1000, 100, true) ON CONFLICT (merchant_code) DO NOTHING`,
  );
  await tx.execute(
    sql`INSERT INTO points.point_ratios (merchant_code, game_type, minor_per_point)
        SELECT ${DEMO_BRAND}, game_type, minor_per_point FROM jsonb_to_recordset(${JSON.stringify(DEMO_RATIOS.map(([game_type, minor]) => ({ game_type, minor_per_point: minor.toString() })))}::jsonb)
          AS t(game_type text, minor_per_point bigint)
        ON CONFLICT DO NOTHING`,
  );
  const seeded = await rows<{ seed_key: string }>(tx, sql`SELECT seed_key FROM points.point_rewards WHERE merchant_code = ${DEMO_BRAND} AND seed_key IS NOT NULL`);
  const have = new Set(seeded.map((row) => row.seed_key));
  for (const [index, reward] of DEMO_REWARDS.entries()) {
    if (have.has(reward.key)) continue;
    const saved = await mall.saveReward({ ...reward, merchantCode: DEMO_BRAND, operator: 'demo', sort: (index + 1) * 10, enabled: true, seedKey: reward.key }, tx);
    if (reward.codes)
      await mall.loadCodes(
        { merchantCode: DEMO_BRAND, rewardId: saved.rewardId, codes: Array.from({ length: reward.codes }, (_, n) => `${reward.key.toUpperCase().replace(/-/g, '')}${String(n + 1).padStart(4, '0')}`) },
        tx,
      );
  }
}

/**
 * A demo member's history: points earned on a few bets, and one redemption in each status (approved voucher, goods
 * in process, a rejected one refunded). Posted once per member (the causes are fixed references).
 */
export async function seedDemoHistory(tx: Executor, mall: Mall, member: Pick<MemberRegistered, 'memberId' | 'merchantCode' | 'account' | 'currency'>): Promise<void> {
  if (member.merchantCode !== DEMO_BRAND || !DEMO_HISTORY_ACCOUNTS.has(member.account)) return;
  const done = await rows(tx, sql`SELECT 1 FROM points.point_redemptions WHERE member_id = ${member.memberId} AND idempotency_key LIKE 'demo-%' LIMIT 1`);
  if (done.length > 0) return;
  await seedDemoCatalogue(tx, mall);
  const earned: Array<[string, bigint, string]> = [
    ['demo-slots-1', 3_200n, 'Slots'],
    ['demo-live-1', 1_850n, 'Live casino'],
    ['demo-sports-1', 940n, 'Sports'],
    ['demo-slots-2', 6_410n, 'Slots'],
  ];
  await postPoints(
    tx,
    earned.map(([ref, points, remark]) => ({
      merchantCode: DEMO_BRAND,
      memberId: member.memberId,
      change: points,
      cause: 'bet' as const,
      causeRef: `${ref}-${member.memberId}:0`,
      brandAccount: 'earning' as const,
      remark,
      currency: member.currency,
    })),
  );
  const rewardIds = new Map(
    (await rows<{ seed_key: string; id: string }>(tx, sql`SELECT seed_key, id::text AS id FROM points.point_rewards WHERE merchant_code = ${DEMO_BRAND} AND seed_key IS NOT NULL`)).map((row) => [
      row.seed_key,
      row.id,
    ]),
  );
  const redeem = async (n: number, key: string, status: 'approved' | 'in_process' | 'rejected', remark: string | null) => {
    const rewardId = rewardIds.get(key);
    if (!rewardId) return;
    const [reward] = await rows<{ kind: string; name: string; points: string; amount_minor: string | null }>(
      tx,
      sql`SELECT kind, name, points::text AS points, amount_minor::text AS amount_minor FROM points.point_rewards WHERE id = ${rewardId}`,
    );
    const [seq] = await rows<{ id: string; day: string }>(tx, sql`SELECT nextval('points.point_redemptions_id_seq')::text AS id, to_char(now() AT TIME ZONE 'UTC', 'YYMMDD') AS day`);
    const referenceNo = `PM${seq!.day}${seq!.id.padStart(6, '0')}`;
    const delivery = reward!.kind === 'goods' ? JSON.stringify({ name: member.account, phone: '+52 55 1234 5678', address: 'Av. Reforma 222, CDMX' }) : null;
    await tx.execute(
      sql`INSERT INTO points.point_redemptions (id, reference_no, merchant_code, member_id, reward_id, kind, name, quantity, points, amount_minor, currency, status, remark, delivery, idempotency_key, reviewed_by, reviewed_at, created_at)
          VALUES (${seq!.id}, ${referenceNo}, ${DEMO_BRAND}, ${member.memberId}, ${rewardId}, ${reward!.kind}, ${reward!.name}, 1, ${reward!.points}, ${reward!.amount_minor}, ${DEMO_CURRENCY},
                  ${status}, ${remark}, ${delivery}::jsonb, ${`demo-${n}`}, ${status === 'in_process' ? null : 'demo'}, ${status === 'in_process' ? null : sql`now()`}, now() - ${`${4 - n} days`}::interval)`,
    );
    if (reward!.kind === 'voucher')
      await tx.execute(
        sql`UPDATE points.point_voucher_codes SET redemption_id = ${seq!.id} WHERE reward_id = ${rewardId} AND code = (
              SELECT code FROM points.point_voucher_codes WHERE reward_id = ${rewardId} AND redemption_id IS NULL ORDER BY code LIMIT 1)`,
      );
    await spendPoints(tx, { merchantCode: DEMO_BRAND, memberId: member.memberId, points: BigInt(reward!.points), cause: 'redeem', causeRef: referenceNo, brandAccount: 'mall', remark: reward!.name });
    if (status === 'rejected')
      await postPoints(tx, [
        { merchantCode: DEMO_BRAND, memberId: member.memberId, change: BigInt(reward!.points), cause: 'redeem_refund', causeRef: referenceNo, brandAccount: 'mall', remark: reward!.name },
      ]);
  };
  await redeem(1, 'voucher-spins', 'approved', null);
  await redeem(2, 'goods-mug', 'in_process', null);
  await redeem(3, 'goods-mug', 'rejected', 'The delivery address could not be confirmed');
}
