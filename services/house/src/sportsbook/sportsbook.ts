import { sql } from 'drizzle-orm';
import {
  ESPORTS,
  formatMinor,
  isEsport,
  ODDS_FORMATS,
  SPORTS,
  SPORTS_SLIP_MAX_SELECTIONS,
  type FeedMessage,
  type houseSportsbookRpcMethods,
  type OddsFormat,
  type RpcHandlers,
  type SportsBet,
} from '@wps/contracts';
import { AppError, rows, type Database, type Executor, type Logger, type Outbox, textArray } from '@wps/platform';
import { TableLeaseRunner } from '../tables/table-lease.js';
import { cashOutBet } from './cashout.js';
import { demoFinalSettlement, demoPastEvents, demoPastSlips, demoPlayersToSeed, markSeeded, type DemoPlayer } from './demo.js';
import { SPORTS_LIMITS, type HouseSportsbookConfig } from './config.js';
import { ingestFeed, type IngestResult } from './ingest.js';
import { placeSportsBet, rollbackDebit } from './place-bet.js';
import { betFigures, currentSettlements, loadBetContext, offerOf } from './settle.js';
import { betsWhere, betView, eventsWhere, eventView, isMainMarket, marketsWhere, type BetRow, type EventRow, type MarketRow } from './store.js';
import { sportsWalletIds, type SportsWallet } from './wallet.js';

export type SportsbookHandlers = RpcHandlers<typeof houseSportsbookRpcMethods>;

/** A feed the runner reads by steps: everything that happened up to a moment, in order. */
export interface SteppedFeed {
  step(at: number): FeedMessage[];
}

export interface SportsbookDeps {
  db: Database;
  outbox: Outbox;
  wakeRelay: () => void;
  wallet: SportsWallet;
  logger: Logger;
  config: HouseSportsbookConfig;
  /** Makes the feed when the runner takes its lease; none: events arrive only through `ingest`. */
  feed?: () => SteppedFeed;
  /** A prefix that tells this feed's event ids from those of an earlier run of a feed that keeps no state. */
  feedTag?: () => string;
}

const RUNNER_ID = 'sportsbook';
/** The runner reads the feed this often. */
const STEP_MS = 1_000;
/** A bet still pending this long lost its placer (a crash): its debit is rolled back. */
const STALE_PENDING_MS = 60_000;
/** Wallet calls of different bets made at once. */
const PAY_CONCURRENCY = 8;

const MARKET_ORDER = ['1x2', 'moneyline', 'outright', 'asian_handicap', 'handicap', 'total', 'btts', 'period_winner', 'correct_score'];
const marketOrder = (a: MarketRow, b: MarketRow) =>
  MARKET_ORDER.indexOf(a.spec.type) - MARKET_ORDER.indexOf(b.spec.type) || (a.spec.period ?? 0) - (b.spec.period ?? 0) || (a.spec.line ?? 0) - (b.spec.line ?? 0);

/**
 * The house sportsbook. Every instance takes bets and answers queries; whichever instance holds the runner's lease
 * reads the feed (one transaction per batch of messages), pays what settled bets are owed through the wallet, and
 * rolls back debits a crash left pending.
 */
export class HouseSportsbook {
  private readonly leases: TableLeaseRunner;
  private feed: SteppedFeed | undefined;
  private paying: Promise<void> | undefined;

  constructor(private readonly deps: SportsbookDeps) {
    this.leases = new TableLeaseRunner({ db: deps.db, logger: deps.logger, table: 'house.sportsbook_runner', failureMessage: 'sportsbook runner turn failed; retrying' });
  }

  async start(): Promise<void> {
    if (!this.deps.config.HOUSE_SPORTSBOOK_RUNNER) return;
    this.leases.start([RUNNER_ID], { recover: () => this.recover(), turn: () => this.turn(), restMs: () => STEP_MS });
  }

  async stop(): Promise<void> {
    await this.leases.stop();
    await this.paying;
  }

