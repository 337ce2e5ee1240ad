import type { PushFeed } from '../push.js';

/** The unread pushes. */
export const unreadPushFeed: PushFeed = async () => [];
