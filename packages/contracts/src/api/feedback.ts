import { z } from 'zod';
import { serviceUseCase } from '../use-case.js';
import {
  FEEDBACK_ID_PATTERN,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_WORDS_MAX,
  FEEDBACK_WORDS_MIN,
  feedbackPageQuerySchema,
  feedbackReplyBodySchema,
  feedbackRpcMethods as rpc,
  operatorFeedbackQuerySchema,
  submitFeedbackBodySchema,
} from '../feedback.js';
import { pathIdText, queryWithBlanksAbsent } from './fields.js';

const feedback = { tag: 'Feedback', auth: 'real-member', rateLimit: 'ip', idempotent: false } as const;
const MEMBER = { memberId: 'memberId' } as const;
/** The back office: the operator API token (OPERATOR_TOKEN). */
const desk = { tag: 'Operator', auth: 'operator', rateLimit: 'none', idempotent: false, bodyLimit: '16kb' } as const;
const feedbackPath = z.object({ feedbackId: pathIdText(FEEDBACK_ID_PATTERN) });
/** A list filter left empty (`status=`) means no filter. */
/** Three images of 5 MB, base64-encoded, plus the text and the JSON around them. */
const SUBMISSION_BODY_LIMIT = '21mb';
/** Submissions and follow-ups a member may send, beyond the per-address budget. */
const SUBMISSIONS = { name: 'feedback:submit', limit: 10, windowMs: 60 * 60_000 } as const;
const FOLLOW_UPS = { name: 'feedback:follow-up', limit: 20, windowMs: 10 * 60_000 } as const;

/**
 * Feedback and complaints (spec §7 `/wps/feedback (PUT)`): the member's side on `/wps/feedback*`, the operators' on
 * `/operator/v1/feedback*`. A member only ever sees its own submissions; trial accounts are refused.
 */
export const feedbackUseCases = {
  submitFeedback: serviceUseCase({
    ...feedback,
    id: 'submitFeedback',
    summary: 'Sends feedback or a complaint: a type, the text and up to 3 png or jpg images',
    description:
      `Types: suggestion, complaint, deposit, withdrawal, game, account, other (FEEDBACK_TYPE_INVALID). Plain text of ${FEEDBACK_WORDS_MIN} to ` +
      `${FEEDBACK_WORDS_MAX} words (FEEDBACK_WORDS_OUT_OF_RANGE). Up to ${FEEDBACK_IMAGES_MAX} images (FEEDBACK_TOO_MANY_IMAGES), each a ` +
      '`data:image/png;base64,…` or `data:image/jpeg;base64,…` URL or bare base64 of at most 5 MB, checked by its bytes and re-encoded ' +
      'without metadata (IMAGE_INVALID). Nothing is stored unless everything is valid. At most 10 submissions an hour.',
    method: 'PUT',
    paths: ['/wps/feedback'],
    bodyLimit: SUBMISSION_BODY_LIMIT,
    request: submitFeedbackBodySchema,
    response: rpc.submitFeedback.output,
    operation: { service: 'notices', method: 'submitFeedback' },
    context: { ...MEMBER, merchantCode: 'merchantCode', account: 'account' },
    memberRateLimit: SUBMISSIONS,
  }),
  feedbackList: serviceUseCase({
    ...feedback,
    id: 'feedbackList',
    summary: 'The member’s feedback and complaints, newest first, with their status and reply count',
    method: 'GET',
    paths: ['/wps/feedback'],
    request: feedbackPageQuerySchema,
    response: rpc.listFeedback.output,
    operation: { service: 'notices', method: 'listFeedback' },
    context: MEMBER,
  }),
  feedbackDetail: serviceUseCase({
    ...feedback,
    id: 'feedbackDetail',
    summary: 'One of the member’s submissions: its text, its images (data URLs) and the conversation with the operator',
    method: 'GET',
    paths: ['/wps/feedback/:feedbackId'],
    request: feedbackPath,
    response: rpc.getFeedback.output,
    operation: { service: 'notices', method: 'getFeedback' },
    context: MEMBER,
  }),
  feedbackFollowUp: serviceUseCase({
    ...feedback,
    id: 'feedbackFollowUp',
    summary: 'Adds the member’s follow-up to one of its submissions; it waits for the operator again',
    description: `Plain text, 1 to ${FEEDBACK_REPLY_MAX} characters (FEEDBACK_REPLY_EMPTY, FEEDBACK_REPLY_TOO_LONG); a closed submission is FEEDBACK_CLOSED.`,
    method: 'POST',
    paths: ['/wps/feedback/:feedbackId/replies'],
    request: feedbackReplyBodySchema.extend(feedbackPath.shape),
    response: rpc.followUpFeedback.output,
    operation: { service: 'notices', method: 'followUpFeedback' },
    context: MEMBER,
    memberRateLimit: FOLLOW_UPS,
  }),
  operatorFeedback: serviceUseCase({
    ...desk,
    id: 'operatorFeedback',
    summary: 'Feedback and complaints of every brand, newest first, filtered by status, type and member',
    method: 'GET',
    paths: ['/operator/v1/feedback'],
    request: queryWithBlanksAbsent(operatorFeedbackQuerySchema),
    response: rpc.operatorListFeedback.output,
    operation: { service: 'notices', method: 'operatorListFeedback' },
  }),
  operatorFeedbackDetail: serviceUseCase({
    ...desk,
    id: 'operatorFeedbackDetail',
    summary: 'One submission with its images and conversation',
    method: 'GET',
    paths: ['/operator/v1/feedback/:feedbackId'],
    request: feedbackPath,
    response: rpc.operatorGetFeedback.output,
    operation: { service: 'notices', method: 'operatorGetFeedback' },
  }),
  operatorReplyFeedback: serviceUseCase({
    ...desk,
    id: 'operatorReplyFeedback',
    summary: 'Answers a submission (X-Operator names who answers); the member sees the reply',
    method: 'POST',
    paths: ['/operator/v1/feedback/:feedbackId/replies'],
    request: feedbackReplyBodySchema.extend(feedbackPath.shape),
    response: rpc.operatorReplyFeedback.output,
    operation: { service: 'notices', method: 'operatorReplyFeedback' },
    context: { operator: 'operator' },
  }),
  operatorCloseFeedback: serviceUseCase({
    ...desk,
    id: 'operatorCloseFeedback',
    summary: 'Closes a submission: it takes no more replies',
    method: 'POST',
    paths: ['/operator/v1/feedback/:feedbackId/close'],
    request: feedbackPath,
    response: rpc.operatorCloseFeedback.output,
    operation: { service: 'notices', method: 'operatorCloseFeedback' },
    context: { operator: 'operator' },
  }),
};
