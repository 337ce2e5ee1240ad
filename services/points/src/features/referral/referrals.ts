import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { BetSettled, MemberRegistered, ReferralFriend, ReferralSummary } from '@wps/contracts';
import type { CreditedDeposit, PointsDeps } from '../module.js';
import { maskAccount } from '../missions/periods.js';
import { bonusTermsOf, recordPayouts, type PromotionPayout } from './payouts.js';
import { liveReferralPromotions, type Promotion, type ReferralTerms } from './promotions.js';

const DAY_MS = 86_400_000;
/** Bets and deposits of a referee count for this long after it registered at most (the longest window a promotion may set). */
export const REFERRAL_TRACKED_DAYS = 366;

const idSet = (values: readonly string[]) => sql`(SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb)::bigint)`;

interface ReferralRow {
  referee_id: string;
  referrer_id: string;
  merchant_code: string;
  currency: string;
  referee_account: string;
  registered_at: string;
  first_deposit_minor: string | null;
  first_deposit_at: string | null;
  qualified_at: string | null;
  reward_minor: string | null;
}
const REFERRAL_COLUMNS = sql.raw(`r.referee_id::text AS referee_id, r.referrer_id::text AS referrer_id, r.merchant_code, r.currency, r.referee_account, r.registered_at,
  r.first_deposit_minor::text AS first_deposit_minor, r.first_deposit_at, r.qualified_at, r.reward_minor::text AS reward_minor`);

/** The last moment a referee's deposit or bet counts: its registration plus the promotion's days. */
export const deadlineOf = (registeredAt: Date, withinDays: number): Date => new Date(registeredAt.getTime() + withinDays * DAY_MS);

/** What a referee has done toward qualifying, against a promotion's terms. */
export interface Progress {
  firstDepositMinor: bigint | null;
  firstDepositAt: Date | null;
  validBetMinor: bigint;
}

/** Whether a referee's first deposit and valid bet meet the terms within the days after it registered. */
export function meetsTerms(terms: Pick<ReferralTerms, 'minDepositMinor' | 'minValidBetMinor' | 'withinDays'>, registeredAt: Date, progress: Progress): { deposit: boolean; validBet: boolean } {
  const deadline = deadlineOf(registeredAt, terms.withinDays);
  const deposit = progress.firstDepositMinor !== null && progress.firstDepositAt !== null && progress.firstDepositMinor >= terms.minDepositMinor && progress.firstDepositAt <= deadline;
  return { deposit, validBet: progress.validBetMinor >= terms.minValidBetMinor };
}

/**
 * Invite friends: who referred whom (from registrations), each referee's first deposit and valid bet, and the reward,
 * paid once per referee when it qualifies under the brand's live referral promotion.
 */
export class Referrals {
  constructor(
    private readonly deps: PointsDeps,
    private readonly paid: () => void,
  ) {}

  /** Records members who registered with another member's referral code. */
  async recordRegistrations(tx: Executor, registered: ReadonlyArray<Pick<MemberRegistered, 'memberId' | 'merchantCode' | 'currency' | 'account' | 'registeredAt' | 'referredById'>>): Promise<void> {
    const referred = registered.filter((member) => member.referredById && member.referredById !== member.memberId);
    if (referred.length === 0) return;
    const input = JSON.stringify(
      referred.map((member) => ({
        referee_id: member.memberId,
        referrer_id: member.referredById,
        merchant_code: member.merchantCode,
        currency: member.currency,
        referee_account: member.account,
        registered_at: member.registeredAt,
      })),
    );
    await tx.execute(
      sql`INSERT INTO points.referrals (referee_id, referrer_id, merchant_code, currency, referee_account, registered_at)
          SELECT referee_id, referrer_id, merchant_code, currency, referee_account, registered_at
          FROM jsonb_to_recordset(${input}::jsonb) AS t(referee_id bigint, referrer_id bigint, merchant_code text, currency text, referee_account text, registered_at timestamptz)
          ORDER BY referee_id
          ON CONFLICT (referee_id) DO NOTHING`,
    );
  }

