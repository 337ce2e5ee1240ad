import { sql, type SQL } from 'drizzle-orm';
import { AppError, newFileKey, rows, type Executor } from '@wps/platform';
import { feedbackRepliedEventSchema, type FeedbackDetail, type FeedbackImage, type FeedbackReply, type FeedbackStatus, type FeedbackSummary, type FeedbackType } from '@wps/contracts';
import { normaliseImage, type NormalisedImage } from '../../infra/images.js';
import type { NoticesDeps } from '../module.js';
import { readUploadedImage } from './uploads.js';
import { feedbackReplyLetter, writeLetters } from '../inbox/system-letters.js';

/** Images are kept at most this size (never enlarged): enough to read a receipt or a screenshot. */
export const FEEDBACK_IMAGE_BOUNDS = { maxWidth: 1600, maxHeight: 1600 };
/** The file store area of feedback images; not a public area. */
export const FEEDBACK_FILE_AREA = 'feedback';
const PREVIEW_CHARS = 140;

interface SummaryRow {
  id: string;
  type: FeedbackType;
  status: FeedbackStatus;
  content: string;
  image_count: number;
  reply_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  member_id: string;
  account: string;
  merchant_code: string;
}
interface ReplyRow {
  id: string;
  sender: 'member' | 'operator';
  operator_name: string | null;
  text: string;
  created_at: Date | string;
}
interface Sender {
  memberId: string;
  account: string;
  merchantCode: string;
}
interface Page<T> {
  list: T[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const SUMMARY = sql`
  SELECT f.id::text AS id, f.type, f.status, f.content, f.created_at, f.updated_at,
         f.member_id::text AS member_id, f.account, f.merchant_code,
         (SELECT count(*)::int FROM notices.feedback_images i WHERE i.feedback_id = f.id) AS image_count,
         (SELECT count(*)::int FROM notices.feedback_replies r WHERE r.feedback_id = f.id AND r.sender = 'operator') AS reply_count
    FROM notices.feedback f`;

function summaryOf(row: SummaryRow): FeedbackSummary {
  const preview = row.content.length > PREVIEW_CHARS ? `${row.content.slice(0, PREVIEW_CHARS).trimEnd()}…` : row.content;
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    preview,
    imageCount: row.image_count,
    replyCount: row.reply_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
const withSender = (row: SummaryRow): FeedbackSummary & Sender => ({ ...summaryOf(row), memberId: row.member_id, account: row.account, merchantCode: row.merchant_code });
const replyOf = (row: ReplyRow): FeedbackReply => ({ id: row.id, from: row.sender, operatorName: row.operator_name, text: row.text, createdAt: iso(row.created_at) });

/**
 * Feedback and complaints: members' submissions with their images and the conversation with the operators. A member
 * only ever reaches its own submissions; an operator's reply goes out as `feedback.replied` on the notices outbox, and
 * a reply or a close as `feedback.changed`, which the gateways push to the member.
 */
export class FeedbackDesk {
  constructor(private readonly deps: Pick<NoticesDeps, 'db' | 'files' | 'outbox' | 'wakeRelay'>) {}

  /**
   * Every image is read, checked by its bytes and re-encoded before anything is stored; then the files are written
   * and the submission with its images is stored in one transaction. If that fails, the files written go again.
   */
  async submit(input: Sender & { type: FeedbackType; content: string; images: string[] }): Promise<FeedbackSummary> {
    const images: NormalisedImage[] = [];
    for (const text of input.images) images.push(await normaliseImage(readUploadedImage(text), FEEDBACK_IMAGE_BOUNDS));
    const written: string[] = [];
    try {
      const stored: Array<{ key: string; width: number; height: number }> = [];
      for (const image of images) {
        const key = newFileKey(FEEDBACK_FILE_AREA, image.extension);
        await this.deps.files.put(key, image.bytes);
        written.push(key);
        stored.push({ key, width: image.width, height: image.height });
      }
      return await this.deps.db.transaction(async (tx) => {
        const [created] = await rows<{ id: string }>(
          tx,
          sql`INSERT INTO notices.feedback (merchant_code, member_id, account, type, content)
              VALUES (${input.merchantCode}, ${input.memberId}, ${input.account}, ${input.type}, ${input.content})
              RETURNING id::text AS id`,
        );
        for (const [index, image] of stored.entries()) {
          await tx.execute(
            sql`INSERT INTO notices.feedback_images (feedback_id, position, file_key, width, height)
                VALUES (${created!.id}, ${index + 1}, ${image.key}, ${image.width}, ${image.height})`,
          );
        }
        return summaryOf(await this.row(tx, sql`f.id = ${created!.id}`));
      });
    } catch (error) {
      await Promise.allSettled(written.map((key) => this.deps.files.delete(key)));
      throw error;
    }
  }

  list(input: { memberId: string; pageNo: number; pageSize: number }): Promise<Page<FeedbackSummary>> {
    return this.page(sql`f.member_id = ${input.memberId}`, input, summaryOf);
  }

  /** One of the member's own submissions; someone else's answers exactly as an unknown one. */
  async detail(input: { memberId: string; feedbackId: string }): Promise<FeedbackDetail> {
    const row = await this.row(this.deps.db.orm, sql`f.id = ${input.feedbackId} AND f.member_id = ${input.memberId}`);
    return { ...summaryOf(row), ...(await this.whole(row)) };
  }

  async followUp(input: { memberId: string; feedbackId: string; text: string }): Promise<FeedbackReply> {
    return this.deps.db.transaction(async (tx) => {
      await this.lockOpen(tx, sql`id = ${input.feedbackId} AND member_id = ${input.memberId}`);
      const reply = await this.addReply(tx, input.feedbackId, { sender: 'member', text: input.text });
      await tx.execute(sql`UPDATE notices.feedback SET status = 'open', updated_at = now() WHERE id = ${input.feedbackId}`);
      return reply;
    });
  }

  operatorList(input: { pageNo: number; pageSize: number; status?: FeedbackStatus; type?: FeedbackType; memberId?: string }): Promise<Page<FeedbackSummary & Sender>> {
    const conditions: SQL[] = [sql`true`];
    if (input.status) conditions.push(sql`f.status = ${input.status}`);
    if (input.type) conditions.push(sql`f.type = ${input.type}`);
    if (input.memberId) conditions.push(sql`f.member_id = ${input.memberId}`);
    return this.page(sql.join(conditions, sql` AND `), input, withSender);
  }

  async operatorDetail(input: { feedbackId: string }): Promise<FeedbackDetail & Sender> {
    const row = await this.row(this.deps.db.orm, sql`f.id = ${input.feedbackId}`);
    return { ...withSender(row), ...(await this.whole(row)) };
  }

  /** The operator's answer: the submission is `replied`; `feedback.replied` and `feedback.changed` go out in the same transaction. */
  async operatorReply(input: { feedbackId: string; operator: string; text: string }): Promise<FeedbackReply> {
    const reply = await this.deps.db.transaction(async (tx) => {
      const submission = await this.lockOpen(tx, sql`id = ${input.feedbackId}`);
      const stored = await this.addReply(tx, input.feedbackId, { sender: 'operator', operatorName: input.operator, text: input.text });
      await tx.execute(sql`UPDATE notices.feedback SET status = 'replied', updated_at = now() WHERE id = ${input.feedbackId}`);
      const payload = feedbackRepliedEventSchema.parse({ feedbackId: input.feedbackId, memberId: submission.member_id, merchantCode: submission.merchant_code, type: submission.type, reply: stored });
      await writeLetters(tx, this.deps.outbox, [feedbackReplyLetter({ feedbackId: input.feedbackId, replyId: stored.id, memberId: submission.member_id, merchantCode: submission.merchant_code })]);
      await this.deps.outbox.add(tx, 'feedback.replied', submission.member_id, payload);
      await this.announce(tx, input.feedbackId);
      return stored;
    });
    this.deps.wakeRelay();
    return reply;
  }

  /** Closes the submission and tells the member (`feedback.changed`); closing a closed one changes and announces nothing. */
  async operatorClose(input: { feedbackId: string; operator: string }): Promise<FeedbackSummary & Sender> {
    const { row, closed } = await this.deps.db.transaction(async (tx) => {
      const [changed] = await rows<{ id: string }>(
        tx,
        sql`UPDATE notices.feedback SET status = 'closed', closed_by = ${input.operator}, updated_at = now()
             WHERE id = ${input.feedbackId} AND status <> 'closed'
         RETURNING id::text AS id`,
      );
      return { row: changed ? await this.announce(tx, input.feedbackId) : await this.row(tx, sql`f.id = ${input.feedbackId}`), closed: changed !== undefined };
    });
    if (closed) this.deps.wakeRelay();
    return withSender(row);
  }

  /** Announces the submission's new state to its member (`feedback.changed`, pushed as `feedback`); answers it as stored. */
  private async announce(tx: Executor, feedbackId: string): Promise<SummaryRow> {
    const row = await this.row(tx, sql`f.id = ${feedbackId}`);
    const summary = summaryOf(row);
    await this.deps.outbox.add(tx, 'feedback.changed', row.member_id, {
      feedbackId: summary.id,
      status: summary.status,
      replyCount: summary.replyCount,
      updatedAt: summary.updatedAt,
      memberId: row.member_id,
      merchantCode: row.merchant_code,
    });
    return row;
  }

  private async row(executor: Executor, condition: SQL): Promise<SummaryRow> {
    const [row] = await rows<SummaryRow>(executor, sql`${SUMMARY} WHERE ${condition}`);
    if (!row) throw new AppError('NOT_FOUND', { field: 'feedbackId' });
    return row;
  }

  private async page<T>(condition: SQL, paging: { pageNo: number; pageSize: number }, view: (row: SummaryRow) => T): Promise<Page<T>> {
    const [count] = await rows<{ n: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS n FROM notices.feedback f WHERE ${condition}`);
    const found = await rows<SummaryRow>(
      this.deps.db.orm,
      sql`${SUMMARY} WHERE ${condition} ORDER BY f.created_at DESC, f.id DESC LIMIT ${paging.pageSize} OFFSET ${(paging.pageNo - 1) * paging.pageSize}`,
    );
    const total = count?.n ?? 0;
    return { list: found.map(view), pageNo: paging.pageNo, pageSize: paging.pageSize, totalPages: Math.ceil(total / paging.pageSize), total };
  }

  /** The whole text, the images as data URLs (in the order sent) and the conversation, oldest first. */
  private async whole(row: SummaryRow): Promise<Pick<FeedbackDetail, 'content' | 'images' | 'replies'>> {
    const executor = this.deps.db.orm;
    const imageRows = await rows<{ position: number; file_key: string; width: number; height: number }>(
      executor,
      sql`SELECT position, file_key, width, height FROM notices.feedback_images WHERE feedback_id = ${row.id} ORDER BY position`,
    );
    const images: FeedbackImage[] = [];
    for (const image of imageRows) {
      const file = await this.deps.files.get(image.file_key);
      if (file) images.push({ position: image.position, width: image.width, height: image.height, dataUrl: `data:${file.contentType};base64,${file.bytes.toString('base64')}` });
    }
    const replies = await rows<ReplyRow>(executor, sql`SELECT id::text AS id, sender, operator_name, text, created_at FROM notices.feedback_replies WHERE feedback_id = ${row.id} ORDER BY id`);
    return { content: row.content, images, replies: replies.map(replyOf) };
  }

  /** Locks a submission for a reply; an unknown one is NOT_FOUND, a closed one FEEDBACK_CLOSED. */
  private async lockOpen(tx: Executor, condition: SQL): Promise<{ member_id: string; merchant_code: string; type: FeedbackType }> {
    const [found] = await rows<{ member_id: string; merchant_code: string; type: FeedbackType; status: FeedbackStatus }>(
      tx,
      sql`SELECT member_id::text AS member_id, merchant_code, type, status FROM notices.feedback WHERE ${condition} FOR UPDATE`,
    );
    if (!found) throw new AppError('NOT_FOUND', { field: 'feedbackId' });
    if (found.status === 'closed') throw new AppError('FEEDBACK_CLOSED');
    return found;
  }

  private async addReply(tx: Executor, feedbackId: string, reply: { sender: 'member' | 'operator'; operatorName?: string; text: string }): Promise<FeedbackReply> {
    const [row] = await rows<ReplyRow>(
      tx,
      sql`INSERT INTO notices.feedback_replies (feedback_id, sender, operator_name, text)
          VALUES (${feedbackId}, ${reply.sender}, ${reply.operatorName ?? null}, ${reply.text})
          RETURNING id::text AS id, sender, operator_name, text, created_at`,
    );
    return replyOf(row!);
  }
}
