import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { parseMajor, type FeedMarket, type FeedMessage, type HouseTableEvent, type OutcomeSettlement, type SportsBet, type SportsEvent, type SportsbookMenu } from '@wps/contracts';
import { rows } from '@wps/platform';
import { apiCaller, eventually, registerTestMember } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import type { HouseServiceInstance } from '../app.js';

interface Member {
  token: string;
  id: string;
}
type Push = { v: number; type: string; data: HouseTableEvent };
type Placed = { bet: SportsBet; balance: string | null };

const LIVE_DELAY_MS = 600;

/** Football markets as a feed sends them: the result, an Asian handicap on a quarter line and a total. */
const footballMarkets = (prices: { home: number; draw: number; away: number }, status: FeedMarket['status'] = 'active'): FeedMarket[] => [
  {
    key: '1x2',
    spec: { type: '1x2' },
    status,
    outcomes: [
      { outcome: 'home', price: prices.home, active: true },
      { outcome: 'draw', price: prices.draw, active: true },
      { outcome: 'away', price: prices.away, active: true },
    ],
  },
  {
    key: 'asian_handicap:-1',
    spec: { type: 'asian_handicap', line: -1 },
    status,
    outcomes: [
      { outcome: 'home', price: 1900, active: true },
      { outcome: 'away', price: 1900, active: true },
    ],
  },
  {
    key: 'total:9',
    spec: { type: 'total', line: 9 },
    status,
    outcomes: [
      { outcome: 'over', price: 2000, active: true },
      { outcome: 'under', price: 1800, active: true },
    ],
  },
];

