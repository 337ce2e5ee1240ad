import type { PushFeed } from '../push.js';

/** The notices pushes. */
export const noticesPushFeed: PushFeed = async () => [];
