import type { PushFeed } from '../push.js';

/** The chat pushes. */
export const chatPushFeed: PushFeed = async () => [];
