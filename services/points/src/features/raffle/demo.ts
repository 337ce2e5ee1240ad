import { sql } from 'drizzle-orm';
import { rows, type Database, type Executor } from '@wps/platform';
import { enabledRafflePromotions } from '../referral/promotions.js';

const DEMO_BRAND = 'DEMO';

/** The demo brand's raffle entries: the demo player and part of its team joined, with valid bet counted (pesos). */
const DEMO_ENTRIES: Readonly<Record<string, number>> = {
  demoplayer: 3_450,
  demo11: 5_200,
  demo12: 1_800,
  demo21: 9_750,
  demo22: 640,
  demo111: 2_300,
  demoplayer2: 4_100,
};

export const isDemoRaffleMember = (member: { merchantCode: string; account: string }): boolean => member.merchantCode === DEMO_BRAND && member.account in DEMO_ENTRIES;

/**
 * Joins the demo members to the demo brand's open raffles with their valid bet (once per member and raffle: the
 * valid bet is a bet of its own, recorded once), so a fresh install's raffle shows entrants, tickets and the demo
 * player's own tickets.
 */
export async function stageDemoRaffleEntries(tx: Executor, members: ReadonlyArray<{ memberId: string; merchantCode: string; account: string; currency?: string }>): Promise<void> {
  const demo = members.filter(isDemoRaffleMember);
  if (demo.length === 0) return;
  const open = await enabledRafflePromotions(tx, [DEMO_BRAND], 0);
  for (const promotion of open) {
    const [drawn] = await rows(tx, sql`SELECT 1 FROM points.raffles WHERE promotion_id = ${promotion.id} AND status = 'drawn'`);
    if (drawn) continue;
    for (const member of demo) {
      const validBet = String(DEMO_ENTRIES[member.account]! * 100);
      const [added] = await rows<{ bet_id: string }>(
        tx,
        sql`INSERT INTO points.raffle_bets (promotion_id, bet_id, member_id, revision, cancelled, valid_bet_minor)
            VALUES (${promotion.id}, ${`demo:raffle:${member.memberId}`}, ${member.memberId}, 0, false, ${validBet})
            ON CONFLICT DO NOTHING RETURNING bet_id`,
      );
      if (!added) continue;
      await tx.execute(
        sql`INSERT INTO points.raffle_entries AS e (promotion_id, member_id, merchant_code, currency, valid_bet_minor, position, joined_at)
            VALUES (${promotion.id}, ${member.memberId}, ${DEMO_BRAND}, ${member.currency ?? 'MXN'}, ${validBet},
                    (SELECT coalesce(max(position), 0) + 1 FROM points.raffle_entries WHERE promotion_id = ${promotion.id}), now())
            ON CONFLICT (promotion_id, member_id) DO UPDATE SET valid_bet_minor = e.valid_bet_minor + EXCLUDED.valid_bet_minor,
              position = coalesce(e.position, EXCLUDED.position), joined_at = coalesce(e.joined_at, EXCLUDED.joined_at)`,
      );
    }
  }
}

/** At every start: the demo members known so far (from their registrations) join the demo brand's open raffles. */
export async function seedDemoRaffles(db: Database): Promise<void> {
  const known = await rows<{ member_id: string; account: string }>(
    db.orm,
    sql`SELECT member_id::text AS member_id, account FROM points.mission_members
        WHERE merchant_code = ${DEMO_BRAND} AND account IN (SELECT jsonb_array_elements_text(${JSON.stringify(Object.keys(DEMO_ENTRIES))}::jsonb))`,
  );
  if (known.length === 0) return;
  await db.transaction((tx) =>
    stageDemoRaffleEntries(
      tx,
      known.map((row) => ({ memberId: row.member_id, merchantCode: DEMO_BRAND, account: row.account })),
    ),
  );
}
