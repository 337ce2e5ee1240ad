import { sql, type SQL } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import { INTERFACE_LANGUAGES, type BetSettled, type CashbackTerms } from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { brandTimeZone } from '../brand-day.js';
import { grantRewardsAndPush } from '../rewards/grants.js';
import { kindTerms, readPromotion, textIn, type Texts } from './catalogue.js';
import { recordGrant } from './grants.js';
import { pushStateChanges, type StateChange } from './pushes.js';
import { cashbackAmount, cashbackGrantKey } from './rules.js';

interface Joined {
  member_id: string;
  merchant_code: string;
  promotion_id: string;
  joined_at: string;
  terms: unknown;
  starts_at: string;
  ends_at: string | null;
}

interface DueWeek {
  promotion_id: string;
  member_id: string;
  week_start: string;
  loss_minor: string;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** The brand's time zone for a promotion row `pr` (its VIP programme's, else its mission calendar's, else UTC). */
const PROMOTION_ZONE = sql.raw(`coalesce((SELECT v.time_zone FROM points.vip_programmes v WHERE v.merchant_code = pr.merchant_code),
  (SELECT m.time_zone FROM points.mission_settings m WHERE m.merchant_code = pr.merchant_code), 'UTC')`);

/**
 * Weekly cashback: the bets of members who joined a cashback promotion are kept at their highest revision (a cancelled
 * bet counts nothing) with the week (Monday to Sunday, brand time) they settled in; when a week ends, each member's net
 * loss of that week (bets − wins) times the rate, within the minimum and the cap, is given once, as a bonus or as a
 * reward to claim in the reward centre.
 */
export class Cashback {
  constructor(private readonly deps: PointsDeps) {}

  /** Keeps the bets of members who joined (settled after joining, while the promotion ran, on its game types). */
  async onBets(tx: Executor, bets: readonly BetSettled[]): Promise<void> {
    if (bets.length === 0) return;
    const memberIds = [...new Set(bets.map((bet) => bet.memberId))];
    const joined = await rows<Joined>(
      tx,
      sql`SELECT p.member_id::text AS member_id, pr.merchant_code, pr.id::text AS promotion_id, p.created_at AS joined_at, pr.terms, pr.starts_at, pr.ends_at
          FROM points.promotion_participations p JOIN points.promotions pr ON pr.id = p.promotion_id
          WHERE p.member_id = ANY (ARRAY(SELECT value::bigint FROM jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)))
            AND p.state = 'signed' AND pr.kind = 'cashback' AND pr.enabled`,
    );
    if (joined.length === 0) return;
    // Per promotion and bet, the highest revision of the batch.
    const latest = new Map<string, { merchantCode: string; row: Record<string, string | number> }>();
    for (const one of joined) {
      const terms = kindTerms({ kind: 'cashback', terms: json(one.terms) }).terms as CashbackTerms;
      const from = Math.max(new Date(one.joined_at).getTime(), new Date(one.starts_at).getTime());
      const until = one.ends_at === null ? Infinity : new Date(one.ends_at).getTime();
      for (const bet of bets) {
        if (bet.memberId !== one.member_id || bet.merchantCode !== one.merchant_code) continue;
        const at = new Date(bet.settledAt).getTime();
        if (at < from || at >= until) continue;
        if (terms.gameTypes.length > 0 && !(terms.gameTypes as readonly string[]).includes(bet.gameType)) continue;
        const key = `${one.promotion_id}\u0000${bet.betId}`;
        const seen = latest.get(key);
        if (seen && Number(seen.row.revision) >= bet.revision) continue;
        const cancelled = bet.state === 'cancelled';
        latest.set(key, {
          merchantCode: bet.merchantCode,
          row: {
            promotion_id: one.promotion_id,
            bet_id: bet.betId,
            member_id: bet.memberId,
            revision: bet.revision,
            settled_at: bet.settledAt,
            bet_minor: cancelled ? '0' : bet.betAmountMinor,
            win_minor: cancelled ? '0' : (BigInt(bet.winAmountMinor) + BigInt(bet.adjustAmountMinor)).toString(),
          },
        });
      }
    }
    const byBrand = new Map<string, Array<Record<string, string | number>>>();
    for (const { merchantCode, row } of latest.values()) byBrand.set(merchantCode, [...(byBrand.get(merchantCode) ?? []), row]);
    for (const [merchantCode, list] of byBrand) {
      const zone = brandTimeZone(merchantCode);
      await tx.execute(
        sql`INSERT INTO points.promotion_cashback_bets AS b (promotion_id, bet_id, member_id, revision, week_start, bet_minor, win_minor)
            SELECT t.promotion_id, t.bet_id, t.member_id, t.revision, date_trunc('week', t.settled_at AT TIME ZONE ${zone})::date, t.bet_minor, t.win_minor
            FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
                 AS t(promotion_id bigint, bet_id text, member_id bigint, revision int, settled_at timestamptz, bet_minor bigint, win_minor bigint)
            -- A week already given takes no more bets.
            WHERE NOT EXISTS (SELECT 1 FROM points.promotion_cashback_weeks w
                              WHERE w.promotion_id = t.promotion_id AND w.member_id = t.member_id
                                AND w.week_start = date_trunc('week', t.settled_at AT TIME ZONE ${zone})::date)
            ORDER BY t.promotion_id, t.bet_id
            ON CONFLICT (promotion_id, bet_id) DO UPDATE SET revision = EXCLUDED.revision, bet_minor = EXCLUDED.bet_minor, win_minor = EXCLUDED.win_minor
            WHERE b.revision < EXCLUDED.revision`,
      );
    }
  }

