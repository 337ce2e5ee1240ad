import { sql } from 'drizzle-orm';
import { AppError, oncePerKey, rows, type Executor } from '@wps/platform';
import {
  formatMinor,
  GAME_TYPES,
  parseMajor,
  type PointBalanceView,
  type PointConfig,
  type PointConversion,
  type PointDetail,
  type PointReward,
  type pointsMallRpcMethods,
  type Redemption,
  type RedemptionStatus,
} from '@wps/contracts';
import type { z } from 'zod';
import type { PointsDeps } from '../module.js';
import { sendPushes } from '../pushes.js';
import { brandDayStart } from '../brand-day.js';
import { postPoints, spendPoints, type PostedPoints } from './ledger.js';

type In<M extends keyof typeof pointsMallRpcMethods> = z.output<(typeof pointsMallRpcMethods)[M]['input']>;
type Out<M extends keyof typeof pointsMallRpcMethods> = z.output<(typeof pointsMallRpcMethods)[M]['output']>;

interface ConfigRow {
  merchant_code: string;
  currency: string;
  convert_points: string;
  convert_amount_minor: string;
  convert_min_points: string;
  convert_enabled: boolean;
}
interface RewardRow {
  id: string;
  merchant_code: string;
  kind: PointReward['kind'];
  name: string;
  description: string;
  image: string;
  points: string;
  amount_minor: string | null;
  currency: string;
  stock: number | null;
  daily_limit: number | null;
  lifetime_limit: number | null;
  needs_approval: boolean;
  sort: number;
  enabled: boolean;
  vouchers_left: number;
}
interface RedemptionRow {
  id: string;
  reference_no: string;
  merchant_code: string;
  member_id: string;
  reward_id: string;
  kind: PointReward['kind'];
  name: string;
  quantity: number;
  points: string;
  amount_minor: string | null;
  currency: string;
  status: RedemptionStatus;
  remark: string | null;
  delivery: Redemption['delivery'];
  idempotency_key: string;
  payout_key: string | null;
  paid_at: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
  voucher_codes: string[];
}
interface ConversionRow {
  id: string;
  reference_no: string;
  merchant_code: string;
  member_id: string;
  points: string;
  amount_minor: string;
  currency: string;
  paid_at: string | null;
}

const POINTS_TEXT = /^[1-9][0-9]{0,17}$/;
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
/** Rewards that pay money through the wallet. */
const PAID_KINDS = new Set<PointReward['kind']>(['cash', 'bonus']);

const REWARD_COLUMNS = sql`r.id::text AS id, r.merchant_code, r.kind, r.name, r.description, r.image, r.points::text AS points,
  r.amount_minor::text AS amount_minor, r.currency, r.stock, r.daily_limit, r.lifetime_limit, r.needs_approval, r.sort, r.enabled,
  (SELECT count(*)::int FROM points.point_voucher_codes c WHERE c.reward_id = r.id AND c.redemption_id IS NULL) AS vouchers_left`;
const REDEMPTION_COLUMNS = sql`d.id::text AS id, d.reference_no, d.merchant_code, d.member_id::text AS member_id, d.reward_id::text AS reward_id,
  d.kind, d.name, d.quantity, d.points::text AS points, d.amount_minor::text AS amount_minor, d.currency, d.status, d.remark, d.delivery,
  d.idempotency_key, d.payout_key, d.paid_at, d.reviewed_by, d.reviewed_at, d.created_at,
  coalesce((SELECT array_agg(c.code ORDER BY c.code) FROM points.point_voucher_codes c WHERE c.redemption_id = d.id), '{}') AS voucher_codes`;

/** Units a member can redeem now: the stock, and for vouchers the codes left in the pool. */
const unitsLeft = (row: RewardRow): number | null => (row.kind === 'voucher' ? Math.min(row.stock ?? row.vouchers_left, row.vouchers_left) : row.stock);

function rewardView(row: RewardRow): PointReward {
  return {
    rewardId: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    image: row.image,
    points: row.points,
    amount: row.amount_minor === null ? null : formatMinor(BigInt(row.amount_minor), row.currency),
    currency: row.currency,
    stock: unitsLeft(row),
    dailyLimit: row.daily_limit,
    lifetimeLimit: row.lifetime_limit,
    needsApproval: row.needs_approval || row.kind === 'goods',
    sort: row.sort,
  };
}
const operatorRewardView = (row: RewardRow): Out<'operatorCreatePointReward'> => ({ ...rewardView(row), enabled: row.enabled, vouchersLeft: row.vouchers_left, amountMinor: row.amount_minor });

