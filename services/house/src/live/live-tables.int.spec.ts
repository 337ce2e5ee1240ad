import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import type { HouseTableEvent, LiveBet, LiveGame, LiveTableState } from '@wps/contracts';
import { BP, returnBp } from './games.js';
import { startEmbedded, type EmbeddedPlatform } from '../../../../embedded/src/host.js';

// Short rounds.
const shortRounds = {
  HOUSE_LIVE_TABLES: '',
  HOUSE_LIVE_BETTING_SECONDS: '4',
  HOUSE_LIVE_PAUSE_MS: '200',
  HOUSE_LIVE_REVEAL_MS: '100',
  HOUSE_LIVE_CRASH_GROWTH: '0.0004',
  HOUSE_LIVE_TICK_MS: '100',
};

type Push = { v: number; type: string; data: HouseTableEvent };

async function member(call: ReturnType<typeof apiCaller>, deposit: string): Promise<{ token: string; memberId: string }> {
  const username = `live${randomUUID().slice(0, 8).replace(/-/g, '')}`;
  const registered = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', { body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true } });
  expect(registered.status).toBe(200);
  const token = registered.body.value.token;
  if (!deposit) return { token, memberId: String(registered.body.value.user.id) };
  const funded = await call('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: deposit }, headers: { 'idempotency-key': randomUUID() } });
  expect(funded.status).toBe(200);
  return { token, memberId: String(registered.body.value.user.id) };
}

const balanceOf = async (call: ReturnType<typeof apiCaller>, token: string) => (await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token })).body.value.balance;

/** Waits for a round of the table that is taking bets with at least `marginMs` left, and returns it. */
async function openRound(call: ReturnType<typeof apiCaller>, tableId: string, marginMs = 900, timeoutMs = 15_000): Promise<LiveTableState['round'] & object> {
  let found: LiveTableState['round'] = null;
  await eventually(
    async () => {
      const state = (await call<LiveTableState>('GET', `/wps/house/live/tables/${tableId}`)).body.value;
      found = state.round;
      return !!found && found.status === 'betting' && found.closesAt - state.serverTime > marginMs;
    },
    `an open round at ${tableId}`,
    timeoutMs,
  );
  return found!;
}

