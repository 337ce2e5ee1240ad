import { sql } from 'drizzle-orm';
import { AppError, oncePerKey, rows, type Executor } from '@wps/platform';
import type { RebateAccrual, RebateClaim } from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { RewardClaims } from '../rewards/claims.js';
import { titled } from '../rewards/titles.js';
import { localDay, rebateMinor } from '../vip/rules.js';
import { hasVip, loadProgrammes, readStanding, type Programme } from '../vip/store.js';
import { claimNow } from './split.js';

interface ClaimRow {
  id: string;
  day: string;
  currency: string;
  valid_bet_minor: string;
  rate_bp: number;
  amount_minor: string;
  created_at: string;
  paid: boolean;
}
const CLAIM_COLUMNS = sql.raw(`c.id::text AS id, to_char(c.day, 'YYYY-MM-DD') AS day, c.currency, c.valid_bet_minor::text AS valid_bet_minor, c.rate_bp,
  c.amount_minor::text AS amount_minor, c.created_at, (g.paid_at IS NOT NULL) AS paid`);

const toClaim = (row: ClaimRow): RebateClaim => ({
  claimId: row.id,
  day: row.day,
  currency: row.currency,
  validBetMinor: row.valid_bet_minor,
  rateBasisPoints: Number(row.rate_bp),
  amountMinor: row.amount_minor,
  claimedAt: new Date(row.created_at).toISOString(),
  paid: row.paid === true,
});

/** The member's level and rate in the brand's programme. */
async function rateOf(executor: Executor, programme: Programme, memberId: string): Promise<{ level: number; labelName: string; basisPoints: number }> {
  const standing = await readStanding(executor, programme.merchantCode, memberId);
  const level = programme.levels[Math.min(standing.level, programme.levels.length - 1)]!;
  return { level: level.level, labelName: level.labelName, basisPoints: level.rebateBasisPoints };
}

async function validBetOf(executor: Executor, programme: Programme, memberId: string, day: string): Promise<bigint> {
  const [row] = await rows<{ valid_bet: string }>(
    executor,
    sql`SELECT valid_bet_minor::text AS valid_bet FROM points.vip_daily WHERE member_id = ${memberId} AND day = ${day}::date AND currency = ${programme.currency}`,
  );
  return BigInt(row?.valid_bet ?? '0');
}

/**
 * The manual rebate: today's rebate so far (the brand's day, the member's VIP rate), claimed by the member before the
 * daily run, which then grants only the rebate of the valid bet no claim covered (`closeRebateDays`).
 */
export class ManualRebates {
  private readonly rewards: RewardClaims;
  constructor(
    private readonly deps: PointsDeps,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.rewards = new RewardClaims(deps);
  }

  async accrual(input: { memberId: string; merchantCode: string; currency: string }): Promise<RebateAccrual> {
    const db = this.deps.db.orm;
    const programme = (await loadProgrammes(db, [input.merchantCode])).get(input.merchantCode);
    if (!hasVip(programme)) {
      return {
        available: false,
        currency: input.currency,
        day: localDay(this.clock(), 'UTC'),
        level: 0,
        labelName: '',
        rateBasisPoints: 0,
        lines: [],
        validBetMinor: '0',
        accruedMinor: '0',
        claimedMinor: '0',
        claimedValidBetMinor: '0',
        claimableMinor: '0',
        claims: [],
      };
    }
    const day = localDay(this.clock(), programme.timeZone);
    const rate = await rateOf(db, programme, input.memberId);
    const validBet = await validBetOf(db, programme, input.memberId, day);
    const byType = await rows<{ game_type: string; valid_bet: string }>(
      db,
      sql`SELECT game_type, valid_bet_minor::text AS valid_bet FROM points.rebate_daily
          WHERE member_id = ${input.memberId} AND day = ${day}::date AND currency = ${programme.currency} AND valid_bet_minor > 0
          ORDER BY valid_bet_minor DESC, game_type`,
    );
    const lines = byType.map((row) => ({ gameType: row.game_type, validBet: BigInt(row.valid_bet) }));
    // Valid bet counted before it was kept by game type shows as OTHER, so the lines add up to the day's valid bet.
    const listed = lines.reduce((sum, line) => sum + line.validBet, 0n);
    if (validBet > listed) lines.push({ gameType: 'OTHER', validBet: validBet - listed });
    const [taken] = await rows<{ claimed_valid_bet: string; claimed: string; closed: boolean }>(
      db,
      sql`SELECT claimed_valid_bet_minor::text AS claimed_valid_bet, claimed_minor::text AS claimed, closed_at IS NOT NULL AS closed
          FROM points.rebate_days WHERE member_id = ${input.memberId} AND day = ${day}::date`,
    );
    const claimedValidBet = BigInt(taken?.claimed_valid_bet ?? '0');
    const claims = await rows<ClaimRow>(
      db,
      sql`SELECT ${CLAIM_COLUMNS} FROM points.rebate_claims c JOIN points.reward_grants g ON g.id = c.grant_id
          WHERE c.member_id = ${input.memberId} AND c.day = ${day}::date ORDER BY c.id DESC LIMIT 50`,
    );
    const available = rate.basisPoints > 0 && programme.currency === input.currency;
    return {
      available,
      currency: programme.currency,
      day,
      level: rate.level,
      labelName: rate.labelName,
      rateBasisPoints: rate.basisPoints,
      lines: lines.map((line) => ({ gameType: line.gameType, validBetMinor: line.validBet.toString(), rebateMinor: rebateMinor(line.validBet, rate.basisPoints).toString() })),
      validBetMinor: validBet.toString(),
      accruedMinor: rebateMinor(validBet, rate.basisPoints).toString(),
      claimedMinor: taken?.claimed ?? '0',
      claimedValidBetMinor: claimedValidBet.toString(),
      claimableMinor: available && !taken?.closed ? claimNow(validBet, claimedValidBet, rate.basisPoints).amount.toString() : '0',
      claims: claims.map(toClaim),
    };
  }

