import type { IdentityRpc, NoticesRpc, RpcClient, RpcHandlers } from '@wps/contracts';
import type { FileStore, Outbox, ServiceContext, Subscription } from '@wps/platform';
import type { NoticesConfig } from '../config.js';

/** What every part of the notices service is built from. */
export interface NoticesDeps extends ServiceContext {
  config: NoticesConfig;
  /** The service's one outbox (`notices.v1`: content changes, unread counts, chat messages), relayed by the composition root. */
  outbox: Outbox;
  /** Uploaded images (content images, feedback attachments); see infra/images.ts to check and store one. */
  files: FileStore;
  /** Tells the relay that events were committed, so pushes go out at once. */
  wakeRelay(): void;
  /** The identity service, when this process reaches it: the inbox catches up there on members it never heard of. */
  identity?: () => Pick<RpcClient<IdentityRpc>, 'listMembersAfter'>;
}

/**
 * One part of the service (content, inbox, support chat, feedback): the operations it answers, and the consumers,
 * timers and demo data it runs while the service is up.
 */
export interface NoticesModule<M extends keyof RpcHandlers<NoticesRpc>> {
  handlers: Pick<RpcHandlers<NoticesRpc>, M>;
  start(): Promise<Subscription[]>;
}
