import { z } from 'zod';
import { boundedText } from './bounded-text.js';
import { decimalIdSchema, memberIdSchema } from './ids.js';
import { SUPPORT_CHAT_PATH } from './shared-values.js';
import { chatSenderSchema, chatNoticeSchema, chatMessageSchema, chatPushSchema } from './push-data.js';
export { chatSenderSchema, chatNoticeSchema, chatMessageSchema, chatPushSchema };

export { SUPPORT_CHAT_PATH };

/**
 * The in-house customer-service chat (the LIVECHAT entry): member ↔ operator over the tab's socket, history kept,
 * offline messages queued for the operator.
 *
 * A member has at most one open conversation; the first message after a close opens a new one, and the member's
 * history runs across all of them. Texts are plain (shown as text, never as HTML), trimmed, 1 to 1,000 characters.
 * Operators answer through the operator API; their sockets (handshake `auth: { operatorToken }`) join the
 * `operators` room and get every conversation's `chat` pushes.
 */

/** Longest chat text, in characters, after trimming. */
export const CHAT_TEXT_MAX = 1_000;
/** The socket room of every connected operator. */
export const OPERATORS_ROOM = 'operators';
/** The notices outbox event of a stored chat message (topic `notices.v1`, keyed by member). */
export const CHAT_MESSAGE_EVENT = 'chat.message';

export type ChatSender = z.infer<typeof chatSenderSchema>;
export type ChatNotice = z.infer<typeof chatNoticeSchema>;
export const conversationStatusSchema = z.enum(['open', 'closed']);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** One conversation as the operator's queue lists it. */
export const conversationSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  merchantCode: z.string(),
  status: conversationStatusSchema,
  /** The member wrote last: the conversation waits for an answer. */
  awaitingReply: z.boolean(),
  /** The member wrote while no operator was connected, and nobody has answered since. */
  offline: z.boolean(),
  /** Operator and system messages the member has not read. */
  memberUnread: z.number().int(),
  /** Member messages no operator has read. */
  operatorUnread: z.number().int(),
  /** The operator who answered last (who answers this conversation). */
  operatorName: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export type ChatPush = z.infer<typeof chatPushSchema>;
/** The `chat.message` event's payload: the pushed message and the brand of its conversation. */
export const chatMessageEventSchema = chatPushSchema.extend({ merchantCode: z.string() });
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;

// ---- Request fields ----------------------------------------------------------------------------------------------

/** A chat text: trimmed; empty is CHAT_TEXT_EMPTY, longer than 1,000 characters CHAT_TEXT_TOO_LONG. */
export const chatTextSchema = boundedText(4 * CHAT_TEXT_MAX, 'CHAT_TEXT_TOO_LONG')
  .trim()
  .superRefine((text, ctx) => {
    if (text.length === 0) ctx.addIssue({ code: 'custom', message: 'empty text', params: { errorCode: 'CHAT_TEXT_EMPTY' } });
    else if ([...text].length > CHAT_TEXT_MAX) ctx.addIssue({ code: 'custom', message: 'text too long', params: { errorCode: 'CHAT_TEXT_TOO_LONG' } });
  });
/** The sender's id of a message (a UUID or any 8–64 letters, digits, - or _): the same id again is the same message. */
export const clientMessageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
/** Pages of a history: page 1 holds the newest messages; each page lists its messages oldest first. */
export const chatPageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const sendChatBodySchema = z.object({ text: chatTextSchema, clientMessageId: clientMessageIdSchema });
export const operatorReplyBodySchema = z.object({ text: chatTextSchema, clientMessageId: clientMessageIdSchema.optional() });
export const chatQueueQuerySchema = chatPageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: conversationStatusSchema.optional(),
});

const paged = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), pageNo: z.number().int(), pageSize: z.number().int(), totalPages: z.number().int(), total: z.number().int() });
const page = { pageNo: z.number().int().min(1), pageSize: z.number().int().min(1).max(100) };
const conversationId = decimalIdSchema;

/** The chat part of the notices service's operations. */
export const supportChatRpcMethods = {
  /** Where the brand's chat is (spec §7 "launch chat (value.chatUrl); no token needed"). */
  launchChat: { input: z.object({ merchantCode: z.string() }), output: z.object({ chatUrl: z.string() }) },
  /** The member's messages over all their conversations, newest page first; with the current conversation's state. */
  chatHistory: {
    input: z.object({ memberId: memberIdSchema, merchantCode: z.string(), account: z.string(), ...page }),
    output: paged(chatMessageSchema).extend({
      conversationId: z.string().nullable(),
      status: conversationStatusSchema.nullable(),
      unread: z.number().int(),
    }),
  },
  /**
   * Stores a member's message in their open conversation (opening one when there is none). The same
   * `clientMessageId` again answers the message stored the first time (IDEMPOTENCY_CONFLICT with another text).
   */
  sendChatMessage: {
    input: z.object({ memberId: memberIdSchema, merchantCode: z.string(), account: z.string(), text: chatTextSchema, clientMessageId: clientMessageIdSchema }),
    output: chatMessageSchema,
  },
  /** The member has read every operator and system message. */
  markChatRead: { input: z.object({ memberId: memberIdSchema }), output: z.object({ unread: z.number().int() }) },
  /**
   * No operator was connected when the member wrote: stores the `away` system line unless the conversation already
   * has one since the last answer. Called by the gateway, which knows the operators' sockets.
   */
  noteOperatorsAway: { input: z.object({ conversationId }), output: z.object({ noted: z.boolean() }) },
  /** Conversations of every brand: open first, then those waiting for an answer (longest waiting first), then the newest. */
  operatorChatQueue: { input: z.object({ ...page, status: conversationStatusSchema.optional() }), output: paged(conversationSchema) },
  /** One conversation and its messages, newest page first. NOT_FOUND for an unknown one. */
  operatorChatMessages: { input: z.object({ conversationId, ...page }), output: paged(chatMessageSchema).extend({ conversation: conversationSchema }) },
  /** An operator's answer; CHAT_CONVERSATION_CLOSED once closed. The same `clientMessageId` again is stored once. */
  operatorChatReply: {
    input: z.object({ conversationId, operator: z.string(), text: chatTextSchema, clientMessageId: clientMessageIdSchema.optional() }),
    output: chatMessageSchema,
  },
  /** The operators have read the member's messages. */
  operatorChatRead: { input: z.object({ conversationId }), output: conversationSchema },
  /** Closes a conversation with a `closed` system line; closing a closed one changes nothing. */
  operatorCloseChat: { input: z.object({ conversationId, operator: z.string() }), output: conversationSchema },
};