describe('house live tables through the HTTP API and Socket.IO (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const sockets: Socket[] = [];
  const betCount = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM house.live_bets`))[0]!.n;

  beforeAll(async () => {
    // The specs poll table states every 10 ms while waiting for a round; on a slow machine that outruns the per-address budget.
    platform = await startEmbedded({ logLevel: 'silent', requestsPerIpPerMinute: 100_000, env: shortRounds });
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.close();
  });

  it('lists the tables with their limits and published client seeds', async () => {
    const tables = await call<Array<{ tableId: string; game: string; minBet: string; maxBet: string; clientSeed: string }>>('GET', '/wps/house/live/tables');
    expect(tables.status).toBe(200);
    expect(tables.body.value.map((table) => table.game).sort()).toEqual(['baccarat', 'cockfight', 'crash', 'dragon-tiger', 'roulette']);
    expect(tables.body.value.find((table) => table.tableId === 'roulette-1')).toMatchObject({ minBet: '1', maxBet: '2000', clientSeed: 'wps-house-roulette-1' });
    expect((await call('GET', '/wps/house/live/tables/nope-1')).body.code).toBe('LIVE_TABLE_NOT_FOUND');
  });

  it('takes roulette bets in the window, refuses bad ones without changing anything, settles through the wallet and pushes every step to watchers', async () => {
    const player = await member(call, '100.00');
    const watcher: Socket = io(platform.url, { transports: ['websocket'] });
    sockets.push(watcher);
    const pushes: Push[] = [];
    watcher.on('push', (push: Push) => push.type === 'table' && pushes.push(push));
    await eventually(() => watcher.connected, 'the guest socket');
    expect(await watcher.timeout(2_000).emitWithAck('join-table', 'roulette-1')).toBe(true);

    const round = await openRound(call, 'roulette-1', 3_000);
    const placed = await call<{ bets: LiveBet[]; balance: string }>('POST', '/wps/house/live/tables/roulette-1/bets', {
      token: player.token,
      body: {
        roundId: round.roundId,
        bets: [
          { spot: 'red', amount: '10' },
          { spot: 'straight-7', amount: '5.00' },
        ],
      },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.value.balance).toBe('85.00');
    expect(placed.body.value.bets.map((bet) => [bet.spot, bet.amount, bet.status])).toEqual([
      ['red', '10.00', 'placed'],
      ['straight-7', '5.00', 'placed'],
    ]);

    const betsBefore = await betCount();
    const refusals: Array<[unknown, number, string]> = [
      [{ roundId: round.roundId, bets: [{ spot: 'red', amount: '0.50' }] }, 400, 'LIVE_BET_LIMITS'],
      [{ roundId: round.roundId, bets: [{ spot: 'red', amount: '2500' }] }, 400, 'LIVE_BET_LIMITS'],
      [{ roundId: round.roundId, bets: [{ spot: 'banker', amount: '5' }] }, 400, 'LIVE_BET_SPOT_INVALID'],
      [{ roundId: round.roundId, bets: [{ spot: 'split-3-4', amount: '5' }] }, 400, 'LIVE_BET_SPOT_INVALID'],
      [{ roundId: round.roundId, bets: [{ spot: 'black', amount: '1000' }] }, 409, 'INSUFFICIENT_FUNDS'],
      [{ roundId: 'roulette-1.999999', bets: [{ spot: 'red', amount: '5' }] }, 409, 'LIVE_ROUND_CLOSED'],
    ];
    for (const [body, status, code] of refusals) {
      const refused = await call('POST', '/wps/house/live/tables/roulette-1/bets', { token: player.token, body });
      expect([refused.status, refused.body.code]).toEqual([status, code]);
      expect(refused.body.message).toBeTruthy();
    }
    expect((await call('POST', '/wps/house/live/tables/roulette-1/bets', { body: refusals[0]![0] })).status).toBe(401);
    expect(await betCount()).toBe(betsBefore);
    expect(await balanceOf(call, player.token)).toBe('85.00');

    // After the window the same round refuses.
    await eventually(async () => Date.now() > round.closesAt + 50, 'the window to close', 5_000);
    const late = await call('POST', '/wps/house/live/tables/roulette-1/bets', { token: player.token, body: { roundId: round.roundId, bets: [{ spot: 'red', amount: '5' }] } });
    // Betting closed (the round is being drawn) or, once it settled, the round closed: either way refused.
    expect(late.status).toBe(409);
    expect(late.body.code).toMatch(/^LIVE_(BETTING|ROUND)_CLOSED$/);
    expect(await betCount()).toBe(betsBefore);

    await eventually(() => pushes.some((push) => push.data.roundId === round.roundId && push.data.kind === 'settled'), 'the settled push', 10_000);
    const kinds = pushes.filter((push) => push.data.roundId === round.roundId).map((push) => push.data.kind);
    expect(kinds).toEqual(expect.arrayContaining(['bets', 'betting-closed', 'result', 'settled']));
    expect(kinds.indexOf('betting-closed')).toBeLessThan(kinds.indexOf('result'));
    const result = pushes.find((push) => push.data.roundId === round.roundId && push.data.kind === 'result')!.data.data as { result: { number: number; color: string }; serverSeed: string };
    const number = result.result.number;
    const expectedPayout = (result.result.color === 'red' ? 20 : 0) + (number === 7 ? 180 : 0);

    const myBets = (await call<LiveBet[]>('GET', '/wps/house/live/tables/roulette-1/my-bets', { token: player.token })).body.value;
    expect(
      myBets
        .filter((bet) => bet.roundId === round.roundId)
        .map((bet) => bet.status)
        .every((status) => status === 'won' || status === 'lost'),
    ).toBe(true);
    expect(Number(await balanceOf(call, player.token))).toBe(85 + expectedPayout);

    const history = (await call<Array<{ roundId: string; serverSeed: string; seedHash: string; result: { number: number } }>>('GET', '/wps/house/live/tables/roulette-1/history')).body.value;
    const entry = history.find((item) => item.roundId === round.roundId)!;
    expect(entry.result.number).toBe(number);
    expect(entry.serverSeed).toBe(result.serverSeed);
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('crash: a bet during the window, a cash-out while the curve runs, paid at the multiplier the server clock gives', async () => {
    const player = await member(call, '50.00');
    for (let attempt = 0; attempt < 6; attempt++) {
      // A high crash point keeps the previous curve running a while (1000× is the cap).
      const round = await openRound(call, 'crash-1', 900, 40_000);
      const placed = await call<{ balance: string }>('POST', '/wps/house/live/tables/crash-1/bets', { token: player.token, body: { roundId: round.roundId, bets: [{ spot: 'crash', amount: '10' }] } });
      expect(placed.status).toBe(200);
      const second = await call('POST', '/wps/house/live/tables/crash-1/bets', { token: player.token, body: { roundId: round.roundId, bets: [{ spot: 'crash', amount: '1' }] } });
      expect(second.body.code).toBe('LIVE_ONE_BET_PER_ROUND');
      const balance = Number(placed.body.value.balance);
      await eventually(async () => (await call<LiveTableState>('GET', '/wps/house/live/tables/crash-1')).body.value.round?.status !== 'betting', 'the curve to start', 6_000);
      const cashed = await call<{ bet: LiveBet; balance: string }>('POST', '/wps/house/live/tables/crash-1/cashout', { token: player.token, body: { roundId: round.roundId } });
      if (cashed.status !== 200) {
        // This round busted before the cash-out arrived (1.00 comes about twice in a hundred rounds): the stake is lost.
        expect(cashed.body.code).toBe('LIVE_ROUND_CLOSED');
        continue;
      }
      const multiplier = Number(cashed.body.value.bet.cashoutMultiplier);
      expect(multiplier).toBeGreaterThanOrEqual(1);
      expect(cashed.body.value.bet.status).toBe('won');
      expect(Number(cashed.body.value.balance)).toBeCloseTo(balance + (10 * Math.round(multiplier * 100)) / 100, 2);
      const again = await call('POST', '/wps/house/live/tables/crash-1/cashout', { token: player.token, body: { roundId: round.roundId } });
      expect(again.body.code).toMatch(/LIVE_CASHOUT_UNAVAILABLE|LIVE_ROUND_CLOSED/);
      expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
      return;
    }
    throw new Error('no crash round let a cash-out through');
  }, 240_000);

  it.each([
    ['baccarat-1', 'baccarat', 'banker'],
    ['dragon-tiger-1', 'dragon-tiger', 'dragon'],
    ['cockfight-1', 'cockfight', 'meron'],
  ] as Array<[string, LiveGame, string]>)(
    '%s: a bet settles at the published payout for the pushed result',
    async (tableId, game, spot) => {
      const player = await member(call, '100.00');
      const watcher: Socket = io(platform.url, { auth: { token: player.token }, transports: ['websocket'] });
      sockets.push(watcher);
      const pushes: Push[] = [];
      watcher.on('push', (push: Push) => push.type === 'table' && pushes.push(push));
      await eventually(() => watcher.connected, 'the member socket');
      expect(await watcher.timeout(2_000).emitWithAck('join-table', tableId)).toBe(true);
      const round = await openRound(call, tableId, 1_500);
      if (game === 'cockfight') expect(Number(round.odds!.meron)).toBeGreaterThan(0);
      const placed = await call<{ balance: string }>('POST', `/wps/house/live/tables/${tableId}/bets`, { token: player.token, body: { roundId: round.roundId, bets: [{ spot, amount: '20' }] } });
      expect(placed.body.value.balance).toBe('80.00');
      await eventually(() => pushes.some((push) => push.data.roundId === round.roundId && push.data.kind === 'settled'), 'the settled push', 15_000);
      const result = pushes.find((push) => push.data.roundId === round.roundId && push.data.kind === 'result')!.data.data.result as Record<string, unknown>;
      const expected = 80 + (20 * returnBp(game, spot, result, round.odds)) / BP;
      expect(Number(await balanceOf(call, player.token))).toBeCloseTo(expected, 2);
      expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
    },
    40_000,
  );

  it('refuses trial accounts', async () => {
    // Before any authenticated call, so no gateway holds the member's old type.
    const trial = await member(call, '');
    await platform.db.orm.execute(sql`UPDATE identity.members SET type = 4 WHERE id = ${trial.memberId}`);
    const round = await openRound(call, 'roulette-1', 0);
    const refused = await call('POST', '/wps/house/live/tables/roulette-1/bets', { token: trial.token, body: { roundId: round.roundId, bets: [{ spot: 'red', amount: '5' }] } });
    expect(refused.body.code).toBe('TRIAL_ACCOUNT_REFUSED');
  });
});

describe('a round cut short by a restart', () => {
  it('is refunded when the next runner takes the table', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-live-'));
    const call = apiCaller(() => platform.url);
    let platform = await startEmbedded({ logLevel: 'silent', dataDir, env: { ...shortRounds, HOUSE_VENDOR_SECRET: 'live-restart-secret-0123456789' } });
    try {
      const player = await member(call, '40.00');
      const round = await openRound(call, 'roulette-1');
      const placed = await call<{ balance: string }>('POST', '/wps/house/live/tables/roulette-1/bets', {
        token: player.token,
        body: { roundId: round.roundId, bets: [{ spot: 'odd', amount: '15' }] },
      });
      expect(placed.body.value.balance).toBe('25.00');
      await platform.close();
      platform = await startEmbedded({ logLevel: 'silent', dataDir, env: { ...shortRounds, HOUSE_VENDOR_SECRET: 'live-restart-secret-0123456789' } });
      await eventually(
        async () => (await rows<{ status: string }>(platform.db.orm, sql`SELECT status FROM house.live_rounds WHERE round_id = ${round.roundId}`))[0]?.status === 'refunded',
        'the cut round to be refunded',
        10_000,
      );
      expect(await balanceOf(call, player.token)).toBe('40.00');
      const [bet] = await rows<{ status: string }>(platform.db.orm, sql`SELECT status FROM house.live_bets WHERE round_id = ${round.roundId}`);
      expect(bet!.status).toBe('refunded');
      expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
    } finally {
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a round whose result was announced when the restart came', () => {
  it('is settled, not refunded, by the next runner', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-live-drawn-'));
    const call = apiCaller(() => platform.url);
    const env = { ...shortRounds, HOUSE_VENDOR_SECRET: 'live-restart-secret-0123456789' };
    let platform = await startEmbedded({ logLevel: 'silent', dataDir, env });
    try {
      const player = await member(call, '40.00');
      const round = await openRound(call, 'roulette-1');
      const placed = await call<{ balance: string }>('POST', '/wps/house/live/tables/roulette-1/bets', {
        token: player.token,
        body: { roundId: round.roundId, bets: [{ spot: 'dozen-1', amount: '10' }] },
      });
      expect(placed.body.value.balance).toBe('30.00');
      await platform.close();
      // Restarted without runners, the round is put where a crash after the announcement would have left it.
      platform = await startEmbedded({ logLevel: 'silent', dataDir, env: { ...env, HOUSE_LIVE_RUNNERS: 'false' } });
      await platform.db.orm.execute(sql`UPDATE house.live_rounds SET status = 'drawn', result = drawn, decided_at = now() WHERE round_id = ${round.roundId}`);
      const [drawn] = await rows<{ number: number }>(platform.db.orm, sql`SELECT (result->>'number')::int AS number FROM house.live_rounds WHERE round_id = ${round.roundId}`);
      await platform.close();
      platform = await startEmbedded({ logLevel: 'silent', dataDir, env });
      await eventually(
        async () => (await rows<{ status: string }>(platform.db.orm, sql`SELECT status FROM house.live_rounds WHERE round_id = ${round.roundId}`))[0]?.status === 'settled',
        'the announced round to be settled',
        15_000,
      );
      const won = drawn!.number >= 1 && drawn!.number <= 12;
      expect(await balanceOf(call, player.token)).toBe(won ? '60.00' : '30.00');
      const [bet] = await rows<{ status: string }>(platform.db.orm, sql`SELECT status FROM house.live_bets WHERE round_id = ${round.roundId}`);
      expect(bet!.status).toBe(won ? 'won' : 'lost');
      expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
    } finally {
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