function redemptionView(row: RedemptionRow): Redemption {
  return {
    referenceNo: row.reference_no,
    applicationTime: iso(row.created_at)!,
    type: row.kind,
    name: row.name,
    quantity: row.quantity,
    points: row.points,
    amount: row.amount_minor === null ? null : formatMinor(BigInt(row.amount_minor), row.currency),
    currency: row.currency,
    status: row.status,
    remark: row.remark,
    // Codes are the member's once the redemption is approved.
    voucherCodes: row.status === 'approved' ? row.voucher_codes : [],
    delivery: row.delivery,
  };
}
const operatorRedemptionView = (row: RedemptionRow): Out<'operatorReviewRedemption'> => ({
  ...redemptionView(row),
  voucherCodes: row.voucher_codes,
  memberId: row.member_id,
  rewardId: row.reward_id,
  reviewedBy: row.reviewed_by,
  reviewedAt: iso(row.reviewed_at),
});

function configView(row: ConfigRow | undefined, currency: string, ratios: Array<{ game_type: string; minor_per_point: string }>): PointConfig {
  const cur = row?.currency ?? currency;
  return {
    currency: cur,
    ratios: ratios.map((ratio) => ({ gameType: ratio.game_type, minorPerPoint: ratio.minor_per_point, betPerPoint: formatMinor(BigInt(ratio.minor_per_point), cur) })),
    convertPoints: row?.convert_points ?? '1000',
    convertAmount: formatMinor(BigInt(row?.convert_amount_minor ?? '0'), cur),
    convertMinPoints: row?.convert_min_points ?? '1',
    convertEnabled: Boolean(row?.convert_enabled) && BigInt(row?.convert_amount_minor ?? '0') > 0n,
  };
}

/** The cash value of `points` at the brand's rate (rounded down), in minor units. */
export const cashForPoints = (points: bigint, config: { convertPoints: bigint; convertAmountMinor: bigint }): bigint =>
  points <= 0n ? 0n : (points * config.convertAmountMinor) / config.convertPoints;

/** Points per one unit of the currency, with up to two decimals ("100" when 1,000 points = 10.00). */
export function ratioText(convertPoints: bigint, convertAmountMinor: bigint, currency: string): string {
  if (convertAmountMinor <= 0n) return '0';
  const unit = 10n ** BigInt(formatMinor(1n, currency).split('.')[1]?.length ?? 0);
  const hundredths = (convertPoints * unit * 100n) / convertAmountMinor;
  const whole = hundredths / 100n;
  const fraction = hundredths % 100n;
  return fraction === 0n ? whole.toString() : `${whole}.${fraction.toString().padStart(2, '0').replace(/0$/, '')}`;
}

/** Sends each changed member their new points. */
export async function pushPoints(deps: Pick<PointsDeps, 'outbox'>, tx: Executor, merchantCode: string | ((memberId: string) => string), posted: readonly PostedPoints[]): Promise<void> {
  await sendPushes(
    deps.outbox,
    tx,
    posted.map((change) => ({
      target: { merchantCode: typeof merchantCode === 'string' ? merchantCode : merchantCode(change.memberId), memberId: change.memberId },
      push: { v: change.version, type: 'points' as const, data: { points: change.points.toString(), version: change.version } },
    })),
  );
}

