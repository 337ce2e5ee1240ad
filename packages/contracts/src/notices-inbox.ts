import { z } from 'zod';
import { decimalIdSchema, memberIdSchema } from './ids.js';
import { unreadCountSchema } from './push-data.js';
export { unreadCountSchema };

/**
 * The inbox (spec §2 messageV2, "internal messages"): letters to one member (system messages caused by events, and
 * letters an operator writes) and operator broadcasts to a segment of a brand, stored once and read per member. The
 * unread count (`CSP_unreadCount`) is pushed live as `unread`.
 */

/** Inbox pages hold at most this many messages. */
export const INBOX_PAGE_SIZE_MAX = 50;
/** A broadcast to a list of members names at most this many. */
export const BROADCAST_MEMBERS_MAX = 10_000;

/** What a message is about; system letters are written in the reader's language when read. */
export const INBOX_MESSAGE_KINDS = [
  'welcome',
  'deposit_approved',
  'withdrawal_paid',
  'withdrawal_rejected',
  'deposit_limits',
  'contract_offer',
  'contract_termination_offer',
  'contract_accepted',
  'contract_rejected',
  'contract_withdrawn',
  'contract_expired',
  'contract_ended',
  'contract_payout',
  /** The operator answered one of the member's feedback submissions. */
  'feedback_reply',
  /** The member reached a higher VIP level. */
  'vip_upgrade',
  /** A letter an operator wrote to this member. */
  'letter',
  /** A broadcast to a segment the member belongs to. */
  'broadcast',
] as const;
export const inboxMessageKindSchema = z.enum(INBOX_MESSAGE_KINDS);
export type InboxMessageKind = z.infer<typeof inboxMessageKindSchema>;

/** A message id: `L<n>` for a letter to the member, `B<n>` for a broadcast. */
export const INBOX_MESSAGE_ID_PATTERN = /^[LB][1-9][0-9]{0,17}$/;
export const inboxMessageIdSchema = z.string().regex(INBOX_MESSAGE_ID_PATTERN);

/** One message as the member reads it: plain text (line breaks kept), in the reader's language. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  kind: inboxMessageKindSchema,
  title: z.string(),
  content: z.string(),
  /** When it was sent (ISO 8601, UTC). */
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * The `unread` push: the member's unread message count. `version` only grows per member (the database time of the
 * member's latest change in microseconds, kept above every earlier version), so a client keeps the highest it has seen.
 */
export const unreadPushSchema = unreadCountSchema;
export type UnreadPush = z.infer<typeof unreadPushSchema>;

export const inboxPageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(INBOX_PAGE_SIZE_MAX).default(10),
});

export const inboxPageSchema = z.object({
  list: z.array(inboxMessageSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** Who a broadcast reaches in its brand: everyone, some VIP levels, the agents, or a list of members. */
export const broadcastSegmentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('brand') }),
  z.object({ type: z.literal('vip'), levels: z.array(z.number().int().min(0).max(100)).min(1).max(101) }),
  z.object({ type: z.literal('agents') }),
  z.object({ type: z.literal('members'), memberIds: z.array(decimalIdSchema).min(1).max(BROADCAST_MEMBERS_MAX) }),
]);
export type BroadcastSegment = z.infer<typeof broadcastSegmentSchema>;

/** Keeps tabs and line breaks (as \n), drops every other control character. */
const withoutControls = (text: string): string => [...text.replace(/\r\n?/g, '\n')].filter((char) => char === '\t' || char === '\n' || (char >= ' ' && char !== '\u007f')).join('');
/** Operators write plain text: control characters other than line breaks and tabs are dropped, the ends trimmed. */
const plainText = (max: number) =>
  z
    .string()
    // What a caller may send: the cleaned text's own limit, with room for the spaces and controls it drops.
    .max(2 * max)
    .transform((text) => withoutControls(text).trim())
    .pipe(z.string().min(1).max(max));
/** A text in Spanish (the default language) and, optionally, English; readers in English without one read the Spanish. */
const localisedText = (max: number) => z.object({ ES: plainText(max), EN: plainText(max).optional() });
export const INBOX_TITLE_MAX = 100;
export const INBOX_CONTENT_MAX = 5_000;

