import { z } from 'zod';
import { boundedText } from './bounded-text.js';
import { memberIdSchema } from './ids.js';
import { FEEDBACK_STATUSES, feedbackPushSchema, feedbackStatusSchema } from './push-data.js';
export { FEEDBACK_STATUSES, feedbackPushSchema, feedbackStatusSchema };

/**
 * Feedback and complaints (`PUT /wps/feedback`): a type, content within the word limits and up to 3 png or jpg images
 * of at most 5 MB each, checked by content; the member sees its submissions and the operator's replies.
 *
 * Texts are plain (shown as text, never as HTML): line breaks kept, other control characters dropped, the ends
 * trimmed. Images are re-encoded without metadata and never public: a member reads its own through the detail call.
 * A submission is `open` while it waits for the operator, `replied` once answered (a follow-up from the member opens
 * it again) and `closed` when the operator closes it; a closed one takes no more replies.
 */

/** What a submission is about. */
export const FEEDBACK_TYPES = ['suggestion', 'complaint', 'deposit', 'withdrawal', 'game', 'account', 'other'] as const;
export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;

export type FeedbackStatus = z.infer<typeof feedbackStatusSchema>;

/** Spec §5: the content has between a minimum and a maximum number of words. */
export const FEEDBACK_WORDS_MIN = 5;
export const FEEDBACK_WORDS_MAX = 500;
/** However the words are counted, the content never holds more characters than this. */
export const FEEDBACK_CONTENT_CHARS_MAX = 10_000;
/** Spec §5: images png or jpg, max 5MB each, at most 3. */
export const FEEDBACK_IMAGES_MAX = 3;
export const FEEDBACK_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** A follow-up or an operator's reply, in characters after trimming. */
export const FEEDBACK_REPLY_MAX = 1_000;
/** The notices outbox event of an operator's reply (topic `notices.v1`, keyed by member). */
export const FEEDBACK_REPLIED_EVENT = 'feedback.replied';
/** The notices outbox event of an operator's reply or close, pushed to the member as `feedback` (keyed by member). */
export const FEEDBACK_CHANGED_EVENT = 'feedback.changed';

/** Scripts written without spaces between words: Chinese, Japanese, Thai, Lao, Khmer and Burmese. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const wordSegmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'word' }) : undefined;

/**
 * Words are runs of anything but white space; a run in a script written without spaces (入金が反映されません) counts
 * the words the Unicode word rules find in it, so that a Japanese or Thai member meets the same limits as any other.
 * The client and the server count alike.
 */
export const countWords = (text: string): number =>
  text
    .split(/\s+/u)
    .filter(Boolean)
    .reduce((sum, run) => {
      if (!UNSPACED_SCRIPT.test(run)) return sum + 1;
      if (!wordSegmenter) return sum + [...run].filter((character) => UNSPACED_SCRIPT.test(character)).length;
      let words = 0;
      for (const segment of wordSegmenter.segment(run)) if (segment.isWordLike) words += 1;
      return sum + Math.max(words, 1);
    }, 0);

/** Plain text as stored: Windows line ends made `\n`, control characters other than line breaks and tabs dropped, trimmed. */
export const plainFeedbackText = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim();

const issue = (errorCode: string) => ({ code: 'custom' as const, message: errorCode, params: { errorCode } });

/** The submission's text: FEEDBACK_WORDS_OUT_OF_RANGE outside the word limits, FEEDBACK_CONTENT_TOO_LONG past the characters. */
export const feedbackContentSchema = boundedText(4 * FEEDBACK_CONTENT_CHARS_MAX, 'FEEDBACK_CONTENT_TOO_LONG')
  .transform(plainFeedbackText)
  .superRefine((text, ctx) => {
    const words = countWords(text);
    if (words < FEEDBACK_WORDS_MIN || words > FEEDBACK_WORDS_MAX) ctx.addIssue(issue('FEEDBACK_WORDS_OUT_OF_RANGE'));
    else if (text.length > FEEDBACK_CONTENT_CHARS_MAX) ctx.addIssue(issue('FEEDBACK_CONTENT_TOO_LONG'));
  });

/** A follow-up or a reply: FEEDBACK_REPLY_EMPTY when nothing is left after trimming, FEEDBACK_REPLY_TOO_LONG past 1,000 characters. */
export const feedbackReplyTextSchema = boundedText(4 * FEEDBACK_REPLY_MAX, 'FEEDBACK_REPLY_TOO_LONG')
  .transform(plainFeedbackText)
  .superRefine((text, ctx) => {
    if (text.length === 0) ctx.addIssue(issue('FEEDBACK_REPLY_EMPTY'));
    else if ([...text].length > FEEDBACK_REPLY_MAX) ctx.addIssue(issue('FEEDBACK_REPLY_TOO_LONG'));
  });

/** The longest base64 text of a 5 MB image, with room for a data URL's prefix. */
const IMAGE_TEXT_MAX = Math.ceil(FEEDBACK_IMAGE_BYTES_MAX / 3) * 4 + 40;
/**
 * One image: a `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL, or the bare base64. The service checks
 * the bytes (a declared type must be what they are); anything else, or more than 5 MB, is IMAGE_INVALID.
 */
export const feedbackImageTextSchema = boundedText(IMAGE_TEXT_MAX, 'IMAGE_INVALID');
/** At most 3 images (FEEDBACK_TOO_MANY_IMAGES). */
export const feedbackImagesSchema = z
  .array(feedbackImageTextSchema)
  .refine((images) => images.length <= FEEDBACK_IMAGES_MAX, { params: { errorCode: 'FEEDBACK_TOO_MANY_IMAGES' } })
  .default([]);