  /** On taking the lease: a new feed; events of an earlier feed that keeps no state are cancelled (open bets refunded). */
  private async recover(): Promise<void> {
    if (this.deps.feed) {
      this.feed = this.deps.feed();
      const tag = this.deps.feedTag?.();
      if (tag) {
        const orphans = await eventsWhere(this.deps.db.orm, sql`e.status IN ('not_started', 'live') AND e.event_id NOT LIKE ${`${tag}:%`}`);
        if (orphans.length) {
          const at = Date.now();
          const cancels: FeedMessage[] = orphans.map((event) => ({ kind: 'bet_cancel', eventId: event.event_id, seq: Number(event.last_seq) + 1, at, reason: 'feed restarted' }));
          const closes: FeedMessage[] = orphans.map((event) => ({ kind: 'odds_change', eventId: event.event_id, seq: Number(event.last_seq) + 2, at, status: 'cancelled', markets: [] }));
          await this.ingest([...cancels, ...closes]);
        }
      }
    }
    await this.sweepPending();
  }

  private async turn(): Promise<void> {
    if (this.feed) {
      const messages = this.feed.step(Date.now());
      if (messages.length) await this.ingest(messages);
      if (this.deps.config.SEED_DEMO) await this.seedDemo();
    }
    await this.payDue();
  }

  /**
   * Gives each demo player waiting for it a sportsbook history, through the same calls members make: three bets on
   * matches of its past, settled (a single won, a parlay lost, a single cashed out before its match), and two open
   * bets on the feed's events of later today or the coming days (so they stay open for a while). It waits until the feed has events; a failed attempt is tried again on the
   * next turn (every bet and cash-out has its own key, every message its sequence number).
   */
  private async seedDemo(): Promise<void> {
    const players = await demoPlayersToSeed(this.deps.db);
    if (!players.length) return;
    const upcoming = await rows<{ event_id: string; market_key: string; price: number }>(
      this.deps.db.orm,
      sql`SELECT m.event_id, m.market_key, (m.outcomes->0->>'price')::int AS price FROM house.sb_markets m JOIN house.sb_events e ON e.event_id = m.event_id
          WHERE e.status = 'not_started' AND e.starts_at > now() + interval '6 hours' AND e.event_id NOT LIKE 'demo-%' AND m.market_key IN ('1x2', 'moneyline') AND m.status = 'active' AND (m.outcomes->0->>'active')::boolean
          ORDER BY e.starts_at, e.event_id LIMIT 3`,
    );
    if (upcoming.length < 3) return;
    for (const player of players) {
      try {
        await this.seedDemoPlayer(player, upcoming);
        await markSeeded(this.deps.db, player.memberId);
      } catch (error) {
        this.deps.logger.warn({ err: error, memberId: player.memberId }, 'sportsbook: the demo player’s bets will be tried again');
      }
    }
  }

  private async seedDemoPlayer(player: DemoPlayer, upcoming: { event_id: string; market_key: string; price: number }[]): Promise<void> {
    const placeDeps = { db: this.deps.db, wallet: this.deps.wallet, logger: this.deps.logger, liveDelayMs: 0 };
    const now = Date.now();
    const past = demoPastEvents(player.memberId, now);
    await this.ingest(past.offered);
    const placed: string[] = [];
    for (const [index, slip] of demoPastSlips(past.ids).entries()) {
      placed.push((await placeSportsBet(placeDeps, { ...slip, player, requestId: `demo-sportsbook-past-${index}` })).betId);
    }
    await this.ingest(past.played);
    const offer = (await this.oneBet(this.deps.db.orm, placed[2]!)).cashOutOffer;
    if (offer) await cashOutBet(this.deps.db, SPORTS_LIMITS.cashOutMarginBp, { player, betId: placed[2]!, expectedOffer: offer, requestId: 'demo-sportsbook-cashout' });
    await this.ingest(demoFinalSettlement(past.ids, now));
    const [first, second, third] = upcoming as [(typeof upcoming)[number], (typeof upcoming)[number], (typeof upcoming)[number]];
    const pick = (row: typeof first) => ({ eventId: row.event_id, market: row.market_key, outcome: 'home', price: row.price });
    await placeSportsBet(placeDeps, { type: 'single', selections: [pick(first)], stake: '25', acceptOdds: 'any', player, requestId: 'demo-sportsbook-open-single' });
    await placeSportsBet(placeDeps, { type: 'parlay', selections: [pick(second), pick(third)], stake: '10', acceptOdds: 'any', player, requestId: 'demo-sportsbook-open-parlay' });
    await this.payDue();
  }

