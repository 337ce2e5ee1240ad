/**
 * The bet slip's rules, pure: adding and removing selections, what each kind of bet needs, price changes and the
 * player's odds acceptance, the stake's checks, what the slip costs and may pay, and the bodies it is placed with.
 * Money is worked in integer minor units; payouts come from the book's own maths (`potentialPayout`).
 */
import { capPayout, parlayPrice, PRICE_SCALE, potentialPayout, systemCombinations, type MarketType, type OddsAcceptance, type Sport, type SportsBetType, type SportsSlipBody } from '@wps/contracts';
import { AMOUNT_DECIMALS, normaliseAmount, toMinor } from '../../money';
import { isOver, type OddsUpdate } from './live';

export type SlipMode = SportsBetType;

/** One selection on the slip, with what the page needs to name it and to follow its price. */
export interface SlipPick {
  eventId: string;
  sport: Sport;
  /** "Home v Away", or the outright's name. */
  eventName: string;
  competition: string;
  home: string | null;
  away: string | null;
  /** An outright's entrant. */
  outcomeName: string | null;
  market: string;
  type: MarketType;
  line: number | null;
  period: number | null;
  outcome: string;
  /** The price the player took, in thousandths. */
  price: number;
  /** The book's price now, as pushes (or a refusal) bring it; equal to `price` until it moves. */
  current: number;
  /** The market takes bets and the outcome is offered. */
  available: boolean;
  /** The event is being played: the bet waits the live delay. */
  live: boolean;
}

/** A message for the player: a translation key and its values. */
export interface SlipMessage {
  key: string;
  params?: Record<string, string | number>;
}

export const pickId = (pick: Pick<SlipPick, 'eventId' | 'market' | 'outcome'>): string => `${pick.eventId}|${pick.market}|${pick.outcome}`;

/**
 * The slip after a price was picked: the same outcome again leaves the slip, another outcome of the same market takes
 * its place, anything else is added at the end while the slip has room (`full` when it has none).
 */
export function togglePick(slip: readonly SlipPick[], pick: SlipPick, max: number): { slip: SlipPick[]; full: boolean } {
  const id = pickId(pick);
  if (slip.some((entry) => pickId(entry) === id)) return { slip: slip.filter((entry) => pickId(entry) !== id), full: false };
  const sameMarket = slip.findIndex((entry) => entry.eventId === pick.eventId && entry.market === pick.market);
  if (sameMarket !== -1) return { slip: slip.map((entry, index) => (index === sameMarket ? pick : entry)), full: false };
  if (slip.length >= max) return { slip: [...slip], full: true };
  return { slip: [...slip, pick], full: false };
}

/** Whether two selections of the slip are of the same event (a parlay or system bet takes one per event). */
export const hasSameEvent = (slip: readonly SlipPick[]): boolean => new Set(slip.map((pick) => pick.eventId)).size !== slip.length;

/** The system sizes a slip of `count` selections allows: 2 up to one less than its selections. */
export function systemSizes(count: number): number[] {
  const sizes: number[] = [];
  for (let size = 2; size < count; size++) sizes.push(size);
  return sizes;
}

/** A system size the slip allows: the one chosen, else the smallest. */
export function fitSystemSize(count: number, chosen: number): number {
  const sizes = systemSizes(count);
  return sizes.includes(chosen) ? chosen : (sizes[0] ?? 2);
}

/** Why the slip cannot be placed as `mode`; null when it can. */
export function modeProblem(slip: readonly SlipPick[], mode: SlipMode): SlipMessage | null {
  if (slip.length === 0) return { key: 'sb_slip_empty' };
  if (mode === 'single') return null;
  if (slip.length < (mode === 'parlay' ? 2 : 3)) return { key: mode === 'parlay' ? 'sb_err_parlay_size' : 'sb_err_system_size' };
  if (hasSameEvent(slip)) return { key: 'sb_err_same_event' };
  return null;
}

/** Whether a price moving from `shown` to `now` is one the player accepts. */
export function acceptable(shown: number, now: number, acceptance: OddsAcceptance): boolean {
  if (now === shown || acceptance === 'any') return true;
  return acceptance === 'higher' && now > shown;
}

