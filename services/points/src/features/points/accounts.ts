import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';

export interface PointBalance {
  memberId: string;
  /** Whole points as a decimal string: balances are bigints and never pass through a JS number. */
  points: string;
}

/** Opens the member's points account at zero; an account that exists already is left as it is. */
export async function openPointAccount(tx: Executor, member: Pick<MemberRegistered, 'memberId' | 'merchantCode' | 'currency'>): Promise<void> {
  await tx.execute(
    sql`INSERT INTO points.point_accounts (member_id, merchant_code, currency) VALUES (${member.memberId}, ${member.merchantCode}, ${member.currency})
        ON CONFLICT (member_id) DO UPDATE SET currency = EXCLUDED.currency WHERE point_accounts.currency IS NULL`,
  );
}

export async function getPointBalance(executor: Executor, input: { memberId: string }): Promise<PointBalance | null> {
  const [account] = await rows<{ member_id: string; points: string }>(
    executor,
    sql`SELECT member_id::text AS member_id, points::text AS points FROM points.point_accounts WHERE member_id = ${input.memberId}`,
  );
  return account ? { memberId: account.member_id, points: account.points } : null;
}
