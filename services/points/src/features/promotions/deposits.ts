import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { DepositMatchTerms, Language } from '@wps/contracts';
import type { CreditedDeposit, PointsDeps } from '../module.js';
import { kindTerms, textIn, type Texts } from './catalogue.js';
import { recordGrant } from './grants.js';
import { bonusTermsOf } from './members.js';
import { pushStateChanges, type StateChange } from './pushes.js';
import { depositMatchBonus, participationGrantKey } from './rules.js';

interface Joined {
  participation_id: string;
  member_id: string;
  merchant_code: string;
  currency: string;
  language: Language;
  joined_at: string;
  promotion_id: string;
  titles: Texts | string;
  terms: unknown;
  starts_at: string;
  ends_at: string | null;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * Deposits and deposit matches, inside the deposits batch's transaction: a member who joined a deposit match and now
 * deposits at least its minimum (in the promotion's currency, while it runs) gets the match. The participation turns
 * issued and the bonus is recorded with its key; the retry timer gives it through the wallet once this commits. Each
 * deposit feeds one deposit match at most, the one joined first.
 */
export async function matchDeposits(deps: PointsDeps, tx: Executor, deposits: readonly CreditedDeposit[]): Promise<void> {
  if (deposits.length === 0) return;
  const memberIds = [...new Set(deposits.map((deposit) => deposit.memberId))];
  const joined = await rows<Joined>(
    tx,
    sql`SELECT p.id::text AS participation_id, p.member_id::text AS member_id, p.merchant_code, p.currency, p.language, p.created_at AS joined_at,
               pr.id::text AS promotion_id, pr.titles, pr.terms, pr.starts_at, pr.ends_at
        FROM points.promotion_participations p JOIN points.promotions pr ON pr.id = p.promotion_id
        WHERE p.member_id = ANY (ARRAY(SELECT value::bigint FROM jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)))
          AND p.state = 'signed' AND pr.kind = 'deposit_match' AND pr.enabled
        ORDER BY p.id
        FOR UPDATE OF p`,
  );
  if (joined.length === 0) return;
  const byTime = [...deposits].sort((a, b) => a.at.getTime() - b.at.getTime());
  const used = new Set<CreditedDeposit>();
  const changes: StateChange[] = [];
  for (const one of joined) {
    const terms = kindTerms({ kind: 'deposit_match', terms: json(one.terms) }).terms as DepositMatchTerms;
    const starts = new Date(one.starts_at).getTime();
    const ends = one.ends_at === null ? Infinity : new Date(one.ends_at).getTime();
    const joinedAt = new Date(one.joined_at).getTime();
    const deposit = byTime.find(
      (candidate) =>
        !used.has(candidate) &&
        candidate.memberId === one.member_id &&
        candidate.merchantCode === one.merchant_code &&
        candidate.currency === one.currency &&
        candidate.at.getTime() >= joinedAt &&
        candidate.at.getTime() >= starts &&
        candidate.at.getTime() < ends &&
        depositMatchBonus(candidate.amountMinor, terms) > 0n,
    );
    if (!deposit) continue;
    used.add(deposit);
    const bonus = depositMatchBonus(deposit.amountMinor, terms);
    await tx.execute(
      sql`UPDATE points.promotion_participations SET state = 'issued', deposit_minor = ${deposit.amountMinor.toString()}, deposit_at = ${deposit.at.toISOString()},
            bonus_minor = ${bonus.toString()}, updated_at = now()
          WHERE id = ${one.participation_id}`,
    );
    await recordGrant(tx, {
      merchantCode: one.merchant_code,
      memberId: one.member_id,
      promotionId: one.promotion_id,
      participationId: one.participation_id,
      source: 'promotion',
      walletKey: participationGrantKey(one.promotion_id, one.participation_id),
      currency: one.currency,
      amountMinor: bonus,
      title: textIn(json<Texts>(one.titles), one.language),
      terms: bonusTermsOf(terms, deposit.amountMinor),
      retryAfterMs: 0,
    });
    changes.push({ merchantCode: one.merchant_code, memberId: one.member_id, currency: one.currency, promotionId: one.promotion_id });
  }
  await pushStateChanges(deps, tx, changes);
}
