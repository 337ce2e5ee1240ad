import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { InterfaceLanguage, Reward } from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { postPoints } from '../points/ledger.js';
import { pushPoints } from '../points/mall.js';
import { pushRewardCounts } from './grants.js';
import { GRANT_COLUMNS, toReward, type GrantRow } from './rows.js';

/** The wallet key and cause reference of a money reward's payment: one payment per grant, ever. */
export const grantPaymentKey = (grantId: string): string => `grant:${grantId}`;

/** Claimed money rewards left unpaid this long (the claim's own payment failed or the service stopped) are paid again. */
export const UNPAID_RETRY_AFTER_MS = 5_000;

/**
 * Marks one available grant claimed inside `tx`. Points are posted in the same transaction (the points ledger is in
 * this database); money is only recorded as claimed, with its payment key, and paid by `payClaimedGrants` after the
 * commit. Answers the grant as claimed.
 */
async function claimInTx(deps: Pick<PointsDeps, 'outbox'>, tx: Executor, grant: GrantRow): Promise<GrantRow> {
  if (grant.kind === 'points') {
    const posted = await postPoints(tx, [
      {
        merchantCode: grant.merchant_code,
        memberId: grant.member_id,
        change: BigInt(grant.points),
        cause: 'reward',
        causeRef: grantPaymentKey(grant.id),
        brandAccount: 'rewards',
        remark: grant.title,
        currency: grant.currency,
      },
    ]);
    // The member's points balance, live.
    await pushPoints(deps, tx, grant.merchant_code, posted);
  }
  const paidNow = grant.kind === 'points' || BigInt(grant.amount_minor) === 0n;
  const [claimed] = await rows<GrantRow>(
    tx,
    sql`UPDATE points.reward_grants AS g
        SET status = 'claimed', claimed_at = now(),
            paid_at = CASE WHEN ${paidNow} THEN now() END,
            paid_ref = CASE WHEN ${paidNow} THEN ${grant.kind === 'points' ? `points:${grantPaymentKey(grant.id)}` : null} END
        WHERE g.id = ${grant.id} AND g.status = 'available'
        RETURNING ${GRANT_COLUMNS}`,
  );
  if (!claimed) throw new AppError('REWARD_ALREADY_CLAIMED');
  return claimed;
}

/** Explains why a grant that is not available cannot be claimed. */
function refusal(grant: GrantRow | undefined): AppError | undefined {
  if (!grant) return new AppError('REWARD_NOT_FOUND');
  if (grant.status === 'claimed') return new AppError('REWARD_ALREADY_CLAIMED');
  if (grant.status === 'expired') return new AppError('REWARD_EXPIRED');
  return undefined;
}

/** The reward centre's claims and the payments behind them. */
export class RewardClaims {
  constructor(private readonly deps: PointsDeps) {}

  /**
   * Claims one of the member's grants. Two claims at once (two tabs): the grant's row lock lets one through, the other
   * finds it claimed (REWARD_ALREADY_CLAIMED) and nothing is paid twice.
   */
  async claim(input: { memberId: string; merchantCode: string; grantId: string; language?: InterfaceLanguage }): Promise<{ reward: Reward; count: number; version: number }> {
    const { db } = this.deps;
    const { claimed, count } = await db.transaction(async (tx) => {
      const [grant] = await rows<GrantRow>(
        tx,
        sql`SELECT ${GRANT_COLUMNS} FROM points.reward_grants g
            WHERE g.id = ${input.grantId} AND g.member_id = ${input.memberId} AND g.merchant_code = ${input.merchantCode}
            FOR UPDATE`,
      );
      const refused = refusal(grant);
      if (refused) throw refused;
      const claimed = await claimInTx(this.deps, tx, grant!);
      const [count] = await pushRewardCounts(this.deps, tx, [input.memberId]);
      return { claimed, count: count! };
    });
    this.deps.wakeRelay();
    const paid = claimed.paid_at !== null || (await this.payClaimedGrants([claimed.id])) > 0;
    return { reward: { ...toReward(claimed, input.language), paid }, count: count.count, version: count.version };
  }

