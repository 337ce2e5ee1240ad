import type { NoticesDeps, NoticesModule } from '../module.js';

/** The chat part of the notices service. */
export function createChatModule(_deps: NoticesDeps): NoticesModule<never> {
  return {
    handlers: {},
    async start() {
      return [];
    },
  };
}
