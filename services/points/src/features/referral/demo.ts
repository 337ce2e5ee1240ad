import { sql } from 'drizzle-orm';
import { rows, type Database, type Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';
import type { Referrals } from './referrals.js';

const DEMO_BRAND = 'DEMO';
const DAY_MS = 86_400_000;

/**
 * The demo player's invited friends (identity's demo seed registers them with the demo player's code), at different
 * stages: one just registered, one on the way, one qualified (its reward paid), one whose days ran out.
 */
const DEMO_FRIENDS: Readonly<Record<string, { registeredDaysAgo: number; deposit?: [pesos: number, daysAgo: number]; validBetPesos?: number }>> = {
  demofriend1: { registeredDaysAgo: 1 },
  demofriend2: { registeredDaysAgo: 6, deposit: [200, 5], validBetPesos: 420 },
  demofriend3: { registeredDaysAgo: 12, deposit: [500, 11], validBetPesos: 1_350 },
  demofriend4: { registeredDaysAgo: 45, deposit: [50, 44], validBetPesos: 80 },
};

const ago = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString();

/** Puts the demo friends just registered at their stage (once: at their registration), then looks for who qualified. */
export async function stageDemoFriends(tx: Executor, referrals: Referrals, registered: ReadonlyArray<Pick<MemberRegistered, 'memberId' | 'merchantCode' | 'account'>>): Promise<void> {
  const staged: string[] = [];
  for (const member of registered) {
    const stage = member.merchantCode === DEMO_BRAND ? DEMO_FRIENDS[member.account] : undefined;
    if (!stage) continue;
    await tx.execute(
      sql`UPDATE points.referrals SET registered_at = ${ago(stage.registeredDaysAgo)}::timestamptz,
            first_deposit_minor = ${stage.deposit ? String(stage.deposit[0] * 100) : null}::bigint, first_deposit_at = ${stage.deposit ? ago(stage.deposit[1]) : null}::timestamptz
          WHERE referee_id = ${member.memberId} AND qualified_at IS NULL`,
    );
    if (stage.validBetPesos) {
      await tx.execute(
        sql`INSERT INTO points.referral_bets (bet_id, referee_id, revision, cancelled, valid_bet_minor, settled_at)
            VALUES (${`demo:referral:${member.memberId}`}, ${member.memberId}, 0, false, ${String(stage.validBetPesos * 100)}, ${ago(Math.max(0, stage.registeredDaysAgo - 2))}::timestamptz)
            ON CONFLICT (bet_id) DO NOTHING`,
      );
    }
    staged.push(member.memberId);
  }
  await referrals.qualify(tx, staged);
}

/** At every start: the demo friends qualify if the brand's referral promotion came after they were staged. */
export async function seedDemoReferrals(db: Database, referrals: Referrals): Promise<void> {
  const open = await rows<{ referee_id: string }>(
    db.orm,
    sql`SELECT referee_id::text AS referee_id FROM points.referrals
        WHERE merchant_code = ${DEMO_BRAND} AND qualified_at IS NULL AND referee_account IN (SELECT jsonb_array_elements_text(${JSON.stringify(Object.keys(DEMO_FRIENDS))}::jsonb))`,
  );
  if (open.length === 0) return;
  await db.transaction((tx) =>
    referrals.qualify(
      tx,
      open.map((row) => row.referee_id),
    ),
  );
}
