import { CHAT_MESSAGE_EVENT, chatMessageEventSchema, chatPushSchema, memberRoom, OPERATORS_ROOM, PUSH_EVENT, TOPICS } from '@wps/contracts';
import type { PushFeed } from '../push.js';

/**
 * Support-chat messages go to the member's sockets and to every operator's; `v` is the message id, which grows per
 * member. A member's message written while no operator socket is connected (on any gateway) gets the conversation's
 * "an agent will answer soon" line, which the notices service stores once per waiting period.
 */
export const chatPushFeed: PushFeed = async ({ io, bus, logger, clients }) => [
  await bus.subscribe({
    group: 'gateway.chat',
    topics: [TOPICS.notices],
    fromBeginning: false,
    batchHandler: async (messages) => {
      for (const message of messages) {
        if (message.value.type !== CHAT_MESSAGE_EVENT) continue;
        const event = chatMessageEventSchema.safeParse(message.value.payload);
        if (!event.success) {
          logger.warn({ id: message.value.id }, 'chat event of an unknown shape skipped');
          continue;
        }
        const data = chatPushSchema.parse(event.data);
        io.to([memberRoom(data.memberId), OPERATORS_ROOM]).emit(PUSH_EVENT, { v: Number(data.id), type: 'chat', data });
        if (data.from !== 'member') continue;
        const operators = await io.in(OPERATORS_ROOM).fetchSockets();
        if (operators.length > 0) continue;
        await clients.notices.noteOperatorsAway({ conversationId: data.conversationId }).catch((error: unknown) => logger.warn({ err: error }, 'could not note that no operator is connected'));
      }
    },
  }),
];
