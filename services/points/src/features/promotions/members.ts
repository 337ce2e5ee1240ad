import { sql } from 'drizzle-orm';
import { AppError, isUniqueViolation, oncePerKey, rows, type Executor } from '@wps/platform';
import {
  DEFAULT_LANGUAGE,
  type ApplicationTerms,
  type BonusTerms,
  type CashBonusTerms,
  type FreeRoundsTerms,
  type InterfaceLanguage,
  type Language,
  type PromotionAction,
  type PromotionDetail,
  type PromotionPage,
  type PromotionSummary,
} from '@wps/contracts';
import type { PointsDeps } from '../module.js';
import { kindTerms, memberVersion, readPageRows, readPromotion, summaryOf, textIn, timesOf, toCard, type PromotionRow } from './catalogue.js';
import { PromotionGrants, recordGrant } from './grants.js';
import { readUploadedImage, type CheckedImage } from './images.js';
import { pushStateChanges } from './pushes.js';
import { freeRoundsGrantKey, participationGrantKey } from './rules.js';

/** A member acting on a promotion. */
interface Actor {
  merchantCode: string;
  memberId: string;
  currency: string;
  account?: string;
  language?: Language;
  ip: string;
  deviceId: string;
  promotionId: string;
}

interface ParticipationRow {
  id: string;
  promotion_id: string;
  state: string;
}

/** The kinds a member joins on this page (a raffle is joined in its own part). */
const JOINABLE: ReadonlySet<PromotionRow['kind']> = new Set(['deposit_match', 'cashback', 'tournament']);

/** A claim leaves its bonus to the timer only if the claim's own attempt did not finish; the timer waits this long first. */
const CLAIM_RETRY_AFTER_MS = 30_000;

/** The wallet's terms of a bonus from a promotion's wagering terms. */
export function bonusTermsOf(terms: Pick<CashBonusTerms, 'multiple' | 'base' | 'weights' | 'maxBetMinor' | 'days'>, depositMinor?: bigint): BonusTerms {
  return {
    multiple: terms.multiple,
    base: terms.base,
    ...(terms.base === 'bonus_deposit' && depositMinor !== undefined ? { depositMinor: depositMinor.toString() } : {}),
    ...(terms.weights ? { weights: terms.weights } : {}),
    ...(terms.maxBetMinor ? { maxBetMinor: terms.maxBetMinor } : {}),
    days: terms.days,
  };
}

/** Why a member cannot act on a promotion now, if it cannot. */
function refusal(promotion: PromotionRow | undefined, currency: string, now: Date): AppError | undefined {
  if (!promotion) return new AppError('NOT_FOUND');
  const times = timesOf(promotion);
  if (!times.enabled) return new AppError('PROMOTION_CLOSED');
  if (now < times.startsAt) return new AppError('PROMOTION_NOT_STARTED');
  if (times.endsAt !== null && now >= times.endsAt) return new AppError('PROMOTION_CLOSED');
  if (promotion.currency !== currency) return new AppError('PROMOTION_NOT_ELIGIBLE');
  return undefined;
}

/** The member's side of promotions: the page, joining, claiming and applying. */
export class PromotionMembers {
  private readonly grants: PromotionGrants;
  constructor(private readonly deps: PointsDeps) {
    this.grants = new PromotionGrants(deps);
  }

  async page(input: { merchantCode: string; memberId?: string; currency?: string; language?: InterfaceLanguage }): Promise<PromotionPage> {
    const now = new Date();
    const list = await readPageRows(this.deps.db.orm, input.merchantCode, input.memberId);
    const cards = list.map((row) => toCard(row, input.language ?? DEFAULT_LANGUAGE, now, input.memberId === undefined ? undefined : input.currency));
    const summary = summaryOf(list, cards, now);
    return {
      list: cards,
      serverTime: now.toISOString(),
      availablePromoCount: summary.availablePromoCount,
      availablePromo: [{ type: 'REFERRAL', enabled: summary.referralEnabled }],
      version: await memberVersion(this.deps.db.orm, input.memberId),
    };
  }

