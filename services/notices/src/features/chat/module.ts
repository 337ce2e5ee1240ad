import { consumeBatches, eachEvent } from '@wps/platform';
import type { NoticesDeps, NoticesModule } from '../module.js';
import { SupportChat } from './conversations.js';
import { DEMO_CHAT_ACCOUNT, seedDemoChat } from './demo.js';

const DEMO_CHAT = 'notices.chat-demo';

/** The support chat: members' conversations with the operators, the operators' queue, and the demo conversation. */
export function createChatModule(
  deps: NoticesDeps,
): NoticesModule<
  | 'launchChat'
  | 'chatHistory'
  | 'sendChatMessage'
  | 'markChatRead'
  | 'noteOperatorsAway'
  | 'operatorChatQueue'
  | 'operatorChatMessages'
  | 'operatorChatReply'
  | 'operatorChatRead'
  | 'operatorCloseChat'
> {
  const chat = new SupportChat(deps);
  return {
    handlers: {
      launchChat: async () => chat.launch(),
      chatHistory: (input) => chat.history(input),
      sendChatMessage: (input) => chat.send(input),
      markChatRead: (input) => chat.markRead(input),
      noteOperatorsAway: (input) => chat.noteOperatorsAway(input),
      operatorChatQueue: (input) => chat.queue(input),
      operatorChatMessages: (input) => chat.conversation(input),
      operatorChatReply: (input) => chat.reply(input),
      operatorChatRead: (input) => chat.operatorRead(input),
      operatorCloseChat: (input) => chat.close(input),
    },
    async start() {
      if (!deps.config.SEED_DEMO) return [];
      // The demo player arrives like any member; its conversation is written when it does.
      return [
        await consumeBatches(
          { db: deps.db, bus: deps.bus },
          { schema: 'notices', group: DEMO_CHAT, type: 'member.registered', relevant: (member) => member.account === DEMO_CHAT_ACCOUNT, handle: eachEvent(seedDemoChat) },
        ),
      ];
    },
  };
}