  /** The timer's work: gives every week that ended and was not given yet. */
  async settleEnded(): Promise<void> {
    await this.settle(sql`TRUE`);
  }

  /**
   * Gives the operator's chosen week of one cashback promotion now (last week by default, brand time); a week not
   * over is PROMOTION_WEEK_OPEN.
   */
  async run(input: { merchantCode: string; promotionId: string; weekStart?: string }): Promise<{ weekStart: string; members: number; grantedMinor: string }> {
    const promotion = await readPromotion(this.deps.db.orm, input.merchantCode, input.promotionId);
    if (!promotion) throw new AppError('NOT_FOUND');
    if (promotion.kind !== 'cashback') throw new AppError('PROMOTION_ACTION_INVALID');
    const zone = brandTimeZone(input.merchantCode);
    const [week] = await rows<{ week_start: string; over: boolean }>(
      this.deps.db.orm,
      sql`WITH chosen AS (
            SELECT ${input.weekStart === undefined ? sql`(date_trunc('week', now() AT TIME ZONE ${zone}) - interval '7 days')::date` : sql`date_trunc('week', ${input.weekStart}::date)::date`} AS week_start
          )
          SELECT to_char(week_start, 'YYYY-MM-DD') AS week_start, ((week_start + 7)::timestamp AT TIME ZONE ${zone}) <= now() AS over FROM chosen`,
    );
    if (!week!.over) throw new AppError('PROMOTION_WEEK_OPEN');
    const given = await this.settle(sql`b.promotion_id = ${promotion.id} AND b.week_start = ${week!.week_start}::date`);
    return { weekStart: week!.week_start, members: given.members, grantedMinor: given.grantedMinor.toString() };
  }

  /** Gives the ended weeks `filter` picks (over `b`, the kept bets), each once. */
  private async settle(filter: SQL): Promise<{ members: number; grantedMinor: bigint }> {
    const { db } = this.deps;
    let members = 0;
    let granted = 0n;
    for (;;) {
      const due = await rows<DueWeek>(
        db.orm,
        sql`SELECT b.promotion_id::text AS promotion_id, b.member_id::text AS member_id, to_char(b.week_start, 'YYYY-MM-DD') AS week_start,
                   sum(b.bet_minor - b.win_minor)::text AS loss_minor
            FROM points.promotion_cashback_bets b JOIN points.promotions pr ON pr.id = b.promotion_id
            WHERE ${filter} AND ((b.week_start + 7)::timestamp AT TIME ZONE ${PROMOTION_ZONE}) <= now()
            GROUP BY b.promotion_id, b.member_id, b.week_start
            ORDER BY b.week_start, b.promotion_id, b.member_id
            LIMIT 200`,
      );
      if (due.length === 0) break;
      const result = await db.transaction(async (tx) => {
        let given = 0;
        let amount = 0n;
        const changes: StateChange[] = [];
        for (const week of due) {
          const outcome = await this.settleWeek(tx, week);
          if (outcome) {
            given += 1;
            amount += outcome.amount;
            changes.push(outcome.change);
          }
        }
        await pushStateChanges(this.deps, tx, changes);
        return { given, amount };
      });
      members += result.given;
      granted += result.amount;
      this.deps.wakeRelay();
    }
    return { members, grantedMinor: granted };
  }