  /**
   * The referees among these members that can still qualify, locked for the rest of the transaction: the bets batch
   * and the deposits batch of one referee take turns, so neither decides on what the other has not committed yet.
   */
  private async lockOpen(tx: Executor, memberIds: readonly string[]): Promise<string[]> {
    if (memberIds.length === 0) return [];
    const found = await rows<{ referee_id: string }>(
      tx,
      sql`SELECT referee_id::text AS referee_id FROM points.referrals
          WHERE referee_id IN ${idSet(memberIds)} AND qualified_at IS NULL AND registered_at > now() - make_interval(days => ${REFERRAL_TRACKED_DAYS})
          ORDER BY referee_id FOR UPDATE`,
    );
    return found.map((row) => row.referee_id);
  }

  /** Counts referees' settled bets (highest revision per bet, a cancellation counts zero), then looks for who qualified. */
  async onBets(tx: Executor, bets: readonly BetSettled[]): Promise<void> {
    const open = new Set(
      await this.lockOpen(
        tx,
        bets.map((bet) => bet.memberId),
      ),
    );
    if (open.size === 0) return;
    const input = JSON.stringify(
      bets
        .filter((bet) => open.has(bet.memberId))
        .map((bet) => ({
          bet_id: bet.betId,
          referee_id: bet.memberId,
          revision: bet.revision,
          cancelled: bet.state === 'cancelled',
          valid_bet_minor: bet.state === 'cancelled' ? '0' : bet.validBetMinor,
          settled_at: bet.settledAt,
        })),
    );
    await tx.execute(
      sql`INSERT INTO points.referral_bets AS b (bet_id, referee_id, revision, cancelled, valid_bet_minor, settled_at)
          SELECT DISTINCT ON (bet_id) bet_id, referee_id, revision, cancelled, valid_bet_minor, settled_at
          FROM jsonb_to_recordset(${input}::jsonb) AS t(bet_id text, referee_id bigint, revision int, cancelled boolean, valid_bet_minor bigint, settled_at timestamptz)
          ORDER BY bet_id, revision DESC, cancelled DESC
          ON CONFLICT (bet_id) DO UPDATE SET revision = EXCLUDED.revision, cancelled = EXCLUDED.cancelled, valid_bet_minor = EXCLUDED.valid_bet_minor, settled_at = EXCLUDED.settled_at
            WHERE EXCLUDED.revision > b.revision OR (EXCLUDED.revision = b.revision AND EXCLUDED.cancelled AND NOT b.cancelled)`,
    );
    await this.qualify(tx, [...open]);
  }

  /** Notes each referee's first deposit, then looks for who qualified. */
  async onDeposits(tx: Executor, deposits: readonly CreditedDeposit[]): Promise<void> {
    const open = new Set(
      await this.lockOpen(
        tx,
        deposits.map((deposit) => deposit.memberId),
      ),
    );
    if (open.size === 0) return;
    const first = new Map<string, CreditedDeposit>();
    for (const deposit of deposits) {
      if (!open.has(deposit.memberId)) continue;
      const seen = first.get(deposit.memberId);
      if (!seen || deposit.at < seen.at) first.set(deposit.memberId, deposit);
    }
    const input = JSON.stringify([...first.values()].map((deposit) => ({ referee_id: deposit.memberId, amount_minor: deposit.amountMinor.toString(), at: deposit.at.toISOString() })));
    await tx.execute(
      sql`UPDATE points.referrals AS r SET first_deposit_minor = t.amount_minor, first_deposit_at = t.at
          FROM jsonb_to_recordset(${input}::jsonb) AS t(referee_id bigint, amount_minor bigint, at timestamptz)
          WHERE r.referee_id = t.referee_id AND (r.first_deposit_at IS NULL OR t.at < r.first_deposit_at)`,
    );
    await this.qualify(tx, [...open]);
  }

  /** Valid bet of referees up to each one's deadline (no deadline: all of it). */
  private async validBets(executor: Executor, referees: ReadonlyArray<{ refereeId: string; until: Date | null }>): Promise<Map<string, bigint>> {
    if (referees.length === 0) return new Map();
    const input = JSON.stringify(referees.map((referee) => ({ referee_id: referee.refereeId, until: referee.until?.toISOString() ?? null })));
    const found = await rows<{ referee_id: string; valid_bet: string }>(
      executor,
      sql`SELECT t.referee_id::text AS referee_id, coalesce(sum(b.valid_bet_minor), 0)::text AS valid_bet
          FROM jsonb_to_recordset(${input}::jsonb) AS t(referee_id bigint, until timestamptz)
          LEFT JOIN points.referral_bets b ON b.referee_id = t.referee_id AND (t.until IS NULL OR b.settled_at <= t.until)
          GROUP BY t.referee_id`,
    );
    return new Map(found.map((row) => [row.referee_id, BigInt(row.valid_bet)]));
  }

