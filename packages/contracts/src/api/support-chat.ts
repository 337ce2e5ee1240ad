import { z } from 'zod';
import { serviceUseCase } from '../use-case.js';
import { chatPageQuerySchema, chatQueueQuerySchema, operatorReplyBodySchema, sendChatBodySchema, supportChatRpcMethods as rpc } from '../support-chat.js';
import { pathIdText } from './fields.js';

const chat = { tag: 'Live chat', rateLimit: 'ip', idempotent: false } as const;
const MEMBER = { memberId: 'memberId' } as const;
/** The back office: the operator API token (OPERATOR_TOKEN). */
const desk = { tag: 'Operator', auth: 'operator', rateLimit: 'none', idempotent: false, bodyLimit: '16kb' } as const;
const conversationPath = z.object({ conversationId: pathIdText(/^[1-9][0-9]{0,17}$/) });
/** Messages a member may send, beyond the per-address budget. */
const SENDS = { name: 'chat:send', limit: 20, windowMs: 60_000 } as const;

/**
 * The in-house support chat (spec §7 "Live chat: launch chat (value.chatUrl); no token needed"): the member's side on
 * `/wps/livechat/*`, the operators' on `/operator/v1/chat/*`. A member only ever sees their own conversations.
 */
export const supportChatUseCases = {
  launchChat: serviceUseCase({
    ...chat,
    id: 'launchChat',
    summary: 'Where the brand’s live chat opens (`chatUrl`, the site’s chat page); no token needed',
    method: 'GET',
    paths: ['/wps/livechat/launch'],
    auth: 'guest',
    request: z.object({}),
    response: rpc.launchChat.output,
    operation: { service: 'notices', method: 'launchChat' },
    context: { merchantCode: 'brandCode' },
    publicCacheMs: 60_000,
  }),
  chatHistory: serviceUseCase({
    ...chat,
    id: 'chatHistory',
    summary: 'The member’s support-chat messages, newest page first, each page oldest first; with the conversation’s state',
    method: 'GET',
    paths: ['/wps/livechat/messages'],
    auth: 'member',
    request: chatPageQuerySchema,
    response: rpc.chatHistory.output,
    operation: { service: 'notices', method: 'chatHistory' },
    context: { ...MEMBER, merchantCode: 'merchantCode', account: 'account' },
  }),
  sendChatMessage: serviceUseCase({
    ...chat,
    id: 'sendChatMessage',
    summary: 'Sends a message to customer service; it waits in the operators’ queue when none is connected',
    description:
      'Plain text, trimmed, 1 to 1,000 characters (CHAT_TEXT_EMPTY, CHAT_TEXT_TOO_LONG). `clientMessageId` makes a resend safe: ' +
      'the same id answers the message stored the first time, with another text IDEMPOTENCY_CONFLICT. At most 20 messages a minute.',
    method: 'POST',
    paths: ['/wps/livechat/messages'],
    auth: 'member',
    request: sendChatBodySchema,
    response: rpc.sendChatMessage.output,
    operation: { service: 'notices', method: 'sendChatMessage' },
    context: { ...MEMBER, merchantCode: 'merchantCode', account: 'account' },
    memberRateLimit: SENDS,
  }),
  markChatRead: serviceUseCase({
    ...chat,
    id: 'markChatRead',
    summary: 'Marks the member’s support-chat messages read',
    method: 'POST',
    paths: ['/wps/livechat/read'],
    auth: 'member',
    request: z.object({}),
    response: rpc.markChatRead.output,
    operation: { service: 'notices', method: 'markChatRead' },
    context: MEMBER,
  }),
  operatorChatQueue: serviceUseCase({
    ...desk,
    id: 'operatorChatQueue',
    summary: 'Support-chat conversations: open first, then those waiting for an answer (longest first), with unread counts',
    method: 'GET',
    paths: ['/operator/v1/chat/conversations'],
    request: chatQueueQuerySchema,
    response: rpc.operatorChatQueue.output,
    operation: { service: 'notices', method: 'operatorChatQueue' },
  }),
  operatorChatMessages: serviceUseCase({
    ...desk,
    id: 'operatorChatMessages',
    summary: 'One support-chat conversation and its messages, newest page first',
    method: 'GET',
    paths: ['/operator/v1/chat/conversations/:conversationId'],
    request: chatPageQuerySchema.extend(conversationPath.shape),
    response: rpc.operatorChatMessages.output,
    operation: { service: 'notices', method: 'operatorChatMessages' },
  }),
  operatorChatReply: serviceUseCase({
    ...desk,
    id: 'operatorChatReply',
    summary: 'Answers a member in an open conversation (X-Operator names who answers)',
    method: 'POST',
    paths: ['/operator/v1/chat/conversations/:conversationId/messages'],
    request: operatorReplyBodySchema.extend(conversationPath.shape),
    response: rpc.operatorChatReply.output,
    operation: { service: 'notices', method: 'operatorChatReply' },
    context: { operator: 'operator' },
  }),
  operatorChatRead: serviceUseCase({
    ...desk,
    id: 'operatorChatRead',
    summary: 'Marks a conversation’s member messages read by the operators',
    method: 'POST',
    paths: ['/operator/v1/chat/conversations/:conversationId/read'],
    request: conversationPath,
    response: rpc.operatorChatRead.output,
    operation: { service: 'notices', method: 'operatorChatRead' },
  }),
  operatorCloseChat: serviceUseCase({
    ...desk,
    id: 'operatorCloseChat',
    summary: 'Closes a conversation; the member’s next message opens a new one',
    method: 'POST',
    paths: ['/operator/v1/chat/conversations/:conversationId/close'],
    request: conversationPath,
    response: rpc.operatorCloseChat.output,
    operation: { service: 'notices', method: 'operatorCloseChat' },
    context: { operator: 'operator' },
  }),
};
