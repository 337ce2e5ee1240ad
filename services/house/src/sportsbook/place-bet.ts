import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatMinor, isEsport, parseMajor, potentialPayout, SPORTS_SYSTEM_MAX_COMBINATIONS, systemBetCount, systemCombinations, type OddsAcceptance, type SportsSlipBody } from '@wps/contracts';
import { AppError, rows, type Database, type Executor, type Logger, textArray } from '@wps/platform';
import { isWalletAnswer } from '../tables/wallet-retries.js';
import { SPORTS_LIMITS } from './config.js';
import { reevaluateBets } from './settle.js';
import { betsWhere, eventName, eventsWhere, marketRef, marketsByKey, marketsWhere, type BetRow, type EventRow, type MarketRow } from './store.js';
import { SPORTSBOOK_GAME_CODE, sportsWalletIds, type SportsWallet } from './wallet.js';

export interface PlaceBetDeps {
  db: Database;
  wallet: SportsWallet;
  logger: Logger;
  liveDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface PlaceBetInput extends SportsSlipBody {
  player: { memberId: string; merchantCode: string; currency: string };
  requestId?: string | undefined;
}

interface Chosen {
  event: EventRow;
  market: MarketRow;
  price: number;
  live: boolean;
}

const field = (index: number, name: string) => `selections.${index}.${name}`;

/** Whether the book's price may replace the slip's under the member's acceptance setting. */
const acceptable = (slip: number, book: number, accept: OddsAcceptance): boolean => accept === 'any' || book === slip || (accept === 'higher' && book > slip);

/** Checks the slip's shape: one selection for a single; distinct events for a parlay or system bet. */
function checkShape(input: PlaceBetInput): number {
  const count = input.selections.length;
  const distinct = new Set(input.selections.map((selection) => selection.eventId)).size;
  if (input.type === 'single') {
    if (count !== 1) throw new AppError('SPORTS_SLIP_INVALID', { field: 'selections', params: { detail: 'a single has one selection' } });
    return 1;
  }
  if (count < 2) throw new AppError('SPORTS_SLIP_INVALID', { field: 'selections', params: { detail: 'a parlay needs two selections or more' } });
  if (distinct !== count) throw new AppError('SPORTS_SLIP_INVALID', { field: 'selections', params: { detail: 'one selection per event' } });
  if (input.type === 'parlay') return 1;
  const size = input.systemSize;
  if (size === undefined || size < 2 || size >= count)
    throw new AppError('SPORTS_SLIP_INVALID', { field: 'systemSize', params: { detail: `a system bet combines 2 to ${count - 1} of its selections` } });
  const combinations = systemBetCount(count, size);
  if (combinations > SPORTS_SYSTEM_MAX_COMBINATIONS) throw new AppError('SPORTS_SLIP_INVALID', { field: 'systemSize', params: { detail: `at most ${SPORTS_SYSTEM_MAX_COMBINATIONS} combinations` } });
  return combinations;
}

/** Finds each selection in the book, available and at an acceptable price; the book's price is the bet's. */
async function choose(tx: Executor, input: PlaceBetInput, since?: number): Promise<Chosen[]> {
  const eventIds = [...new Set(input.selections.map((selection) => selection.eventId))];
  const events = new Map((await eventsWhere(tx, sql`e.event_id = ANY(${textArray(eventIds)})`)).map((event) => [event.event_id, event]));
  const markets = marketsByKey(await marketsWhere(tx, sql`m.event_id = ANY(${textArray(eventIds)})`));
  const changed: { eventId: string; market: string; outcome: string; price: number }[] = [];
  const chosen = input.selections.map((selection, index): Chosen => {
    const event = events.get(selection.eventId);
    if (!event) throw new AppError('SPORTS_EVENT_NOT_FOUND', { field: field(index, 'eventId') });
    const name = eventName(event);
    if (event.status !== 'not_started' && event.status !== 'live') throw new AppError('SPORTS_SELECTION_UNAVAILABLE', { field: field(index, 'eventId'), params: { detail: name } });
    const market = markets.get(marketRef(selection.eventId, selection.market));
    const outcome = market?.outcomes.find((candidate) => candidate.outcome === selection.outcome);
    if (!market || !outcome || market.cancelled) throw new AppError('SPORTS_SELECTION_UNAVAILABLE', { field: field(index, 'market'), params: { detail: name } });
    if (market.status === 'suspended' || (since !== undefined && market.stopped_ms !== null && market.stopped_ms >= since)) {
      throw new AppError('SPORTS_MARKET_SUSPENDED', { field: field(index, 'market') });
    }
    if (market.status !== 'active' || !outcome.active) throw new AppError('SPORTS_SELECTION_UNAVAILABLE', { field: field(index, 'outcome'), params: { detail: name } });
    if (!acceptable(selection.price, outcome.price, input.acceptOdds)) changed.push({ eventId: selection.eventId, market: selection.market, outcome: selection.outcome, price: outcome.price });
    return { event, market, price: outcome.price, live: event.status === 'live' };
  });
  if (changed.length) throw new AppError('SPORTS_ODDS_CHANGED', { field: 'selections', value: { changed } });
  return chosen;
}

/** The most a bet may pay: the book's maximum payout, and what the stake and prices can pay at most. */
function potentialOf(input: PlaceBetInput, unitMinor: bigint, prices: number[]): bigint {
  if (input.type !== 'system') return BigInt(potentialPayout(Number(unitMinor), prices));
  return systemCombinations(prices.length, input.systemSize!).reduce(
    (sum, combination) =>
      sum +
      BigInt(
        potentialPayout(
          Number(unitMinor),
          combination.map((index) => prices[index]!),
        ),
      ),
    0n,
  );
}

async function existing(db: Database, memberId: string, requestKey: string): Promise<BetRow | undefined> {
  const [bet] = await betsWhere(db.orm, sql`b.member_id = ${memberId} AND b.request_key = ${requestKey}`);
  return bet;
}

/**
 * Places one bet of a slip. The slip is checked against the book (events open, markets active, prices acceptable),
 * the stake against the limits and the potential payout against the maximum; a bet with a live selection then waits
 * the acceptance delay and is checked again (a bet stop or a refused price move in that time refuses it). The bet and
 * its legs are written as pending, the stake debited under ids derived from the bet, and the bet opened. A refused
 * debit removes nothing but marks the bet failed; a debit whose outcome is unknown is rolled back. The same key
 * answers the first bet.
 */
export async function placeSportsBet(deps: PlaceBetDeps, input: PlaceBetInput): Promise<{ betId: string; balance: string | null; settledAtOnce: boolean }> {
  const { player } = input;
  const requestKey = input.requestId;
  if (!requestKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const hash = createHash('sha256')
    .update(JSON.stringify({ type: input.type, systemSize: input.systemSize ?? null, selections: input.selections, stake: input.stake, acceptOdds: input.acceptOdds, currency: player.currency }))
    .digest('hex');
  const replay = async (bet: BetRow) => {
    if (bet.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    if (bet.status === 'pending') throw new AppError('SPORTS_BET_IN_PROGRESS');
    if (bet.status === 'failed') throw new AppError('SPORTS_WALLET_UNAVAILABLE');
    const balance = await deps.wallet.balance({ player: player.memberId, currency: player.currency }).then(
      (answer) => answer.balance,
      () => null,
    );
    return { betId: bet.bet_id, balance, settledAtOnce: false };
  };
  const earlier = await existing(deps.db, player.memberId, requestKey);
  if (earlier) return replay(earlier);

  const combinations = checkShape(input);
  const currency = player.currency;
  const unitMinor = parseMajor(input.stake, currency);
  const min = parseMajor(SPORTS_LIMITS.minStake, currency)!;
  const max = parseMajor(SPORTS_LIMITS.maxStake, currency)!;
  const maxPayout = parseMajor(SPORTS_LIMITS.maxPayout, currency)!;
  if (unitMinor === undefined || unitMinor < min || unitMinor * BigInt(combinations) > max) {
    throw new AppError('SPORTS_STAKE_LIMITS', { field: 'stake', params: { min: formatMinor(min, currency), max: formatMinor(max, currency) } });
  }
  const startedAt = Date.now();
  let chosen = await choose(deps.db.orm, input);
  if (
    potentialOf(
      input,
      unitMinor,
      chosen.map((pick) => pick.price),
    ) > maxPayout
  ) {
    throw new AppError('SPORTS_MAX_PAYOUT', { field: 'stake', params: { max: formatMinor(maxPayout, currency) } });
  }
  const totalMinor = unitMinor * BigInt(combinations);
  const funds = await deps.wallet.balance({ player: player.memberId, currency });
  const available = parseMajor(funds.balance, currency);
  if (available !== undefined && available < totalMinor) throw new AppError('INSUFFICIENT_FUNDS');

  if (chosen.some((pick) => pick.live) && deps.liveDelayMs > 0) {
    await (deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(deps.liveDelayMs);
    chosen = await choose(deps.db.orm, input, startedAt);
  }

  let betId: string;
  try {
    betId = await deps.db.transaction(async (tx) => {
      const [bet] = await rows<{ bet_id: string }>(
        tx,
        sql`INSERT INTO house.sb_bets (member_id, merchant_code, currency, request_key, request_hash, bet_type, system_size, combinations, unit_minor, placed_unit_minor, max_payout_minor, status)
            VALUES (${player.memberId}, ${player.merchantCode}, ${currency}, ${requestKey}, ${hash}, ${input.type}, ${input.type === 'system' ? input.systemSize! : null}, ${combinations},
                    ${unitMinor.toString()}, ${unitMinor.toString()}, ${maxPayout.toString()}, 'pending')
            RETURNING bet_id::text AS bet_id`,
      );
      const legs = chosen.map((pick, index) => ({
        idx: index,
        event_id: pick.event.event_id,
        market_key: pick.market.market_key,
        outcome: input.selections[index]!.outcome,
        price: pick.price,
        live: pick.live,
      }));
      await tx.execute(
        sql`INSERT INTO house.sb_legs (bet_id, idx, event_id, market_key, outcome, price, live)
            SELECT ${bet!.bet_id}::bigint, (l->>'idx')::int, l->>'event_id', l->>'market_key', l->>'outcome', (l->>'price')::int, (l->>'live')::boolean
            FROM jsonb_array_elements(${JSON.stringify(legs)}::jsonb) AS l`,
      );
      return bet!.bet_id;
    });
  } catch (error) {
    // The same bet sent twice at once: the other request placed it; answer it, whatever refused this one.
    const other = await existing(deps.db, player.memberId, requestKey);
    if (other) return replay(other);
    throw error;
  }

  const ids = sportsWalletIds(betId);
  const gameType = chosen.every((pick) => isEsport(pick.event.sport)) ? 'ESPORTS' : 'SPORTS';
  let balance: string | null = null;
  try {
    const answer = await deps.wallet.bet({
      player: player.memberId,
      currency,
      transactionId: ids.bet,
      roundId: ids.roundId,
      gameType,
      gameCode: SPORTSBOOK_GAME_CODE,
      amount: formatMinor(totalMinor, currency),
    });
    balance = answer.balance;
  } catch (error) {
    // A refusal moved nothing; an unknown outcome is rolled back (a rollback that fails leaves the bet pending for the
    // sweep, which rolls it back later).
    const settled = isWalletAnswer(error) || (await rollbackDebit(deps, { bet_id: betId, member_id: player.memberId, currency }));
    if (settled) await deps.db.orm.execute(sql`UPDATE house.sb_bets SET status = 'failed' WHERE bet_id = ${betId} AND status = 'pending'`);
    if (isWalletAnswer(error)) throw error;
    throw new AppError('SPORTS_WALLET_UNAVAILABLE', { cause: error });
  }
  const settledAtOnce = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE house.sb_bets SET status = 'open' WHERE bet_id = ${betId} AND status = 'pending'`);
    // A market settled while the debit was on its way settles the bet at once.
    return (await reevaluateBets(tx, [betId])).length > 0;
  });
  return { betId, balance, settledAtOnce };
}

/** Gives back a debit whose outcome is unknown; safe before it arrives (the wallet then refuses the late debit). */
export async function rollbackDebit(deps: Pick<PlaceBetDeps, 'wallet' | 'logger'>, bet: Pick<BetRow, 'bet_id' | 'member_id' | 'currency'>): Promise<boolean> {
  const ids = sportsWalletIds(bet.bet_id);
  try {
    await deps.wallet.rollback({ player: bet.member_id, currency: bet.currency, transactionId: ids.rollback, betTransactionId: ids.bet, roundId: ids.roundId });
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, betId: bet.bet_id }, 'sportsbook: rolling back a debit failed; the sweep retries');
    return false;
  }
}
