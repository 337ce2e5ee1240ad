import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { apiCaller, eventually } from '@wps/platform/testing';
import { parseMajor, sportsRoom, type SportsBet, type SportsEvent, type SportsbookMenu } from '@wps/contracts';
import { clusterEnv, registerFundedMember, uniqueUsername, useClusterDatabase } from './support.js';

/**
 * The house sportsbook with every service in its own process: the runner (one lease holder) reads the simulated feed
 * into PostgreSQL; its odds changes travel house outbox → Kafka → gateway → Socket.IO to a watching guest; a bet
 * through the cluster gateway is debited through the wallet's signed vendor API over HTTP, and a cash-out pays
 * through it.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl } = clusterEnv('GATEWAY_URL', 'DATABASE_URL');

const call = apiCaller(gateway);
type TablePush = { type: string; data: { tableId: string; kind: string; data: { events?: { eventId: string }[] } } };

describe('house sportsbook in cluster mode', () => {
  const db = useClusterDatabase(databaseUrl);
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('reads the feed, pushes live odds, takes a bet through the wallet and cashes it out', async () => {
    await eventually(async () => (await call<SportsbookMenu>('GET', '/wps/house/sports')).body.value.sports.every((sport) => sport.live + sport.upcoming > 0), 'events of every sport', 60_000);

    const guest: Socket = io(gateway, { transports: ['websocket'] });
    sockets.push(guest);
    const pushes: TablePush[] = [];
    guest.on('push', (push: TablePush) => push.type === 'table' && push.data.kind === 'odds' && pushes.push(push));
    await eventually(() => guest.connected, 'the guest socket', 10_000);
    for (const sport of ['football', 'basketball', 'tennis', 'cs2'] as const) expect(await guest.timeout(5_000).emitWithAck('join-table', sportsRoom(sport))).toBe(true);
    // Live matches move their prices every few seconds.
    await eventually(() => pushes.some((push) => (push.data.data.events ?? []).length > 0), 'a live odds push', 30_000);

    const upcoming = (await call<{ list: SportsEvent[] }>('GET', '/wps/house/sports/events?status=upcoming&sport=football&pageSize=50')).body.value.list;
    const event = upcoming.find((candidate) => candidate.markets.some((market) => market.key === '1x2' && market.status === 'active'))!;
    expect(event, 'an upcoming football match with its result market open').toBeDefined();
    const market = event.markets.find((candidate) => candidate.key === '1x2')!;
    const home = market.outcomes.find((outcome) => outcome.outcome === 'home')!;

    const { token, memberId } = await registerFundedMember(call, db, uniqueUsername('sbc'), '100.00');
    const key = randomUUID();
    const body = { type: 'single', selections: [{ eventId: event.eventId, market: '1x2', outcome: 'home', price: home.price }], stake: '10.00', acceptOdds: 'any' };
    const answers = await Promise.all([
      call<{ bet: SportsBet; balance: string }>('POST', '/wps/house/sports/bets', { token, key, body }),
      call<{ bet: SportsBet; balance: string }>('POST', '/wps/house/sports/bets', { token, key, body }),
    ]);
    // Either request may reach the book first: the one that places the bet answers 200.
    const [placed, again] = answers[0].status === 200 ? answers : [answers[1], answers[0]];
    expect(placed.status, JSON.stringify(answers.map((answer) => answer.body))).toBe(200);
    // The same key at the same moment is either the same bet or told the bet is still being placed.
    if (again.status !== 200) expect([again.status, again.body.code]).toEqual([409, 'SPORTS_BET_IN_PROGRESS']);
    else expect(again.body.value.bet.betId).toBe(placed.body.value.bet.betId);
    expect(placed.body.value.balance).toBe('90.00');
    const betId = placed.body.value.bet.betId;
    const round = await db.query<{ game_type: string; bet_total_minor: string; state: string }>(
      `SELECT game_type, bet_total_minor::text AS bet_total_minor, state FROM wallet.rounds WHERE vendor = 'HOUSE' AND round_id = $1`,
      [`sb:${betId}`],
    );
    expect(round.rows).toEqual([{ game_type: 'SPORTS', bet_total_minor: '1000', state: 'open' }]);

    // Cash-out at the offer shown (the price may move between the read and the call: read again and try again).
    let cashed: { bet: SportsBet; amount: string; balance: string | null } | undefined;
    for (let attempt = 0; attempt < 5 && !cashed; attempt += 1) {
      const mine = (await call<{ list: SportsBet[] }>('GET', '/wps/house/sports/bets?status=open', { token })).body.value.list.find((bet) => bet.betId === betId)!;
      if (!mine.cashOutOffer) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      const answer = await call<{ bet: SportsBet; amount: string; balance: string | null }>('POST', `/wps/house/sports/bets/${betId}/cashout`, {
        token,
        key: randomUUID(),
        body: { expectedOffer: mine.cashOutOffer },
      });
      if (answer.status === 200) cashed = answer.body.value;
      else expect(['SPORTS_CASHOUT_CHANGED', 'SPORTS_CASHOUT_UNAVAILABLE']).toContain(answer.body.code);
    }
    expect(cashed, 'a cash-out').toBeDefined();
    expect(cashed!.bet.status).toBe('cashed_out');
    const expected = 9_000n + parseMajor(cashed!.amount, 'MXN')!;
    await eventually(async () => {
      const [row] = (await db.query<{ balance_minor: string }>(`SELECT balance_minor::text FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = $1 AND kind = 'main'`, [memberId])).rows;
      return row?.balance_minor === expected.toString();
    }, 'the cash-out credited');
    const ledger = await db.query<{ sum: string | null }>(`SELECT sum(amount_minor)::text AS sum FROM wallet.entries`);
    expect(ledger.rows[0]!.sum).toBe('0');
  });
});
