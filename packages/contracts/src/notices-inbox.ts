import { z } from 'zod';
import { decimalIdSchema, memberIdSchema } from './ids.js';

/**
 * The inbox (spec §2 messageV2, "internal messages"): letters to one member (system messages caused by events) and
 * operator broadcasts to a segment, stored once and read per member; the unread count is pushed live.
 */

/** The `unread` push: the member's unread message count; `version` grows with every change, so a gap means a refetch. */
export const unreadPushSchema = z.object({ unread: z.number().int().min(0), version: z.number().int() });
export type UnreadPush = z.infer<typeof unreadPushSchema>;

/** The inbox part of the notices service's operations. */
export const inboxRpcMethods = {
  listMessages: {
    input: z.object({ memberId: memberIdSchema }),
    output: z.array(z.object({ id: z.string(), title: z.string(), content: z.string(), createdAt: z.string(), read: z.boolean() })),
  },
  /** Marks one of the member's own messages read; marking it again keeps the first read time. NOT_FOUND otherwise. */
  markMessageRead: {
    input: z.object({ memberId: memberIdSchema, messageId: decimalIdSchema }),
    output: z.object({ id: z.string(), read: z.literal(true) }),
  },
};
