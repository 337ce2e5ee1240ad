import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { NoticeAudience, NoticeEntry, NoticeExecution, NoticesAnswer, NoticeType, noticesContentRpcMethods, OperatorNotice } from '@wps/contracts';
import { AppError, rows, type Executor } from '@wps/platform';
import { sanitiseRichText } from '../../infra/sanitise.js';
import { decodeBase64Image, storeImage } from '../../infra/images.js';
import type { NoticesDeps } from '../module.js';
import { checkNotice, nextChange, pickText, shownTo, type CheckedNotice, type Texts } from './rules.js';

type Rpc = typeof noticesContentRpcMethods;
type Input<M extends keyof Rpc> = z.output<Rpc[M]['input']>;

/** Content images are fitted inside this box: a full-width banner, or a tall article image. */
export const CONTENT_IMAGE_BOUNDS = { maxWidth: 1920, maxHeight: 1920 };

/** Where a stored image is served (the gateway's public file route). */
export const imageUrl = (key: string | null): string | null => (key ? `/files/${key}` : null);

const ANSWER_LIST: Record<NoticeType, keyof Omit<NoticesAnswer, 'validUntil'>> = { B: 'banners', PL: 'player', PU: 'popup', PR: 'promotion', H: 'help' };
const textArray = (values: readonly string[]) => `{${values.join(',')}}`;
const iso = (time: Date | string) => new Date(time).toISOString();

interface NoticeRow {
  id: string;
  merchant_code: string;
  type: NoticeType;
  audiences: NoticeAudience[];
  min_vip_level: number;
  execution: NoticeExecution | null;
  group_name: NoticeEntry['groupName'];
  image_key: string | null;
  linkage_type: NoticeEntry['linkageType'];
  link_target: string;
  sort: number;
  starts_at: Date | string;
  ends_at: Date | string | null;
  status: 'draft' | 'published';
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  texts: Texts<{ title: string; content: string }> | null;
}

const NOTICE_COLUMNS = sql`n.id::text AS id, n.merchant_code, n.type, n.audiences, n.min_vip_level, n.execution, n.group_name, n.image_key,
  n.linkage_type, n.link_target, n.sort, n.starts_at, n.ends_at, n.status, n.created_by, n.created_at, n.updated_at,
  (SELECT json_object_agg(t.language, json_build_object('title', t.title, 'content', t.content)) FROM notices.notice_texts t WHERE t.notice_id = n.id) AS texts`;

/** Tells every gateway that a brand's content changed, in the transaction that changed it. */
export async function contentChanged(deps: Pick<NoticesDeps, 'outbox'>, tx: Executor, merchantCode: string): Promise<void> {
  await deps.outbox.add(tx, 'notices.changed', merchantCode, { merchantCode, at: new Date().toISOString() });
}

/** The image must have been uploaded (CONTENT_IMAGE_NOT_FOUND otherwise). */
export async function checkImage(tx: Executor, key: string | null, field = 'imageKey'): Promise<void> {
  if (key === null) return;
  const [found] = await rows(tx, sql`SELECT 1 FROM notices.content_images WHERE key = ${key}`);
  if (!found) throw new AppError('CONTENT_IMAGE_NOT_FOUND', { field });
}

