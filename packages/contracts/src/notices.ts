import { defineRpc } from './rpc.js';
import { noticesContentRpcMethods } from './notices-content.js';
import { inboxRpcMethods } from './notices-inbox.js';
import { supportChatRpcMethods } from './support-chat.js';
import { feedbackRpcMethods } from './feedback.js';
import { noticesFilesRpcMethods } from './notices-files.js';

/** The notices service: content (notices, banners, popups, help), the inbox, the support chat and feedback. */
export const noticesRpc = defineRpc({
  ...noticesContentRpcMethods,
  ...inboxRpcMethods,
  ...supportChatRpcMethods,
  ...feedbackRpcMethods,
  ...noticesFilesRpcMethods,
});
export type NoticesRpc = typeof noticesRpc;
