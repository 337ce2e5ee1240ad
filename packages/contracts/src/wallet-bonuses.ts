import { z } from 'zod';
import { interfaceLanguageSchema, perInterfaceLanguage } from './content-languages.js';
import { supportedCurrencySchema } from './money.js';
import { rowIdSchema } from './ids.js';
import { bonusSourceSchema, bonusStateSchema, wageringWeightsSchema, bonusViewSchema, bonusPushSchema } from './push-data.js';
export { bonusSourceSchema, bonusStateSchema, wageringWeightsSchema, bonusViewSchema, bonusPushSchema };

/**
 * Bonus money: a second balance of the member's beside its cash, in the wallet's ledger. A bonus carries a wagering
 * requirement; valid bets count toward it, weighted by game type, and when it is met the bonus balance turns into cash.
 * Money is spent cash first. Winnings of bonus money stay bonus money. Forfeiting (a withdrawal while wagering, the
 * member giving it up) and expiry move what is left back to the brand's `promotions` house account.
 */

const minorText = z.string().regex(/^[0-9]{1,18}$/);
const positiveMinorText = z.string().regex(/^[1-9][0-9]{0,17}$/);

export type BonusSource = z.infer<typeof bonusSourceSchema>;

export type BonusState = z.infer<typeof bonusStateSchema>;

export type WageringWeights = z.infer<typeof wageringWeightsSchema>;

/** The weights a bonus gets when its terms name none: slots, fishing and cards in full, tables and live at 10 %, sports and e-sports in full, lottery not at all. */
export const DEFAULT_WAGERING_WEIGHTS: WageringWeights = { RNG: 100, FISH: 100, PVP: 20, LIVE: 10, SPORTS: 100, ESPORTS: 100, COCKFIGHT: 10, LOTT: 0, ELOTT: 0 };

/**
 * The terms of one bonus. The requirement is `multiple` × the bonus, or × (bonus + deposit) when `base` is
 * `bonus_deposit` (then `depositMinor` is the deposit it matched). `multiple` 0 pays the bonus as cash at once.
 */
export const bonusTermsSchema = z.object({
  multiple: z.number().int().min(0).max(100),
  base: z.enum(['bonus', 'bonus_deposit']).default('bonus'),
  depositMinor: minorText.optional(),
  weights: wageringWeightsSchema.optional(),
  /** The largest single bet accepted while the bonus is wagering; none when absent. */
  maxBetMinor: positiveMinorText.optional(),
  /** Days from the grant until an unfinished bonus expires. */
  days: z.number().int().min(1).max(365),
});
export type BonusTerms = z.infer<typeof bonusTermsSchema>;

export type BonusView = z.infer<typeof bonusViewSchema>;

export const bonusListSchema = z.object({
  currency: z.string(),
  /** The bonus balance now (what the member may still play with). */
  bonusBalance: z.string(),
  bonusBalanceMinor: z.string(),
  /** Open first, then the newest ended ones. */
  bonuses: z.array(bonusViewSchema),
});
export type BonusList = z.infer<typeof bonusListSchema>;

const memberRef = {
  merchantCode: z.string().min(1),
  memberId: rowIdSchema,
};

/** The wallet's bonus operations; `walletRpc` includes them. */
export const walletBonusRpcMethods = {
  /**
   * Gives a member a bonus from the brand's `promotions` house account, once per `key`: a repeated key answers the
   * first result and moves nothing. A member has at most one bonus wagering at a time: a second is refused with
   * BONUS_ALREADY_ACTIVE. `title` is shown as written (the promotion's name in the member's language at the claim).
   */
  grantBonus: {
    input: z.object({
      ...memberRef,
      key: z.string().min(1).max(200),
      currency: z.string().min(1),
      amountMinor: positiveMinorText,
      source: bonusSourceSchema,
      sourceRef: z.string().min(1).max(200),
      title: z.string().min(1).max(200),
      /** The name in each language the brand speaks; `title` is shown where a language has none. */
      titles: perInterfaceLanguage(z.string().min(1).max(200)).optional(),
      terms: bonusTermsSchema,
    }),
    output: bonusViewSchema,
  },
  /** The member's bonuses and bonus balance in a currency; names in `language` where the bonus has one. */
  listBonuses: {
    input: z.object({ ...memberRef, currency: z.string().min(1), limit: z.number().int().min(1).max(100).default(20), language: interfaceLanguageSchema.optional() }),
    output: bonusListSchema,
  },
  /** Whether a member has a bonus wagering now (promotions refuse a second claim before calling `grantBonus`). */
  activeBonus: {
    input: z.object({ ...memberRef, currency: z.string().min(1) }),
    output: bonusViewSchema.nullable(),
  },
  /** The operator gives a member a bonus by hand (source `operator`), once per Idempotency-Key. */
  operatorGrantBonus: {
    input: z.object({
      memberId: z.string(),
      currency: z.string(),
      amount: z.string(),
      title: z.string(),
      terms: bonusTermsSchema,
      operator: z.string(),
      idempotencyKey: z.string().min(1).max(200),
    }),
    output: bonusViewSchema,
  },
  /** A member's bonuses as the operator sees them. */
  operatorListBonuses: {
    input: z.object({ memberId: z.string(), currency: z.string() }),
    output: bonusListSchema,
  },
  /** The member gives a wagering bonus up: what is left of it goes back to the house. */
  forfeitBonus: {
    input: z.object({ ...memberRef, bonusId: rowIdSchema }),
    output: bonusViewSchema,
  },
};

export type BonusPush = z.infer<typeof bonusPushSchema>;

/** The wallet's `bonus.changed` event (on the balances topic); the gateway sends `push` to the member. */
export const bonusChangedSchema = z.object({
  memberId: z.string(),
  merchantCode: z.string(),
  /** Grows with every change of the member's bonuses (ms since the epoch at the change, made strictly increasing per bonus). */
  v: z.number(),
  push: bonusPushSchema,
});
export type BonusChanged = z.infer<typeof bonusChangedSchema>;

/** The operator's hand-given bonus: an amount in major units with its terms. */
export const operatorBonusBodySchema = z.object({
  amount: z.string().regex(/^\d{1,15}(\.\d+)?$/),
  currency: supportedCurrencySchema,
  title: z.string().trim().min(1).max(200),
  terms: bonusTermsSchema,
});