/** The selection's price moved and the player's acceptance refuses the move: they must accept it first. */
export const needsAcceptance = (pick: SlipPick, acceptance: OddsAcceptance): boolean => !acceptable(pick.price, pick.current, acceptance);

/** The price the selection is placed at: the book's price now when the player accepts the move, else theirs. */
export const placedPrice = (pick: SlipPick, acceptance: OddsAcceptance): number => (acceptable(pick.price, pick.current, acceptance) ? pick.current : pick.price);

/** The slip with every moved price taken: what the player saw is now the book's price. */
export const acceptChanges = (slip: readonly SlipPick[]): SlipPick[] => slip.map((pick) => (pick.current === pick.price ? pick : { ...pick, price: pick.current }));

/** The slip with the book's prices of a refusal (SPORTS_ODDS_CHANGED's `changed`). */
export function withBookPrices(slip: readonly SlipPick[], changed: ReadonlyArray<{ eventId: string; market: string; outcome: string; price: number }>): SlipPick[] {
  const prices = new Map(changed.map((entry) => [pickId(entry), entry.price]));
  return slip.map((pick) => {
    const price = prices.get(pickId(pick));
    return price === undefined || price === pick.current ? pick : { ...pick, current: price };
  });
}

/** The slip with a push's news: prices, suspensions, events going live or ending. The same slip when nothing changed. */
export function withUpdates(slip: readonly SlipPick[], updates: readonly OddsUpdate[]): SlipPick[] {
  let changed = false;
  const next = slip.map((pick) => {
    const update = updates.find((entry) => entry.eventId === pick.eventId);
    if (!update) return pick;
    let { current, available } = pick;
    const live = update.status === 'live';
    if (isOver(update.status)) available = false;
    const market = update.markets.find((entry) => entry.key === pick.market);
    if (market) {
      const outcome = market.outcomes.find((entry) => entry.outcome === pick.outcome);
      available = !isOver(update.status) && market.status === 'active' && outcome?.active === true;
      if (outcome) current = outcome.price;
    }
    if (current === pick.current && available === pick.available && live === pick.live) return pick;
    changed = true;
    return { ...pick, current, available, live };
  });
  return changed ? next : (slip as SlipPick[]);
}

/** The slip's stake as players typed it, checked against the book's limits (major units). */
export function stakeProblem(stakeText: string, limits: { minStake: string; maxStake: string }): SlipMessage | null {
  const stake = toMinor(stakeText);
  if (stake === null || stake <= 0n) return { key: 'sb_err_stake' };
  const min = toMinor(limits.minStake);
  const max = toMinor(limits.maxStake);
  if ((min !== null && stake < min) || (max !== null && stake > max)) return { key: 'sb_err_stake_limits', params: { min: limits.minStake, max: limits.maxStake } };
  return null;
}