  async summary(input: { merchantCode: string; memberId?: string; currency?: string }): Promise<PromotionSummary> {
    const { availablePromoCount, availablePromo, version } = await this.page(input);
    return { availablePromoCount, availablePromo, version };
  }

  async detail(input: { merchantCode: string; memberId?: string; currency?: string; language?: InterfaceLanguage; promotionId: string }): Promise<PromotionDetail> {
    const now = new Date();
    const [row] = await readPageRows(this.deps.db.orm, input.merchantCode, input.memberId, input.promotionId);
    if (!row) throw new AppError('NOT_FOUND');
    const language = input.language ?? DEFAULT_LANGUAGE;
    return {
      promotion: toCard(row, language, now, input.memberId === undefined ? undefined : input.currency),
      rules: textIn(row.rules, language),
      limitDevice: row.limit_device,
      limitIp: row.limit_ip,
      serverTime: now.toISOString(),
    };
  }

  /** The member's answer after a change: the promotion's card, whether its bonus reached the wallet, the count and version. */
  private async answer(input: Pick<Actor, 'merchantCode' | 'memberId' | 'currency' | 'language' | 'promotionId'>, granted: boolean): Promise<PromotionAction> {
    const page = await this.page(input);
    const promotion = page.list.find((card) => card.promotionId === input.promotionId);
    if (!promotion) throw new AppError('NOT_FOUND');
    return { promotion, granted, availablePromoCount: page.availablePromoCount, version: page.version };
  }

