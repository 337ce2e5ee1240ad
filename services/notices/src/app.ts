import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumeBatches, eachEvent, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { noticesRpc, type NoticesRpc } from '@wps/contracts';
import { noticesEnv, type NoticesConfig } from './config.js';
import { listMessages, markMessageRead, sendWelcomeMessage } from './features/messages.js';

export const NOTICES_SCHEMA = 'notices';
export const noticesMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const WELCOME_MESSAGES = 'notices.welcome-messages';

/** The composition root of the notices service: internal messages and the consumer that welcomes new members. */
export async function createNoticesService(context: ServiceContext, _config: NoticesConfig): Promise<ServiceInstance<NoticesRpc>> {
  const { db, bus } = context;
  const subscriptions: Subscription[] = [];

  return {
    name: 'notices',
    contract: noticesRpc,
    handlers: {
      listMessages: (input) => listMessages(db.orm, input),
      markMessageRead: (input) => markMessageRead(db.orm, input),
    },
    async start() {
      subscriptions.push(await consumeBatches({ db, bus }, { schema: NOTICES_SCHEMA, group: WELCOME_MESSAGES, type: 'member.registered', handle: eachEvent(sendWelcomeMessage) }));
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