  /**
   * Marks the referees that meet their brand's live referral terms as qualified (once: `qualified_at` is set under the
   * row lock taken first) and records the rewards: the referrer's, and the friend's own bonus when the terms give one.
   */
  async qualify(tx: Executor, refereeIds: readonly string[]): Promise<number> {
    if (refereeIds.length === 0) return 0;
    const candidates = await rows<ReferralRow>(tx, sql`SELECT ${REFERRAL_COLUMNS} FROM points.referrals r WHERE r.referee_id IN ${idSet(refereeIds)} AND r.qualified_at IS NULL`);
    if (candidates.length === 0) return 0;
    const promotions = await liveReferralPromotions(tx, [...new Set(candidates.map((row) => row.merchant_code))]);
    const judged = candidates.flatMap((row) => {
      const promotion = promotions.get(row.merchant_code);
      return promotion ? [{ row, promotion, until: deadlineOf(new Date(row.registered_at), promotion.terms.withinDays) }] : [];
    });
    const bets = await this.validBets(
      tx,
      judged.map(({ row, until }) => ({ refereeId: row.referee_id, until })),
    );
    const qualified = judged.filter(({ row, promotion }) => {
      const met = meetsTerms(promotion.terms, new Date(row.registered_at), {
        firstDepositMinor: row.first_deposit_minor === null ? null : BigInt(row.first_deposit_minor),
        firstDepositAt: row.first_deposit_at === null ? null : new Date(row.first_deposit_at),
        validBetMinor: bets.get(row.referee_id) ?? 0n,
      });
      return met.deposit && met.validBet;
    });
    if (qualified.length === 0) return 0;
    const input = JSON.stringify(qualified.map(({ row, promotion }) => ({ referee_id: row.referee_id, promotion_id: promotion.id, reward_minor: promotion.terms.rewardMinor.toString() })));
    const marked = new Set(
      (
        await rows<{ referee_id: string }>(
          tx,
          sql`UPDATE points.referrals AS r SET qualified_at = now(), promotion_id = t.promotion_id, reward_minor = t.reward_minor
              FROM jsonb_to_recordset(${input}::jsonb) AS t(referee_id bigint, promotion_id text, reward_minor bigint)
              WHERE r.referee_id = t.referee_id AND r.qualified_at IS NULL
              RETURNING r.referee_id::text AS referee_id`,
        )
      ).map((row) => row.referee_id),
    );
    const payouts: PromotionPayout[] = qualified.filter(({ row }) => marked.has(row.referee_id)).flatMap(({ row, promotion }) => payoutsFor(row, promotion));
    await recordPayouts(tx, payouts);
    if (payouts.length > 0) this.paid();
    return marked.size;
  }

