import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Inbox, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { memberRegisteredSchema, noticesRpc, TOPICS, type NoticesRpc } from '@wps/contracts';
import { noticesEnv, type NoticesConfig } from './config.js';
import { listMessages, markMessageRead, sendWelcomeMessage } from './features/messages.js';

export const NOTICES_SCHEMA = 'notices';
export const noticesMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const WELCOME_MESSAGES = 'notices.welcome-messages';

/** The composition root of the notices service: internal messages and the consumer that welcomes new members. */
export async function createNoticesService(context: ServiceContext, _config: NoticesConfig): Promise<ServiceInstance<NoticesRpc>> {
  const { db, bus } = context;
  const welcomeInbox = new Inbox(NOTICES_SCHEMA, WELCOME_MESSAGES);
  const subscriptions: Subscription[] = [];

  return {
    name: 'notices',
    contract: noticesRpc,
    handlers: {
      listMessages: (input) => listMessages(db.orm, input),
      markMessageRead: (input) => markMessageRead(db.orm, input),
    },
    async start() {
      subscriptions.push(
        await bus.subscribe({
          group: WELCOME_MESSAGES,
          topics: [TOPICS.members],
          handler: async (message) => {
            if (message.value.type !== 'member.registered') return;
            const member = memberRegisteredSchema.parse(message.value.payload);
            await welcomeInbox.handleOnce(db, message.value, (tx) => sendWelcomeMessage(tx, member));
          },
        }),
      );
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
    },
  };
}

export const noticesService: ServiceDefinition<NoticesRpc, typeof noticesEnv> = {
  name: 'notices',
  schema: NOTICES_SCHEMA,
  migrationsDir: noticesMigrations,
  defaultPort: 8106,
  env: noticesEnv,
  create: createNoticesService,
};