/** Minor units as a decimal amount: 1250 → "12.50". */
export function minorText(minor: number, decimals = AMOUNT_DECIMALS): string {
  const negative = minor < 0;
  const digits = Math.abs(Math.trunc(minor))
    .toString()
    .padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

/** A typed amount in minor units, or null. */
export function minorOf(amount: string): number | null {
  const minor = toMinor(amount);
  return minor === null ? null : Number(minor);
}

export interface SlipFigures {
  /** How many bets the slip makes: one per single, one parlay, or the system's combinations. */
  bets: number;
  /** What the slip costs. */
  totalStakeMinor: number;
  /** What it pays if every selection wins, each bet held to the book's maximum payout. */
  payoutMinor: number;
  /** The product of the prices of a parlay (thousandths), for its total odds; null otherwise. */
  totalPrice: number | null;
}

/**
 * What the slip costs and may pay for a stake (per single, per parlay, or per combination of a system bet). Null when
 * the slip cannot be placed as `mode`, or a price is not a price.
 */
export function slipFigures(options: {
  slip: readonly SlipPick[];
  mode: SlipMode;
  systemSize: number;
  stakeMinor: number;
  maxPayoutMinor: number | null;
  acceptance: OddsAcceptance;
}): SlipFigures | null {
  const { slip, mode, systemSize, stakeMinor, maxPayoutMinor, acceptance } = options;
  if (modeProblem(slip, mode) || !Number.isSafeInteger(stakeMinor) || stakeMinor < 0) return null;
  const prices = slip.map((pick) => placedPrice(pick, acceptance));
  if (prices.some((price) => !Number.isSafeInteger(price) || price < PRICE_SCALE)) return null;
  const cap = (payout: number) => (maxPayoutMinor === null ? payout : capPayout(payout, maxPayoutMinor));
  if (mode === 'single') {
    const payoutMinor = prices.reduce((sum, price) => sum + cap(potentialPayout(stakeMinor, [price])), 0);
    return { bets: prices.length, totalStakeMinor: stakeMinor * prices.length, payoutMinor, totalPrice: null };
  }
  if (mode === 'parlay') {
    return { bets: 1, totalStakeMinor: stakeMinor, payoutMinor: cap(potentialPayout(stakeMinor, prices)), totalPrice: parlayPrice(prices) };
  }
  const size = fitSystemSize(prices.length, systemSize);
  const combinations = systemCombinations(prices.length, size);
  const payout = combinations.reduce(
    (sum, combination) =>
      sum +
      potentialPayout(
        stakeMinor,
        combination.map((index) => prices[index]!),
      ),
    0,
  );
  return { bets: combinations.length, totalStakeMinor: stakeMinor * combinations.length, payoutMinor: cap(payout), totalPrice: null };
}

/** The bodies the slip is placed with: one per selection for singles, else one. Without their requestIds. */
export function slipBodies(options: { slip: readonly SlipPick[]; mode: SlipMode; systemSize: number; stakeText: string; acceptance: OddsAcceptance }): SportsSlipBody[] {
  const { slip, mode, systemSize, stakeText, acceptance } = options;
  const stake = normaliseAmount(stakeText) ?? stakeText.trim();
  const selection = (pick: SlipPick) => ({ eventId: pick.eventId, market: pick.market, outcome: pick.outcome, price: placedPrice(pick, acceptance) });
  if (mode === 'single') return slip.map((pick) => ({ type: 'single', selections: [selection(pick)], stake, acceptOdds: acceptance }));
  const body: SportsSlipBody = { type: mode, selections: slip.map(selection), stake, acceptOdds: acceptance };
  if (mode === 'system') body.systemSize = fitSystemSize(slip.length, systemSize);
  return [body];
}

/** The odds changes a refusal carries (SPORTS_ODDS_CHANGED's value), or none. */
export function changedPrices(value: unknown): Array<{ eventId: string; market: string; outcome: string; price: number }> {
  if (typeof value !== 'object' || value === null || !('changed' in value) || !Array.isArray(value.changed)) return [];
  return (value.changed as unknown[]).flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { eventId, market, outcome, price } = entry as Record<string, unknown>;
    return typeof eventId === 'string' && typeof market === 'string' && typeof outcome === 'string' && typeof price === 'number' ? [{ eventId, market, outcome, price }] : [];
  });
}

/** The new offer a refused cash-out carries (SPORTS_CASHOUT_CHANGED's value), or null. */
export function changedOffer(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('offer' in value)) return null;
  return typeof value.offer === 'string' ? value.offer : null;
}

/** The slip's selection for an outcome of an event's market, at its price now. */
export function pickOf(
  event: {
    eventId: string;
    sport: Sport;
    competition: string;
    status: string;
    home: { name: string } | null;
    away: { name: string } | null;
    entrants: ReadonlyArray<{ id: string; name: string }> | null;
  },
  market: { key: string; type: MarketType; line: number | null; period: number | null; status: string },
  outcome: { outcome: string; price: number; active: boolean },
): SlipPick {
  return {
    eventId: event.eventId,
    sport: event.sport,
    eventName: event.home && event.away ? `${event.home.name} v ${event.away.name}` : event.competition,
    competition: event.competition,
    home: event.home?.name ?? null,
    away: event.away?.name ?? null,
    outcomeName: event.entrants?.find((entrant) => entrant.id === outcome.outcome)?.name ?? null,
    market: market.key,
    type: market.type,
    line: market.line,
    period: market.period,
    outcome: outcome.outcome,
    price: outcome.price,
    current: outcome.price,
    available: market.status === 'active' && outcome.active,
    live: event.status === 'live',
  };
}