/** A type outside the list is FEEDBACK_TYPE_INVALID. */
const submittedTypeSchema = z.custom<FeedbackType>((value) => typeof value === 'string' && (FEEDBACK_TYPES as readonly string[]).includes(value), {
  params: { errorCode: 'FEEDBACK_TYPE_INVALID' },
});

export const submitFeedbackBodySchema = z.object({ type: submittedTypeSchema, content: feedbackContentSchema, images: feedbackImagesSchema });
export const feedbackReplyBodySchema = z.object({ text: feedbackReplyTextSchema });
export const feedbackPageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const operatorFeedbackQuerySchema = feedbackPageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: feedbackStatusSchema.optional(),
  type: feedbackTypeSchema.optional(),
  memberId: memberIdSchema.optional(),
});

// ---- Answers ---------------------------------------------------------------------------------------------------

/** One submission as a list shows it. */
export const feedbackSummarySchema = z.object({
  id: z.string(),
  type: feedbackTypeSchema,
  status: feedbackStatusSchema,
  /** The start of the content, for a list. */
  preview: z.string(),
  imageCount: z.number().int(),
  /** The operator's replies so far. */
  replyCount: z.number().int(),
  /** When it was sent, and when anything last happened to it (ISO 8601, UTC). */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;

/** An image of a submission, re-encoded without metadata, as a data URL. */
export const feedbackImageSchema = z.object({ position: z.number().int(), width: z.number().int(), height: z.number().int(), dataUrl: z.string() });
export type FeedbackImage = z.infer<typeof feedbackImageSchema>;

/** One message of the conversation under a submission: the member's follow-up or an operator's reply. */
export const feedbackReplySchema = z.object({
  id: z.string(),
  from: z.enum(['member', 'operator']),
  /** Who answered, for operator replies. */
  operatorName: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type FeedbackReply = z.infer<typeof feedbackReplySchema>;

/** One submission whole: its text, images and conversation (oldest first). */
export const feedbackDetailSchema = feedbackSummarySchema.extend({
  content: z.string(),
  images: z.array(feedbackImageSchema),
  replies: z.array(feedbackReplySchema),
});
export type FeedbackDetail = z.infer<typeof feedbackDetailSchema>;

/** Who sent it, for the operator. */
const sender = { memberId: z.string(), account: z.string(), merchantCode: z.string() };
export const operatorFeedbackSummarySchema = feedbackSummarySchema.extend(sender);
export const operatorFeedbackDetailSchema = feedbackDetailSchema.extend(sender);

const paged = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), pageNo: z.number().int(), pageSize: z.number().int(), totalPages: z.number().int(), total: z.number().int() });

/** The `feedback.replied` event's payload: the reply and the submission it answers, for a letter to the member. */
export const feedbackRepliedEventSchema = z.object({
  feedbackId: z.string(),
  memberId: z.string(),
  merchantCode: z.string(),
  type: feedbackTypeSchema,
  reply: feedbackReplySchema,
});
export type FeedbackRepliedEvent = z.infer<typeof feedbackRepliedEventSchema>;

/** The `feedback.changed` event's payload: the `feedback` push and the member (and brand) it goes to. */
export const feedbackChangedEventSchema = feedbackPushSchema.extend({ memberId: z.string(), merchantCode: z.string() });
export type FeedbackChangedEvent = z.infer<typeof feedbackChangedEventSchema>;

/** A submission's id: a decimal row id (anything else is an unknown submission). */
export const FEEDBACK_ID_PATTERN = /^[1-9][0-9]{0,17}$/;
const feedbackId = z.string().regex(FEEDBACK_ID_PATTERN);
const member = { memberId: memberIdSchema };
const page = { pageNo: z.number().int().min(1), pageSize: z.number().int().min(1).max(100) };

/** The feedback part of the notices service's operations. */
export const feedbackRpcMethods = {
  /**
   * Stores a submission: every image is checked and re-encoded first, then the submission and its images are stored
   * in one transaction. Any bad image is IMAGE_INVALID and nothing is kept.
   */
  submitFeedback: {
    input: submitFeedbackBodySchema.extend({ ...member, merchantCode: z.string(), account: z.string() }),
    output: feedbackSummarySchema,
  },
  /** The member's submissions, newest first. Its brand and account name the demo player, whose demo submissions it may seed. */
  listFeedback: { input: z.object({ ...member, ...page }), output: paged(feedbackSummarySchema) },
  /** One of the member's own submissions; anyone else's is NOT_FOUND, as an unknown one. */
  getFeedback: { input: z.object({ ...member, feedbackId }), output: feedbackDetailSchema },
  /** The member's follow-up on its own submission; it waits for the operator again. FEEDBACK_CLOSED once closed. */
  followUpFeedback: { input: z.object({ ...member, feedbackId, text: feedbackReplyTextSchema }), output: feedbackReplySchema },
  /** Submissions of every brand, newest first, filtered by status, type and member. */
  operatorListFeedback: {
    input: z.object({ ...page, status: feedbackStatusSchema.optional(), type: feedbackTypeSchema.optional(), memberId: memberIdSchema.optional() }),
    output: paged(operatorFeedbackSummarySchema),
  },
  operatorGetFeedback: { input: z.object({ feedbackId }), output: operatorFeedbackDetailSchema },
  /** An operator's reply: the member sees it (pushed as `feedback`), and `feedback.replied` goes out. FEEDBACK_CLOSED once closed. */
  operatorReplyFeedback: { input: z.object({ feedbackId, operator: z.string(), text: feedbackReplyTextSchema }), output: feedbackReplySchema },
  /** Closes a submission (pushed to the member as `feedback`); closing a closed one changes nothing. */
  operatorCloseFeedback: { input: z.object({ feedbackId, operator: z.string() }), output: operatorFeedbackSummarySchema },
};
