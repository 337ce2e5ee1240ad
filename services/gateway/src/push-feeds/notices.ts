import { randomUUID } from 'node:crypto';
import { merchantRoom, noticesChangedSchema, PUSH_EVENT, TOPICS, type NoticesChanged } from '@wps/contracts';
import type { PushFeed } from '../push.js';

/**
 * A brand's content changed (`notices.changed`): this gateway drops the brand's cached notices and help-centre
 * answers and tells its own sockets of the brand to read them again (`notice` push). Every gateway process listens in
 * a consumer group of its own, so each hears every change; each pushes to its local sockets only, so no socket gets a
 * change twice through the shared socket adapter.
 */
export const noticesPushFeed: PushFeed = async ({ io, bus, logger, answers }) => [
  await bus.subscribe({
    group: `gateway.notices.${randomUUID()}`,
    topics: [TOPICS.notices],
    fromBeginning: false,
    batchHandler: async (messages) => {
      // A burst of changes to one brand is one drop and one push, with the newest change.
      const changed = new Map<string, NoticesChanged>();
      for (const message of messages) {
        if (message.value.type !== 'notices.changed') continue;
        const change = noticesChangedSchema.safeParse(message.value.payload);
        if (change.success) changed.set(change.data.merchantCode, change.data);
        else logger.warn({ id: message.value.id }, 'malformed notices.changed event');
      }
      for (const change of changed.values()) {
        answers.dropBrand(change.merchantCode);
        io.local.to(merchantRoom(change.merchantCode)).emit(PUSH_EVENT, { v: Date.parse(change.at), type: 'notice', data: change });
      }
    },
  }),
];
