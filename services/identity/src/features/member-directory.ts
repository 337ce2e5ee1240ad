import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { RegisteredMember } from '@wps/contracts';
import { iso } from '../infra/members.js';

/**
 * Members of every brand after `afterId` in id order, as `member.registered` announced them: one index range scan of
 * the primary key per page, however many members there are. Services that keep their own table of members page
 * through it to catch up on registrations they never heard of.
 */
export async function membersAfter(executor: Executor, input: { afterId: string; limit: number }): Promise<{ members: RegisteredMember[] }> {
  const found = await rows<Omit<RegisteredMember, 'registeredAt'> & { registeredAt: Date | string }>(
    executor,
    sql`SELECT m.id::text AS "memberId", m.merchant_code AS "merchantCode", m.username AS account, m.type, b.currency, m.upline_id::text AS "uplineId",
               m.created_at AS "registeredAt"
          FROM identity.members m JOIN identity.merchants b ON b.code = m.merchant_code
         WHERE m.id > ${input.afterId}::bigint
         ORDER BY m.id LIMIT ${input.limit}`,
  );
  return { members: found.map((member) => ({ ...member, registeredAt: iso(member.registeredAt)! })) };
}
