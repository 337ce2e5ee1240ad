import { ACTIONABLE_PROMOTION_STATES, type CashbackTerms, type DepositMatchTerms, type PromotionKind, type PromotionState } from '@wps/contracts';

/** A participation's stored state. */
export type ParticipationState = 'signed' | 'process' | 'claimed' | 'issued' | 'rejected';

/** What a promotion's state for a member is made of. */
export interface StateInputs {
  kind: PromotionKind;
  enabled: boolean;
  startsAt: Date;
  endsAt: Date | null;
  currency: string;
}

/** The member's participation, and whether a bonus it gave is still being given. */
export interface ParticipationInputs {
  state: ParticipationState;
  granting: boolean;
}

/** Kinds whose action is taken on this page, and so count toward `availablePromoCount`. */
const COUNTED_KINDS: ReadonlySet<PromotionKind> = new Set(['deposit_match', 'cash_bonus', 'free_rounds', 'cashback', 'application', 'tournament']);

/** What a member does on this page to take part. */
const ACTION: Record<PromotionKind, PromotionState> = {
  deposit_match: 'join',
  cash_bonus: 'claim',
  free_rounds: 'claim',
  cashback: 'join',
  application: 'applying',
  referral: 'join',
  raffle: 'join',
  tournament: 'join',
};

/** Whether a promotion is open at `now`: enabled, started and not over. */
export const isLive = (promotion: Pick<StateInputs, 'enabled' | 'startsAt' | 'endsAt'>, now: Date): boolean =>
  promotion.enabled && promotion.startsAt <= now && (promotion.endsAt === null || now < promotion.endsAt);

/**
 * The member's state in a promotion, in the spec's words. A participation decides it (`process` while the bonus it gave
 * is still being given); without one: coming soon before the start, close when over, disabled or in another currency
 * (`memberCurrency`, unknown for guests), else the kind's action.
 */
export function promotionState(promotion: StateInputs, participation: ParticipationInputs | null, now: Date, memberCurrency?: string): PromotionState {
  if (participation) {
    if (participation.granting && (participation.state === 'claimed' || participation.state === 'issued')) return 'process';
    return participation.state;
  }
  if (!promotion.enabled) return 'close';
  if (now < promotion.startsAt) return 'coming_soon';
  if (promotion.endsAt !== null && now >= promotion.endsAt) return 'close';
  if (memberCurrency !== undefined && memberCurrency !== promotion.currency) return 'close';
  return ACTION[promotion.kind];
}

/** Whether the state asks the member to act here, for a kind whose action is on this page. */
export const countsAsAvailable = (kind: PromotionKind, state: PromotionState): boolean => COUNTED_KINDS.has(kind) && ACTIONABLE_PROMOTION_STATES.includes(state);

/** A deposit match's bonus: `percent` % of the deposit, rounded down, at most the cap; nothing below the minimum deposit. */
export function depositMatchBonus(depositMinor: bigint, terms: Pick<DepositMatchTerms, 'percent' | 'maxBonusMinor' | 'minDepositMinor'>): bigint {
  if (depositMinor < BigInt(terms.minDepositMinor)) return 0n;
  const matched = (depositMinor * BigInt(terms.percent)) / 100n;
  const cap = BigInt(terms.maxBonusMinor);
  return matched < cap ? matched : cap;
}

/** One revision of a bet as cashback counts it. */
export interface CashbackBet {
  betId: string;
  revision: number;
  state: 'settled' | 'cancelled';
  betMinor: bigint;
  /** What the bet returned (win and adjustments). */
  winMinor: bigint;
}

/** A week's net loss: bets − wins over each bet at its highest revision; a cancelled bet counts nothing. */
export function weekNetLoss(bets: readonly CashbackBet[]): bigint {
  const latest = new Map<string, CashbackBet>();
  for (const bet of bets) {
    const seen = latest.get(bet.betId);
    if (!seen || bet.revision > seen.revision) latest.set(bet.betId, bet);
  }
  let loss = 0n;
  for (const bet of latest.values()) if (bet.state === 'settled') loss += bet.betMinor - bet.winMinor;
  return loss;
}

/** A week's cashback: the rate (basis points) of the net loss, rounded down, at most the cap; nothing below the minimum loss. */
export function cashbackAmount(lossMinor: bigint, terms: Pick<CashbackTerms, 'rateBasisPoints' | 'maxMinor' | 'minLossMinor'>): bigint {
  if (lossMinor <= 0n || lossMinor < BigInt(terms.minLossMinor)) return 0n;
  const amount = (lossMinor * BigInt(terms.rateBasisPoints)) / 10_000n;
  const cap = BigInt(terms.maxMinor);
  return amount < cap ? amount : cap;
}

/** The wallet key of a participation's bonus (a claim, a deposit match, an approval): one bonus per participation. */
export const participationGrantKey = (promotionId: string, participationId: string): string => `promotion:${promotionId}:participation:${participationId}`;
/** The house's key of a participation's free rounds: one grant per participation. */
export const freeRoundsGrantKey = (promotionId: string, participationId: string): string => `promotion:${promotionId}:participation:${participationId}:free-rounds`;
/** The wallet key of the bonus a participation's free rounds won. */
export const freeRoundsWinKey = (promotionId: string, participationId: string): string => `promotion:${promotionId}:participation:${participationId}:free-rounds-win`;
/** The wallet key of a week's cashback bonus: one per promotion, member and week. */
export const cashbackGrantKey = (promotionId: string, memberId: string, weekStart: string): string => `cashback:${promotionId}:${weekStart}:member:${memberId}`;