/** Writes a checked notice with its texts; answers its id. */
export async function insertNotice(tx: Executor, merchantCode: string, notice: CheckedNotice, operator: string | null): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO notices.notices (merchant_code, type, audiences, min_vip_level, execution, group_name, image_key, linkage_type, link_target, sort, starts_at, ends_at, status, created_by)
        VALUES (${merchantCode}, ${notice.type}, ${textArray(notice.audiences)}::text[], ${notice.minVipLevel}, ${notice.execution}, ${notice.groupName}, ${notice.imageKey},
                ${notice.linkageType}, ${notice.linkTarget}, ${notice.sort}, ${notice.startsAt.toISOString()}, ${notice.endsAt?.toISOString() ?? null}, ${notice.status}, ${operator})
        RETURNING id::text AS id`,
  );
  await insertTexts(tx, row!.id, notice.texts);
  return row!.id;
}

async function insertTexts(tx: Executor, noticeId: string, texts: CheckedNotice['texts']): Promise<void> {
  for (const [language, text] of Object.entries(texts)) {
    await tx.execute(sql`INSERT INTO notices.notice_texts (notice_id, language, title, content) VALUES (${noticeId}, ${language}, ${text.title}, ${text.content})`);
  }
}

const operatorView = (row: NoticeRow): OperatorNotice => ({
  id: row.id,
  merchantCode: row.merchant_code,
  type: row.type,
  texts: Object.fromEntries(Object.entries(row.texts ?? {}).filter((entry): entry is [string, { title: string; content: string }] => entry[1] !== undefined)),
  audiences: row.audiences,
  minVipLevel: row.min_vip_level,
  execution: row.execution,
  groupName: row.group_name,
  imageKey: row.image_key,
  url: imageUrl(row.image_key),
  linkageType: row.linkage_type,
  linkTarget: row.link_target,
  sort: row.sort,
  startsAt: iso(row.starts_at),
  endsAt: row.ends_at === null ? null : iso(row.ends_at),
  status: row.status,
  createdBy: row.created_by,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The brand's notices as players see them, and the operator's calls that write them. */
export class Notices {
  constructor(private readonly deps: NoticesDeps) {}

  /**
   * What the viewer sees now: the brand's published notices of the asked types inside their window, for the audience,
   * VIP level and popup execution, in the language (else the brand's default, else any). `validUntil` is the next time
   * one of them starts or ends for this viewer.
   */
  async notices(input: Input<'getNotices'>): Promise<NoticesAnswer> {
    const found = await rows<NoticeRow & { started: boolean; now: Date | string }>(
      this.deps.db.orm,
      sql`SELECT ${NOTICE_COLUMNS}, n.starts_at <= now() AS started, now() AS now
            FROM notices.notices n
           WHERE n.merchant_code = ${input.merchantCode} AND n.status = 'published' AND n.type = ANY(${textArray(input.types)}::text[])
             AND (n.ends_at IS NULL OR n.ends_at > now())
           ORDER BY n.sort, n.starts_at DESC, n.id DESC`,
    );
    const viewer = { audience: input.audience, vipLevel: input.vipLevel, execution: input.execution };
    const forViewer = found.filter((row) => shownTo({ type: row.type, audiences: row.audiences, minVipLevel: row.min_vip_level, execution: row.execution }, viewer));
    const answer: NoticesAnswer = { banners: [], player: [], popup: [], promotion: [], help: [] };
    for (const row of forViewer) {
      const text = pickText(row.texts ?? {}, input.language, input.brandDefaultLanguage);
      if (!row.started || !text) continue;
      answer[ANSWER_LIST[row.type]].push({
        id: row.id,
        type: row.type,
        title: text.title,
        // Stored sanitised; sanitised again on the way out, so a row written any other way cannot carry a script.
        content: sanitiseRichText(text.content),
        url: imageUrl(row.image_key),
        linkageType: row.linkage_type,
        linkTarget: row.link_target,
        groupName: row.group_name,
        execution: row.execution,
        timestamp: iso(row.starts_at),
      });
    }
    const now = found[0] ? new Date(found[0].now) : new Date();
    const next = nextChange(
      forViewer.map((row) => ({ startsAt: new Date(row.starts_at), endsAt: row.ends_at === null ? null : new Date(row.ends_at) })),
      now,
    );
    answer.validUntil = next?.toISOString() ?? null;
    return answer;
  }

  async list(input: Input<'operatorListNotices'>) {
    const where = sql`n.merchant_code = ${input.merchantCode} ${input.type ? sql`AND n.type = ${input.type}` : sql``}`;
    const [count] = await rows<{ total: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS total FROM notices.notices n WHERE ${where}`);
    const total = count?.total ?? 0;
    const found = await rows<NoticeRow>(
      this.deps.db.orm,
      sql`SELECT ${NOTICE_COLUMNS} FROM notices.notices n WHERE ${where}
           ORDER BY n.starts_at DESC, n.id DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
    );
    return { list: found.map(operatorView), pageNo: input.pageNo, pageSize: input.pageSize, totalPages: Math.ceil(total / input.pageSize), total };
  }

  async create(input: Input<'operatorCreateNotice'>): Promise<OperatorNotice> {
    const notice = checkNotice(input, new Date());
    return this.write(input.merchantCode, async (tx) => {
      await this.checkReferences(tx, input.merchantCode, notice);
      return insertNotice(tx, input.merchantCode, notice, input.operator);
    });
  }

  async update(input: Input<'operatorUpdateNotice'>): Promise<OperatorNotice> {
    const notice = checkNotice(input, new Date());
    return this.write(input.merchantCode, async (tx) => {
      const [updated] = await rows<{ id: string }>(
        tx,
        sql`UPDATE notices.notices
               SET type = ${notice.type}, audiences = ${textArray(notice.audiences)}::text[], min_vip_level = ${notice.minVipLevel}, execution = ${notice.execution},
                   group_name = ${notice.groupName}, image_key = ${notice.imageKey}, linkage_type = ${notice.linkageType}, link_target = ${notice.linkTarget},
                   sort = ${notice.sort}, starts_at = ${notice.startsAt.toISOString()}, ends_at = ${notice.endsAt?.toISOString() ?? null}, status = ${notice.status}, updated_at = now()
             WHERE id = ${input.noticeId} AND merchant_code = ${input.merchantCode}
         RETURNING id::text AS id`,
      );
      if (!updated) throw new AppError('NOTICE_NOT_FOUND', { field: 'noticeId' });
      await this.checkReferences(tx, input.merchantCode, notice, input.noticeId);
      await tx.execute(sql`DELETE FROM notices.notice_texts WHERE notice_id = ${input.noticeId}`);
      await insertTexts(tx, input.noticeId, notice.texts);
      return updated.id;
    });
  }

  async delete(input: Input<'operatorDeleteNotice'>): Promise<{ id: string; deleted: true }> {
    await this.deps.db.transaction(async (tx) => {
      const [deleted] = await rows(tx, sql`DELETE FROM notices.notices WHERE id = ${input.noticeId} AND merchant_code = ${input.merchantCode} RETURNING id`);
      if (!deleted) throw new AppError('NOTICE_NOT_FOUND', { field: 'noticeId' });
      await contentChanged(this.deps, tx, input.merchantCode);
    });
    this.deps.wakeRelay();
    return { id: input.noticeId, deleted: true };
  }

  /** Checks an upload by content, fits and re-encodes it, keeps it in the file store and records it. */
  async upload(input: Input<'operatorUploadContentImage'>) {
    const stored = await storeImage(this.deps.files, 'content', decodeBase64Image(input.image), CONTENT_IMAGE_BOUNDS);
    try {
      await this.deps.db.orm.execute(sql`INSERT INTO notices.content_images (key, width, height, uploaded_by) VALUES (${stored.key}, ${stored.width}, ${stored.height}, ${input.operator})`);
    } catch (error) {
      await this.deps.files.delete(stored.key).catch(() => undefined);
      throw error;
    }
    return { key: stored.key, url: imageUrl(stored.key)!, width: stored.width, height: stored.height };
  }

  /** The image was uploaded, and a promotion link names a promotion of the brand (not the notice itself). */
  private async checkReferences(tx: Executor, merchantCode: string, notice: CheckedNotice, self?: string): Promise<void> {
    await checkImage(tx, notice.imageKey);
    if (notice.linkageType !== 'PROMOTION') return;
    const [promotion] = await rows(tx, sql`SELECT 1 FROM notices.notices WHERE id = ${notice.linkTarget} AND merchant_code = ${merchantCode} AND type = 'PR'`);
    if (!promotion || notice.linkTarget === self) throw new AppError('NOTICE_LINK_INVALID', { field: 'linkTarget' });
  }

  /** Runs a change in one transaction with its `notices.changed` event, then answers the notice as stored. */
  private async write(merchantCode: string, change: (tx: Executor) => Promise<string>): Promise<OperatorNotice> {
    const notice = await this.deps.db.transaction(async (tx) => {
      const id = await change(tx);
      await contentChanged(this.deps, tx, merchantCode);
      const [row] = await rows<NoticeRow>(tx, sql`SELECT ${NOTICE_COLUMNS} FROM notices.notices n WHERE n.id = ${id}`);
      return operatorView(row!);
    });
    this.deps.wakeRelay();
    return notice;
  }
}