describe('the house sportsbook through the public API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  let ip = 1;
  const house = () => platform.instances.house as HouseServiceInstance;
  const seqs = new Map<string, number>();
  const next = (eventId: string) => {
    const seq = (seqs.get(eventId) ?? 0) + 1;
    seqs.set(eventId, seq);
    return seq;
  };
  const feed = (messages: FeedMessage[]) => house().sportsbook.ingest(messages);
  const at = Date.now();
  const fixture = (eventId: string, home: string, away: string, startsInMs = 3_600_000): FeedMessage => ({
    kind: 'fixture',
    eventId,
    seq: next(eventId),
    at,
    sport: 'football',
    competition: 'Test League',
    home: { id: `${eventId}-h`, name: home },
    away: { id: `${eventId}-a`, name: away },
    startsAt: Date.now() + startsInMs,
  });
  const odds = (eventId: string, markets: FeedMarket[], status: 'not_started' | 'live' | 'ended' | 'cancelled' = 'not_started', score?: { home: number; away: number }): FeedMessage => ({
    kind: 'odds_change',
    eventId,
    seq: next(eventId),
    at,
    status,
    markets,
    ...(score ? { score } : {}),
  });
  const settle = (eventId: string, home: number, away: number, markets: { key: string; outcomes: OutcomeSettlement[] }[]): FeedMessage => ({
    kind: 'bet_settlement',
    eventId,
    seq: next(eventId),
    at,
    result: { home, away },
    markets,
  });
  const win = (outcome: string): OutcomeSettlement => ({ outcome, result: 1, voidFactor: 0 });
  const lose = (outcome: string): OutcomeSettlement => ({ outcome, result: 0, voidFactor: 0 });
  const newEvent = async (prices = { home: 2000, draw: 3400, away: 3600 }) => {
    const eventId = `t:football:${randomUUID().slice(0, 8)}`;
    await feed([fixture(eventId, `Home ${eventId.slice(-4)}`, `Away ${eventId.slice(-4)}`), odds(eventId, footballMarkets(prices))]);
    return eventId;
  };

  const register = (deposit = '1000.00'): Promise<Member> => registerTestMember(call, platform.db, { prefix: 'sb', ip: `198.51.100.${ip++ % 250}`, deposit });
  const balance = async (member: Member) => parseMajor((await platform.clients.wallet.getBalance({ merchantCode: 'DEMO', memberId: member.id, currency: 'MXN' })).balance, 'MXN')!;
  const place = (member: Member, body: Record<string, unknown>, key: string = randomUUID()) => call<Placed>('POST', '/wps/house/sports/bets', { token: member.token, key, body });
  const myBets = async (member: Member, status: 'open' | 'settled' | '' = '') =>
    (await call<{ list: SportsBet[] }>('GET', `/wps/house/sports/bets?status=${status}&pageSize=100`, { token: member.token })).body.value.list;
  const betOf = async (member: Member, betId: string) => (await myBets(member)).find((bet) => bet.betId === betId)!;
  const paid = async () => {
    await house().sportsbook.payDue();
    const [due] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM house.sb_wallet_calls WHERE done_at IS NULL`);
    expect(due!.n).toBe(0);
  };
  const ledgerIsSound = async () => expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });

  beforeAll(async () => {
    platform = await startEmbedded({
      logLevel: process.env.SPORTSBOOK_TEST_LOG ?? 'silent',
      requestsPerIpPerMinute: 100_000,
      env: {
        HOUSE_SPORTSBOOK_FEED: 'none',
        HOUSE_SPORTSBOOK_LIVE_DELAY_MS: String(LIVE_DELAY_MS),
        HOUSE_LOTTERY_RUNNER: 'false',
        REGISTRATIONS_PER_IP_PER_HOUR: '1000',
        ARGON2_MEMORY_KIB: '1024',
      },
    });
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('shows the feed’s events and markets, ignores repeated messages and pushes odds to the sport’s room', async () => {
    const socket = io(platform.url, { transports: ['websocket'] });
    sockets.push(socket);
    const pushes: Push[] = [];
    socket.on('push', (push: Push) => pushes.push(push));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    expect(await new Promise<boolean>((resolve) => socket.emit('join-table', 'sports-football', resolve))).toBe(true);

    const eventId = await newEvent();
    const listed = await call<{ list: SportsEvent[]; totalCount: number }>('GET', '/wps/house/sports/events?sport=football&pageSize=100');
    expect(listed.status).toBe(200);
    const event = listed.body.value.list.find((candidate) => candidate.eventId === eventId)!;
    expect(event).toMatchObject({ sport: 'football', esport: false, status: 'not_started', room: 'sports-football', marketCount: 3 });
    expect(event.markets.map((market) => market.key)).toEqual(['1x2', 'asian_handicap:-1', 'total:9']);

    const detail = await call<SportsEvent>('GET', `/wps/house/sports/events/${eventId}`);
    expect(detail.body.value.markets.find((market) => market.key === 'total:9')).toMatchObject({ type: 'total', line: 9, status: 'active' });
    expect((await call('GET', '/wps/house/sports/events/t:football:nope')).body.code).toBe('SPORTS_EVENT_NOT_FOUND');

    // A message seen again (same sequence number) changes nothing.
    const stale: FeedMessage = { kind: 'odds_change', eventId, seq: 2, at, status: 'not_started', markets: footballMarkets({ home: 9000, draw: 9000, away: 9000 }) };
    expect((await feed([stale])).applied).toBe(0);
    expect((await call<SportsEvent>('GET', `/wps/house/sports/events/${eventId}`)).body.value.markets[0]!.outcomes[0]!.price).toBe(2000);

    await feed([odds(eventId, footballMarkets({ home: 1950, draw: 3500, away: 3700 }))]);
    await eventually(async () => pushes.some((push) => push.type === 'table' && push.data.kind === 'odds' && JSON.stringify(push.data.data).includes('1950')), 'the odds push');
    const menu = await call<SportsbookMenu>('GET', '/wps/house/sports');
    expect(menu.body.value.sports.find((sport) => sport.sport === 'football')!.upcoming).toBeGreaterThan(0);
    expect(menu.body.value.oddsFormat).toBe('decimal');
  });

  it('places a single, answers a replay with the same bet, and settles it through the wallet', async () => {
    const member = await register();
    const eventId = await newEvent();
    const before = await balance(member);
    const key = randomUUID();
    const body = { type: 'single', selections: [{ eventId, market: '1x2', outcome: 'home', price: 2000 }], stake: '10.00' };
    const placed = await place(member, body, key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.value.bet).toMatchObject({ type: 'single', status: 'open', stake: '10.00', potentialPayout: '20.00', totalPrice: 2000 });
    expect(placed.body.value.bet.cashOutOffer).not.toBeNull();
    expect(await balance(member)).toBe(before - 1000n);
    const again = await place(member, body, key);
    expect(again.body.value.bet.betId).toBe(placed.body.value.bet.betId);
    expect(await balance(member)).toBe(before - 1000n);
    expect((await place(member, { ...body, stake: '11.00' }, key)).body.code).toBe('IDEMPOTENCY_CONFLICT');

    await feed([settle(eventId, 2, 1, [{ key: '1x2', outcomes: [win('home'), lose('draw'), lose('away')] }])]);
    await paid();
    const settled = await betOf(member, placed.body.value.bet.betId);
    expect(settled).toMatchObject({ status: 'settled', payout: '20.00' });
    expect(settled.legs[0]!.state).toBe('won');
    expect(await balance(member)).toBe(before + 1000n);
    await ledgerIsSound();
  });

  it('refuses what the book cannot take, moving nothing', async () => {
    const member = await register('50.00');
    const eventId = await newEvent();
    const before = await balance(member);
    const refusal = async (body: Record<string, unknown>) => (await place(member, body)).body.code;
    const pick = { eventId, market: '1x2', outcome: 'home', price: 2000 };
    expect(await refusal({ type: 'single', selections: [pick], stake: '0.50' })).toBe('SPORTS_STAKE_LIMITS');
    expect(await refusal({ type: 'single', selections: [pick], stake: '60.00' })).toBe('INSUFFICIENT_FUNDS');
    expect(await refusal({ type: 'parlay', selections: [pick, { ...pick, market: 'total:9', outcome: 'over' }], stake: '1.00' })).toBe('SPORTS_SLIP_INVALID');
    expect(await refusal({ type: 'single', selections: [{ ...pick, outcome: 'nobody' }], stake: '1.00' })).toBe('SPORTS_SELECTION_UNAVAILABLE');
    expect(await refusal({ type: 'single', selections: [{ ...pick, price: 2100 }], stake: '1.00', acceptOdds: 'higher' })).toBe('SPORTS_ODDS_CHANGED');
    expect(await refusal({ type: 'single', selections: [{ ...pick, price: 1900 }], stake: '1.00', acceptOdds: 'none' })).toBe('SPORTS_ODDS_CHANGED');
    await feed([{ kind: 'bet_stop', eventId, seq: next(eventId), at }]);
    expect(await refusal({ type: 'single', selections: [pick], stake: '1.00' })).toBe('SPORTS_MARKET_SUSPENDED');
    expect(await balance(member)).toBe(before);
    // A higher price than the slip's is taken under "higher".
    await feed([odds(eventId, footballMarkets({ home: 2100, draw: 3300, away: 3500 }))]);
    const placed = await place(member, { type: 'single', selections: [pick], stake: '1.00', acceptOdds: 'higher' });
    expect(placed.body.value.bet.legs[0]!.price).toBe(2100);
  });

  it('settles a parlay with an Asian quarter line as a half-win, then resettles it after the feed’s correction', async () => {
    const member = await register();
    const first = await newEvent();
    const second = await newEvent();
    await feed([
      odds(second, [
        {
          key: 'asian_handicap:-3',
          spec: { type: 'asian_handicap', line: -3 },
          status: 'active',
          outcomes: [
            { outcome: 'home', price: 1900, active: true },
            { outcome: 'away', price: 1900, active: true },
          ],
        },
      ]),
    ]);
    const before = await balance(member);
    const placed = await place(member, {
      type: 'parlay',
      selections: [
        { eventId: first, market: '1x2', outcome: 'home', price: 2000 },
        { eventId: second, market: 'asian_handicap:-3', outcome: 'home', price: 1900 },
      ],
      stake: '10.00',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.value.bet).toMatchObject({ totalPrice: 3800, potentialPayout: '38.00' });
    const betId = placed.body.value.bet.betId;

    await feed([settle(first, 1, 0, [{ key: '1x2', outcomes: [win('home'), lose('draw'), lose('away')] }])]);
    expect((await betOf(member, betId)).status).toBe('open');
    // Home −0.75 winning by one: half the stake wins on −0.5, half is given back on −1.
    await feed([
      settle(second, 2, 1, [
        {
          key: 'asian_handicap:-3',
          outcomes: [
            { outcome: 'home', result: 1, voidFactor: 0.5 },
            { outcome: 'away', result: 0, voidFactor: 0.5 },
          ],
        },
      ]),
    ]);
    await paid();
    // 10 × 2.000 × (1.900 + 1) ÷ 2 = 29.00
    expect(await betOf(member, betId)).toMatchObject({ status: 'settled', payout: '29.00' });
    expect((await betOf(member, betId)).legs.map((leg) => leg.state)).toEqual(['won', 'half_won']);
    expect(await balance(member)).toBe(before - 1000n + 2900n);

    // The feed corrects the first event: its result was a draw. The bet loses; the win is taken back.
    await feed([
      { kind: 'rollback_bet_settlement', eventId: first, seq: next(first), at, markets: ['1x2'] },
      settle(first, 1, 1, [{ key: '1x2', outcomes: [lose('home'), win('draw'), lose('away')] }]),
    ]);
    await paid();
    expect(await betOf(member, betId)).toMatchObject({ status: 'settled', payout: '0.00' });
    expect(await balance(member)).toBe(before - 1000n);
    await ledgerIsSound();
  });

  it('voids the bets of a cancelled match and gives the stakes back', async () => {
    const member = await register();
    const eventId = await newEvent();
    const before = await balance(member);
    const placed = await place(member, { type: 'single', selections: [{ eventId, market: 'total:9', outcome: 'over', price: 2000 }], stake: '25.00' });
    expect(await balance(member)).toBe(before - 2500n);
    await feed([{ kind: 'bet_cancel', eventId, seq: next(eventId), at, reason: 'match abandoned' }, odds(eventId, [], 'cancelled')]);
    await paid();
    expect(await betOf(member, placed.body.value.bet.betId)).toMatchObject({ status: 'cancelled', payout: '25.00' });
    expect((await betOf(member, placed.body.value.bet.betId)).legs[0]!.state).toBe('void');
    expect(await balance(member)).toBe(before);
    await ledgerIsSound();
  });

  it('counts a void leg of a parlay as price 1 and settles a system bet as its combinations', async () => {
    const member = await register();
    const events = [await newEvent(), await newEvent(), await newEvent()];
    const parlay = await place(member, {
      type: 'parlay',
      selections: events.slice(0, 2).map((eventId) => ({ eventId, market: '1x2', outcome: 'home', price: 2000 })),
      stake: '10.00',
    });
    const system = await place(member, {
      type: 'system',
      systemSize: 2,
      selections: events.map((eventId) => ({ eventId, market: '1x2', outcome: 'home', price: 2000 })),
      stake: '1.00',
    });
    expect(system.body.value.bet).toMatchObject({ combinations: 3, stake: '3.00', potentialPayout: '12.00' });
    const before = await balance(member);
    await feed([
      { kind: 'bet_cancel', eventId: events[0]!, seq: next(events[0]!), at, markets: ['1x2'], reason: 'market voided' },
      settle(events[1]!, 2, 0, [{ key: '1x2', outcomes: [win('home'), lose('draw'), lose('away')] }]),
      settle(events[2]!, 0, 2, [{ key: '1x2', outcomes: [lose('home'), lose('draw'), win('away')] }]),
    ]);
    await paid();
    // Parlay: void × 2.000 → 20.00. System 2/3: {void, win} 2.00 + {void, lose} 0 + {win, lose} 0 → 2.00.
    expect(await betOf(member, parlay.body.value.bet.betId)).toMatchObject({ status: 'settled', payout: '20.00' });
    expect(await betOf(member, system.body.value.bet.betId)).toMatchObject({ status: 'settled', payout: '2.00' });
    expect(await balance(member)).toBe(before + 2000n + 200n);
    await ledgerIsSound();
  });

  it('cashes out in part and in whole, and refuses while a market is suspended or the offer fell', async () => {
    const member = await register();
    const eventId = await newEvent();
    const placed = await place(member, { type: 'single', selections: [{ eventId, market: '1x2', outcome: 'home', price: 2000 }], stake: '100.00' });
    const betId = placed.body.value.bet.betId;
    // The price shortens: the bet is worth more. Offer ≈ 100 × 2.000 ÷ 1.600 × 0.95 = 118.75.
    await feed([odds(eventId, footballMarkets({ home: 1600, draw: 4000, away: 5500 }))]);
    const offer = (await betOf(member, betId)).cashOutOffer!;
    expect(offer).toBe('118.75');
    const cashOut = (body: Record<string, unknown>, key: string = randomUUID()) =>
      call<{ bet: SportsBet; amount: string }>('POST', `/wps/house/sports/bets/${betId}/cashout`, { token: member.token, key, body });
    expect((await cashOut({ expectedOffer: '150.00' })).body.code).toBe('SPORTS_CASHOUT_CHANGED');
    expect((await cashOut({ expectedOffer: offer, amount: '200.00' })).body.code).toBe('SPORTS_CASHOUT_AMOUNT');
    await feed([{ kind: 'bet_stop', eventId, seq: next(eventId), at }]);
    expect((await cashOut({ expectedOffer: offer })).body.code).toBe('SPORTS_CASHOUT_UNAVAILABLE');
    await feed([odds(eventId, footballMarkets({ home: 1600, draw: 4000, away: 5500 }))]);

    const before = await balance(member);
    const partial = await cashOut({ expectedOffer: offer, amount: '50.00' });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.value.amount).toBe('50.00');
    // 50 of 118.75 cashes 42.11 of the stake (rounded up); 57.89 keeps riding.
    expect(partial.body.value.bet).toMatchObject({ status: 'open', stake: '57.89', cashedOut: '50.00' });
    expect(await balance(member)).toBe(before + 5000n);

    const rest = (await betOf(member, betId)).cashOutOffer!;
    const whole = await cashOut({ expectedOffer: rest });
    expect(whole.body.value.bet).toMatchObject({ status: 'cashed_out' });
    expect(await balance(member)).toBe(before + 5000n + parseMajor(rest, 'MXN')!);
    // Settling the match later changes nothing for a cashed-out bet.
    await feed([settle(eventId, 3, 0, [{ key: '1x2', outcomes: [win('home'), lose('draw'), lose('away')] }])]);
    await paid();
    expect(await balance(member)).toBe(before + 5000n + parseMajor(rest, 'MXN')!);
    await ledgerIsSound();
  });

  it('refuses a live bet when the market is suspended during the acceptance delay', async () => {
    const member = await register();
    const eventId = await newEvent();
    await feed([odds(eventId, footballMarkets({ home: 2000, draw: 3400, away: 3600 }), 'live', { home: 0, away: 0 })]);
    const before = await balance(member);
    const body = { type: 'single', selections: [{ eventId, market: '1x2', outcome: 'home', price: 2000 }], stake: '5.00' };
    const pending = place(member, body);
    await new Promise((resolve) => setTimeout(resolve, LIVE_DELAY_MS / 3));
    await feed([{ kind: 'bet_stop', eventId, seq: next(eventId), at }]);
    await feed([odds(eventId, footballMarkets({ home: 2000, draw: 3400, away: 3600 }), 'live', { home: 0, away: 0 })]);
    expect((await pending).body.code).toBe('SPORTS_MARKET_SUSPENDED');
    expect(await balance(member)).toBe(before);
    // Without a stop the live bet is accepted after the delay.
    const accepted = await place(member, body);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.value.bet.legs[0]!.live).toBe(true);
  });

  it('keeps the member’s odds format', async () => {
    const member = await register('0');
    expect((await call('PUT', '/wps/house/sports/odds-format', { token: member.token, body: { oddsFormat: 'malay' } })).status).toBe(200);
    expect((await call<SportsbookMenu>('GET', '/wps/house/sports', { token: member.token })).body.value.oddsFormat).toBe('malay');
    expect((await call('PUT', '/wps/house/sports/odds-format', { token: member.token, body: { oddsFormat: 'roman' } })).status).toBe(400);
  });
});
