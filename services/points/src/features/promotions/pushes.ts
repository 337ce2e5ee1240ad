import { sql } from 'drizzle-orm';
import { rows, type Executor, type Outbox } from '@wps/platform';
import type { PromotionCard, PromotionState } from '@wps/contracts';
import { sendPushes } from '../pushes.js';
import { readPageRows, summaryOf, toCard } from './catalogue.js';

/** A change of a member's participation in a promotion. */
export interface StateChange {
  merchantCode: string;
  memberId: string;
  currency: string;
  promotionId: string;
  /** The state to announce when it is not the one the page now reads (a week's cashback given: `issued`). */
  state?: PromotionState;
}

/** What a member sees after a change: the promotion's card and the count, with the version of the push that says so. */
export interface ChangedView {
  memberId: string;
  card: PromotionCard | undefined;
  availablePromoCount: number;
  version: number;
}

/**
 * Sends each member a `promotions` push once the transaction commits (call `deps.wakeRelay()` after it): the promotion
 * that changed, its state for the member and the member's new count of promotions to act on, with the member's next
 * version. Answers what each push says, in the order of `changes`.
 */
export async function pushStateChanges(deps: { outbox: Outbox }, tx: Executor, changes: readonly StateChange[]): Promise<ChangedView[]> {
  if (changes.length === 0) return [];
  const now = new Date();
  const views: ChangedView[] = [];
  const pushes = [];
  for (const change of changes) {
    const [bumped] = await rows<{ version: string }>(
      tx,
      sql`INSERT INTO points.promotion_member_versions (member_id, version) VALUES (${change.memberId}, 1)
          ON CONFLICT (member_id) DO UPDATE SET version = promotion_member_versions.version + 1
          RETURNING version::text AS version`,
    );
    const list = await readPageRows(tx, change.merchantCode, change.memberId);
    const cards = list.map((row) => toCard(row, 'ES', now, change.currency));
    const { availablePromoCount } = summaryOf(list, cards, now);
    const card = cards.find((one) => one.promotionId === change.promotionId);
    const version = Number(bumped!.version);
    views.push({ memberId: change.memberId, card, availablePromoCount, version });
    const state = change.state ?? card?.state;
    if (state === undefined) continue;
    pushes.push({
      target: { merchantCode: change.merchantCode, memberId: change.memberId },
      push: { v: version, type: 'promotions' as const, data: { promotionId: change.promotionId, state, availablePromoCount } },
    });
  }
  await sendPushes(deps.outbox, tx, pushes);
  return views;
}