  /** The member's invited friends with their progress, and its rewards. Only the caller's own referees are read. */
  async summary(input: { memberId: string; merchantCode: string; currency: string; pageNo: number; pageSize: number }): Promise<ReferralSummary> {
    const db = this.deps.db.orm;
    const promotion = (await liveReferralPromotions(db, [input.merchantCode])).get(input.merchantCode) ?? null;
    const [counts] = await rows<{ invited: number; qualified: number }>(
      db,
      sql`SELECT count(*)::int AS invited, count(*) FILTER (WHERE qualified_at IS NOT NULL)::int AS qualified
          FROM points.referrals WHERE referrer_id = ${input.memberId} AND merchant_code = ${input.merchantCode}`,
    );
    const [money] = await rows<{ earned: string; pending: string }>(
      db,
      sql`SELECT coalesce(sum(amount_minor) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS earned, coalesce(sum(amount_minor) FILTER (WHERE paid_at IS NULL), 0)::text AS pending
          FROM points.promotion_payouts WHERE member_id = ${input.memberId} AND merchant_code = ${input.merchantCode} AND source = 'referral'`,
    );
    const page = await rows<ReferralRow & { reward_paid: boolean | null }>(
      db,
      sql`SELECT ${REFERRAL_COLUMNS}, (p.paid_at IS NOT NULL) AS reward_paid
          FROM points.referrals r
          LEFT JOIN points.promotion_payouts p ON p.merchant_code = r.merchant_code AND p.source = 'referral' AND p.source_ref = 'referee:' || r.referee_id::text
          WHERE r.referrer_id = ${input.memberId} AND r.merchant_code = ${input.merchantCode}
          ORDER BY r.registered_at DESC, r.referee_id DESC
          LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
    );
    const withinDays = promotion?.terms.withinDays ?? null;
    const bets = await this.validBets(
      db,
      page.map((row) => ({ refereeId: row.referee_id, until: withinDays === null ? null : deadlineOf(new Date(row.registered_at), withinDays) })),
    );
    const now = Date.now();
    const list: ReferralFriend[] = page.map((row) => {
      const registeredAt = new Date(row.registered_at);
      const deadline = withinDays === null ? null : deadlineOf(registeredAt, withinDays);
      const progress: Progress = {
        firstDepositMinor: row.first_deposit_minor === null ? null : BigInt(row.first_deposit_minor),
        firstDepositAt: row.first_deposit_at === null ? null : new Date(row.first_deposit_at),
        validBetMinor: bets.get(row.referee_id) ?? 0n,
      };
      const met = promotion ? meetsTerms(promotion.terms, registeredAt, progress) : { deposit: false, validBet: false };
      const qualified = row.qualified_at !== null;
      return {
        name: maskAccount(row.referee_account),
        registeredAt: registeredAt.toISOString(),
        deadline: deadline?.toISOString() ?? null,
        firstDepositMinor: progress.firstDepositMinor?.toString() ?? null,
        validBetMinor: progress.validBetMinor.toString(),
        depositMet: qualified || met.deposit,
        validBetMet: qualified || met.validBet,
        status: qualified ? 'qualified' : deadline !== null && deadline.getTime() < now ? 'expired' : 'pending',
        qualifiedAt: row.qualified_at === null ? null : new Date(row.qualified_at).toISOString(),
        rewardMinor: row.reward_minor,
        rewardPaid: row.reward_paid === true,
      };
    });
    const total = counts?.invited ?? 0;
    return {
      currency: input.currency,
      terms: promotion
        ? {
            promotionId: promotion.id,
            rewardMinor: promotion.terms.rewardMinor.toString(),
            minDepositMinor: promotion.terms.minDepositMinor.toString(),
            minValidBetMinor: promotion.terms.minValidBetMinor.toString(),
            withinDays: promotion.terms.withinDays,
            refereeBonusMinor: promotion.terms.refereeBonusMinor > 0n ? promotion.terms.refereeBonusMinor.toString() : null,
            multiple: promotion.terms.multiple,
            endsAt: promotion.endsAt?.toISOString() ?? null,
          }
        : null,
      totals: { invited: total, qualified: counts?.qualified ?? 0, earnedMinor: money?.earned ?? '0', pendingMinor: money?.pending ?? '0' },
      friends: { list, pageNo: input.pageNo, pageSize: input.pageSize, total, totalPages: Math.ceil(total / input.pageSize) },
    };
  }
}

/** The rewards a qualified referee brings: the referrer's, and the friend's own bonus when the terms give one. */
function payoutsFor(row: ReferralRow, promotion: Promotion<ReferralTerms>): PromotionPayout[] {
  const terms = bonusTermsOf(promotion.terms);
  const common = { merchantCode: row.merchant_code, sourceRef: `referee:${row.referee_id}`, promotionId: promotion.id, currency: row.currency, terms };
  const payouts: PromotionPayout[] = [
    {
      ...common,
      memberId: row.referrer_id,
      source: 'referral',
      amountMinor: promotion.terms.rewardMinor,
      titleKind: 'referral',
      titleParams: { friend: maskAccount(row.referee_account) },
    },
  ];
  if (promotion.terms.refereeBonusMinor > 0n) {
    payouts.push({ ...common, memberId: row.referee_id, source: 'referee', amountMinor: promotion.terms.refereeBonusMinor, titleKind: 'referee', titleParams: {} });
  }
  return payouts;
}
