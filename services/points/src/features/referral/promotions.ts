import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';

/**
 * The brand's promotions as the promotions catalogue keeps them (`points.promotions`: kind, terms, start and end,
 * enabled). Referral and raffle promotions are read from there; their terms are read leniently here (amounts as text
 * or numbers), so a promotion with terms that make no sense is skipped rather than breaking a batch.
 */

/** A referral promotion's terms. */
export interface ReferralTerms {
  rewardMinor: bigint;
  minDepositMinor: bigint;
  minValidBetMinor: bigint;
  withinDays: number;
  refereeBonusMinor: bigint;
  multiple: number;
  /** Days an unfinished bonus lives (bonus money only). */
  days?: number;
  maxBetMinor?: string;
}

/** A raffle promotion's terms. */
export interface RaffleTerms {
  ticketPerMinor: bigint;
  drawAt: Date;
  prizes: Array<{ rank: number; amountMinor: bigint }>;
  multiple: number;
  days?: number;
  maxBetMinor?: string;
}

export interface Promotion<T> {
  id: string;
  merchantCode: string;
  currency: string;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
  terms: T;
}

const minor = (value: unknown): bigint | null => {
  if (typeof value === 'bigint') return value >= 0n ? value : null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^[0-9]{1,18}$/.test(value.trim())) return BigInt(value.trim());
  return null;
};
const whole = (value: unknown, min: number, max: number): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : null;
};
const extras = (terms: Record<string, unknown>): { days?: number; maxBetMinor?: string } => {
  const days = whole(terms.days, 1, 365);
  const maxBet = minor(terms.maxBetMinor);
  return { ...(days === null ? {} : { days }), ...(maxBet === null || maxBet === 0n ? {} : { maxBetMinor: maxBet.toString() }) };
};

/** Referral terms, or null when they cannot be used. */
export function readReferralTerms(raw: unknown): ReferralTerms | null {
  const terms = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null;
  if (!terms || typeof terms !== 'object') return null;
  const rewardMinor = minor(terms.rewardMinor);
  const minDepositMinor = minor(terms.minDepositMinor) ?? 0n;
  const minValidBetMinor = minor(terms.minValidBetMinor) ?? 0n;
  const withinDays = whole(terms.withinDays, 1, 366);
  const refereeBonusMinor = terms.refereeBonusMinor === undefined || terms.refereeBonusMinor === null ? 0n : minor(terms.refereeBonusMinor);
  const multiple = whole(terms.multiple ?? 0, 0, 100);
  if (rewardMinor === null || withinDays === null || refereeBonusMinor === null || multiple === null) return null;
  return { rewardMinor, minDepositMinor, minValidBetMinor, withinDays, refereeBonusMinor, multiple, ...extras(terms) };
}

/** Raffle terms, or null when they cannot be used. */
export function readRaffleTerms(raw: unknown): RaffleTerms | null {
  const terms = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null;
  if (!terms || typeof terms !== 'object') return null;
  const ticketPerMinor = minor(terms.ticketPerMinor);
  const drawAt = typeof terms.drawAt === 'string' ? new Date(terms.drawAt) : null;
  const multiple = whole(terms.multiple ?? 0, 0, 100);
  if (ticketPerMinor === null || ticketPerMinor <= 0n || !drawAt || Number.isNaN(drawAt.getTime()) || multiple === null || !Array.isArray(terms.prizes)) return null;
  const prizes: RaffleTerms['prizes'] = [];
  for (const prize of terms.prizes as Array<Record<string, unknown>>) {
    const rank = whole(prize?.rank, 1, 1000);
    const amountMinor = minor(prize?.amountMinor);
    if (rank === null || amountMinor === null) return null;
    prizes.push({ rank, amountMinor });
  }
  prizes.sort((a, b) => a.rank - b.rank);
  if (prizes.some((prize, index) => index > 0 && prize.rank === prizes[index - 1]!.rank)) return null;
  return { ticketPerMinor, drawAt, prizes, multiple, ...extras(terms) };
}

interface PromotionRow {
  id: string;
  merchant_code: string;
  currency: string;
  starts_at: string | null;
  ends_at: string | null;
  enabled: boolean;
  terms: unknown;
}

const toPromotion = <T>(row: PromotionRow, terms: T): Promotion<T> => ({
  id: row.id,
  merchantCode: row.merchant_code,
  currency: row.currency,
  startsAt: row.starts_at === null ? null : new Date(row.starts_at),
  endsAt: row.ends_at === null ? null : new Date(row.ends_at),
  enabled: row.enabled,
  terms,
});

const textSet = (values: readonly string[]) => sql`(SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb))`;

/** Each brand's live referral promotion (enabled, now between its start and end; the first by the page's sort when several are). */
export async function liveReferralPromotions(executor: Executor, merchantCodes: readonly string[]): Promise<Map<string, Promotion<ReferralTerms>>> {
  if (merchantCodes.length === 0) return new Map();
  const found = await rows<PromotionRow>(
    executor,
    sql`SELECT id::text AS id, merchant_code, currency, starts_at, ends_at, enabled, terms FROM points.promotions
        WHERE kind = 'referral' AND enabled AND merchant_code IN ${textSet(merchantCodes)}
          AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())
        ORDER BY merchant_code, sort, id`,
  );
  const live = new Map<string, Promotion<ReferralTerms>>();
  for (const row of found) {
    if (live.has(row.merchant_code)) continue;
    const terms = readReferralTerms(row.terms);
    if (terms) live.set(row.merchant_code, toPromotion(row, terms));
  }
  return live;
}

/** One raffle promotion of the brand (enabled or not); undefined when there is none or its terms are unusable. */
export async function rafflePromotion(executor: Executor, merchantCode: string, promotionId: string): Promise<Promotion<RaffleTerms> | undefined> {
  const [row] = await rows<PromotionRow>(
    executor,
    sql`SELECT id::text AS id, merchant_code, currency, starts_at, ends_at, enabled, terms FROM points.promotions
        WHERE kind = 'raffle' AND merchant_code = ${merchantCode} AND id::text = ${promotionId}`,
  );
  const terms = row ? readRaffleTerms(row.terms) : null;
  return row && terms ? toPromotion(row, terms) : undefined;
}

/** Enabled raffle promotions (of these brands, or of all) whose draw time is not more than `graceDays` past, oldest first. */
export async function enabledRafflePromotions(executor: Executor, merchantCodes?: readonly string[], graceDays = 2): Promise<Array<Promotion<RaffleTerms>>> {
  const only = merchantCodes ? sql`AND merchant_code IN ${textSet(merchantCodes)}` : sql``;
  const found = await rows<PromotionRow>(
    executor,
    sql`SELECT id::text AS id, merchant_code, currency, starts_at, ends_at, enabled, terms FROM points.promotions
        WHERE kind = 'raffle' AND enabled ${only}
        ORDER BY starts_at NULLS FIRST, id`,
  );
  const list: Array<Promotion<RaffleTerms>> = [];
  for (const row of found) {
    const terms = readRaffleTerms(row.terms);
    if (terms && terms.drawAt.getTime() > Date.now() - graceDays * 86_400_000) list.push(toPromotion(row, terms));
  }
  return list;
}
