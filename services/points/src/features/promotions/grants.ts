import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import { INTERFACE_LANGUAGES, type BonusTerms, type InterfaceLanguage } from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { pushStateChanges } from './pushes.js';

/** A bonus a promotion gives, to record before the wallet is asked. */
export interface NewGrant {
  merchantCode: string;
  memberId: string;
  promotionId: string;
  /** The participation it comes from; null for a week's cashback. */
  participationId: string | null;
  source: 'promotion' | 'cashback';
  walletKey: string;
  currency: string;
  amountMinor: bigint;
  title: string;
  terms: BonusTerms;
  /**
   * How long the retry timer leaves it alone: a request that gives the bonus itself right after its commit (a claim, an
   * approval) waits a little; what the consumers decide (a deposit, a week) is given by the timer at once.
   */
  retryAfterMs: number;
}

interface GrantRow {
  titles: Record<string, string> | string | null;
  id: string;
  merchant_code: string;
  member_id: string;
  promotion_id: string;
  participation_id: string | null;
  source: 'promotion' | 'cashback';
  wallet_key: string;
  currency: string;
  amount_minor: string;
  title: string;
  terms: BonusTerms | string;
  attempts: number;
}

const GRANT_COLUMNS = sql.raw(`id::text AS id, merchant_code, member_id::text AS member_id, promotion_id::text AS promotion_id, participation_id::text AS participation_id,
  source, wallet_key, currency, amount_minor::text AS amount_minor, title, terms, attempts,
  (SELECT p.titles FROM points.promotions p WHERE p.id = promotion_bonus_grants.promotion_id) AS titles`);

/** A promotion's names in every language it has, as the wallet keeps a bonus's names (each at most 200 characters). */
function bonusTitles(titles: GrantRow['titles']): Partial<Record<InterfaceLanguage, string>> {
  const parsed = typeof titles === 'string' ? (JSON.parse(titles) as Record<string, string>) : (titles ?? {});
  return Object.fromEntries(INTERFACE_LANGUAGES.filter((language) => parsed[language]).map((language) => [language, parsed[language]!.slice(0, 200)]));
}

/** Longest wait between two attempts of one grant. */
const BACKOFF_MAX_MS = 10 * 60_000;

/** What came of asking the wallet: given, refused because the member has a bonus wagering, or not done yet. */
export type GrantOutcome = 'done' | 'active' | 'pending';

/** Records a grant in the transaction that decided it; answers its id (none when its key was recorded before). */
export async function recordGrant(tx: Executor, grant: NewGrant): Promise<string | undefined> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO points.promotion_bonus_grants (merchant_code, member_id, promotion_id, participation_id, source, wallet_key, currency, amount_minor, title, terms, next_attempt_at)
        VALUES (${grant.merchantCode}, ${grant.memberId}, ${grant.promotionId}, ${grant.participationId}, ${grant.source}, ${grant.walletKey}, ${grant.currency},
                ${grant.amountMinor.toString()}, ${grant.title}, ${JSON.stringify(grant.terms)}::jsonb, now() + make_interval(secs => ${grant.retryAfterMs / 1000}))
        ON CONFLICT (wallet_key) DO NOTHING
        RETURNING id::text AS id`,
  );
  return row?.id;
}

/**
 * Gives recorded bonuses through the wallet's `grantBonus`, each with its own key, then marks them done and tells the
 * member (its state goes from process to claimed or issued). A key the wallet gave before is answered again with the
 * first result. A refusal or a failure leaves the grant pending for the timer, which tries again later, waiting
 * longer each time.
 */
export class PromotionGrants {
  constructor(private readonly deps: PointsDeps) {}

  /** Gives the given pending grants now; answers what came of each. */
  async give(grantIds: readonly string[]): Promise<Map<string, GrantOutcome>> {
    const outcomes = new Map<string, GrantOutcome>();
    if (grantIds.length === 0) return outcomes;
    const pending = await rows<GrantRow>(
      this.deps.db.orm,
      sql`SELECT ${GRANT_COLUMNS} FROM points.promotion_bonus_grants
          WHERE id = ANY (ARRAY(SELECT value::bigint FROM jsonb_array_elements_text(${JSON.stringify(grantIds)}::jsonb))) AND status = 'pending'`,
    );
    for (const grant of pending) outcomes.set(grant.id, await this.giveOne(grant));
    return outcomes;
  }

  private async giveOne(grant: GrantRow): Promise<GrantOutcome> {
    const { db, logger } = this.deps;
    let bonusId: string;
    try {
      const terms = typeof grant.terms === 'string' ? (JSON.parse(grant.terms) as BonusTerms) : grant.terms;
      const bonus = await this.deps.wallet().grantBonus({
        merchantCode: grant.merchant_code,
        memberId: grant.member_id,
        key: grant.wallet_key,
        currency: grant.currency,
        amountMinor: grant.amount_minor,
        source: grant.source,
        sourceRef: grant.wallet_key,
        title: grant.title.slice(0, 200),
        // The promotion's name in each language, so the member's bonus list reads in the member's language.
        titles: bonusTitles(grant.titles),
        terms,
      });
      bonusId = bonus.bonusId;
    } catch (error) {
      const active = error instanceof AppError && error.code === 'BONUS_ALREADY_ACTIVE';
      const attempts = Number(grant.attempts) + 1;
      const waitMs = Math.min(BACKOFF_MAX_MS, 5_000 * 2 ** Math.min(attempts, 10));
      await db.orm.execute(
        sql`UPDATE points.promotion_bonus_grants
            SET attempts = ${attempts}, last_error = ${error instanceof AppError ? error.code : String(error).slice(0, 200)}, next_attempt_at = now() + make_interval(secs => ${waitMs / 1000})
            WHERE id = ${grant.id} AND status = 'pending'`,
      );
      if (!active) logger.warn({ err: error, grantId: grant.id }, 'a promotion bonus could not be given yet; it is given again later with the same key');
      return active ? 'active' : 'pending';
    }
    await db.transaction(async (tx) => {
      const marked = await rows<{ id: string }>(
        tx,
        sql`UPDATE points.promotion_bonus_grants SET status = 'done', done_at = now(), bonus_id = ${bonusId}, last_error = NULL
            WHERE id = ${grant.id} AND status = 'pending' RETURNING id::text AS id`,
      );
      // The participation's state moved on (process → claimed or issued); a week's cashback announced itself when it was decided.
      if (marked.length > 0 && grant.participation_id !== null) {
        await pushStateChanges(this.deps, tx, [{ merchantCode: grant.merchant_code, memberId: grant.member_id, currency: grant.currency, promotionId: grant.promotion_id }]);
      }
    });
    this.deps.wakeRelay();
    return 'done';
  }

  /** The timer's work: gives the grants whose time has come. */
  async sweep(): Promise<void> {
    const due = await rows<{ id: string }>(
      this.deps.db.orm,
      sql`SELECT id::text AS id FROM points.promotion_bonus_grants WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT 100`,
    );
    if (due.length > 0) await this.give(due.map((row) => row.id));
  }
}
