import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';

/** The demo player's support chat on a fresh install: a conversation in Spanish with a few messages both ways. */
export const DEMO_CHAT_ACCOUNT = 'demoplayer';
const DEMO_OPERATOR = 'Soporte Ana';
const MINUTE_MS = 60_000;

/** Oldest first; each message is written this many minutes before the seeding. */
const DEMO_MESSAGES: ReadonlyArray<{ from: 'member' | 'operator'; text: string; minutesAgo: number }> = [
  { from: 'member', text: 'Hola, ¿cuánto tarda en llegar un retiro a mi cuenta bancaria?', minutesAgo: 180 },
  { from: 'operator', text: '¡Hola! Los retiros aprobados suelen llegar en menos de 24 horas hábiles.', minutesAgo: 178 },
  { from: 'member', text: 'Perfecto. ¿Y puedo cambiar la cuenta bancaria de destino?', minutesAgo: 175 },
  {
    from: 'operator',
    text: 'Sí, desde Mi cuenta › Seguridad puedes añadir otra cuenta. Si necesitas algo más, escríbenos aquí cuando quieras.',
    minutesAgo: 172,
  },
];

/** Seeds the demo conversation once, in the caller's transaction: a member who already has a conversation is left as they are. */
export async function seedDemoChat(tx: Executor, member: Pick<MemberRegistered, 'memberId' | 'merchantCode' | 'account'>): Promise<void> {
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE_MS).toISOString();
  const last = DEMO_MESSAGES[DEMO_MESSAGES.length - 1]!;
  const [conversation] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO notices.chat_conversations (merchant_code, member_id, account, member_unread, operator_name, last_message, last_message_at, created_at)
        SELECT ${member.merchantCode}, ${member.memberId}, ${member.account}, 1, ${DEMO_OPERATOR}, ${last.text}, ${at(last.minutesAgo)}, ${at(DEMO_MESSAGES[0]!.minutesAgo)}
         WHERE NOT EXISTS (SELECT 1 FROM notices.chat_conversations WHERE member_id = ${member.memberId})
        ON CONFLICT (member_id) WHERE status = 'open' DO NOTHING
        RETURNING id::text AS id`,
  );
  if (!conversation) return;
  for (const message of DEMO_MESSAGES) {
    await tx.execute(
      sql`INSERT INTO notices.chat_messages (conversation_id, member_id, sender, operator_name, text, created_at)
          VALUES (${conversation.id}, ${member.memberId}, ${message.from}, ${message.from === 'operator' ? DEMO_OPERATOR : null}, ${message.text}, ${at(message.minutesAgo)})`,
    );
  }
}
