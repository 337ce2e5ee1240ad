import { consumeBatches, eachEvent } from '@wps/platform';
import type { NoticesDeps, NoticesModule } from '../module.js';
import { listMessages, markMessageRead, sendWelcomeMessage } from './messages.js';

const WELCOME_MESSAGES = 'notices.welcome-messages';

/** The inbox: letters to one member, operator broadcasts, the unread count. */
export function createInboxModule(deps: NoticesDeps): NoticesModule<'listMessages' | 'markMessageRead'> {
  const { db, bus } = deps;
  return {
    handlers: {
      listMessages: (input) => listMessages(db.orm, input),
      markMessageRead: (input) => markMessageRead(db.orm, input),
    },
    async start() {
      return [await consumeBatches({ db, bus }, { schema: 'notices', group: WELCOME_MESSAGES, type: 'member.registered', handle: eachEvent(sendWelcomeMessage) })];
    },
  };
}
