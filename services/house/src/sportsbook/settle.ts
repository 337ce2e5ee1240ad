import { sql } from 'drizzle-orm';
import { capPayout, cashOutOffer, parlayPayout, parlayPrice, potentialPayout, systemCombinations, systemPayout, type OutcomeSettlement } from '@wps/contracts';
import { rows, type Executor, bigintArray, textArray } from '@wps/platform';
import { betsWhere, eventsWhere, legsWhere, marketRef, marketsByKey, marketsWhere, type BetRow, type EventRow, type LegRow, type MarketRow } from './store.js';

/** A void settlement: the stake of the leg comes back (a cancelled match, a market the feed voided). */
export const voidSettlement = (outcome: string): OutcomeSettlement => ({ outcome, result: 0, voidFactor: 1 });

/**
 * How a leg stands now: void when its event was cancelled or its market's bets were cancelled over a window holding
 * the bet's placing time; else the market's settlement of its outcome; else open.
 */
export function legSettlement(leg: Pick<LegRow, 'outcome'>, market: MarketRow | undefined, event: EventRow | undefined, placedMs: number): OutcomeSettlement | undefined {
  if (event?.status === 'cancelled') return voidSettlement(leg.outcome);
  if (market?.cancelled) {
    const from = market.cancelled_from_ms ?? Number.NEGATIVE_INFINITY;
    const to = market.cancelled_to_ms ?? Number.POSITIVE_INFINITY;
    if (placedMs >= from && placedMs <= to) return voidSettlement(leg.outcome);
  }
  return market?.settlement?.find((settlement) => settlement.outcome === leg.outcome);
}

export interface BetFigures {
  /** What the bet pays now that it is decided (before cash-outs), capped at its maximum payout; null while open. */
  payoutMinor: bigint | null;
  /** Every leg void: the bet is cancelled and its stake given back. */
  allVoid: boolean;
  /** What it would pay if every open leg won at its placed price. */
  potentialMinor: bigint;
  /** A single's or parlay's total price at the placed prices; null for a system bet. */
  totalPrice: number | null;
}

const n = (value: string | bigint): number => Number(value);

/** The figures of a bet from its legs' settlements (one per leg, undefined while open). */
export function betFigures(
  bet: Pick<BetRow, 'bet_type' | 'system_size' | 'unit_minor' | 'max_payout_minor'>,
  legs: Pick<LegRow, 'price'>[],
  settlements: (OutcomeSettlement | undefined)[],
): BetFigures {
  const unit = n(bet.unit_minor);
  const priced = legs.map((leg, index) => ({ price: leg.price, ...(settlements[index] ? { settlement: settlements[index] } : {}) }));
  const max = n(bet.max_payout_minor);
  const allVoid = settlements.every((settlement) => settlement?.voidFactor === 1);
  let payout: number | null;
  let potential: number;
  let totalPrice: number | null = null;
  if (bet.bet_type === 'system') {
    const size = bet.system_size ?? 2;
    payout = systemPayout(unit, priced, size);
    potential = systemCombinations(legs.length, size).reduce(
      (sum, combination) =>
        sum +
        potentialPayout(
          unit,
          combination.map((index) => legs[index]!.price),
        ),
      0,
    );
  } else {
    payout = parlayPayout(unit, priced);
    potential = potentialPayout(
      unit,
      legs.map((leg) => leg.price),
    );
    totalPrice = parlayPrice(legs.map((leg) => leg.price));
  }
  return {
    payoutMinor: payout === null ? null : BigInt(capPayout(payout, max)),
    allVoid,
    potentialMinor: BigInt(capPayout(potential, max)),
    totalPrice,
  };
}

/** The full cash-out offer of an open bet now, or null (a suspended market, a lost leg, a system bet, a decided bet). */
export function offerOf(bet: BetRow, legs: LegRow[], markets: Map<string, MarketRow>, events: Map<string, EventRow>, marginBp: number): bigint | null {
  if (bet.status !== 'open' || bet.bet_type === 'system') return null;
  const parts = legs.map((leg) => {
    const market = markets.get(marketRef(leg.event_id, leg.market_key));
    const event = events.get(leg.event_id);
    const settlement = legSettlement(leg, market, event, bet.placed_ms);
    const current = market?.outcomes.find((outcome) => outcome.outcome === leg.outcome);
    const active = !!market && market.status === 'active' && !!current?.active && (event?.status === 'not_started' || event?.status === 'live');
    return { placedPrice: leg.price, marketActive: active, ...(current ? { currentPrice: current.price } : {}), ...(settlement ? { settlement } : {}) };
  });
  if (parts.every((part) => part.settlement)) return null;
  const offer = cashOutOffer({ stakeMinor: n(bet.unit_minor), legs: parts, marginBp });
  return offer === null || offer <= 0 ? null : BigInt(Math.min(offer, n(bet.max_payout_minor)));
}

export interface BetContext {
  legs: Map<string, LegRow[]>;
  markets: Map<string, MarketRow>;
  events: Map<string, EventRow>;
}

/** Loads the legs of the bets with their markets and events. */
export async function loadBetContext(tx: Executor, betIds: string[]): Promise<BetContext> {
  const legs = betIds.length ? await legsWhere(tx, sql`l.bet_id = ANY(${bigintArray(betIds)})`) : [];
  const byBet = new Map<string, LegRow[]>();
  for (const leg of legs) byBet.set(leg.bet_id, [...(byBet.get(leg.bet_id) ?? []), leg]);
  const eventIds = [...new Set(legs.map((leg) => leg.event_id))];
  const events = eventIds.length ? await eventsWhere(tx, sql`e.event_id = ANY(${textArray(eventIds)})`) : [];
  const markets = eventIds.length ? await marketsWhere(tx, sql`m.event_id = ANY(${textArray(eventIds)})`) : [];
  return {
    legs: byBet,
    markets: marketsByKey(markets),
    events: new Map(events.map((event) => [event.event_id, event])),
  };
}

