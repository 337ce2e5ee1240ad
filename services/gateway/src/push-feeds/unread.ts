import { randomUUID } from 'node:crypto';
import { inboxBroadcastSchema, isTrialType, memberRoom, merchantRoom, PUSH_EVENT, TOPICS, unreadChangedSchema, type Push } from '@wps/contracts';
import type { PushFeed } from '../push.js';

/** Members asked about per call to the notices service after a broadcast. */
const COUNTS_PER_CALL = 1_000;

const unreadPush = (count: { unread: number; version: number }): Push<'unread'> => ({ v: count.version, type: 'unread', data: { unread: count.unread, version: count.version } });

/**
 * The `unread` pushes. One member's count changed (a letter, a read, a deletion): the event is taken by one gateway of
 * the shared group and sent to the member's room, which the shared Socket.IO adapter reaches on every gateway. A
 * broadcast changes the counts of many members at once but is stored once: when it is sent, withdrawn or reaches its
 * expiry, every gateway takes the event in a group of its own, asks the notices service for the new counts of the
 * members connected to it (only those the broadcast is for) and pushes them to its own sockets.
 */
export const unreadPushFeed: PushFeed = async ({ io, bus, logger, clients }) => {
  const members = await bus.subscribe({
    group: 'gateway.unread',
    topics: [TOPICS.notices],
    fromBeginning: false,
    batchHandler: async (messages) => {
      // A burst for one member is one push: its newest count.
      const newest = new Map<string, { unread: number; version: number }>();
      for (const message of messages) {
        if (message.value.type !== 'inbox.unread_changed') continue;
        const change = unreadChangedSchema.parse(message.value.payload);
        const seen = newest.get(change.memberId);
        if (!seen || change.version > seen.version) newest.set(change.memberId, change);
      }
      for (const [memberId, count] of newest) io.to(memberRoom(memberId)).emit(PUSH_EVENT, unreadPush(count));
    },
  });

  const broadcasts = await bus.subscribe({
    group: `gateway.unread.broadcast.${randomUUID()}`,
    topics: [TOPICS.notices],
    fromBeginning: false,
    batchHandler: async (messages) => {
      for (const message of messages) {
        if (message.value.type !== 'inbox.broadcast') continue;
        const broadcast = inboxBroadcastSchema.parse(message.value.payload);
        const sockets = await io.local.in(merchantRoom(broadcast.merchantCode)).fetchSockets();
        const memberIds = [...new Set(sockets.flatMap((socket) => (socket.data.principal && !isTrialType(socket.data.principal.type) ? [socket.data.principal.memberId] : [])))];
        for (let start = 0; start < memberIds.length; start += COUNTS_PER_CALL) {
          const chunk = memberIds.slice(start, start + COUNTS_PER_CALL);
          try {
            const { counts } = await clients.notices.unreadCounts({ merchantCode: broadcast.merchantCode, memberIds: chunk, broadcastId: broadcast.broadcastId });
            for (const count of counts) io.local.to(memberRoom(count.memberId)).emit(PUSH_EVENT, unreadPush(count));
          } catch (error) {
            // These members see the new count on their next change or reconnect; the rest of the brand still gets theirs.
            logger.warn({ err: error, broadcastId: broadcast.broadcastId, members: chunk.length }, 'unread counts after a broadcast could not be read');
          }
        }
      }
    },
  });
  return [members, broadcasts];
};
