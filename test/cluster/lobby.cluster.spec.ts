import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { apiCaller, eventually } from '@wps/platform/testing';
import { VendorClient } from '../../tools/vendor-sim/client.js';
import { clusterEnv, useClusterDatabase, useMember } from './support.js';

/**
 * The lobby with every service in its own process on PostgreSQL, Redis and Kafka: game lists, favourites, launch and
 * recents across gateway and games over HTTP, and the winner board and jackpot fed by vendor rounds through Kafka and
 * pushed to a guest's socket through the gateway. Started by `npm run test:cluster`.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl, CHAOS_VENDOR_SECRET: vendorSecret } = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'CHAOS_VENDOR_SECRET');

const call = apiCaller(gateway);
const waitFor = (check: () => boolean | Promise<boolean>, what: string) => eventually(check, what, 30_000);
type Game = { nodeId: string; gameCode: string; vassalage: string; gameType: string };

describe('the lobby in cluster mode', () => {
  const db = useClusterDatabase(databaseUrl);
  const member = useMember(call, 'lobby');

  it('serves the seeded catalogue, filters and vendor lanes', async () => {
    const page = await call<{ games: Game[]; total: number; totalPages: number }>('GET', '/lgw/games/game_menus?clientType=3&platform=flash,html5-desktop&pageNo=1&pageSize=18&language=EN');
    expect(page.status).toBe(200);
    expect(page.body.value.games).toHaveLength(18);
    expect(page.body.value.total).toBeGreaterThanOrEqual(140);
    const esports = await call<{ games: Game[] }>('GET', '/lgw/games/game_menus?gameType=ESPORTS&pageSize=100');
    expect(new Set(esports.body.value.games.map((game) => game.vassalage))).toEqual(new Set(['AV', 'IA']));
    const lanes = await call<{ data: { lanes: Array<{ title: string }> } }>('GET', '/lgw/games/vendors?platform=html5-desktop');
    expect(lanes.body.value.data.lanes.map((lane) => lane.title)).toContain('COCKFIGHT');
    const hot = await call<{ list: Game[] }>('GET', '/lgw/games/hot?isPlatform=2');
    expect(hot.body.value.list.length).toBeGreaterThan(0);
  });

  it('keeps favourites and recents per member and launches the house games', async () => {
    const dice = (await call<{ games: Game[] }>('GET', '/lgw/games/game_menus?vassalage=HOUSE&gameName=dice')).body.value.games[0]!;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await call('POST', '/wps/relay/MCSFE_addFavoriteGameV2', { token: member.token, body: { nodeId: dice.nodeId, vendor: 'HOUSE', gameType: 'RNG' } })).body).toEqual({
        success: true,
        value: { nodeId: dice.nodeId, favorite: true },
      });
    }
    expect((await call<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGameIds', { token: member.token })).body.value).toEqual([dice.nodeId]);
    const launched = await call<{ mode: string; route: string }>('POST', '/wps/game/launchGame', { token: member.token, body: { nodeId: dice.nodeId } });
    expect(launched.body.value).toMatchObject({ mode: 'route', route: '/house/house-dice' });
    const recent = await call<{ list: Game[] }>('GET', '/lgw/vn/games/game_menu/recent?page=1&pageSize=12', { token: member.token });
    expect(recent.body.value.list.map((game) => game.gameCode)).toEqual(['house-dice']);
    const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM games.recents WHERE member_id = $1', [member.memberId]);
    expect(stored.rows[0]!.n).toBe(1);
    expect((await call('POST', '/wps/game/launchGame', { body: { nodeId: dice.nodeId } })).status).toBe(401);
  });

  it('feeds the winner board and the jackpot from settled rounds and pushes both to a guest of the brand', async () => {
    const socket: Socket = io(gateway, { transports: ['websocket'], auth: { merchantCode: 'DEMO' }, forceNew: true });
    const pushes: Array<{ type: string; v: number; data: Record<string, unknown> }> = [];
    socket.on('push', (push: (typeof pushes)[number]) => pushes.push(push));
    await waitFor(() => socket.connected, 'the socket');
    try {
      const before = (await call<{ amount: string }>('GET', '/lgw/games/jackpot')).body.value.amount;
      const deposit = await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, key: randomUUID(), body: { amount: '500.00' } });
      expect(deposit.status).toBe(200);
      const vendor = new VendorClient({ url: gateway, vendor: 'CHAOSVENDOR', secret: vendorSecret });
      const roundId = `lobby-${randomUUID()}`;
      const base = { player: member.memberId, currency: 'MXN' };
      expect((await vendor.call('bet', { ...base, transactionId: `bet-${roundId}`, roundId, gameType: 'RNG', gameCode: 'lucky-7', amount: '200.00' })).success).toBe(true);
      expect((await vendor.call('win', { ...base, transactionId: `win-${roundId}`, roundId, betTransactionId: `bet-${roundId}`, amount: '4321.00', settle: true })).success).toBe(true);

      const board = async () => (await call<{ list: Array<{ winAmount: string; customerName: string }> }>('GET', '/lgw/games/winners?gameCategory=ALL&limitNum=20')).body.value.list;
      await waitFor(async () => (await board()).some((winner) => winner.winAmount === '4321.00'), 'the win on the board');
      expect((await board()).find((winner) => winner.winAmount === '4321.00')!.customerName).toBe(`${member.username.slice(0, 2)}***${member.username.slice(-1)}`);
      await waitFor(async () => (await call<{ amount: string }>('GET', '/lgw/games/jackpot')).body.value.amount !== before, 'the jackpot to grow');
      await waitFor(() => pushes.some((push) => push.type === 'winners') && pushes.some((push) => push.type === 'jackpot'), 'winners and jackpot pushes');
      const jackpotPush = pushes.filter((push) => push.type === 'jackpot').at(-1)!;
      expect(jackpotPush.data).toMatchObject({ currency: 'MXN' });
      expect(jackpotPush.data.amount).toMatch(/^\d+\.\d{2}$/);
    } finally {
      socket.close();
    }
  });
});