  /** Inserts the member's participation; a unique rule refusing it is answered by `explain`. */
  private async participate(
    tx: Executor,
    promotion: PromotionRow,
    input: Actor,
    fields: { state: 'signed' | 'process' | 'claimed'; idempotencyKey?: string; comment?: string; bonusMinor?: bigint },
  ): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO points.promotion_participations (merchant_code, promotion_id, member_id, account, currency, language, state, device_id, ip, device_key, ip_key,
                                                       idempotency_key, comment, bonus_minor)
          VALUES (${input.merchantCode}, ${promotion.id}, ${input.memberId}, ${input.account ?? null}, ${input.currency}, ${input.language ?? DEFAULT_LANGUAGE}, ${fields.state},
                  ${input.deviceId}, ${input.ip}, ${promotion.limit_device ? input.deviceId : null}, ${promotion.limit_ip ? input.ip : null},
                  ${fields.idempotencyKey ?? null}, ${fields.comment ?? null}, ${fields.bonusMinor?.toString() ?? null})
          RETURNING id::text AS id`,
    );
    return row!.id;
  }

  /**
   * Why the database refused a participation (a unique rule): the member has one already (`mine`), or another member
   * took the promotion from this device or address.
   */
  private async explain(promotion: PromotionRow, input: Actor, mine: AppError): Promise<AppError> {
    const [taken] = await rows<{ member: boolean; device: boolean; ip: boolean }>(
      this.deps.db.orm,
      sql`SELECT coalesce(bool_or(member_id = ${input.memberId}), false) AS member,
                 coalesce(bool_or(device_key = ${input.deviceId}), false) AS device,
                 coalesce(bool_or(ip_key = ${input.ip}), false) AS ip
          FROM points.promotion_participations WHERE promotion_id = ${promotion.id}`,
    );
    if (taken?.member) return mine;
    if (promotion.limit_device && taken?.device) return new AppError('PROMOTION_DEVICE_USED');
    if (promotion.limit_ip && taken?.ip) return new AppError('PROMOTION_IP_USED');
    return mine;
  }

  /** The member's participation in a promotion, if any. */
  private async participation(executor: Executor, promotionId: string, memberId: string): Promise<ParticipationRow | undefined> {
    const [row] = await rows<ParticipationRow>(
      executor,
      sql`SELECT id::text AS id, promotion_id::text AS promotion_id, state FROM points.promotion_participations WHERE promotion_id = ${promotionId} AND member_id = ${memberId}`,
    );
    return row;
  }

  /** The participation a retried request made, if any; one made for another promotion is IDEMPOTENCY_CONFLICT. */
  private async retried(input: Actor & { idempotencyKey: string }): Promise<ParticipationRow | undefined> {
    const [row] = await rows<ParticipationRow>(
      this.deps.db.orm,
      sql`SELECT id::text AS id, promotion_id::text AS promotion_id, state FROM points.promotion_participations
          WHERE member_id = ${input.memberId} AND idempotency_key = ${input.idempotencyKey}`,
    );
    if (row && row.promotion_id !== input.promotionId) throw new AppError('IDEMPOTENCY_CONFLICT');
    return row;
  }

  /** Gives what the participation's bonus still waits for; answers whether it reached the wallet. */
  private async giveFor(participationId: string): Promise<boolean> {
    const grants = await rows<{ id: string; status: string }>(this.deps.db.orm, sql`SELECT id::text AS id, status FROM points.promotion_bonus_grants WHERE participation_id = ${participationId}`);
    const pending = grants.filter((grant) => grant.status === 'pending').map((grant) => grant.id);
    // Nothing left to give (free rounds give nothing at the claim).
    if (pending.length === 0) return true;
    const outcomes = await this.grants.give(pending);
    return [...outcomes.values()].every((outcome) => outcome === 'done');
  }

  /** Whether the wallet says the member has a bonus wagering; unknown (false) when the wallet cannot be asked. */
  private async hasActiveBonus(input: Pick<Actor, 'merchantCode' | 'memberId' | 'currency'>): Promise<boolean> {
    try {
      return (await this.deps.wallet().activeBonus({ merchantCode: input.merchantCode, memberId: input.memberId, currency: input.currency })) !== null;
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'the wallet could not say whether the member has a bonus wagering');
      return false;
    }
  }

  /**
   * Joins a deposit match, a cashback or a tournament. Joining again answers the same; once per device and address
   * where the promotion says so, held by the database's unique rules even for two joins at once.
   */
  async join(input: Actor): Promise<PromotionAction> {
    const now = new Date();
    const promotion = await readPromotion(this.deps.db.orm, input.merchantCode, input.promotionId);
    if (!promotion) throw new AppError('NOT_FOUND');
    if (!JOINABLE.has(promotion.kind)) throw new AppError('PROMOTION_ACTION_INVALID');
    if (await this.participation(this.deps.db.orm, promotion.id, input.memberId)) return this.answer(input, true);
    const refused = refusal(promotion, input.currency, now);
    if (refused) throw refused;
    if (promotion.kind === 'deposit_match' && (await this.hasActiveBonus(input))) throw new AppError('BONUS_ALREADY_ACTIVE');
    try {
      await this.deps.db.transaction(async (tx) => {
        await this.participate(tx, promotion, input, { state: 'signed' });
        await pushStateChanges(this.deps, tx, [{ merchantCode: input.merchantCode, memberId: input.memberId, currency: input.currency, promotionId: promotion.id }]);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await this.participation(this.deps.db.orm, promotion.id, input.memberId)) return this.answer(input, true);
      throw await this.explain(promotion, input, new AppError('PROMOTION_ALREADY_JOINED'));
    }
    this.deps.wakeRelay();
    return this.answer(input, true);
  }

  /**
   * Claims a cash bonus: the participation and its bonus grant are recorded together, then the wallet gives the bonus
   * after the commit (the timer gives it again with the same key if that did not finish). Two claims at once give one
   * participation and one bonus; the same key answers the first result. A member with a bonus wagering is refused
   * before anything is recorded, and a claim the wallet refuses for that reason is taken back.
   */
  async claim(input: Actor & { idempotencyKey: string }): Promise<PromotionAction> {
    // The same key twice at once (a double tap, a retry after a timeout): the loser answers the winner's claim, whatever
    // refused it (the key, "already claimed", or the bonus the winner's claim made active).
    return oncePerKey({
      answered: async () => {
        const made = await this.retried(input);
        return made ? this.answer(input, await this.giveFor(made.id)) : undefined;
      },
      run: () => this.claimOnce(input),
    });
  }

  private async claimOnce(input: Actor & { idempotencyKey: string }): Promise<PromotionAction> {
    const now = new Date();
    const promotion = await readPromotion(this.deps.db.orm, input.merchantCode, input.promotionId);
    const refused = refusal(promotion, input.currency, now);
    if (refused) throw refused;
    if (promotion!.kind === 'free_rounds') return this.claimFreeRounds(input, promotion!, now);
    if (promotion!.kind !== 'cash_bonus') throw new AppError('PROMOTION_ACTION_INVALID');
    const claimed = () => this.participation(this.deps.db.orm, promotion!.id, input.memberId);
    if (await claimed()) throw new AppError('PROMOTION_ALREADY_CLAIMED');
    // The bonus this promotion gave a moment ago (a second tab) is the member's active one: that is the claim already made.
    if (await this.hasActiveBonus(input)) throw new AppError((await claimed()) ? 'PROMOTION_ALREADY_CLAIMED' : 'BONUS_ALREADY_ACTIVE');
    const terms = kindTerms(promotion!).terms as CashBonusTerms;
    const amount = BigInt(terms.amountMinor);
    let made: { participationId: string; grantId: string };
    try {
      made = await this.deps.db.transaction(async (tx) => {
        const participationId = await this.participate(tx, promotion!, input, { state: 'claimed', idempotencyKey: input.idempotencyKey, bonusMinor: amount });
        const grantId = await recordGrant(tx, {
          merchantCode: input.merchantCode,
          memberId: input.memberId,
          promotionId: promotion!.id,
          participationId,
          source: 'promotion',
          walletKey: participationGrantKey(promotion!.id, participationId),
          currency: input.currency,
          amountMinor: amount,
          title: textIn(promotion!.titles, input.language ?? DEFAULT_LANGUAGE),
          terms: bonusTermsOf(terms),
          retryAfterMs: CLAIM_RETRY_AFTER_MS,
        });
        await pushStateChanges(this.deps, tx, [{ merchantCode: input.merchantCode, memberId: input.memberId, currency: input.currency, promotionId: promotion!.id }]);
        return { participationId, grantId: grantId! };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.explain(promotion!, input, new AppError('PROMOTION_ALREADY_CLAIMED'));
    }
    this.deps.wakeRelay();
    const outcome = (await this.grants.give([made.grantId])).get(made.grantId) ?? 'pending';
    if (outcome === 'active') {
      await this.takeBack(input, made.participationId);
      throw new AppError('BONUS_ALREADY_ACTIVE');
    }
    return this.answer(input, outcome === 'done');
  }

  /**
   * Claims free rounds: the participation and the `free_rounds.granted` announcement are written together, so the
   * house makes the grant exactly once (by its key) however the delivery goes. Nothing is given through the wallet
   * now: what the spins win is given when the house says they are over. Two claims at once make one participation.
   */
  private async claimFreeRounds(input: Actor & { idempotencyKey: string }, promotion: PromotionRow, now: Date): Promise<PromotionAction> {
    if (await this.participation(this.deps.db.orm, promotion.id, input.memberId)) throw new AppError('PROMOTION_ALREADY_CLAIMED');
    const terms = kindTerms(promotion).terms as FreeRoundsTerms;
    try {
      await this.deps.db.transaction(async (tx) => {
        const participationId = await this.participate(tx, promotion, input, { state: 'claimed', idempotencyKey: input.idempotencyKey });
        await this.deps.outbox.add(tx, 'free_rounds.granted', input.memberId, {
          key: freeRoundsGrantKey(promotion.id, participationId),
          merchantCode: input.merchantCode,
          memberId: input.memberId,
          currency: input.currency,
          game: terms.game,
          rounds: terms.rounds,
          stakeMinor: terms.stakeMinor,
          expiresAt: new Date(now.getTime() + terms.playDays * 86_400_000).toISOString(),
          promotionId: promotion.id,
          participationId,
          winningsAs: terms.multiple === 0 ? 'cash' : 'bonus',
          titles: Object.fromEntries(Object.entries(promotion.titles).flatMap(([language, text]) => (text ? [[language, text.slice(0, 200)]] : []))),
        });
        await pushStateChanges(this.deps, tx, [{ merchantCode: input.merchantCode, memberId: input.memberId, currency: input.currency, promotionId: promotion.id }]);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.explain(promotion, input, new AppError('PROMOTION_ALREADY_CLAIMED'));
    }
    this.deps.wakeRelay();
    return this.answer(input, true);
  }

  /** Takes back a claim whose bonus the wallet refused (a bonus became active meanwhile): the member may claim later. */
  private async takeBack(input: Actor, participationId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const removed = await rows<{ id: string }>(
        tx,
        sql`DELETE FROM points.promotion_participations p
            WHERE p.id = ${participationId}
              AND NOT EXISTS (SELECT 1 FROM points.promotion_bonus_grants g WHERE g.participation_id = p.id AND g.status = 'done')
            RETURNING p.id::text AS id`,
      );
      if (removed.length > 0) {
        await pushStateChanges(this.deps, tx, [{ merchantCode: input.merchantCode, memberId: input.memberId, currency: input.currency, promotionId: input.promotionId }]);
      }
    });
    this.deps.wakeRelay();
  }

  /**
   * Applies to an application promotion: the comment and the images are checked first (each image by its bytes, and
   * stored without metadata); nothing is stored unless all of it is valid. The state is then process until the
   * operator decides. The same key answers the first result.
   */
  async apply(input: Actor & { idempotencyKey: string; comment: string; images: readonly string[] }): Promise<PromotionAction> {
    // The same key twice at once: the loser answers the winner's application, whatever refused it.
    return oncePerKey({
      answered: async () => ((await this.retried(input)) ? this.answer(input, false) : undefined),
      run: () => this.applyOnce(input),
    });
  }

  private async applyOnce(input: Actor & { images: readonly string[]; idempotencyKey: string; comment: string }): Promise<PromotionAction> {
    const now = new Date();
    const promotion = await readPromotion(this.deps.db.orm, input.merchantCode, input.promotionId);
    const refused = refusal(promotion, input.currency, now);
    if (refused) throw refused;
    if (promotion!.kind !== 'application') throw new AppError('PROMOTION_ACTION_INVALID');
    if (await this.participation(this.deps.db.orm, promotion!.id, input.memberId)) throw new AppError('PROMOTION_ALREADY_APPLIED');
    const terms = kindTerms(promotion!).terms as ApplicationTerms;
    const images: CheckedImage[] = input.images.map((text) => readUploadedImage(text));
    if (images.length < terms.imagesRequired) throw new AppError('PROMOTION_IMAGES_REQUIRED', { params: { min: terms.imagesRequired } });
    try {
      await this.deps.db.transaction(async (tx) => {
        const participationId = await this.participate(tx, promotion!, input, { state: 'process', idempotencyKey: input.idempotencyKey, comment: input.comment });
        for (const [index, image] of images.entries()) {
          await tx.execute(
            sql`INSERT INTO points.promotion_application_images (participation_id, position, content_type, width, height, data)
                VALUES (${participationId}, ${index + 1}, ${image.contentType}, ${image.width}, ${image.height}, ${image.bytes.toString('base64')})`,
          );
        }
        await pushStateChanges(this.deps, tx, [{ merchantCode: input.merchantCode, memberId: input.memberId, currency: input.currency, promotionId: promotion!.id }]);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.explain(promotion!, input, new AppError('PROMOTION_ALREADY_APPLIED'));
    }
    this.deps.wakeRelay();
    return this.answer(input, false);
  }
}