/** The points mall's reads and writes: config, rewards, redemptions and their review, conversion, and the payouts. */
export function createMall(deps: PointsDeps) {
  const { db } = deps;

  const readConfig = async (executor: Executor, merchantCode: string) =>
    (
      await rows<ConfigRow>(
        executor,
        sql`SELECT merchant_code, currency, convert_points::text AS convert_points, convert_amount_minor::text AS convert_amount_minor,
                   convert_min_points::text AS convert_min_points, convert_enabled
            FROM points.point_config WHERE merchant_code = ${merchantCode}`,
      )
    )[0];
  const readRatios = (executor: Executor, merchantCode: string) =>
    rows<{ game_type: string; minor_per_point: string }>(
      executor,
      sql`SELECT game_type, minor_per_point::text AS minor_per_point FROM points.point_ratios WHERE merchant_code = ${merchantCode} ORDER BY game_type`,
    );
  const readReward = async (executor: Executor, merchantCode: string, rewardId: string, lock = false) =>
    (await rows<RewardRow>(executor, sql`SELECT ${REWARD_COLUMNS} FROM points.point_rewards r WHERE r.id = ${rewardId} AND r.merchant_code = ${merchantCode} ${lock ? sql`FOR UPDATE` : sql``}`))[0];
  const readRedemption = async (executor: Executor, where: ReturnType<typeof sql>, lock = false) =>
    (await rows<RedemptionRow>(executor, sql`SELECT ${REDEMPTION_COLUMNS} FROM points.point_redemptions d WHERE ${where} ${lock ? sql`FOR UPDATE OF d` : sql``}`))[0];
  const readConversion = async (executor: Executor, memberId: string, key: string) =>
    (
      await rows<ConversionRow>(
        executor,
        sql`SELECT id::text AS id, reference_no, merchant_code, member_id::text AS member_id, points::text AS points, amount_minor::text AS amount_minor, currency, paid_at
            FROM points.point_conversions WHERE member_id = ${memberId} AND idempotency_key = ${key}`,
      )
    )[0];
  const nextReference = async (tx: Executor, prefix: string, sequence: string) => {
    const [row] = await rows<{ id: string; day: string }>(tx, sql`SELECT nextval(${sequence})::text AS id, to_char(now() AT TIME ZONE 'UTC', 'YYMMDD') AS day`);
    return { id: row!.id, referenceNo: `${prefix}${row!.day}${row!.id.padStart(6, '0')}` };
  };

  /** Pays an approved cash or bonus redemption once (the wallet keeps one payout per key), then marks it paid. */
  const payRedemption = async (row: Pick<RedemptionRow, 'id' | 'reference_no' | 'merchant_code' | 'member_id' | 'currency' | 'amount_minor' | 'payout_key' | 'paid_at'>) => {
    if (!row.payout_key || row.paid_at || !row.amount_minor) return;
    const paid = await deps.wallet().payLoyalty({
      key: row.payout_key,
      merchantCode: row.merchant_code,
      currency: row.currency,
      memberId: row.member_id,
      amountMinor: row.amount_minor,
      cause: 'bonus',
      causeRef: row.reference_no,
    });
    await db.orm.execute(sql`UPDATE points.point_redemptions SET paid_at = now(), wallet_transaction_id = ${paid.transactionId} WHERE id = ${row.id} AND paid_at IS NULL`);
  };
  const payConversion = async (row: ConversionRow) => {
    if (row.paid_at) return;
    const paid = await deps.wallet().payLoyalty({
      key: `points-convert:${row.reference_no}`,
      merchantCode: row.merchant_code,
      currency: row.currency,
      memberId: row.member_id,
      amountMinor: row.amount_minor,
      cause: 'points',
      causeRef: row.reference_no,
    });
    await db.orm.execute(sql`UPDATE points.point_conversions SET paid_at = now(), wallet_transaction_id = ${paid.transactionId} WHERE id = ${row.id} AND paid_at IS NULL`);
  };
  const conversionView = async (row: ConversionRow): Promise<PointConversion> => {
    const [account] = await rows<{ points: string }>(db.orm, sql`SELECT points::text AS points FROM points.point_accounts WHERE member_id = ${row.member_id}`);
    return { referenceNo: row.reference_no, points: row.points, amount: formatMinor(BigInt(row.amount_minor), row.currency), currency: row.currency, pointsLeft: account?.points ?? '0' };
  };

  return {
    async summary(input: In<'getPointSummary'>): Promise<PointBalanceView> {
      const [account] = await rows<{ points: string; version: number; today: string }>(
        db.orm,
        sql`SELECT a.points::text AS points, a.version::int AS version,
                   (SELECT coalesce(sum(t.change), 0)::text FROM points.point_transactions t
                    WHERE t.member_id = a.member_id AND t.created_at >= ${brandDayStart(input.merchantCode)}) AS today
            FROM points.point_accounts a WHERE a.member_id = ${input.memberId}`,
      );
      const config = await readConfig(db.orm, input.merchantCode);
      const points = BigInt(account?.points ?? '0');
      const rate = { convertPoints: BigInt(config?.convert_points ?? '1000'), convertAmountMinor: BigInt(config?.convert_amount_minor ?? '0') };
      return {
        points: points.toString(),
        balance: points.toString(),
        changedPoints: account?.today ?? '0',
        pointsValue: formatMinor(cashForPoints(points, rate), input.currency),
        ratio: ratioText(rate.convertPoints, rate.convertAmountMinor, input.currency),
        currency: input.currency,
        version: account?.version ?? 0,
      };
    },

    async config(input: In<'getPointConfig'>): Promise<PointConfig> {
      return configView(await readConfig(db.orm, input.merchantCode), input.currency, await readRatios(db.orm, input.merchantCode));
    },

    async rewards(input: In<'listPointRewards'>): Promise<Out<'listPointRewards'>> {
      const list = await rows<RewardRow>(db.orm, sql`SELECT ${REWARD_COLUMNS} FROM points.point_rewards r WHERE r.merchant_code = ${input.merchantCode} AND r.enabled ORDER BY r.sort, r.id`);
      return { list: list.map(rewardView) };
    },

    async redemptions(input: In<'listRedemptions'>): Promise<Out<'listRedemptions'>> {
      const where = sql`d.member_id = ${input.memberId} ${input.status ? sql`AND d.status = ${input.status}` : sql``}`;
      const [count] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM points.point_redemptions d WHERE ${where}`);
      const list = await rows<RedemptionRow>(
        db.orm,
        sql`SELECT ${REDEMPTION_COLUMNS} FROM points.point_redemptions d WHERE ${where} ORDER BY d.id DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
      );
      const total = count?.n ?? 0;
      return { list: list.map(redemptionView), pageNo: input.pageNo, pageSize: input.pageSize, total, totalPages: Math.ceil(total / input.pageSize) };
    },

    async details(input: In<'listPointDetails'>): Promise<Out<'listPointDetails'>> {
      const [count] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM points.point_transactions WHERE member_id = ${input.memberId}`);
      const list = await rows<{ id: string; created_at: string; cause: string; cause_ref: string; change: string; balance: string; remark: string | null }>(
        db.orm,
        sql`SELECT id, created_at, cause, cause_ref, change, balance, remark FROM (
              SELECT id::text AS id, id AS n, created_at, cause, cause_ref, change::text AS change, remark,
                     (sum(change) OVER (ORDER BY id))::text AS balance
              FROM points.point_transactions WHERE member_id = ${input.memberId}
            ) AS history ORDER BY n DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
      );
      const total = count?.n ?? 0;
      const view = (row: (typeof list)[number]): PointDetail => ({
        id: row.id,
        time: iso(row.created_at)!,
        cause: row.cause,
        reference: row.cause_ref,
        change: row.change,
        balance: row.balance,
        remark: row.remark,
      });
      return { list: list.map(view), pageNo: input.pageNo, pageSize: input.pageSize, total, totalPages: Math.ceil(total / input.pageSize) };
    },

    async redeem(input: In<'redeemPointReward'>): Promise<Redemption> {
      const answered = async () => {
        const existing = await readRedemption(db.orm, sql`d.member_id = ${input.memberId} AND d.idempotency_key = ${input.idempotencyKey}`);
        if (!existing) return undefined;
        if (existing.reward_id !== input.rewardId || existing.quantity !== input.quantity) throw new AppError('IDEMPOTENCY_CONFLICT');
        if (existing.status === 'approved') await payRedemption(existing).catch((error: unknown) => deps.logger.warn({ err: error }, 'redemption payout failed; retried later'));
        return redemptionView((await readRedemption(db.orm, sql`d.id = ${existing.id}`))!);
      };
      // The same key sent twice at once: the loser answers what the winner made, whatever refused it (the key, or the stock,
      // limit or points the winner's commit took).
      return oncePerKey({
        answered,
        run: async () => {
          const created = await db.transaction(async (tx) => {
            const reward = await readReward(tx, input.merchantCode, input.rewardId, true);
            if (!reward || !reward.enabled) throw new AppError('POINT_REWARD_NOT_FOUND');
            if (reward.kind === 'goods' && !input.delivery) throw new AppError('POINT_DELIVERY_REQUIRED', { field: 'delivery' });
            const left = unitsLeft(reward);
            if (left !== null && left < input.quantity) throw new AppError('POINT_REWARD_OUT_OF_STOCK');
            const [taken] = await rows<{ today: number; ever: number }>(
              tx,
              sql`SELECT coalesce(sum(quantity) FILTER (WHERE created_at >= ${brandDayStart(input.merchantCode)}), 0)::int AS today, coalesce(sum(quantity), 0)::int AS ever
                FROM points.point_redemptions WHERE reward_id = ${reward.id} AND member_id = ${input.memberId} AND status <> 'rejected'`,
            );
            if (reward.daily_limit !== null && taken!.today + input.quantity > reward.daily_limit) throw new AppError('POINT_REWARD_LIMIT_REACHED');
            if (reward.lifetime_limit !== null && taken!.ever + input.quantity > reward.lifetime_limit) throw new AppError('POINT_REWARD_LIMIT_REACHED');
            const { id, referenceNo } = await nextReference(tx, 'PM', 'points.point_redemptions_id_seq');
            const cost = BigInt(reward.points) * BigInt(input.quantity);
            const amount = reward.amount_minor === null ? null : (BigInt(reward.amount_minor) * BigInt(input.quantity)).toString();
            const approved = !reward.needs_approval && reward.kind !== 'goods';
            const delivery = reward.kind === 'goods' && input.delivery ? JSON.stringify(input.delivery) : null;
            await tx.execute(
              sql`INSERT INTO points.point_redemptions (id, reference_no, merchant_code, member_id, reward_id, kind, name, quantity, points, amount_minor, currency, status, delivery, idempotency_key, payout_key)
                VALUES (${id}, ${referenceNo}, ${input.merchantCode}, ${input.memberId}, ${reward.id}, ${reward.kind}, ${reward.name}, ${input.quantity}, ${cost.toString()},
                        ${amount}, ${reward.currency}, ${approved ? 'approved' : 'in_process'}, ${delivery}::jsonb, ${input.idempotencyKey},
                        ${PAID_KINDS.has(reward.kind) ? `points-redeem:${referenceNo}` : null})`,
            );
            if (reward.kind === 'voucher') {
              const codes = await rows<{ code: string }>(
                tx,
                sql`UPDATE points.point_voucher_codes SET redemption_id = ${id}
                  WHERE reward_id = ${reward.id} AND code IN (
                    SELECT code FROM points.point_voucher_codes WHERE reward_id = ${reward.id} AND redemption_id IS NULL ORDER BY loaded_at, code LIMIT ${input.quantity} FOR UPDATE
                  ) RETURNING code`,
              );
              if (codes.length < input.quantity) throw new AppError('POINT_REWARD_OUT_OF_STOCK');
            }
            if (reward.stock !== null) await tx.execute(sql`UPDATE points.point_rewards SET stock = stock - ${input.quantity} WHERE id = ${reward.id}`);
            const spent = await spendPoints(tx, {
              merchantCode: input.merchantCode,
              memberId: input.memberId,
              points: cost,
              cause: 'redeem',
              causeRef: referenceNo,
              brandAccount: 'mall',
              remark: input.quantity > 1 ? `${reward.name} × ${input.quantity}` : reward.name,
              currency: input.currency,
            });
            await pushPoints(deps, tx, input.merchantCode, [spent]);
            return (await readRedemption(tx, sql`d.id = ${id}`))!;
          });
          deps.wakeRelay();
          if (created.status === 'approved') await payRedemption(created).catch((error: unknown) => deps.logger.warn({ err: error }, 'redemption payout failed; retried later'));
          return redemptionView((await readRedemption(db.orm, sql`d.id = ${created.id}`))!);
        },
      });
    },

    async convert(input: In<'convertPoints'>): Promise<PointConversion> {
      const text = input.points.trim();
      if (!POINTS_TEXT.test(text)) throw new AppError('POINTS_AMOUNT_INVALID', { field: 'points' });
      const points = BigInt(text);
      const answered = async () => {
        const existing = await readConversion(db.orm, input.memberId, input.idempotencyKey);
        if (!existing) return undefined;
        if (BigInt(existing.points) !== points) throw new AppError('IDEMPOTENCY_CONFLICT');
        await payConversion(existing);
        return conversionView(existing);
      };
      // A repeat with the key answers the conversion made, even if the brand's rate or minimum changed since.
      return oncePerKey({
        answered,
        run: async () => {
          const config = await readConfig(db.orm, input.merchantCode);
          if (!config || !config.convert_enabled || BigInt(config.convert_amount_minor) <= 0n || config.currency !== input.currency) throw new AppError('POINTS_CONVERT_UNAVAILABLE');
          if (points < BigInt(config.convert_min_points)) throw new AppError('POINTS_CONVERT_MIN', { field: 'points', params: { min: config.convert_min_points } });
          const amount = cashForPoints(points, { convertPoints: BigInt(config.convert_points), convertAmountMinor: BigInt(config.convert_amount_minor) });
          if (amount <= 0n) throw new AppError('POINTS_CONVERT_MIN', { field: 'points', params: { min: config.convert_min_points } });
          const created: ConversionRow = await db.transaction(async (tx) => {
            const { id, referenceNo } = await nextReference(tx, 'PC', 'points.point_conversions_id_seq');
            await tx.execute(
              sql`INSERT INTO points.point_conversions (id, reference_no, merchant_code, member_id, idempotency_key, points, amount_minor, currency)
                VALUES (${id}, ${referenceNo}, ${input.merchantCode}, ${input.memberId}, ${input.idempotencyKey}, ${points.toString()}, ${amount.toString()}, ${input.currency})`,
            );
            const spent = await spendPoints(tx, {
              merchantCode: input.merchantCode,
              memberId: input.memberId,
              points,
              cause: 'convert',
              causeRef: referenceNo,
              brandAccount: 'conversion',
              remark: formatMinor(amount, input.currency),
              currency: input.currency,
            });
            await pushPoints(deps, tx, input.merchantCode, [spent]);
            return {
              id,
              reference_no: referenceNo,
              merchant_code: input.merchantCode,
              member_id: input.memberId,
              points: points.toString(),
              amount_minor: amount.toString(),
              currency: input.currency,
              paid_at: null,
            };
          });
          deps.wakeRelay();
          // A failed payment leaves the conversion recorded and unpaid: the repeat with the same key (or the retry timer) pays it.
          await payConversion(created);
          return conversionView(created);
        },
      });
    },

    /** Pays what is approved or converted and still unpaid (the wallet was down, or the service stopped mid-way). */
    async payPending(): Promise<void> {
      const redemptions = await rows<RedemptionRow>(
        db.orm,
        sql`SELECT ${REDEMPTION_COLUMNS} FROM points.point_redemptions d WHERE d.payout_key IS NOT NULL AND d.paid_at IS NULL AND d.status = 'approved' ORDER BY d.id LIMIT 100`,
      );
      for (const row of redemptions) await payRedemption(row).catch((error: unknown) => deps.logger.warn({ err: error }, 'redemption payout failed; retried later'));
      const conversions = await rows<ConversionRow>(
        db.orm,
        sql`SELECT id::text AS id, reference_no, merchant_code, member_id::text AS member_id, points::text AS points, amount_minor::text AS amount_minor, currency, paid_at
            FROM points.point_conversions WHERE paid_at IS NULL ORDER BY id LIMIT 100`,
      );
      for (const row of conversions) await payConversion(row).catch((error: unknown) => deps.logger.warn({ err: error }, 'conversion payout failed; retried later'));
    },

    async operatorRewards(input: In<'operatorListPointRewards'>): Promise<Out<'operatorListPointRewards'>> {
      const list = await rows<RewardRow>(db.orm, sql`SELECT ${REWARD_COLUMNS} FROM points.point_rewards r WHERE r.merchant_code = ${input.merchantCode} ORDER BY r.sort, r.id`);
      return { list: list.map(operatorRewardView) };
    },

    async saveReward(input: In<'operatorCreatePointReward'> & { rewardId?: string; seedKey?: string }, executor: Executor = db.orm): Promise<Out<'operatorCreatePointReward'>> {
      const config = await readConfig(executor, input.merchantCode);
      if (!config) throw new AppError('POINT_CONFIG_INVALID', { field: 'currency' });
      const amount = input.amount ? parseMajor(input.amount, config.currency) : null;
      if (amount === undefined || amount === 0n) throw new AppError('POINT_REWARD_INVALID', { field: 'amount' });
      if (PAID_KINDS.has(input.kind) && amount === null) throw new AppError('POINT_REWARD_INVALID', { field: 'amount' });
      const values = sql`${input.kind}, ${input.name}, ${input.description}, ${input.image}, ${input.points}, ${amount?.toString() ?? null}, ${config.currency},
        ${input.stock}, ${input.dailyLimit}, ${input.lifetimeLimit}, ${input.needsApproval}, ${input.sort}, ${input.enabled}, ${input.operator}`;
      let id: string | undefined;
      if (input.rewardId) {
        const [row] = await rows<{ id: string }>(
          executor,
          sql`UPDATE points.point_rewards SET (kind, name, description, image, points, amount_minor, currency, stock, daily_limit, lifetime_limit, needs_approval, sort, enabled, updated_by)
              = (${values}), updated_at = now()
              WHERE id = ${input.rewardId} AND merchant_code = ${input.merchantCode} RETURNING id::text AS id`,
        );
        if (!row) throw new AppError('POINT_REWARD_NOT_FOUND');
        id = row.id;
      } else {
        const [row] = await rows<{ id: string }>(
          executor,
          sql`INSERT INTO points.point_rewards (merchant_code, seed_key, kind, name, description, image, points, amount_minor, currency, stock, daily_limit, lifetime_limit, needs_approval, sort, enabled, updated_by)
              VALUES (${input.merchantCode}, ${input.seedKey ?? null}, ${values})
              ON CONFLICT (merchant_code, seed_key) DO NOTHING RETURNING id::text AS id`,
        );
        id =
          row?.id ??
          (await rows<{ id: string }>(executor, sql`SELECT id::text AS id FROM points.point_rewards WHERE merchant_code = ${input.merchantCode} AND seed_key = ${input.seedKey ?? null}`))[0]?.id;
      }
      return operatorRewardView((await readReward(executor, input.merchantCode, id!))!);
    },

    async loadCodes(input: In<'operatorLoadVoucherCodes'>, executor: Executor = db.orm): Promise<Out<'operatorLoadVoucherCodes'>> {
      const reward = await readReward(executor, input.merchantCode, input.rewardId);
      if (!reward) throw new AppError('POINT_REWARD_NOT_FOUND');
      if (reward.kind !== 'voucher') throw new AppError('POINT_REWARD_INVALID', { field: 'codes' });
      const added = await rows<{ code: string }>(
        executor,
        sql`INSERT INTO points.point_voucher_codes (reward_id, code)
            SELECT ${reward.id}, code FROM (SELECT DISTINCT jsonb_array_elements_text(${JSON.stringify(input.codes)}::jsonb) AS code) AS codes
            ON CONFLICT DO NOTHING RETURNING code`,
      );
      return { added: added.length, vouchersLeft: (await readReward(executor, input.merchantCode, input.rewardId))!.vouchers_left };
    },

    async operatorRedemptions(input: In<'operatorListRedemptions'>): Promise<Out<'operatorListRedemptions'>> {
      const where = sql`d.merchant_code = ${input.merchantCode} ${input.status ? sql`AND d.status = ${input.status}` : sql``}`;
      const [count] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM points.point_redemptions d WHERE ${where}`);
      const list = await rows<RedemptionRow>(
        db.orm,
        sql`SELECT ${REDEMPTION_COLUMNS} FROM points.point_redemptions d WHERE ${where}
            ORDER BY (d.status = 'in_process') DESC, CASE WHEN d.status = 'in_process' THEN d.id END ASC, d.id DESC
            LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
      );
      const total = count?.n ?? 0;
      return { list: list.map(operatorRedemptionView), pageNo: input.pageNo, pageSize: input.pageSize, total, totalPages: Math.ceil(total / input.pageSize) };
    },

    async review(input: In<'operatorReviewRedemption'>, executor?: Executor): Promise<Out<'operatorReviewRedemption'>> {
      const run = async (tx: Executor) => {
        const row = await readRedemption(tx, sql`d.reference_no = ${input.referenceNo} AND d.merchant_code = ${input.merchantCode}`, true);
        if (!row) throw new AppError('POINT_REDEMPTION_NOT_FOUND');
        if (row.status !== 'in_process') throw new AppError('POINT_REDEMPTION_NOT_PENDING');
        const remark = input.remark === '' ? null : input.remark;
        await tx.execute(
          sql`UPDATE points.point_redemptions SET status = ${input.decision === 'approve' ? 'approved' : 'rejected'}, remark = ${remark},
                reviewed_by = ${input.operator}, reviewed_at = now() WHERE id = ${row.id}`,
        );
        if (input.decision === 'reject') {
          const refunded = await postPoints(tx, [
            { merchantCode: row.merchant_code, memberId: row.member_id, change: BigInt(row.points), cause: 'redeem_refund', causeRef: row.reference_no, brandAccount: 'mall', remark: row.name },
          ]);
          await tx.execute(sql`UPDATE points.point_rewards SET stock = stock + ${row.quantity} WHERE id = ${row.reward_id} AND stock IS NOT NULL`);
          await tx.execute(sql`UPDATE points.point_voucher_codes SET redemption_id = NULL WHERE redemption_id = ${row.id}`);
          await pushPoints(deps, tx, row.merchant_code, refunded);
        }
        return (await readRedemption(tx, sql`d.id = ${row.id}`))!;
      };
      if (executor) return operatorRedemptionView(await run(executor));
      const reviewed = await db.transaction(run);
      deps.wakeRelay();
      if (reviewed.status === 'approved') await payRedemption(reviewed).catch((error: unknown) => deps.logger.warn({ err: error }, 'redemption payout failed; retried later'));
      return operatorRedemptionView((await readRedemption(db.orm, sql`d.id = ${reviewed.id}`))!);
    },

    async setConfig(input: In<'operatorSetPointConfig'>, executor?: Executor): Promise<PointConfig> {
      const run = async (tx: Executor) => {
        const existing = await readConfig(tx, input.merchantCode);
        const currency = existing?.currency ?? input.currency;
        if (!currency) throw new AppError('POINT_CONFIG_INVALID', { field: 'currency' });
        const amount = input.convertAmount === undefined ? undefined : parseMajor(input.convertAmount, currency);
        if (input.convertAmount !== undefined && amount === undefined) throw new AppError('POINT_CONFIG_INVALID', { field: 'convertAmount' });
        for (const ratio of input.ratios ?? []) if (!(GAME_TYPES as readonly string[]).includes(ratio.gameType)) throw new AppError('POINT_CONFIG_INVALID', { field: 'ratios' });
        await tx.execute(
          sql`INSERT INTO points.point_config (merchant_code, currency, convert_points, convert_amount_minor, convert_min_points, convert_enabled)
              VALUES (${input.merchantCode}, ${currency}, ${input.convertPoints ?? existing?.convert_points ?? '1000'}, ${amount?.toString() ?? existing?.convert_amount_minor ?? '0'},
                      ${input.convertMinPoints ?? existing?.convert_min_points ?? '1'}, ${input.convertEnabled ?? existing?.convert_enabled ?? amount !== undefined})
              ON CONFLICT (merchant_code) DO UPDATE SET convert_points = EXCLUDED.convert_points, convert_amount_minor = EXCLUDED.convert_amount_minor,
                convert_min_points = EXCLUDED.convert_min_points, convert_enabled = EXCLUDED.convert_enabled, updated_at = now()`,
        );
        if (input.ratios?.length) {
          await tx.execute(
            sql`INSERT INTO points.point_ratios (merchant_code, game_type, minor_per_point)
                SELECT ${input.merchantCode}, game_type, minor_per_point FROM jsonb_to_recordset(${JSON.stringify(input.ratios.map((r) => ({ game_type: r.gameType, minor_per_point: r.minorPerPoint })))}::jsonb)
                  AS t(game_type text, minor_per_point bigint)
                ON CONFLICT (merchant_code, game_type) DO UPDATE SET minor_per_point = EXCLUDED.minor_per_point`,
          );
        }
        return configView(await readConfig(tx, input.merchantCode), currency, await readRatios(tx, input.merchantCode));
      };
      return executor ? run(executor) : db.transaction(run);
    },
    readConfig,
  };
}
export type Mall = ReturnType<typeof createMall>;
