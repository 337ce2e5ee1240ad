import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor, type Subscription } from '@wps/platform';
import { DEFAULT_LANGUAGE, INTERFACE_LANGUAGES, type BonusTerms, type InterfaceLanguage } from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { rewardTitle, type RewardTitleKind, type RewardTitleParams } from '../rewards/titles.js';
import { every } from '../rewards/timer.js';

/** What a referral or raffle promotion pays. */
export interface PromotionPayout {
  merchantCode: string;
  memberId: string;
  /** `referral`: the referrer's reward; `referee`: the invited friend's bonus; `raffle`: a prize. */
  source: 'referral' | 'referee' | 'raffle';
  /** Unique per source in the brand: paying the same twice records it once. */
  sourceRef: string;
  promotionId: string;
  currency: string;
  amountMinor: bigint;
  /** Bonus money with a wagering requirement (`terms`), or cash. */
  terms: BonusTerms | null;
  titleKind: Extract<RewardTitleKind, 'referral' | 'referee' | 'raffle'>;
  titleParams: RewardTitleParams;
}

/** The wallet key of a payout: once per brand, source and cause, ever. */
export const promotionPayoutKey = (payout: Pick<PromotionPayout, 'merchantCode' | 'source' | 'sourceRef'>): string => `promo:${payout.source}:${payout.merchantCode}:${payout.sourceRef}`;

/** How long a bonus refused because the member has one wagering waits before it is tried again. */
const BONUS_BUSY_RETRY_S = 60;
/** The longest wait between two tries of a failed payment. */
const MAX_RETRY_S = 300;
/** How often unpaid payouts are looked for. */
const SWEEP_MS = 2_000;

/** The bonus terms a promotion's `multiple` makes: bonus money wagered `multiple` times, or cash when it is 0. */
export function bonusTermsOf(terms: { multiple?: number; days?: number; maxBetMinor?: string }): BonusTerms | null {
  const multiple = Math.trunc(Number(terms.multiple ?? 0));
  if (!(multiple > 0)) return null;
  const days = Math.min(365, Math.max(1, Math.trunc(Number(terms.days ?? 30)) || 30));
  return { multiple: Math.min(100, multiple), base: 'bonus', days, ...(terms.maxBetMinor ? { maxBetMinor: terms.maxBetMinor } : {}) };
}

/**
 * Records payouts inside the caller's transaction, once per (brand, source, cause). Answers the ids recorded now; the
 * payer pays them after the commit (`PromotionPayouts.payDue`).
 */