  /** Claims every grant the member can claim now, in one transaction; the money ones are paid after it. */
  async claimAll(input: { memberId: string; merchantCode: string; language?: InterfaceLanguage }): Promise<{ claimed: Reward[]; count: number; version: number }> {
    const { db } = this.deps;
    const { claimed, count } = await db.transaction(async (tx) => {
      const grants = await rows<GrantRow>(
        tx,
        sql`SELECT ${GRANT_COLUMNS} FROM points.reward_grants g
            WHERE g.member_id = ${input.memberId} AND g.merchant_code = ${input.merchantCode} AND g.status = 'available'
              AND (g.expires_at IS NULL OR g.expires_at > now())
            ORDER BY g.id
            FOR UPDATE`,
      );
      const claimed: GrantRow[] = [];
      for (const grant of grants) claimed.push(await claimInTx(this.deps, tx, grant));
      const [count] = await pushRewardCounts(this.deps, tx, [input.memberId]);
      return { claimed, count: count ?? { count: 0, version: 0 } };
    });
    this.deps.wakeRelay();
    const unpaid = claimed.filter((grant) => grant.paid_at === null).map((grant) => grant.id);
    const paidIds = new Set(unpaid.length > 0 ? await this.payGrants(unpaid) : []);
    return { claimed: claimed.map((grant) => ({ ...toReward(grant, input.language), paid: grant.paid_at !== null || paidIds.has(grant.id) })), count: count.count, version: count.version };
  }

  /** Pays claimed money grants that are not paid yet; answers how many were paid now. */
  async payClaimedGrants(grantIds: readonly string[]): Promise<number> {
    return (await this.payGrants(grantIds)).length;
  }

  /**
   * Pays the given claimed, unpaid money grants through the wallet, each with its own key, then marks them paid. A
   * grant the wallet paid before (the mark was lost) is answered again by the wallet for the same key, and marked.
   * A failure leaves the grant unpaid for the retry timer. Answers the ids paid.
   */
  private async payGrants(grantIds: readonly string[]): Promise<string[]> {
    const { db, logger } = this.deps;
    const ids = JSON.stringify(grantIds);
    const unpaid = await rows<GrantRow>(
      db.orm,
      sql`SELECT ${GRANT_COLUMNS} FROM points.reward_grants g
          WHERE g.id = ANY (ARRAY(SELECT value::bigint FROM jsonb_array_elements_text(${ids}::jsonb))) AND g.status = 'claimed' AND g.paid_at IS NULL`,
    );
    const paid: string[] = [];
    for (const grant of unpaid) {
      try {
        const answer = await this.deps.wallet().payLoyalty({
          key: grantPaymentKey(grant.id),
          merchantCode: grant.merchant_code,
          currency: grant.currency,
          memberId: grant.member_id,
          amountMinor: grant.amount_minor,
          cause: 'bonus',
          causeRef: grantPaymentKey(grant.id),
        });
        await db.orm.execute(sql`UPDATE points.reward_grants SET paid_at = now(), paid_ref = ${answer.transactionId} WHERE id = ${grant.id} AND paid_at IS NULL`);
        paid.push(grant.id);
      } catch (error) {
        logger.warn({ err: error, grantId: grant.id }, 'a claimed reward could not be paid yet; it is paid again later with the same key');
      }
    }
    return paid;
  }

  /** The timer's work: pays what was claimed and left unpaid, and expires grants past their date (pushing counts). */
  async sweep(): Promise<void> {
    const { db } = this.deps;
    const stale = await rows<{ id: string }>(
      db.orm,
      sql`SELECT id::text AS id FROM points.reward_grants
          WHERE status = 'claimed' AND paid_at IS NULL AND claimed_at < now() - make_interval(secs => ${UNPAID_RETRY_AFTER_MS / 1000})
          ORDER BY claimed_at LIMIT 200`,
    );
    if (stale.length > 0) await this.payGrants(stale.map((row) => row.id));
    const [expiring] = await rows<{ id: string }>(db.orm, sql`SELECT id::text AS id FROM points.reward_grants WHERE status = 'available' AND expires_at <= now() LIMIT 1`);
    if (!expiring) return;
    const expired = await db.transaction(async (tx) => {
      const members = await rows<{ member_id: string }>(
        tx,
        sql`UPDATE points.reward_grants SET status = 'expired'
            WHERE id IN (SELECT id FROM points.reward_grants WHERE status = 'available' AND expires_at <= now() ORDER BY expires_at LIMIT 1000)
            RETURNING member_id::text AS member_id`,
      );
      await pushRewardCounts(
        this.deps,
        tx,
        members.map((row) => row.member_id),
      );
      return members.length;
    });
    if (expired > 0) this.deps.wakeRelay();
  }
}