  /** Applies feed messages in one transaction, then pays what they settled. */
  async ingest(messages: FeedMessage[]): Promise<IngestResult> {
    const result = await this.deps.db.transaction((tx) => ingestFeed(tx, this.deps.outbox, messages));
    this.deps.wakeRelay();
    if (result.bets.length) await this.payDue();
    return result;
  }

  /** Rolls back debits that a crash left pending. */
  async sweepPending(): Promise<void> {
    const stale = await betsWhere(this.deps.db.orm, sql`b.status = 'pending' AND b.placed_at < now() - make_interval(secs => ${STALE_PENDING_MS / 1000})`, sql`LIMIT 100`);
    for (const bet of stale) {
      if (await rollbackDebit(this.deps, bet)) await this.deps.db.orm.execute(sql`UPDATE house.sb_bets SET status = 'failed' WHERE bet_id = ${bet.bet_id} AND status = 'pending'`);
    }
  }

  /**
   * Makes the queued wallet calls, oldest first, each bet's in order (a bet's later call waits for its earlier one);
   * different bets go side by side. A call that fails stays queued for the next turn. The runner's sweeps over every
   * bet run one at a time; a member's own bet (a cash-out, a bet settled while it was placed) is paid at once, beside
   * them: a call made twice at the same moment moves money once (its transaction id), and each run keeps a bet's
   * calls in order.
   */
  async payDue(onlyBet?: string): Promise<string | null> {
    if (onlyBet) return this.pay(onlyBet);
    while (this.paying) await this.paying;
    const run = this.pay().then(() => undefined);
    this.paying = run;
    try {
      await run;
    } finally {
      this.paying = undefined;
    }
    return null;
  }

