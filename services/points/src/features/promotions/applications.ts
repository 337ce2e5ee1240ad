import { sql, type SQL } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { ApplicationTerms, Language, PromotionApplication } from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { kindTerms, textIn, type PromotionRow, type Texts } from './catalogue.js';
import { PromotionGrants, recordGrant } from './grants.js';
import { bonusTermsOf } from './members.js';
import { pushStateChanges } from './pushes.js';
import { participationGrantKey } from './rules.js';

interface ApplicationRow {
  id: string;
  promotion_id: string;
  titles: Texts | string;
  member_id: string;
  account: string | null;
  state: PromotionApplication['state'];
  comment: string | null;
  images: number;
  device_id: string | null;
  ip: string | null;
  bonus_minor: string | null;
  currency: string;
  language: Language;
  reject_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

const APPLICATION_COLUMNS = sql.raw(`p.id::text AS id, p.promotion_id::text AS promotion_id, pr.titles, p.member_id::text AS member_id, p.account, p.state, p.comment,
  (SELECT count(*) FROM points.promotion_application_images i WHERE i.participation_id = p.id)::int AS images,
  p.device_id, p.ip, p.bonus_minor::text AS bonus_minor, p.currency, p.language, p.reject_reason, p.decided_by, p.decided_at, p.created_at`);

const iso = (value: string | Date): string => new Date(value).toISOString();
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

function toApplication(row: ApplicationRow, images: PromotionApplication['images'] = []): PromotionApplication {
  return {
    applicationId: row.id,
    promotionId: row.promotion_id,
    promotionTitle: textIn(json<Texts>(row.titles), 'EN'),
    memberId: row.member_id,
    account: row.account,
    state: row.state,
    comment: row.comment ?? '',
    imageCount: Number(row.images),
    images,
    deviceId: row.device_id,
    ip: row.ip,
    bonusMinor: row.bonus_minor,
    currency: row.currency,
    rejectReason: row.reject_reason,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    createdAt: iso(row.created_at),
  };
}

/** The operator's review of applications: lists, one with its images, approval (the bonus is given) and rejection. */
export class PromotionApplications {
  private readonly grants: PromotionGrants;
  constructor(private readonly deps: PointsDeps) {
    this.grants = new PromotionGrants(deps);
  }

