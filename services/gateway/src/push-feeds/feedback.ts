import { FEEDBACK_CHANGED_EVENT, feedbackChangedEventSchema, feedbackPushSchema, memberRoom, PUSH_EVENT, TOPICS } from '@wps/contracts';
import type { PushFeed } from '../push.js';

/**
 * An operator replied to or closed a member's feedback submission (`feedback.changed`): the `feedback` push goes to the
 * member's room, so an open feedback panel reads the submission again. One gateway of the shared group takes each
 * event; the shared Socket.IO adapter reaches the member's sockets on every gateway. `v` is the change's time in ms.
 */
export const feedbackPushFeed: PushFeed = async ({ io, bus, logger }) => [
  await bus.subscribe({
    group: 'gateway.feedback',
    topics: [TOPICS.notices],
    fromBeginning: false,
    batchHandler: async (messages) => {
      for (const message of messages) {
        if (message.value.type !== FEEDBACK_CHANGED_EVENT) continue;
        const event = feedbackChangedEventSchema.safeParse(message.value.payload);
        if (!event.success) {
          logger.warn({ id: message.value.id }, 'feedback event of an unknown shape skipped');
          continue;
        }
        // Only what the push declares: the member and brand stay out of it.
        const data = feedbackPushSchema.parse(event.data);
        io.to(memberRoom(event.data.memberId)).emit(PUSH_EVENT, { v: Date.parse(data.updatedAt), type: 'feedback', data });
      }
    },
  }),
];