export const sendBroadcastBodySchema = z.object({
  segment: broadcastSegmentSchema,
  title: localisedText(INBOX_TITLE_MAX),
  content: localisedText(INBOX_CONTENT_MAX),
  /** After this time members no longer see it; none: it stays until withdrawn. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export const sendLetterBodySchema = z.object({ title: localisedText(INBOX_TITLE_MAX), content: localisedText(INBOX_CONTENT_MAX) });
export const broadcastListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** A broadcast as the operator sees it, with how many members have read it. */
export const broadcastSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  segment: broadcastSegmentSchema,
  title: z.object({ ES: z.string(), EN: z.string().nullable() }),
  content: z.object({ ES: z.string(), EN: z.string().nullable() }),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  reads: z.number().int(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

/** Event `inbox.unread_changed`: one member's unread count changed (a letter, a read, a deletion). */
export const unreadChangedSchema = z.object({ memberId: z.string(), merchantCode: z.string(), unread: z.number().int().min(0), version: z.number().int() });
export type UnreadChanged = z.infer<typeof unreadChangedSchema>;

/**
 * Event `inbox.broadcast`: a broadcast was sent, withdrawn or reached its expiry. Each gateway asks the notices service
 * for the new counts of its own connected members of the brand (`unreadCounts`) and pushes them; the same event heard
 * twice pushes the same counts again.
 */
export const inboxBroadcastSchema = z.object({ broadcastId: z.string(), merchantCode: z.string(), change: z.enum(['sent', 'withdrawn', 'expired']), at: z.string() });
export type InboxBroadcast = z.infer<typeof inboxBroadcastSchema>;

const reader = { memberId: memberIdSchema, merchantCode: z.string(), language: z.enum(['ES', 'EN']) };
const withUnread = { unread: unreadCountSchema };

/** The inbox part of the notices service's operations. */
export const inboxRpcMethods = {
  /** The member's letters and the broadcasts of its segments, newest first; deleted ones are left out. */
  listMessages: { input: inboxPageQuerySchema.extend(reader), output: inboxPageSchema },
  /** Opens one of the member's messages and marks it read (the first read time is kept). NOT_FOUND for anyone else's. */
  readMessage: { input: z.object({ ...reader, id: inboxMessageIdSchema }), output: z.object({ message: inboxMessageSchema, ...withUnread }) },
  /** Marks every message of the member read. */
  readAllMessages: { input: z.object({ memberId: memberIdSchema, merchantCode: z.string() }), output: z.object({ marked: z.number().int(), ...withUnread }) },
  /** Deletes one of the member's messages (a broadcast only for this member). NOT_FOUND for anyone else's. */
  deleteMessage: {
    input: z.object({ memberId: memberIdSchema, merchantCode: z.string(), id: inboxMessageIdSchema }),
    output: z.object({ id: z.string(), deleted: z.literal(true), ...withUnread }),
  },
  unreadCount: { input: z.object({ memberId: memberIdSchema, merchantCode: z.string() }), output: unreadCountSchema },
  /**
   * The counts of many members of one brand at once (a gateway's connected members after a broadcast); with
   * `broadcastId`, only the members that broadcast is for are answered.
   */
  unreadCounts: {
    input: z.object({ merchantCode: z.string(), memberIds: z.array(memberIdSchema).max(2_000), broadcastId: decimalIdSchema.optional() }),
    output: z.object({ counts: z.array(z.object({ memberId: z.string(), unread: z.number().int(), version: z.number().int() })) }),
  },
  operatorSendBroadcast: { input: sendBroadcastBodySchema.extend({ merchantCode: z.string(), operator: z.string() }), output: broadcastSchema },
  operatorListBroadcasts: {
    input: broadcastListQuerySchema.extend({ merchantCode: z.string() }),
    output: z.object({ list: z.array(broadcastSchema), pageNo: z.number().int(), pageSize: z.number().int(), totalPages: z.number().int(), total: z.number().int() }),
  },
  /** Members no longer see it; withdrawing it again keeps the first time. */
  operatorWithdrawBroadcast: { input: z.object({ merchantCode: z.string(), broadcastId: decimalIdSchema, operator: z.string() }), output: broadcastSchema },
  operatorSendLetter: {
    input: sendLetterBodySchema.extend({ memberId: memberIdSchema, operator: z.string() }),
    output: z.object({ id: z.string(), memberId: z.string(), merchantCode: z.string(), createdAt: z.string() }),
  },
};
