import { loyaltyPushEventSchema, memberRoom, merchantRoom, PUSH_EVENT, readPush, TOPICS } from '@wps/contracts';
import type { PushFeed } from '../push.js';

/**
 * The loyalty pushes (points, VIP, missions, red envelopes, rewards), as the points service announces them on
 * `loyalty.v1`: to one member's room, or to the whole brand. One gateway of the shared group takes each event; the
 * shared Socket.IO adapter reaches the room's sockets on every gateway. A push whose data does not match its type's
 * schema is dropped, never sent.
 */
export const loyaltyPushFeed: PushFeed = async ({ io, bus, logger }) => [
  await bus.subscribe({
    group: 'gateway.loyalty',
    topics: [TOPICS.loyalty],
    fromBeginning: false,
    batchHandler: async (messages) => {
      for (const message of messages) {
        if (message.value.type !== 'loyalty.push') continue;
        const event = loyaltyPushEventSchema.parse(message.value.payload);
        const push = readPush(event.push);
        if (!push) {
          logger.warn({ type: event.push.type }, 'a loyalty push that does not match its schema was dropped');
          continue;
        }
        io.to(event.memberId === null ? merchantRoom(event.merchantCode) : memberRoom(event.memberId)).emit(PUSH_EVENT, push);
      }
    },
  }),
];
