import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHttpClient, DirectoryFileStore, Outbox, type OutboxRelay, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { identityRpc, noticesRpc, type NoticesRpc } from '@wps/contracts';
import { s3FileStoreEnv, s3FileStoreFrom, type S3FileStoreConfig } from '@wps/platform/file-store-s3';
import { noticesEnv, type NoticesConfig } from './config.js';
import type { NoticesDeps } from './features/module.js';
import { createContentModule } from './features/content/module.js';
import { createInboxModule } from './features/inbox/module.js';
import { createChatModule } from './features/chat/module.js';
import { createFeedbackModule } from './features/feedback/module.js';
import { createFilesModule } from './features/files.js';

export const NOTICES_SCHEMA = 'notices';
export const noticesMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * The composition root of the notices service: the brand's content (notices, banners, popups, help centre), the inbox
 * with its unread counts, the support chat and feedback. Its events go out on `notices.v1` through one outbox.
 */
export async function createNoticesService(
  context: ServiceContext,
  config: NoticesConfig & S3FileStoreConfig,
  ports: Pick<NoticesDeps, 'identity'> = { identity: identityFromConfig(config) },
): Promise<ServiceInstance<NoticesRpc>> {
  const outbox = new Outbox(NOTICES_SCHEMA, 'notices');
  let relay: OutboxRelay | undefined;
  // An S3-compatible bucket when FILE_STORE_S3_URL names one, else a directory (shared volume, or the data folder).
  const files = s3FileStoreFrom(config) ?? new DirectoryFileStore(config.FILE_STORE_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'wps-files-')));
  const deps: NoticesDeps = { ...context, config, outbox, files, wakeRelay: () => relay?.wake(), identity: ports.identity };
  const content = createContentModule(deps);
  const inbox = createInboxModule(deps);
  const chat = createChatModule(deps);
  const feedback = createFeedbackModule(deps);
  const publicFiles = createFilesModule(deps);
  const modules = [content, inbox, chat, feedback, publicFiles];
  const subscriptions: Subscription[] = [];

  return {
    name: 'notices',
    contract: noticesRpc,
    handlers: { ...content.handlers, ...inbox.handlers, ...chat.handlers, ...feedback.handlers, ...publicFiles.handlers },
    async start() {
      relay = outbox.relay(context.db, context.bus, context.logger);
      relay.start();
      for (const module of modules) subscriptions.push(...(await module.start()));
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
      await relay?.stop();
    },
  };
}

/** Identity's internal RPC at IDENTITY_URL (cluster mode); none without it. */
function identityFromConfig(config: NoticesConfig): NoticesDeps['identity'] {
  if (!config.IDENTITY_URL || !config.SERVICE_TOKEN) return undefined;
  const identity = createHttpClient('identity', identityRpc, { baseUrl: config.IDENTITY_URL, serviceToken: config.SERVICE_TOKEN });
  return () => identity;
}

const noticesServiceEnv = { ...noticesEnv, ...s3FileStoreEnv };

/** The service for a host that reaches identity in its own way (the embedded host passes its in-process client). */
export const noticesServiceWith = (identity?: NoticesDeps['identity']): ServiceDefinition<NoticesRpc, typeof noticesServiceEnv> => ({
  name: 'notices',
  schema: NOTICES_SCHEMA,
  migrationsDir: noticesMigrations,
  defaultPort: 8106,
  env: noticesServiceEnv,
  create: (context, config) => createNoticesService(context, config, { identity: identity ?? identityFromConfig(config) }),
});

export const noticesService = noticesServiceWith();
