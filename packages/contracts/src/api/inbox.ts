import { z } from 'zod';
import { serviceUseCase } from '../use-case.js';
import { broadcastListQuerySchema, inboxPageQuerySchema, inboxRpcMethods, INBOX_MESSAGE_ID_PATTERN, sendBroadcastBodySchema, sendLetterBodySchema } from '../notices-inbox.js';
import { merchantCodePath as merchantCode, pathIdText } from './fields.js';

/** A message id that cannot be one is a message that does not exist. */
const messageId = z.object({ id: pathIdText(INBOX_MESSAGE_ID_PATTERN) });
const decimalPathId = pathIdText(/^[1-9][0-9]{0,17}$/);

/** The member's inbox: trial accounts have none (TRIAL_ACCOUNT_REFUSED); a member reaches only its own messages. */
const inbox = { tag: 'Messages', auth: 'real-member', rateLimit: 'ip', idempotent: false } as const;
const MEMBER = { memberId: 'memberId', merchantCode: 'merchantCode' } as const;
const READER = { ...MEMBER, language: 'language' } as const;
/** The back office, as in operator.ts: one shared token. */
const operator = { tag: 'Operator', auth: 'operator', rateLimit: 'none', idempotent: false, bodyLimit: '16kb' } as const;

/** The public and operator calls of this part of the notices service. */
export const inboxUseCases = {
  listMessages: serviceUseCase({
    ...inbox,
    id: 'listMessages',
    summary: 'The member’s messages (messageV2): letters and the broadcasts of its segments, newest first, paged',
    description: 'System letters are written in the reader’s language (`language`, else Accept-Language). A page past the end is an empty list.',
    method: 'GET',
    paths: ['/wps/relay/CSP_messageList'],
    request: inboxPageQuerySchema,
    response: inboxRpcMethods.listMessages.output,
    operation: { service: 'notices', method: 'listMessages' },
    context: READER,
  }),
  readMessage: serviceUseCase({
    ...inbox,
    id: 'readMessage',
    summary: 'Opens one of the member’s messages and marks it read; answers the new unread count',
    description: 'Another member’s message, or a broadcast not meant for the member, is NOT_FOUND and nothing changes.',
    method: 'POST',
    paths: ['/wps/relay/CSP_readMessage'],
    request: messageId,
    response: inboxRpcMethods.readMessage.output,
    operation: { service: 'notices', method: 'readMessage' },
    context: READER,
  }),
  readAllMessages: serviceUseCase({
    ...inbox,
    id: 'readAllMessages',
    summary: 'Marks every message of the member read; answers how many were unread and the new count',
    method: 'POST',
    paths: ['/wps/relay/CSP_readAllMessages'],
    request: z.object({}),
    response: inboxRpcMethods.readAllMessages.output,
    operation: { service: 'notices', method: 'readAllMessages' },
    context: MEMBER,
  }),
  deleteMessage: serviceUseCase({
    ...inbox,
    id: 'deleteMessage',
    summary: 'Deletes one of the member’s messages (a broadcast only from this member’s inbox)',
    description: 'Another member’s message is NOT_FOUND and nothing changes.',
    method: 'DELETE',
    paths: ['/wps/relay/CSP_deleteMessage'],
    request: messageId,
    response: inboxRpcMethods.deleteMessage.output,
    operation: { service: 'notices', method: 'deleteMessage' },
    context: MEMBER,
  }),
  unreadCount: serviceUseCase({
    ...inbox,
    id: 'unreadCount',
    summary: 'The member’s unread message count (CSP_unreadCount), with the version `unread` pushes carry',
    method: 'GET',
    paths: ['/wps/relay/CSP_unreadCount'],
    request: z.object({}),
    response: inboxRpcMethods.unreadCount.output,
    operation: { service: 'notices', method: 'unreadCount' },
    context: MEMBER,
  }),
  operatorSendBroadcast: serviceUseCase({
    ...operator,
    id: 'operatorSendBroadcast',
    summary: 'Sends a message to a segment of the brand: everyone, VIP levels, the agents or a list of members',
    description:
      'Stored once and read per member; connected members see their unread count rise at once. Texts are plain text in ' +
      'Spanish and optionally English. A list names members of the brand only (INBOX_MEMBER_NOT_FOUND otherwise).',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/broadcasts'],
    bodyLimit: '512kb',
    request: sendBroadcastBodySchema.extend({ merchantCode }),
    response: inboxRpcMethods.operatorSendBroadcast.output,
    operation: { service: 'notices', method: 'operatorSendBroadcast' },
    context: { operator: 'operator' },
  }),
  operatorBroadcasts: serviceUseCase({
    ...operator,
    id: 'operatorBroadcasts',
    summary: 'The brand’s broadcasts, newest first, with how many members read each',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/broadcasts'],
    request: broadcastListQuerySchema.extend({ merchantCode }),
    response: inboxRpcMethods.operatorListBroadcasts.output,
    operation: { service: 'notices', method: 'operatorListBroadcasts' },
  }),
  operatorWithdrawBroadcast: serviceUseCase({
    ...operator,
    id: 'operatorWithdrawBroadcast',
    summary: 'Withdraws a broadcast: members no longer see it, and their unread counts drop at once',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/broadcasts/:broadcastId/withdraw'],
    request: z.object({ merchantCode, broadcastId: decimalPathId }),
    response: inboxRpcMethods.operatorWithdrawBroadcast.output,
    operation: { service: 'notices', method: 'operatorWithdrawBroadcast' },
    context: { operator: 'operator' },
  }),
  operatorSendLetter: serviceUseCase({
    ...operator,
    id: 'operatorSendLetter',
    summary: 'Writes a letter to one member, in Spanish and optionally English',
    method: 'POST',
    paths: ['/operator/v1/members/:memberId/letters'],
    request: sendLetterBodySchema.extend({ memberId: decimalPathId }),
    response: inboxRpcMethods.operatorSendLetter.output,
    operation: { service: 'notices', method: 'operatorSendLetter' },
    context: { operator: 'operator' },
  }),
};