  /**
   * Claims what accrued today and no claim covered yet, once per idempotency key. The member's day row is taken under
   * its lock first, the same row the daily run takes, so a claim and the run never both pay the same valid bet. The
   * payment is a claimed grant of the reward centre (source `rebate`), paid as cash after the commit and again by the
   * reward centre's timer if the wallet was not reached.
   */
  async claim(input: { memberId: string; merchantCode: string; currency: string; idempotencyKey: string }): Promise<{ claim: RebateClaim; accrual: RebateAccrual }> {
    const answered = async () => {
      const [existing] = await rows<ClaimRow & { grant_id: string }>(
        this.deps.db.orm,
        sql`SELECT ${CLAIM_COLUMNS}, c.grant_id::text AS grant_id FROM points.rebate_claims c JOIN points.reward_grants g ON g.id = c.grant_id
            WHERE c.member_id = ${input.memberId} AND c.idempotency_key = ${input.idempotencyKey}`,
      );
      if (!existing) return undefined;
      if (!existing.paid) existing.paid = (await this.rewards.payClaimedGrants([existing.grant_id])) > 0;
      return { claim: toClaim(existing), accrual: await this.accrual(input) };
    };
    // The same key twice at once: the loser answers the winner's claim, whatever refused it (the key, or "nothing to
    // claim" once the winner's claim took the day's valid bet).
    return oncePerKey({
      answered,
      run: async () => {
        const grantId = await this.deps.db.transaction((tx) => this.claimInTx(tx, input));
        await this.rewards.payClaimedGrants([grantId]);
        return (await answered())!;
      },
    });
  }

  private async claimInTx(tx: Executor, input: { memberId: string; merchantCode: string; currency: string; idempotencyKey: string }): Promise<string> {
    const programme = (await loadProgrammes(tx, [input.merchantCode])).get(input.merchantCode);
    if (!hasVip(programme) || programme.currency !== input.currency) throw new AppError('REBATE_NOT_AVAILABLE');
    const rate = await rateOf(tx, programme, input.memberId);
    if (rate.basisPoints <= 0) throw new AppError('REBATE_NOT_AVAILABLE');
    const day = localDay(this.clock(), programme.timeZone);
    await tx.execute(sql`INSERT INTO points.rebate_days (member_id, day, merchant_code) VALUES (${input.memberId}, ${day}::date, ${input.merchantCode}) ON CONFLICT (member_id, day) DO NOTHING`);
    const [taken] = await rows<{ claimed_valid_bet: string; closed: boolean; claims: number }>(
      tx,
      sql`SELECT d.claimed_valid_bet_minor::text AS claimed_valid_bet, d.closed_at IS NOT NULL AS closed,
                 (SELECT count(*) FROM points.rebate_claims c WHERE c.member_id = d.member_id AND c.day = d.day)::int AS claims
          FROM points.rebate_days d WHERE d.member_id = ${input.memberId} AND d.day = ${day}::date FOR UPDATE`,
    );
    if (taken!.closed) throw new AppError('REBATE_DAY_CLOSED');
    const validBet = await validBetOf(tx, programme, input.memberId, day);
    const now = claimNow(validBet, BigInt(taken!.claimed_valid_bet), rate.basisPoints);
    if (now.amount <= 0n) throw new AppError('REBATE_NOTHING_TO_CLAIM');
    const [grant] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO points.reward_grants (merchant_code, member_id, source, source_ref, title, title_kind, title_params, kind, currency, amount_minor, status, claimed_at)
          VALUES (${input.merchantCode}, ${input.memberId}, 'rebate', ${`manual:${input.memberId}:${day}:${Number(taken!.claims) + 1}`},
                  ${titled('manual_rebate', { label: rate.labelName, day }).title}, 'manual_rebate', ${JSON.stringify({ label: rate.labelName, day })}::jsonb,
                  'cash', ${programme.currency}, ${now.amount.toString()}, 'claimed', now())
          RETURNING id::text AS id`,
    );
    await tx.execute(
      sql`INSERT INTO points.rebate_claims (member_id, merchant_code, day, idempotency_key, currency, valid_bet_minor, rate_bp, amount_minor, grant_id)
          VALUES (${input.memberId}, ${input.merchantCode}, ${day}::date, ${input.idempotencyKey}, ${programme.currency}, ${now.validBet.toString()}, ${rate.basisPoints},
                  ${now.amount.toString()}, ${grant!.id})`,
    );
    await tx.execute(
      sql`UPDATE points.rebate_days SET claimed_valid_bet_minor = claimed_valid_bet_minor + ${now.validBet.toString()}::bigint,
            claimed_minor = claimed_minor + ${now.amount.toString()}::bigint
          WHERE member_id = ${input.memberId} AND day = ${day}::date`,
    );
    return grant!.id;
  }
}
