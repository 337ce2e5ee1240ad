import { sql, type SQL } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import { chatMessageEventSchema, SUPPORT_CHAT_PATH, type ChatMessage, type ChatNotice, type ChatSender, type Conversation, type ConversationStatus } from '@wps/contracts';
import type { NoticesDeps } from '../module.js';

interface MessageRow {
  id: string;
  conversation_id: string;
  sender: ChatSender;
  text: string;
  notice: ChatNotice | null;
  operator_name: string | null;
  client_message_id: string | null;
  created_at: Date | string;
}

interface ConversationRow {
  id: string;
  member_id: string;
  account: string;
  merchant_code: string;
  status: ConversationStatus;
  awaiting_reply: boolean;
  away_noted: boolean;
  member_unread: number;
  operator_unread: number;
  operator_name: string | null;
  last_message: string | null;
  last_message_at: Date | string;
  created_at: Date | string;
}

interface Page {
  pageNo: number;
  pageSize: number;
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const MESSAGE_COLUMNS = sql.raw(`id::text AS id, conversation_id::text AS conversation_id, sender, text, notice, operator_name, client_message_id, created_at`);
const CONVERSATION_COLUMNS = sql.raw(
  `id::text AS id, member_id::text AS member_id, account, merchant_code, status, awaiting_reply, away_noted, member_unread, operator_unread,
   operator_name, last_message, last_message_at, created_at`,
);

const messageView = (row: MessageRow): ChatMessage => ({
  id: row.id,
  conversationId: row.conversation_id,
  from: row.sender,
  text: row.text,
  notice: row.notice,
  operatorName: row.operator_name,
  clientMessageId: row.client_message_id,
  at: iso(row.created_at),
});

const conversationView = (row: ConversationRow): Conversation => ({
  id: row.id,
  memberId: row.member_id,
  account: row.account,
  merchantCode: row.merchant_code,
  status: row.status,
  awaitingReply: row.awaiting_reply,
  offline: row.away_noted,
  memberUnread: row.member_unread,
  operatorUnread: row.operator_unread,
  operatorName: row.operator_name,
  lastMessage: row.last_message,
  lastMessageAt: iso(row.last_message_at),
  createdAt: iso(row.created_at),
});

/** A page of messages matching `where`: page 1 is the newest, and each page is listed oldest first. */
async function messagePage(executor: Executor, where: SQL, page: Page) {
  const [{ total } = { total: 0 }] = await rows<{ total: number }>(executor, sql`SELECT count(*)::int AS total FROM notices.chat_messages WHERE ${where}`);
  const found = await rows<MessageRow>(
    executor,
    sql`SELECT ${MESSAGE_COLUMNS} FROM notices.chat_messages WHERE ${where}
         ORDER BY chat_messages.id DESC LIMIT ${page.pageSize} OFFSET ${(page.pageNo - 1) * page.pageSize}`,
  );
  return { list: found.reverse().map(messageView), pageNo: page.pageNo, pageSize: page.pageSize, total, totalPages: Math.ceil(total / page.pageSize) };
}

async function conversationFor(executor: Executor, conversationId: string, lock = false): Promise<ConversationRow> {
  const [row] = await rows<ConversationRow>(executor, sql`SELECT ${CONVERSATION_COLUMNS} FROM notices.chat_conversations WHERE id = ${conversationId} ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!row) throw new AppError('NOT_FOUND', { field: 'conversationId' });
  return row;
}

/** The answer to a resent message: the one stored the first time, unless the text differs. */
function resent(existing: MessageRow, text: string): ChatMessage {
  if (existing.text !== text) throw new AppError('IDEMPOTENCY_CONFLICT', { field: 'clientMessageId' });
  return messageView(existing);
}

/**
 * The support chat's rules and storage. Every stored message goes out as a `chat.message` event on the notices
 * outbox, in the transaction that stores it; the gateway pushes it to the member and to the operators.
 */
export class SupportChat {
  constructor(private readonly deps: Pick<NoticesDeps, 'db' | 'outbox' | 'wakeRelay'>) {}

  launch(): { chatUrl: string } {
    return { chatUrl: SUPPORT_CHAT_PATH };
  }

  async history(input: { memberId: string } & Page) {
    const executor = this.deps.db.orm;
    const [current] = await rows<{ id: string; status: ConversationStatus }>(
      executor,
      sql`SELECT id::text AS id, status FROM notices.chat_conversations WHERE member_id = ${input.memberId} ORDER BY chat_conversations.id DESC LIMIT 1`,
    );
    const [{ unread } = { unread: 0 }] = await rows<{ unread: number }>(
      executor,
      sql`SELECT coalesce(sum(member_unread), 0)::int AS unread FROM notices.chat_conversations WHERE member_id = ${input.memberId}`,
    );
    const page = await messagePage(executor, sql`member_id = ${input.memberId}`, input);
    return { ...page, conversationId: current?.id ?? null, status: current?.status ?? null, unread };
  }

  /** Stores a member's message in their open conversation, opening one when there is none; a resend is stored once. */
  async send(input: { memberId: string; merchantCode: string; account: string; text: string; clientMessageId: string }): Promise<ChatMessage> {
    const sent = await this.deps.db.transaction(async (tx) => {
      const [earlier] = await rows<MessageRow>(
        tx,
        sql`SELECT ${MESSAGE_COLUMNS} FROM notices.chat_messages
             WHERE member_id = ${input.memberId} AND client_message_id = ${input.clientMessageId} AND sender = 'member'`,
      );
      if (earlier) return { message: resent(earlier, input.text), stored: false };
      // One open conversation per member: the insert finds (and locks) it when it exists.
      const [conversation] = await rows<ConversationRow>(
        tx,
        sql`INSERT INTO notices.chat_conversations (merchant_code, member_id, account) VALUES (${input.merchantCode}, ${input.memberId}, ${input.account})
            ON CONFLICT (member_id) WHERE status = 'open' DO UPDATE SET account = EXCLUDED.account
            RETURNING ${CONVERSATION_COLUMNS}`,
      );
      const message = await this.store(tx, conversation!, { sender: 'member', text: input.text, clientMessageId: input.clientMessageId });
      if (!message) {
        const [raced] = await rows<MessageRow>(
          tx,
          sql`SELECT ${MESSAGE_COLUMNS} FROM notices.chat_messages
               WHERE conversation_id = ${conversation!.id} AND sender = 'member' AND client_message_id = ${input.clientMessageId}`,
        );
        return { message: resent(raced!, input.text), stored: false };
      }
      await tx.execute(
        sql`UPDATE notices.chat_conversations
               SET awaiting_reply = true, operator_unread = operator_unread + 1, last_message = ${input.text}, last_message_at = now()
             WHERE id = ${conversation!.id}`,
      );
      return { message, stored: true };
    });
    if (sent.stored) this.deps.wakeRelay();
    return sent.message;
  }

  async markRead(input: { memberId: string }): Promise<{ unread: number }> {
    await this.deps.db.orm.execute(sql`UPDATE notices.chat_conversations SET member_unread = 0 WHERE member_id = ${input.memberId} AND member_unread > 0`);
    return { unread: 0 };
  }

  /** No operator was connected when the member wrote: one `away` line per waiting period of an open conversation. */
  async noteOperatorsAway(input: { conversationId: string }): Promise<{ noted: boolean }> {
    const noted = await this.deps.db.transaction(async (tx) => {
      const [conversation] = await rows<ConversationRow>(
        tx,
        sql`UPDATE notices.chat_conversations SET away_noted = true, member_unread = member_unread + 1
             WHERE id = ${input.conversationId} AND status = 'open' AND awaiting_reply AND NOT away_noted
         RETURNING ${CONVERSATION_COLUMNS}`,
      );
      if (!conversation) return false;
      await this.store(tx, conversation, { sender: 'system', notice: 'away' });
      return true;
    });
    if (noted) this.deps.wakeRelay();
    return { noted };
  }

  async queue(input: Page & { status?: ConversationStatus }) {
    const executor = this.deps.db.orm;
    const where = input.status ? sql`status = ${input.status}` : sql`true`;
    const [{ total } = { total: 0 }] = await rows<{ total: number }>(executor, sql`SELECT count(*)::int AS total FROM notices.chat_conversations WHERE ${where}`);
    const found = await rows<ConversationRow>(
      executor,
      sql`SELECT ${CONVERSATION_COLUMNS} FROM notices.chat_conversations WHERE ${where}
           ORDER BY status = 'open' DESC, awaiting_reply DESC,
                    CASE WHEN awaiting_reply THEN last_message_at END ASC,
                    last_message_at DESC, chat_conversations.id DESC
           LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
    );
    return { list: found.map(conversationView), pageNo: input.pageNo, pageSize: input.pageSize, total, totalPages: Math.ceil(total / input.pageSize) };
  }

