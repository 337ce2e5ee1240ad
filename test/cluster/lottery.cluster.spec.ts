import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '@wps/platform/testing';
import { clusterEnv, signedVendorCall, useClusterDatabase, useMember } from './support.js';

/**
 * Lottery with every service in its own process on PostgreSQL, Redis and Kafka: a launch from the lottery page with
 * the spec's fields, the vendor's launch-token exchange and its draw feed as signed calls through the gateway to the
 * games service over HTTP, and the opened-numbers reads. `scripts/lib/cluster.mjs` gives the demo lottery vendors a
 * secret and hands it to this process as LOTTERY_VENDOR_SECRET. Started by `npm run test:cluster`.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl, LOTTERY_VENDOR_SECRET: lotterySecret } = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'LOTTERY_VENDOR_SECRET');

const call = apiCaller(gateway);
type Game = { nodeId: string; gameCode: string; vassalage: string };
type Draw = { vendor: string; gameCode: string; drawNo: string; numbers: string[]; drawnAt: string };

const signed = (vendor: string, operation: string, body: unknown, secret = lotterySecret) => signedVendorCall(call, vendor, operation, body, secret);

describe('lottery in cluster mode', () => {
  const db = useClusterDatabase(databaseUrl);
  const member = useMember(call, 'lott');
  let game: Game;

  beforeAll(async () => {
    game = (await call<{ games: Game[] }>('GET', '/lgw/games/game_menus?vassalage=LOTT&pageSize=20')).body.value.games[2]!;
  });

  it('launches from the lottery page at the vendor, and the vendor exchanges the token once', async () => {
    const launched = await call<{ url: string; mode: string }>('POST', '/wps/game/launchGame', {
      token: member.token,
      body: { nodeId: game.nodeId, prizeMode: 'ELOTT', view: 'betting', device: 'WEB', launchMode: 'LOTT', backUrl: '/lottery?gameCode=x', language: 'ES' },
    });
    expect(launched.status).toBe(200);
    expect(launched.body.value.mode).toBe('iframe');
    const url = new URL(launched.body.value.url, gateway);
    expect(url.searchParams.get('view')).toBe('betting');
    const launchToken = url.searchParams.get('token')!;

    const wrongVendor = await signed('ELOTT', 'session', { token: launchToken });
    expect(wrongVendor.status).toBe(404);
    expect(wrongVendor.body.code).toBe('LAUNCH_TOKEN_INVALID');
    expect((await signed('LOTT', 'session', { token: launchToken }, 'not-the-secret-of-this-vendor')).status).toBe(401);

    const exchanged = await signed('LOTT', 'session', { token: launchToken });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.value).toEqual({ account: member.username, player: member.memberId, currency: 'MXN', language: 'ES', gameCode: game.gameCode, vendor: 'LOTT', nodeId: game.nodeId });
    const replay = await signed('LOTT', 'session', { token: launchToken });
    expect(replay.status).toBe(404);
    expect(replay.body).toMatchObject({ success: false, code: 'LAUNCH_TOKEN_INVALID' });
    const { rows: used } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM games.launch_tokens WHERE member_id = $1 AND used_at IS NOT NULL', [member.memberId]);
    expect(used[0]!.n).toBe(1);

    const badParam = await call('POST', '/wps/game/launchGame', { token: member.token, body: { nodeId: game.nodeId, prizeMode: 'NOPE' } });
    expect(badParam.status).toBe(400);
    expect(badParam.body).toMatchObject({ code: 'LOTTERY_PARAM_INVALID', field: 'prizeMode' });
  });

  it('stores draws once, refuses a changed result, and serves them newest first to members', async () => {
    const drawNo = `C${Date.now()}`;
    const draw = { gameCode: game.gameCode, drawNo, numbers: ['7', '7', '1'], drawnAt: new Date().toISOString() };
    const answers = await Promise.all([signed('LOTT', 'lottery-draws', draw), signed('LOTT', 'lottery-draws', draw), signed('LOTT', 'lottery-draws', draw)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.value.stored === true)).toHaveLength(1);
    const changed = await signed('LOTT', 'lottery-draws', { ...draw, numbers: ['7', '7', '2'] });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('LOTTERY_DRAW_CONFLICT');
    const later = { ...draw, drawNo: `${drawNo}b`, numbers: ['0', '0', '1'], drawnAt: new Date(Date.now() + 1_000).toISOString() };
    expect((await signed('LOTT', 'lottery-draws', later)).status).toBe(200);

    // The house lottery reports its own draws of the same game to the feed, so the reads look for this vendor's two.
    type Page = { list: Draw[]; pageNo: number; pageSize: number; total: number; totalPages: number };
    const page = await call<Page>('GET', `/lotto/lgw/games/opened/numero?gameCode=${game.gameCode}&pageSize=50`, { token: member.token });
    expect(page.status).toBe(200);
    expect(page.body.value.list.map((found) => found.drawNo).filter((no) => no.startsWith(drawNo))).toEqual([later.drawNo, drawNo]);
    expect(page.body.value.total).toBeGreaterThanOrEqual(2);
    const single = await call<Page>('GET', `/lotto/lgw/games/opened/numero?gameCode=${game.gameCode}&pageSize=1`, { token: member.token });
    expect(single.body.value).toMatchObject({ pageNo: 1, pageSize: 1 });
    expect(single.body.value.list).toHaveLength(1);
    expect(single.body.value.totalPages).toBe(single.body.value.total);
    expect((await call('GET', `/lotto/lgw/games/opened/numero?gameCode=${game.gameCode}`)).status).toBe(401);

    const vn = (await call<{ games: Game[] }>('GET', '/lgw/games/game_menus?vassalage=TCG_LOTTO_VN&pageSize=1')).body.value.games[0]!;
    const vnDraw = { gameCode: vn.gameCode, drawNo, numbers: ['1', '2', '3', '4', '5'], drawnAt: new Date().toISOString() };
    expect((await signed('TCG_LOTTO_VN', 'lottery-draws', vnDraw)).status).toBe(200);
    const vnPage = await call<{ list: Draw[] }>('GET', `/lgw/vn/numeros/opened/game?gameCode=${vn.gameCode}&pageSize=50`);
    expect(vnPage.body.value.list.find((found) => found.drawNo === drawNo)).toMatchObject({ vendor: 'TCG_LOTTO_VN', drawNo, numbers: vnDraw.numbers });
  });
});
