import { z } from 'zod';

/**
 * The in-house customer-service chat (the LIVECHAT entry): member ↔ operator over the tab's socket, history kept,
 * offline messages queued for the operator.
 */

/** The `chat` push: a new chat message in one of the member's conversations. */
export const chatPushSchema = z.object({ conversationId: z.string(), id: z.string(), from: z.enum(['member', 'operator', 'system']), text: z.string(), at: z.string() });
export type ChatPush = z.infer<typeof chatPushSchema>;

/** The chat part of the notices service's operations. */
export const supportChatRpcMethods = {};