  private async pay(onlyBet?: string): Promise<string | null> {
    let balance: string | null = null;
    const due = await rows<{ call_id: string; bet_id: string; operation: 'win' | 'resettle'; transaction_id: string; amount_minor: string; settle: boolean; member_id: string; currency: string }>(
      this.deps.db.orm,
      sql`SELECT c.call_id::text AS call_id, c.bet_id::text AS bet_id, c.operation, c.transaction_id, c.amount_minor::text AS amount_minor, c.settle, b.member_id, b.currency
          FROM house.sb_wallet_calls c JOIN house.sb_bets b ON b.bet_id = c.bet_id
          WHERE c.done_at IS NULL ${onlyBet ? sql`AND c.bet_id = ${onlyBet}::bigint` : sql``} ORDER BY c.call_id LIMIT 500`,
    );
    const byBet = new Map<string, typeof due>();
    for (const call of due) byBet.set(call.bet_id, [...(byBet.get(call.bet_id) ?? []), call]);
    const chains = [...byBet.values()];
    const worker = async () => {
      for (let chain = chains.shift(); chain; chain = chains.shift()) {
        for (const call of chain) {
          const ids = sportsWalletIds(call.bet_id);
          const amount = formatMinor(BigInt(call.amount_minor), call.currency);
          try {
            const answer =
              call.operation === 'win'
                ? await this.deps.wallet.win({
                    player: call.member_id,
                    currency: call.currency,
                    transactionId: call.transaction_id,
                    roundId: ids.roundId,
                    betTransactionId: ids.bet,
                    amount,
                    settle: call.settle,
                  })
                : await this.deps.wallet.resettle({ player: call.member_id, currency: call.currency, transactionId: call.transaction_id, roundId: ids.roundId, winAmount: amount });
            if (call.bet_id === onlyBet) balance = answer.balance;
            await this.deps.db.orm.execute(sql`UPDATE house.sb_wallet_calls SET done_at = now(), attempts = attempts + 1 WHERE call_id = ${call.call_id}`);
          } catch (error) {
            this.deps.logger.warn({ err: error, betId: call.bet_id, transactionId: call.transaction_id }, 'sportsbook: a payment failed; it is retried');
            await this.deps.db.orm.execute(sql`UPDATE house.sb_wallet_calls SET attempts = attempts + 1 WHERE call_id = ${call.call_id}`);
            break;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: PAY_CONCURRENCY }, worker));
    return balance;
  }

  private async memberFormat(tx: Executor, memberId: string | undefined): Promise<OddsFormat> {
    if (!memberId) return 'decimal';
    const [row] = await rows<{ odds_format: OddsFormat }>(tx, sql`SELECT odds_format FROM house.sb_preferences WHERE member_id = ${memberId}`);
    return row?.odds_format ?? 'decimal';
  }

  /** Bets with their legs, events, cash-out offers and potential payouts, as members see them. */
  private async betViews(tx: Executor, bets: BetRow[]): Promise<SportsBet[]> {
    const context = await loadBetContext(
      tx,
      bets.map((bet) => bet.bet_id),
    );
    return bets.map((bet) => {
      const legs = context.legs.get(bet.bet_id) ?? [];
      const settlements = currentSettlements(bet, legs, context);
      const figures = betFigures({ ...bet, unit_minor: bet.status === 'cashed_out' ? bet.placed_unit_minor : bet.unit_minor }, legs, settlements);
      const offerMinor = offerOf(bet, legs, context.markets, context.events, SPORTS_LIMITS.cashOutMarginBp);
      return betView(bet, { legs, settlements, events: context.events, offerMinor, potentialMinor: figures.potentialMinor, totalPrice: figures.totalPrice });
    });
  }

  private async oneBet(tx: Executor, betId: string): Promise<SportsBet> {
    const bets = await betsWhere(tx, sql`b.bet_id = ${betId}::bigint`);
    const [view] = await this.betViews(tx, bets);
    if (!view) throw new AppError('SPORTS_BET_NOT_FOUND', { field: 'betId' });
    return view;
  }

  handlers(): SportsbookHandlers {
    const { db } = this.deps;
    return {
      sportsbookMenu: async ({ memberId, currency }) => {
        const counts = await rows<{ sport: string; live: number; upcoming: number }>(
          db.orm,
          sql`SELECT sport, count(*) FILTER (WHERE status = 'live')::int AS live, count(*) FILTER (WHERE status = 'not_started')::int AS upcoming
              FROM house.sb_events WHERE status IN ('not_started', 'live') GROUP BY sport`,
        );
        const bySport = new Map(counts.map((row) => [row.sport, row]));
        return {
          sports: SPORTS.map((sport) => ({ sport, esport: isEsport(sport), live: bySport.get(sport)?.live ?? 0, upcoming: bySport.get(sport)?.upcoming ?? 0 })),
          currency: currency ?? null,
          limits: {
            minStake: SPORTS_LIMITS.minStake,
            maxStake: SPORTS_LIMITS.maxStake,
            maxPayout: SPORTS_LIMITS.maxPayout,
            maxSelections: SPORTS_SLIP_MAX_SELECTIONS,
            liveDelaySeconds: Math.ceil(this.deps.config.HOUSE_SPORTSBOOK_LIVE_DELAY_MS / 1000),
            cashOutMarginBp: SPORTS_LIMITS.cashOutMarginBp,
          },
          oddsFormat: await this.memberFormat(db.orm, memberId),
        };
      },
      // Live matches first, then matches by kick-off, then outrights.
      sportsEvents: async ({ sport, status, group, pageNo, pageSize }) => {
        const statuses = status === 'live' ? ['live'] : status === 'upcoming' ? ['not_started'] : ['live', 'not_started'];
        const sports = sport ? [sport] : group === 'esports' ? [...ESPORTS] : group === 'sports' ? SPORTS.filter((candidate) => !isEsport(candidate)) : [...SPORTS];
        const where = sql`e.status = ANY(${textArray(statuses)}) AND e.sport = ANY(${textArray(sports)})`;
        const [total] = await rows<{ count: number }>(db.orm, sql`SELECT count(*)::int AS count FROM house.sb_events e WHERE ${where}`);
        const events = await eventsWhere(db.orm, where, sql`ORDER BY (e.status = 'live') DESC, (e.entrants IS NOT NULL), e.starts_at, e.event_id LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`);
        const ids = events.map((event) => event.event_id);
        const markets = ids.length ? await marketsWhere(db.orm, sql`m.event_id = ANY(${textArray(ids)}) AND m.status IN ('active', 'suspended')`) : [];
        const list = events.map((event) => {
          const own = markets.filter((market) => market.event_id === event.event_id).sort(marketOrder);
          return eventView(
            event,
            own.filter((market) => isMainMarket(market.spec, market.main)),
            own.length,
          );
        });
        return { list, totalCount: total?.count ?? 0, pageNo, pageSize };
      },
      sportsEvent: async ({ eventId }) => {
        const [event] = await eventsWhere(db.orm, sql`e.event_id = ${eventId}`);
        if (!event) throw new AppError('SPORTS_EVENT_NOT_FOUND', { field: 'eventId' });
        const markets = (await marketsWhere(db.orm, sql`m.event_id = ${eventId}`)).sort(marketOrder);
        return eventView(event, markets);
      },
      placeSportsBet: async (input) => {
        const placed = await placeSportsBet({ db, wallet: this.deps.wallet, logger: this.deps.logger, liveDelayMs: this.deps.config.HOUSE_SPORTSBOOK_LIVE_DELAY_MS }, input);
        // A bet settled while it was placed (rare) is paid at once.
        if (placed.settledAtOnce) await this.payDue(placed.betId);
        return { bet: await this.oneBet(db.orm, placed.betId), balance: placed.balance };
      },
      sportsMyBets: async ({ memberId, status, pageNo, pageSize }) => {
        const where =
          status === 'open'
            ? sql`b.member_id = ${memberId} AND b.status = 'open'`
            : status === 'settled'
              ? sql`b.member_id = ${memberId} AND b.status IN ('settled', 'cashed_out', 'cancelled')`
              : sql`b.member_id = ${memberId} AND b.status NOT IN ('pending', 'failed')`;
        const [total] = await rows<{ count: number }>(db.orm, sql`SELECT count(*)::int AS count FROM house.sb_bets b WHERE ${where}`);
        const bets = await betsWhere(db.orm, where, sql`ORDER BY b.bet_id DESC LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`);
        return { list: await this.betViews(db.orm, bets), totalCount: total?.count ?? 0, pageNo, pageSize };
      },
      cashOutSportsBet: async (input) => {
        const { amountMinor, betId } = await cashOutBet(db, SPORTS_LIMITS.cashOutMarginBp, input);
        const balance = await this.payDue(betId);
        return { bet: await this.oneBet(db.orm, betId), amount: formatMinor(amountMinor, input.player.currency), balance };
      },
      setSportsOddsFormat: async ({ memberId, oddsFormat }) => {
        if (!ODDS_FORMATS.includes(oddsFormat)) throw new AppError('VALIDATION_FAILED', { field: 'oddsFormat' });
        await db.orm.execute(
          sql`INSERT INTO house.sb_preferences (member_id, odds_format) VALUES (${memberId}, ${oddsFormat})
              ON CONFLICT (member_id) DO UPDATE SET odds_format = excluded.odds_format, updated_at = now()`,
        );
        return { oddsFormat };
      },
    };
  }
}

export type { EventRow };
