import type { NoticesDeps, NoticesModule } from '../module.js';

/** The feedback part of the notices service. */
export function createFeedbackModule(_deps: NoticesDeps): NoticesModule<never> {
  return {
    handlers: {},
    async start() {
      return [];
    },
  };
}