export async function recordPayouts(tx: Executor, payouts: readonly PromotionPayout[]): Promise<string[]> {
  const due = payouts.filter((payout) => payout.amountMinor > 0n);
  if (due.length === 0) return [];
  const input = JSON.stringify(
    due.map((payout) => ({
      merchant_code: payout.merchantCode,
      member_id: payout.memberId,
      source: payout.source,
      source_ref: payout.sourceRef,
      promotion_id: payout.promotionId,
      currency: payout.currency,
      amount_minor: payout.amountMinor.toString(),
      pay_as: payout.terms ? 'bonus' : 'cash',
      terms: payout.terms,
      title_kind: payout.titleKind,
      title_params: payout.titleParams,
      wallet_key: promotionPayoutKey(payout),
    })),
  );
  const recorded = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO points.promotion_payouts (merchant_code, member_id, source, source_ref, promotion_id, currency, amount_minor, pay_as, terms, title_kind, title_params, wallet_key)
        SELECT merchant_code, member_id, source, source_ref, promotion_id, currency, amount_minor, pay_as, terms, title_kind, title_params, wallet_key
        FROM jsonb_to_recordset(${input}::jsonb)
          AS t(merchant_code text, member_id bigint, source text, source_ref text, promotion_id text, currency text, amount_minor bigint, pay_as text,
               terms jsonb, title_kind text, title_params jsonb, wallet_key text)
        ORDER BY source, source_ref
        ON CONFLICT DO NOTHING
        RETURNING id::text AS id`,
  );
  return recorded.map((row) => row.id);
}

interface PayoutRow {
  id: string;
  merchant_code: string;
  member_id: string;
  source: PromotionPayout['source'];
  source_ref: string;
  currency: string;
  amount_minor: string;
  pay_as: 'cash' | 'bonus';
  terms: unknown;
  title_kind: string;
  title_params: unknown;
  wallet_key: string;
  attempts: number;
}

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * Pays what referral and raffle promotions owe, through the wallet: bonus money (`grantBonus`) or cash
 * (`payLoyalty`, cause `bonus`), each with its own key, then marks it paid and adds it to the reward centre's history.
 * A failure leaves it unpaid and tries again later with the same key, so each payout reaches the wallet exactly once.
 */
export class PromotionPayouts {
  private soon: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly deps: PointsDeps) {}

  /** The timer that pays what is due. */
  start(): Subscription[] {
    const timer = every(SWEEP_MS, () => this.payDue(), this.deps.logger, 'the promotion payouts');
    return [
      timer,
      {
        close: async () => {
          if (this.soon) clearTimeout(this.soon);
          await this.running;
        },
      },
    ];
  }

  /** Pays due payouts shortly (after the caller's transaction has committed). */
  poke(): void {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.payDue().catch((error: unknown) => this.deps.logger.warn({ err: error }, 'promotion payouts failed; they are paid again shortly'));
    }, 50);
    this.soon.unref?.();
  }

  /** Pays the unpaid payouts that are due (or these ones, due or not). Never two rounds at once in this process. */
  async payDue(ids?: readonly string[]): Promise<void> {
    while (this.running) await this.running;
    this.running = this.round(ids).finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  private async round(ids?: readonly string[]): Promise<void> {
    const only = ids ? sql`AND id = ANY (ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint))` : sql`AND next_attempt_at <= now()`;
    const due = await rows<PayoutRow>(
      this.deps.db.orm,
      sql`SELECT id::text AS id, merchant_code, member_id::text AS member_id, source, source_ref, currency, amount_minor::text AS amount_minor, pay_as, terms,
                 title_kind, title_params, wallet_key, attempts
          FROM points.promotion_payouts WHERE paid_at IS NULL ${only} ORDER BY next_attempt_at, id LIMIT 100`,
    );
    for (const payout of due) await this.payOne(payout);
  }

  private async payOne(payout: PayoutRow): Promise<void> {
    const { db, logger } = this.deps;
    const title = rewardTitle({ title: '', title_kind: payout.title_kind, title_params: payout.title_params }, DEFAULT_LANGUAGE);
    let paidRef: string;
    try {
      if (payout.pay_as === 'bonus') {
        const bonus = await this.deps.wallet().grantBonus({
          merchantCode: payout.merchant_code,
          memberId: payout.member_id,
          key: payout.wallet_key,
          currency: payout.currency,
          amountMinor: payout.amount_minor,
          source: payout.source === 'raffle' ? 'raffle' : 'referral',
          sourceRef: payout.source_ref.slice(0, 200),
          title: title.slice(0, 200) || payout.title_kind,
          titles: titlesOf(payout),
          terms: jsonOf<BonusTerms>(payout.terms),
        });
        paidRef = `bonus:${bonus.bonusId}`;
      } else {
        const paid = await this.deps.wallet().payLoyalty({
          key: payout.wallet_key,
          merchantCode: payout.merchant_code,
          currency: payout.currency,
          memberId: payout.member_id,
          amountMinor: payout.amount_minor,
          cause: 'bonus',
          causeRef: payout.wallet_key,
        });
        paidRef = paid.transactionId;
      }
    } catch (error) {
      const busy = error instanceof AppError && error.code === 'BONUS_ALREADY_ACTIVE';
      const wait = busy ? BONUS_BUSY_RETRY_S : Math.min(MAX_RETRY_S, 2 ** Math.min(payout.attempts + 1, 9));
      const reason = error instanceof AppError ? error.code : error instanceof Error ? error.message.slice(0, 200) : 'unknown';
      await db.orm.execute(
        sql`UPDATE points.promotion_payouts SET attempts = attempts + 1, last_error = ${reason}, next_attempt_at = now() + make_interval(secs => ${wait})
            WHERE id = ${payout.id} AND paid_at IS NULL`,
      );
      if (!busy) logger.warn({ err: error, payoutId: payout.id }, 'a promotion payout could not be paid yet; it is paid again later with the same key');
      return;
    }
    await db.transaction(async (tx) => {
      const [marked] = await rows<{ id: string }>(
        tx,
        sql`UPDATE points.promotion_payouts SET paid_at = now(), paid_ref = ${paidRef}, last_error = NULL WHERE id = ${payout.id} AND paid_at IS NULL RETURNING id::text AS id`,
      );
      if (!marked) return;
      // The reward centre's history (bonusDetails) lists it as received.
      const [line] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO points.reward_grants (merchant_code, member_id, source, source_ref, title, title_kind, title_params, kind, currency, amount_minor, status, claimed_at, paid_at, paid_ref)
            VALUES (${payout.merchant_code}, ${payout.member_id}, 'promotion', ${`payout:${payout.id}`}, ${title}, ${payout.title_kind}, ${JSON.stringify(jsonOf(payout.title_params) ?? {})}::jsonb,
                    ${payout.pay_as}, ${payout.currency}, ${payout.amount_minor}, 'claimed', now(), now(), ${paidRef})
            ON CONFLICT (merchant_code, source, source_ref) DO NOTHING
            RETURNING id::text AS id`,
      );
      if (line) await tx.execute(sql`UPDATE points.promotion_payouts SET history_grant_id = ${line.id} WHERE id = ${payout.id}`);
    });
  }
}

/** The payout's name in each language, so the member's bonus list reads in the member's language. */
function titlesOf(payout: Pick<PayoutRow, 'title_kind' | 'title_params'>): Partial<Record<InterfaceLanguage, string>> {
  const titles: Partial<Record<InterfaceLanguage, string>> = {};
  for (const language of INTERFACE_LANGUAGES) {
    const text = rewardTitle({ title: '', title_kind: payout.title_kind, title_params: payout.title_params }, language).slice(0, 200);
    if (text) titles[language] = text;
  }
  return titles;
}
