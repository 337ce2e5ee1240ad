import type { NoticesDeps, NoticesModule } from '../module.js';

/** The content part of the notices service. */
export function createContentModule(_deps: NoticesDeps): NoticesModule<never> {
  return {
    handlers: {},
    async start() {
      return [];
    },
  };
}
