import { sql, type SQL } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import {
  PROMOTION_TERMS,
  textForReader,
  type Language,
  type OperatorPromotion,
  type PromotionBody,
  type PromotionCard,
  type PromotionCategory,
  type PromotionKind,
  type PromotionKindTerms,
  type PromotionParticipation,
} from '@wps/contracts';
import { countsAsAvailable, isLive, promotionState, type ParticipationState } from './rules.js';

/** Texts per language as stored: Spanish and English always, other interface languages where the operator wrote them. */
export type Texts = Record<Language, string> & Partial<Record<string, string>>;

export interface PromotionRow {
  id: string;
  merchant_code: string;
  kind: PromotionKind;
  category: PromotionCategory;
  titles: Texts;
  summaries: Texts;
  rules: Texts;
  banner_url: string | null;
  terms: Record<string, unknown>;
  currency: string;
  starts_at: string;
  ends_at: string | null;
  enabled: boolean;
  sort: number;
  limit_device: boolean;
  limit_ip: boolean;
  created_by: string;
  updated_by: string;
  created_at: string;
  updated_at: string;
}

export const PROMOTION_COLUMNS = sql.raw(`pr.id::text AS id, pr.merchant_code, pr.kind, pr.category, pr.titles, pr.summaries, pr.rules, pr.banner_url, pr.terms,
  pr.currency, pr.starts_at, pr.ends_at, pr.enabled, pr.sort, pr.limit_device, pr.limit_ip, pr.created_by, pr.updated_by, pr.created_at, pr.updated_at`);

/** A promotion over for longer than this leaves the page (members who took part saw its end). */
export const SHOWN_AFTER_END = sql.raw(`interval '7 days'`);

const iso = (value: string | Date): string => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null): string | null => (value === null ? null : iso(value));
/** jsonb read by the driver as an object, or as text by some drivers. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** A text in the reader's language, the Spanish one where it has none. */
export const textIn = (texts: Texts, language: string): string => textForReader(texts, language, 'ES', 'EN') ?? '';

/** The stored terms read through the kind's schema (defaults filled in). */
export function kindTerms(row: Pick<PromotionRow, 'kind' | 'terms'>): PromotionKindTerms {
  return { kind: row.kind, terms: PROMOTION_TERMS[row.kind].parse(json(row.terms)) } as PromotionKindTerms;
}

export const timesOf = (row: Pick<PromotionRow, 'kind' | 'enabled' | 'starts_at' | 'ends_at' | 'currency'>) => ({
  kind: row.kind,
  enabled: row.enabled,
  startsAt: new Date(row.starts_at),
  endsAt: row.ends_at === null ? null : new Date(row.ends_at),
  currency: row.currency,
});

