import { formatAmount } from '../../money';
import type { PromotionCardValue } from './promotionsState';
import { intlLocale } from '../../i18n/languages';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Minor units as an amount of two places with its currency ("150000", "MXN" → "1,500.00 MXN"). */
export function money(minor: string, currency: string): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(3, '0');
  return `${formatAmount(`${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`)} ${currency}`.trim();
}

/** Basis points as a percentage ("1000" → "10%", "250" → "2.5%"). */
export const percent = (basisPoints: number): string => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** A day in the reader's language ("30 nov 2025" / "Nov 30, 2025"). */
export function formatDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(intlLocale(language), { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A day and time in the reader's language. */
export function formatMoment(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(intlLocale(language), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** When a promotion runs, as the card shows it. */
export function periodText(card: Pick<PromotionCardValue, 'startsAt' | 'endsAt' | 'state'>, t: Translate, language: string, now = new Date()): string {
  if (card.state === 'coming_soon' || new Date(card.startsAt) > now) return t('promo_period_starts', { from: formatDay(card.startsAt, language) });
  if (card.endsAt === null) return t('promo_period_ongoing');
  return t('promo_period_until', { to: formatDay(card.endsAt, language) });
}

/** A house slot's name in the reader's language ("house-slot-fruits" → "Fruit Party"), its code when unknown. */
export const slotName = (code: string, t: Translate): string => t(`house_title_${code.replace(/^house-/, '').replace(/-/g, '_')}`, { defaultValue: code });

/** The address of a house slot's page, where its free rounds are played. */
export const slotPath = (code: string): string => `/house/${encodeURIComponent(code)}`;

/** Claimed free rounds still to be played: their spins' total is not known yet (once it is, they are over). */
export const freeRoundsToPlay = (card: PromotionCardValue): card is Extract<PromotionCardValue, { kind: 'free_rounds' }> =>
  card.kind === 'free_rounds' && card.state === 'claimed' && (card.participation?.bonusMinor ?? null) === null;

/** When free rounds claimed at `claimedAt` must be played by. */
export const freeRoundsPlayBy = (claimedAt: string, playDays: number): string => new Date(new Date(claimedAt).getTime() + playDays * 86_400_000).toISOString();

const wagering = (terms: { multiple: number; base?: 'bonus' | 'bonus_deposit' }, t: Translate): string =>
  terms.multiple === 0 ? t('promo_term_no_wagering') : t(terms.base === 'bonus_deposit' ? 'promo_term_wagering_bonus_deposit' : 'promo_term_wagering_bonus', { multiple: terms.multiple });

/** The key facts of a promotion's terms, one line each, in the reader's language. */
export function termLines(card: PromotionCardValue, t: Translate, language: string): string[] {
  const m = (minor: string) => money(minor, card.currency);
  switch (card.kind) {
    case 'deposit_match': {
      const { terms } = card;
      return [
        t('promo_term_match', { percent: terms.percent, max: m(terms.maxBonusMinor) }),
        t('promo_term_min_deposit', { amount: m(terms.minDepositMinor) }),
        wagering(terms, t),
        ...(terms.maxBetMinor ? [t('promo_term_max_bet', { amount: m(terms.maxBetMinor) })] : []),
        t('promo_term_days', { days: terms.days }),
      ];
    }
    case 'cash_bonus':
    case 'application': {
      const { terms } = card;
      return [
        t('promo_term_bonus', { amount: m(terms.amountMinor) }),
        wagering(terms, t),
        ...(terms.maxBetMinor ? [t('promo_term_max_bet', { amount: m(terms.maxBetMinor) })] : []),
        t('promo_term_days', { days: terms.days }),
        ...(card.kind === 'application' && card.terms.imagesRequired > 0 ? [t('promo_term_images', { count: card.terms.imagesRequired })] : []),
      ];
    }
    case 'free_rounds': {
      const { terms } = card;
      const rounds = { count: terms.rounds, game: slotName(terms.game, t), stake: m(terms.stakeMinor), multiple: terms.multiple, days: terms.playDays };
      return [
        t(terms.multiple === 0 ? 'promo_term_free_rounds_cash' : 'promo_term_free_rounds', rounds),
        ...(terms.multiple > 0 && terms.maxBetMinor ? [t('promo_term_max_bet', { amount: m(terms.maxBetMinor) })] : []),
        ...(terms.multiple > 0 ? [t('promo_term_free_rounds_bonus_days', { days: terms.days })] : []),
      ];
    }
    case 'cashback': {
      const { terms } = card;
      return [
        t('promo_term_cashback', { rate: percent(terms.rateBasisPoints), max: m(terms.maxMinor) }),
        t('promo_term_min_loss', { amount: m(terms.minLossMinor) }),
        ...(terms.gameTypes.length > 0 ? [t('promo_term_games', { games: terms.gameTypes.map((type) => t(`lobby_cat_${type}`, { defaultValue: type })).join(', ') })] : []),
        terms.payAs === 'reward' ? t('promo_term_pay_reward') : t('promo_term_pay_bonus'),
        ...(terms.payAs === 'bonus' ? [wagering({ multiple: terms.multiple, base: 'bonus' }, t)] : []),
      ];
    }
    case 'referral': {
      const { terms } = card;
      return [
        t('promo_term_referral_reward', { amount: m(terms.rewardMinor) }),
        t('promo_term_referral_condition', { deposit: m(terms.minDepositMinor), bet: m(terms.minValidBetMinor), days: terms.withinDays }),
        ...(terms.refereeBonusMinor ? [t('promo_term_referee', { amount: m(terms.refereeBonusMinor) })] : []),
      ];
    }
    case 'raffle': {
      const { terms } = card;
      return [
        t('promo_term_raffle_ticket', { amount: m(terms.ticketPerMinor) }),
        t('promo_term_raffle_draw', { date: formatMoment(terms.drawAt, language) }),
        ...[...terms.prizes].sort((a, b) => a.rank - b.rank).map((prize) => t('promo_term_raffle_prize', { rank: prize.rank, amount: m(prize.amountMinor) })),
      ];
    }
    case 'tournament': {
      const { terms } = card;
      return [
        t('promo_term_prize_pool', { amount: m(terms.prizePoolMinor) }),
        ...(terms.gameTypes.length > 0 ? [t('promo_term_games', { games: terms.gameTypes.map((type) => t(`lobby_cat_${type}`, { defaultValue: type })).join(', ') })] : []),
      ];
    }
  }
}

/** The headline figure of a card ("100% up to 2,000.00 MXN", "50.00 MXN", "10%", "20 free rounds · Fruit Party"). */
export function headline(card: PromotionCardValue, t: Translate): string {
  switch (card.kind) {
    case 'deposit_match':
      return `${card.terms.percent}% · ${money(card.terms.maxBonusMinor, card.currency)}`;
    case 'cash_bonus':
    case 'application':
      return money(card.terms.amountMinor, card.currency);
    case 'free_rounds':
      return t('promo_figure_free_rounds', { count: card.terms.rounds, game: slotName(card.terms.game, t) });
    case 'cashback':
      return percent(card.terms.rateBasisPoints);
    case 'referral':
      return money(card.terms.rewardMinor, card.currency);
    case 'raffle':
      return money(
        card.terms.prizes.reduce((sum, prize) => (BigInt(sum) + BigInt(prize.amountMinor)).toString(), '0'),
        card.currency,
      );
    case 'tournament':
      return money(card.terms.prizePoolMinor, card.currency);
  }
}

/** States that ask the member to act (a button that does something). */
export const isAction = (state: PromotionCardValue['state']): state is 'join' | 'claim' | 'applying' => state === 'join' || state === 'claim' || state === 'applying';

/** How many promotions open to the member home shows; the rest are a tap away on /promotions. */
export const HOME_PROMOTION_LIMIT = 3;

/** A bonus waiting to be claimed comes first, then what the member can join, then what takes an application. */
const ACTION_ORDER: Record<'claim' | 'join' | 'applying', number> = { claim: 0, join: 1, applying: 2 };

/** The promotions a member can act on now, for home: those waiting to be claimed first, then the brand's own order. */
export function openToMember(list: readonly PromotionCardValue[], limit = HOME_PROMOTION_LIMIT): PromotionCardValue[] {
  return list
    .flatMap((card) => (isAction(card.state) ? [{ card, order: ACTION_ORDER[card.state] }] : []))
    .sort((a, b) => a.order - b.order || a.card.sort - b.card.sort)
    .slice(0, limit)
    .map((entry) => entry.card);
}