  /** One member's week: recorded once (its kept bets dropped), then given when it comes to anything. */
  private async settleWeek(tx: Executor, week: DueWeek): Promise<{ amount: bigint; change: StateChange } | undefined> {
    const [promotion] = await rows<{ merchant_code: string; currency: string; titles: Texts | string; terms: unknown }>(
      tx,
      sql`SELECT merchant_code, currency, titles, terms FROM points.promotions WHERE id = ${week.promotion_id}`,
    );
    const terms = kindTerms({ kind: 'cashback', terms: json(promotion!.terms) }).terms as CashbackTerms;
    const loss = BigInt(week.loss_minor);
    const amount = cashbackAmount(loss, terms);
    const recorded = await rows<{ n: number }>(
      tx,
      sql`INSERT INTO points.promotion_cashback_weeks (promotion_id, member_id, week_start, loss_minor, amount_minor, paid_as)
          VALUES (${week.promotion_id}, ${week.member_id}, ${week.week_start}::date, ${loss.toString()}, ${amount.toString()}, ${terms.payAs})
          ON CONFLICT DO NOTHING RETURNING 1 AS n`,
    );
    await tx.execute(sql`DELETE FROM points.promotion_cashback_bets WHERE promotion_id = ${week.promotion_id} AND member_id = ${week.member_id} AND week_start = ${week.week_start}::date`);
    if (recorded.length === 0 || amount === 0n) return undefined;
    const [member] = await rows<{ language: 'ES' | 'EN' }>(tx, sql`SELECT language FROM points.promotion_participations WHERE promotion_id = ${week.promotion_id} AND member_id = ${week.member_id}`);
    const titles = json<Texts>(promotion!.titles);
    const title = `${textIn(titles, member?.language ?? 'ES')} · ${week.week_start}`;
    if (terms.payAs === 'bonus') {
      await recordGrant(tx, {
        merchantCode: promotion!.merchant_code,
        memberId: week.member_id,
        promotionId: week.promotion_id,
        participationId: null,
        source: 'cashback',
        walletKey: cashbackGrantKey(week.promotion_id, week.member_id, week.week_start),
        currency: promotion!.currency,
        amountMinor: amount,
        title,
        terms: { multiple: terms.multiple, base: 'bonus', ...(terms.weights ? { weights: terms.weights } : {}), days: terms.days },
        retryAfterMs: 0,
      });
    } else {
      // The reward centre names it in the reader's language: the promotion's own titles, with the week.
      await grantRewardsAndPush(this.deps, tx, [
        {
          merchantCode: promotion!.merchant_code,
          memberId: week.member_id,
          source: 'promotion',
          sourceRef: cashbackGrantKey(week.promotion_id, week.member_id, week.week_start),
          title: `${textIn(titles, 'ES')} · ${week.week_start}`,
          titleKind: 'mission',
          // Every language the promotion is written in; a reader of another reads the Spanish.
          titleParams: Object.fromEntries(INTERFACE_LANGUAGES.filter((language) => titles[language]).map((language) => [language, `${titles[language]} · ${week.week_start}`])),
          kind: 'bonus',
          currency: promotion!.currency,
          amountMinor: amount,
          expiresAt: new Date(Date.now() + terms.days * 86_400_000),
        },
      ]);
    }
    return {
      amount,
      change: { merchantCode: promotion!.merchant_code, memberId: week.member_id, currency: promotion!.currency, promotionId: week.promotion_id, state: 'issued' },
    };
  }
}