/** A promotion of the brand, or undefined (another brand's is never found). */
export async function readPromotion(executor: Executor, merchantCode: string, promotionId: string, lock = false): Promise<PromotionRow | undefined> {
  const [row] = await rows<PromotionRow>(
    executor,
    sql`SELECT ${PROMOTION_COLUMNS} FROM points.promotions pr WHERE pr.id = ${promotionId} AND pr.merchant_code = ${merchantCode} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? normalise(row) : undefined;
}

/**
 * The brand's live promotions of a kind, first by sort: what the referral and raffle parts read for the terms they
 * run by (`kindTerms(row)`).
 */
export async function livePromotions(executor: Executor, merchantCode: string, kind: PromotionKind): Promise<PromotionRow[]> {
  const list = await rows<PromotionRow>(
    executor,
    sql`SELECT ${PROMOTION_COLUMNS} FROM points.promotions pr
        WHERE pr.merchant_code = ${merchantCode} AND pr.kind = ${kind} AND pr.enabled AND pr.starts_at <= now() AND (pr.ends_at IS NULL OR pr.ends_at > now())
        ORDER BY pr.sort, pr.id`,
  );
  return list.map(normalise);
}

function normalise<R extends PromotionRow>(row: R): R {
  return { ...row, titles: json(row.titles), summaries: json(row.summaries), rules: json(row.rules), terms: json(row.terms), sort: Number(row.sort) };
}

/** A promotion with the member's participation as the page reads it. */
export interface PageRow extends PromotionRow {
  p_state: ParticipationState | null;
  p_created_at: string | null;
  p_bonus_minor: string | null;
  p_deposit_minor: string | null;
  p_reject_reason: string | null;
  p_comment: string | null;
  p_images: number;
  p_granting: boolean;
}

/**
 * The promotions the page shows (enabled, not over for long), with the member's participation in each when `memberId`
 * is given, in one read; `only` narrows it to one promotion.
 */
export async function readPageRows(executor: Executor, merchantCode: string, memberId: string | undefined, only?: string): Promise<PageRow[]> {
  const member: SQL = memberId === undefined ? sql`NULL::bigint` : sql`${memberId}::bigint`;
  const list = await rows<PageRow>(
    executor,
    sql`SELECT ${PROMOTION_COLUMNS}, p.state AS p_state, p.created_at AS p_created_at, p.bonus_minor::text AS p_bonus_minor, p.deposit_minor::text AS p_deposit_minor,
               p.reject_reason AS p_reject_reason, p.comment AS p_comment,
               coalesce((SELECT count(*) FROM points.promotion_application_images i WHERE i.participation_id = p.id), 0)::int AS p_images,
               coalesce((SELECT bool_or(g.status = 'pending') FROM points.promotion_bonus_grants g WHERE g.participation_id = p.id), false) AS p_granting
        FROM points.promotions pr
        LEFT JOIN points.promotion_participations p ON p.promotion_id = pr.id AND p.member_id = ${member}
        WHERE pr.merchant_code = ${merchantCode} AND pr.enabled AND (pr.ends_at IS NULL OR pr.ends_at > now() - ${SHOWN_AFTER_END})
          ${only === undefined ? sql`` : sql`AND pr.id = ${only}`}
        ORDER BY pr.sort, pr.id`,
  );
  return list.map((row) => ({ ...normalise(row), p_images: Number(row.p_images) }));
}

function participationOf(row: PageRow): PromotionParticipation | null {
  if (row.p_state === null) return null;
  return {
    state: row.p_state,
    createdAt: iso(row.p_created_at!),
    bonusMinor: row.p_bonus_minor,
    depositMinor: row.p_deposit_minor,
    rejectReason: row.p_reject_reason,
    comment: row.p_comment,
    imageCount: row.p_images,
  };
}

/** One promotion for the page, in the reader's language, with the reader's state at `now`. */
export function toCard(row: PageRow, language: string, now: Date, memberCurrency?: string): PromotionCard {
  const participation = row.p_state === null ? null : { state: row.p_state, granting: row.p_granting };
  return {
    ...kindTerms(row),
    promotionId: row.id,
    category: row.category,
    title: textIn(row.titles, language),
    summary: textIn(row.summaries, language),
    bannerUrl: row.banner_url,
    currency: row.currency,
    startsAt: iso(row.starts_at),
    endsAt: isoOrNull(row.ends_at),
    state: promotionState(timesOf(row), participation, now, memberCurrency),
    participation: participationOf(row),
    sort: row.sort,
  };
}

/** What the page's summary is made of: the promotions to act on, and whether a referral promotion is live. */
export function summaryOf(list: readonly PageRow[], cards: readonly PromotionCard[], now: Date): { availablePromoCount: number; referralEnabled: boolean } {
  return {
    availablePromoCount: cards.filter((card) => countsAsAvailable(card.kind, card.state)).length,
    referralEnabled: list.some((row) => row.kind === 'referral' && isLive(timesOf(row), now)),
  };
}

/** The member's version (the `v` of its pushes); 0 before any change. */
export async function memberVersion(executor: Executor, memberId: string | undefined): Promise<number> {
  if (memberId === undefined) return 0;
  const [row] = await rows<{ version: string }>(executor, sql`SELECT version::text AS version FROM points.promotion_member_versions WHERE member_id = ${memberId}`);
  return Number(row?.version ?? 0);
}

// ---- The operator's side -----------------------------------------------------------------------------------------

interface OperatorRow extends PromotionRow {
  participants: number;
  pending: number;
  granted_minor: string;
}

async function readOperatorRows(executor: Executor, merchantCode: string, only?: string): Promise<OperatorRow[]> {
  const list = await rows<OperatorRow>(
    executor,
    sql`SELECT ${PROMOTION_COLUMNS},
               (SELECT count(*) FROM points.promotion_participations p WHERE p.promotion_id = pr.id)::int AS participants,
               (SELECT count(*) FROM points.promotion_participations p WHERE p.promotion_id = pr.id AND p.state = 'process')::int AS pending,
               (SELECT coalesce(sum(g.amount_minor), 0) FROM points.promotion_bonus_grants g WHERE g.promotion_id = pr.id AND g.status = 'done')::text AS granted_minor
        FROM points.promotions pr
        WHERE pr.merchant_code = ${merchantCode} ${only === undefined ? sql`` : sql`AND pr.id = ${only}`}
        ORDER BY pr.sort, pr.id`,
  );
  return list.map((row) => ({ ...normalise(row), participants: Number(row.participants), pending: Number(row.pending) }));
}

function toOperatorPromotion(row: OperatorRow): OperatorPromotion {
  return {
    ...kindTerms(row),
    promotionId: row.id,
    category: row.category,
    titles: row.titles,
    summaries: row.summaries,
    rules: row.rules,
    bannerUrl: row.banner_url,
    currency: row.currency,
    startsAt: iso(row.starts_at),
    endsAt: isoOrNull(row.ends_at),
    enabled: row.enabled,
    sort: row.sort,
    limitDevice: row.limit_device,
    limitIp: row.limit_ip,
    participants: row.participants,
    pending: row.pending,
    grantedMinor: row.granted_minor,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The period must make sense: an end after the start. */
function checkPeriod(startsAt: string, endsAt: string | null): void {
  if (endsAt !== null && new Date(endsAt) <= new Date(startsAt)) throw new AppError('PROMOTION_INVALID', { field: 'endsAt' });
}

/** The brand's catalogue as the operator keeps it. */
export class PromotionCatalogue {
  constructor(private readonly executor: () => Executor) {}

  async list(merchantCode: string): Promise<{ list: OperatorPromotion[] }> {
    return { list: (await readOperatorRows(this.executor(), merchantCode)).map(toOperatorPromotion) };
  }

  async get(merchantCode: string, promotionId: string): Promise<OperatorPromotion> {
    const [row] = await readOperatorRows(this.executor(), merchantCode, promotionId);
    if (!row) throw new AppError('NOT_FOUND');
    return toOperatorPromotion(row);
  }

  /** Adds a promotion; with a `slug`, once (a second one with the same slug is left as it is). */
  async create(executor: Executor, merchantCode: string, body: PromotionBody, operator: string, slug?: string): Promise<string | undefined> {
    checkPeriod(body.startsAt, body.endsAt);
    const [row] = await rows<{ id: string }>(
      executor,
      sql`INSERT INTO points.promotions (merchant_code, kind, category, titles, summaries, rules, banner_url, terms, currency, starts_at, ends_at, enabled, sort,
                                         limit_device, limit_ip, slug, created_by, updated_by)
          VALUES (${merchantCode}, ${body.kind}, ${body.category}, ${JSON.stringify(body.titles)}::jsonb, ${JSON.stringify(body.summaries)}::jsonb,
                  ${JSON.stringify(body.rules)}::jsonb, ${body.bannerUrl}, ${JSON.stringify(body.terms)}::jsonb, ${body.currency}, ${body.startsAt}, ${body.endsAt},
                  ${body.enabled}, ${body.sort}, ${body.limitDevice}, ${body.limitIp}, ${slug ?? null}, ${operator}, ${operator})
          ON CONFLICT (merchant_code, slug) DO NOTHING
          RETURNING id::text AS id`,
    );
    return row?.id;
  }

  /** Replaces what the operator writes; the kind stays (PROMOTION_INVALID when the body names another). */
  async update(merchantCode: string, promotionId: string, body: PromotionBody, operator: string): Promise<OperatorPromotion> {
    checkPeriod(body.startsAt, body.endsAt);
    const current = await readPromotion(this.executor(), merchantCode, promotionId);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.kind !== body.kind) throw new AppError('PROMOTION_INVALID', { field: 'kind' });
    await this.executor().execute(
      sql`UPDATE points.promotions SET category = ${body.category}, titles = ${JSON.stringify(body.titles)}::jsonb, summaries = ${JSON.stringify(body.summaries)}::jsonb,
            rules = ${JSON.stringify(body.rules)}::jsonb, banner_url = ${body.bannerUrl}, terms = ${JSON.stringify(body.terms)}::jsonb, currency = ${body.currency},
            starts_at = ${body.startsAt}, ends_at = ${body.endsAt}, enabled = ${body.enabled}, sort = ${body.sort}, limit_device = ${body.limitDevice},
            limit_ip = ${body.limitIp}, updated_by = ${operator}, updated_at = now()
          WHERE id = ${promotionId} AND merchant_code = ${merchantCode}`,
    );
    return this.get(merchantCode, promotionId);
  }

  async setEnabled(merchantCode: string, promotionId: string, enabled: boolean, operator: string): Promise<OperatorPromotion> {
    const changed = await rows<{ id: string }>(
      this.executor(),
      sql`UPDATE points.promotions SET enabled = ${enabled}, updated_by = ${operator}, updated_at = now()
          WHERE id = ${promotionId} AND merchant_code = ${merchantCode} RETURNING id::text AS id`,
    );
    if (changed.length === 0) throw new AppError('NOT_FOUND');
    return this.get(merchantCode, promotionId);
  }

  async schedule(merchantCode: string, promotionId: string, startsAt: string, endsAt: string | null, operator: string): Promise<OperatorPromotion> {
    checkPeriod(startsAt, endsAt);
    const changed = await rows<{ id: string }>(
      this.executor(),
      sql`UPDATE points.promotions SET starts_at = ${startsAt}, ends_at = ${endsAt}, updated_by = ${operator}, updated_at = now()
          WHERE id = ${promotionId} AND merchant_code = ${merchantCode} RETURNING id::text AS id`,
    );
    if (changed.length === 0) throw new AppError('NOT_FOUND');
    return this.get(merchantCode, promotionId);
  }
}