  async list(input: { merchantCode: string; promotionId?: string; state?: PromotionApplication['state']; memberId?: string; pageNo: number; pageSize: number }) {
    const filters: SQL[] = [sql`p.merchant_code = ${input.merchantCode}`, sql`pr.kind = 'application'`];
    if (input.promotionId) filters.push(sql`p.promotion_id = ${input.promotionId}`);
    if (input.state) filters.push(sql`p.state = ${input.state}`);
    if (input.memberId) filters.push(sql`p.member_id = ${input.memberId}`);
    const where = sql.join(filters, sql` AND `);
    const [count] = await rows<{ n: number }>(
      this.deps.db.orm,
      sql`SELECT count(*)::int AS n FROM points.promotion_participations p JOIN points.promotions pr ON pr.id = p.promotion_id WHERE ${where}`,
    );
    const list = await rows<ApplicationRow>(
      this.deps.db.orm,
      sql`SELECT ${APPLICATION_COLUMNS} FROM points.promotion_participations p JOIN points.promotions pr ON pr.id = p.promotion_id
          WHERE ${where} ORDER BY p.id DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
    );
    const total = Number(count?.n ?? 0);
    return { list: list.map((row) => toApplication(row)), pageNo: input.pageNo, pageSize: input.pageSize, total, totalPages: Math.ceil(total / input.pageSize) };
  }

  private async read(merchantCode: string, applicationId: string): Promise<ApplicationRow | undefined> {
    const [row] = await rows<ApplicationRow>(
      this.deps.db.orm,
      sql`SELECT ${APPLICATION_COLUMNS} FROM points.promotion_participations p JOIN points.promotions pr ON pr.id = p.promotion_id
          WHERE p.id = ${applicationId} AND p.merchant_code = ${merchantCode} AND pr.kind = 'application'`,
    );
    return row;
  }

  /** One application with its images (as data URLs); another brand's is NOT_FOUND. */
  async get(input: { merchantCode: string; applicationId: string }): Promise<PromotionApplication> {
    const row = await this.read(input.merchantCode, input.applicationId);
    if (!row) throw new AppError('NOT_FOUND');
    const images = await rows<{ position: number; width: number; height: number; content_type: string; data: string }>(
      this.deps.db.orm,
      sql`SELECT position, width, height, content_type, data FROM points.promotion_application_images WHERE participation_id = ${row.id} ORDER BY position`,
    );
    return toApplication(
      row,
      images.map((image) => ({ position: Number(image.position), width: Number(image.width), height: Number(image.height), dataUrl: `data:${image.content_type};base64,${image.data}` })),
    );
  }

  /**
   * Decides an application under its row lock: an application decided already is PROMOTION_APPLICATION_DECIDED. The
   * member is told in the same transaction.
   */
  private async decide(
    input: { merchantCode: string; applicationId: string; operator: string },
    change: (tx: Executor, row: ApplicationRow & { terms: unknown; kind: PromotionRow['kind'] }) => Promise<string | undefined>,
  ): Promise<string | undefined> {
    const grantId = await this.deps.db.transaction(async (tx) => {
      const [row] = await rows<ApplicationRow & { terms: unknown; kind: PromotionRow['kind'] }>(
        tx,
        sql`SELECT ${APPLICATION_COLUMNS}, pr.terms, pr.kind FROM points.promotion_participations p JOIN points.promotions pr ON pr.id = p.promotion_id
            WHERE p.id = ${input.applicationId} AND p.merchant_code = ${input.merchantCode} AND pr.kind = 'application'
            FOR UPDATE OF p`,
      );
      if (!row) throw new AppError('NOT_FOUND');
      if (row.state !== 'process') throw new AppError('PROMOTION_APPLICATION_DECIDED');
      const grantId = await change(tx, row);
      await pushStateChanges(this.deps, tx, [{ merchantCode: input.merchantCode, memberId: row.member_id, currency: row.currency, promotionId: row.promotion_id }]);
      return grantId;
    });
    this.deps.wakeRelay();
    return grantId;
  }

  /** Approves: the bonus (the terms' amount, or the operator's) is recorded and given after the commit; the member sees it issued. */
  async approve(input: { merchantCode: string; applicationId: string; operator: string; amountMinor?: string }): Promise<PromotionApplication> {
    const grantId = await this.decide(input, async (tx, row) => {
      const terms = kindTerms({ kind: row.kind, terms: row.terms as Record<string, unknown> }).terms as ApplicationTerms;
      const amount = BigInt(input.amountMinor ?? terms.amountMinor);
      await tx.execute(
        sql`UPDATE points.promotion_participations SET state = 'issued', bonus_minor = ${amount.toString()}, decided_by = ${input.operator}, decided_at = now(), updated_at = now()
            WHERE id = ${row.id}`,
      );
      return recordGrant(tx, {
        merchantCode: input.merchantCode,
        memberId: row.member_id,
        promotionId: row.promotion_id,
        participationId: row.id,
        source: 'promotion',
        walletKey: participationGrantKey(row.promotion_id, row.id),
        currency: row.currency,
        amountMinor: amount,
        title: textIn(json<Texts>(row.titles), row.language),
        terms: bonusTermsOf(terms),
        retryAfterMs: 30_000,
      });
    });
    if (grantId) await this.grants.give([grantId]);
    return this.get(input);
  }

  /** Rejects with the reason the member reads. */
  async reject(input: { merchantCode: string; applicationId: string; operator: string; reason: string }): Promise<PromotionApplication> {
    await this.decide(input, async (tx, row) => {
      await tx.execute(
        sql`UPDATE points.promotion_participations SET state = 'rejected', reject_reason = ${input.reason}, decided_by = ${input.operator}, decided_at = now(), updated_at = now()
            WHERE id = ${row.id}`,
      );
      return undefined;
    });
    return this.get(input);
  }
}
