import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { FreeRoundsFinished, FreeRoundsTerms, Language } from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { kindTerms, textIn, type Texts } from './catalogue.js';
import { recordGrant } from './grants.js';
import { bonusTermsOf } from './members.js';
import { pushStateChanges, type StateChange } from './pushes.js';
import { freeRoundsWinKey } from './rules.js';

interface Claimed {
  participation_id: string;
  member_id: string;
  merchant_code: string;
  currency: string;
  language: Language;
  promotion_id: string;
  titles: Texts | string;
  terms: unknown;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * Free rounds that are over, inside the consumer batch's transaction: the participation records what its spins won;
 * a win is recorded as a bonus with the promotion's wagering terms (its own key, so a second announcement gives
 * nothing twice), which the grants timer gives through the wallet once this commits, and the participation turns
 * issued. Spins that won nothing leave it claimed.
 */
export async function settleFreeRounds(deps: PointsDeps, tx: Executor, finished: readonly FreeRoundsFinished[]): Promise<void> {
  if (finished.length === 0) return;
  const claimed = await rows<Claimed>(
    tx,
    sql`SELECT p.id::text AS participation_id, p.member_id::text AS member_id, p.merchant_code, p.currency, p.language,
               pr.id::text AS promotion_id, pr.titles, pr.terms
        FROM points.promotion_participations p JOIN points.promotions pr ON pr.id = p.promotion_id
        WHERE p.id = ANY (ARRAY(SELECT value::bigint FROM jsonb_array_elements_text(${JSON.stringify(finished.map((event) => event.participationId))}::jsonb)))
          AND p.state = 'claimed' AND pr.kind = 'free_rounds' AND p.bonus_minor IS NULL
        ORDER BY p.id
        FOR UPDATE OF p`,
  );
  const changes: StateChange[] = [];
  for (const one of claimed) {
    const event = finished.find((candidate) => candidate.participationId === one.participation_id && candidate.memberId === one.member_id);
    if (!event) continue;
    const win = BigInt(event.winMinor);
    await tx.execute(
      sql`UPDATE points.promotion_participations SET state = ${win > 0n ? 'issued' : 'claimed'}, bonus_minor = ${win.toString()}, updated_at = now()
          WHERE id = ${one.participation_id}`,
    );
    if (win > 0n) {
      const terms = kindTerms({ kind: 'free_rounds', terms: json(one.terms) }).terms as FreeRoundsTerms;
      await recordGrant(tx, {
        merchantCode: one.merchant_code,
        memberId: one.member_id,
        promotionId: one.promotion_id,
        participationId: one.participation_id,
        source: 'promotion',
        walletKey: freeRoundsWinKey(one.promotion_id, one.participation_id),
        currency: one.currency,
        amountMinor: win,
        title: textIn(json<Texts>(one.titles), one.language),
        terms: bonusTermsOf(terms),
        retryAfterMs: 0,
      });
    }
    changes.push({ merchantCode: one.merchant_code, memberId: one.member_id, currency: one.currency, promotionId: one.promotion_id });
  }
  await pushStateChanges(deps, tx, changes);
}