  async conversation(input: { conversationId: string } & Page) {
    const conversation = await conversationFor(this.deps.db.orm, input.conversationId);
    const page = await messagePage(this.deps.db.orm, sql`conversation_id = ${input.conversationId}`, input);
    return { ...page, conversation: conversationView(conversation) };
  }

  async reply(input: { conversationId: string; operator: string; text: string; clientMessageId?: string }): Promise<ChatMessage> {
    const sent = await this.deps.db.transaction(async (tx) => {
      const conversation = await conversationFor(tx, input.conversationId, true);
      if (input.clientMessageId) {
        const [earlier] = await rows<MessageRow>(
          tx,
          sql`SELECT ${MESSAGE_COLUMNS} FROM notices.chat_messages
               WHERE conversation_id = ${conversation.id} AND sender = 'operator' AND client_message_id = ${input.clientMessageId}`,
        );
        if (earlier) return { message: resent(earlier, input.text), stored: false };
      }
      if (conversation.status === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
      const message = await this.store(tx, conversation, { sender: 'operator', text: input.text, operatorName: input.operator, clientMessageId: input.clientMessageId });
      // Answering reads the member's messages and ends the waiting period.
      await tx.execute(
        sql`UPDATE notices.chat_conversations
               SET awaiting_reply = false, away_noted = false, operator_unread = 0, member_unread = member_unread + 1,
                   operator_name = ${input.operator}, last_message = ${input.text}, last_message_at = now()
             WHERE id = ${conversation.id}`,
      );
      return { message: message!, stored: true };
    });
    if (sent.stored) this.deps.wakeRelay();
    return sent.message;
  }

  async operatorRead(input: { conversationId: string }): Promise<Conversation> {
    const [row] = await rows<ConversationRow>(this.deps.db.orm, sql`UPDATE notices.chat_conversations SET operator_unread = 0 WHERE id = ${input.conversationId} RETURNING ${CONVERSATION_COLUMNS}`);
    if (!row) throw new AppError('NOT_FOUND', { field: 'conversationId' });
    return conversationView(row);
  }

  async close(input: { conversationId: string; operator: string }): Promise<Conversation> {
    const closed = await this.deps.db.transaction(async (tx) => {
      const conversation = await conversationFor(tx, input.conversationId, true);
      if (conversation.status === 'closed') return { conversation, stored: false };
      const [row] = await rows<ConversationRow>(
        tx,
        sql`UPDATE notices.chat_conversations
               SET status = 'closed', closed_at = now(), awaiting_reply = false, away_noted = false, operator_unread = 0,
                   member_unread = member_unread + 1, operator_name = coalesce(operator_name, ${input.operator}), last_message_at = now()
             WHERE id = ${conversation.id}
         RETURNING ${CONVERSATION_COLUMNS}`,
      );
      await this.store(tx, row!, { sender: 'system', notice: 'closed', operatorName: input.operator });
      return { conversation: row!, stored: true };
    });
    if (closed.stored) this.deps.wakeRelay();
    return conversationView(closed.conversation);
  }

  /**
   * Inserts one message and its `chat.message` event; answers undefined when the sender's id was already stored in
   * the conversation (a concurrent resend).
   */
  private async store(
    tx: Executor,
    conversation: Pick<ConversationRow, 'id' | 'member_id' | 'account' | 'merchant_code'>,
    message: { sender: ChatSender; text?: string; notice?: ChatNotice; operatorName?: string; clientMessageId?: string },
  ): Promise<ChatMessage | undefined> {
    const [row] = await rows<MessageRow>(
      tx,
      sql`INSERT INTO notices.chat_messages (conversation_id, member_id, sender, operator_name, text, notice, client_message_id)
          VALUES (${conversation.id}, ${conversation.member_id}, ${message.sender}, ${message.operatorName ?? null}, ${message.text ?? ''},
                  ${message.notice ?? null}, ${message.clientMessageId ?? null})
          ON CONFLICT (conversation_id, sender, client_message_id) DO NOTHING
          RETURNING ${MESSAGE_COLUMNS}`,
    );
    if (!row) return undefined;
    const view = messageView(row);
    const payload = chatMessageEventSchema.parse({ ...view, memberId: conversation.member_id, account: conversation.account, merchantCode: conversation.merchant_code });
    await this.deps.outbox.add(tx, 'chat.message', conversation.member_id, payload);
    return view;
  }
}