/** How each of a bet's legs stands now (`legSettlement`), from the loaded markets and events. */
export const currentSettlements = (bet: Pick<BetRow, 'placed_ms'>, legs: LegRow[], context: BetContext): (OutcomeSettlement | undefined)[] =>
  legs.map((leg) => legSettlement(leg, context.markets.get(marketRef(leg.event_id, leg.market_key)), context.events.get(leg.event_id), bet.placed_ms));

/**
 * Brings the given bets up to date with their markets, in the caller's transaction, the bets locked. A bet whose legs
 * are all decided is settled (or cancelled when all are void) and what it is owed is queued as a wallet call: the
 * round's first payment is a `win` that settles it, a later change a `resettle` to the new total (money moves both
 * ways). A settled bet whose settlement was rolled back is open again; its money stays until it is settled again.
 * Cashed-out bets are final. Returns the bets whose state changed.
 */
export async function reevaluateBets(tx: Executor, betIds: string[], now = new Date()): Promise<string[]> {
  if (!betIds.length) return [];
  const bets = await betsWhere(tx, sql`b.bet_id = ANY(${bigintArray(betIds)}) AND b.status IN ('open', 'settled', 'cancelled')`, sql`ORDER BY b.bet_id FOR UPDATE`);
  if (!bets.length) return [];
  const context = await loadBetContext(
    tx,
    bets.map((bet) => bet.bet_id),
  );
  const changed: string[] = [];
  for (const bet of bets) {
    const legs = context.legs.get(bet.bet_id) ?? [];
    const settlements = currentSettlements(bet, legs, context);
    for (const [index, leg] of legs.entries()) {
      const settlement = settlements[index] ?? null;
      if (JSON.stringify(settlement) !== JSON.stringify(leg.settlement)) {
        await tx.execute(sql`UPDATE house.sb_legs SET settlement = ${settlement === null ? null : JSON.stringify(settlement)}::jsonb WHERE bet_id = ${bet.bet_id} AND idx = ${leg.idx}`);
      }
    }
    const figures = betFigures(bet, legs, settlements);
    if (figures.payoutMinor === null) {
      if (bet.status !== 'open') {
        await tx.execute(sql`UPDATE house.sb_bets SET status = 'open', payout_minor = NULL, settled_at = NULL WHERE bet_id = ${bet.bet_id}`);
        changed.push(bet.bet_id);
      }
      continue;
    }
    const status = figures.allVoid ? 'cancelled' : 'settled';
    const owed = BigInt(bet.cashed_out_minor) + figures.payoutMinor;
    const paid = BigInt(bet.paid_minor);
    const sameMoney = bet.round_settled && owed === paid;
    if (bet.status === status && bet.payout_minor !== null && BigInt(bet.payout_minor) === figures.payoutMinor && sameMoney) continue;
    await tx.execute(
      sql`UPDATE house.sb_bets SET status = ${status}, payout_minor = ${figures.payoutMinor.toString()}, settled_at = coalesce(settled_at, ${now.toISOString()}::timestamptz)
          WHERE bet_id = ${bet.bet_id}`,
    );
    if (!sameMoney) await queuePayment(tx, bet, owed);
    changed.push(bet.bet_id);
  }
  return changed;
}

/**
 * Queues the wallet call that brings the bet's round to `owedMinor` in total: a `win` of the difference that settles
 * an open round, else a `resettle` of a settled one. Each call gets the bet's next revision in its transaction id.
 */
export async function queuePayment(tx: Executor, bet: Pick<BetRow, 'bet_id' | 'paid_minor' | 'round_settled' | 'revision'>, owedMinor: bigint, settle = true): Promise<void> {
  const revision = bet.revision + 1;
  const paid = BigInt(bet.paid_minor);
  const operation = bet.round_settled ? 'resettle' : 'win';
  const amount = operation === 'win' ? owedMinor - paid : owedMinor;
  if (operation === 'win' && amount < 0n) throw new Error(`bet ${bet.bet_id}: an open round cannot be paid less than it was`);
  await tx.execute(
    sql`INSERT INTO house.sb_wallet_calls (bet_id, operation, transaction_id, amount_minor, settle)
        VALUES (${bet.bet_id}, ${operation}, ${`sb:${bet.bet_id}:r${revision}`}, ${amount.toString()}, ${operation === 'win' ? settle : true})`,
  );
  await tx.execute(sql`UPDATE house.sb_bets SET paid_minor = ${owedMinor.toString()}, round_settled = round_settled OR ${settle}, revision = ${revision} WHERE bet_id = ${bet.bet_id}`);
}

/** The open, settled or cancelled bets with a leg on any of these markets (`event|market` keys) or events. */
export async function betsOnMarkets(tx: Executor, keys: { eventId: string; market?: string }[]): Promise<string[]> {
  if (!keys.length) return [];
  const whole = [...new Set(keys.filter((key) => !key.market).map((key) => key.eventId))];
  const pairs = keys.filter((key) => key.market);
  const found = await rows<{ bet_id: string }>(
    tx,
    sql`SELECT DISTINCT l.bet_id::text AS bet_id FROM house.sb_legs l JOIN house.sb_bets b ON b.bet_id = l.bet_id
        WHERE b.status IN ('open', 'settled', 'cancelled')
          AND (l.event_id = ANY(${textArray(whole)})
               OR (l.event_id, l.market_key) IN (SELECT p->>'eventId', p->>'market' FROM jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) AS p))`,
  );
  return found.map((row) => row.bet_id);
}
