import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';
import { welcomeMessage } from './welcome.js';

export interface MessageView {
  id: string;
  title: string;
  content: string;
  createdAt: string;
  read: boolean;
}

/** The inbox shows the newest letters; older ones stay stored but are not listed until paging exists. */
const MESSAGES_LISTED_MAX = 200;

/** Leaves the welcome letter for a new member; the origin key keeps it to one letter per member. */
export async function sendWelcomeMessage(tx: Executor, member: Pick<MemberRegistered, 'memberId' | 'merchantCode' | 'account'>): Promise<void> {
  const { title, content } = welcomeMessage(member.account);
  await tx.execute(
    sql`INSERT INTO notices.messages (member_id, merchant_code, title, content, origin)
        VALUES (${member.memberId}, ${member.merchantCode}, ${title}, ${content}, ${`welcome:${member.memberId}`})
        ON CONFLICT (origin) DO NOTHING`,
  );
}

export async function listMessages(executor: Executor, input: { memberId: string }): Promise<MessageView[]> {
  const found = await rows<{ id: string; title: string; content: string; created_at: Date | string; read: boolean }>(
    executor,
    sql`SELECT id::text AS id, title, content, created_at, read_at IS NOT NULL AS read
          FROM notices.messages WHERE member_id = ${input.memberId}
         ORDER BY created_at DESC, id DESC LIMIT ${MESSAGES_LISTED_MAX}`,
  );
  return found.map((row) => ({ id: row.id, title: row.title, content: row.content, createdAt: new Date(row.created_at).toISOString(), read: row.read }));
}

/** Marks the member's own message read; the first read time is kept. Someone else's message is NOT_FOUND. */
export async function markMessageRead(executor: Executor, input: { memberId: string; messageId: string }): Promise<{ id: string; read: true }> {
  const [updated] = await rows<{ id: string }>(
    executor,
    sql`UPDATE notices.messages SET read_at = coalesce(read_at, now())
         WHERE id = ${input.messageId} AND member_id = ${input.memberId}
     RETURNING id::text AS id`,
  );
  if (!updated) throw new AppError('NOT_FOUND', { field: 'messageId' });
  return { id: updated.id, read: true };
}
