import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Game, LotteryDraw } from '@wps/contracts';
import { rows, vendorSignature } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

const LOTT_SECRET = 'lott-secret-for-the-int-test-0123456789';
const ELOTT_SECRET = 'elott-secret-for-the-int-test-987654321';
type DrawPage = { list: LotteryDraw[]; pageNo: number; pageSize: number; totalPages: number; total: number };
type Session = { account: string; player: string; currency: string; language: string; gameCode: string; vendor: string; nodeId: string };

describe('lottery: launch params, the vendors launch-token exchange and the draw feed (embedded, real HTTP)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const password = 'secreto12';
  let member: { token: string; memberId: string; account: string };
  let lott: Game;
  let elott: Game;

  /** A vendor's signed call, built the way docs/vendor-api.md tells vendors to. */
  const signed = (vendor: string, secret: string, operation: string, body: unknown, options: { timestamp?: string; signature?: string } = {}) => {
    const raw = JSON.stringify(body);
    const timestamp = options.timestamp ?? String(Date.now());
    return call<Record<string, unknown>>('POST', `/api/vendor/v1/${operation}`, {
      raw,
      headers: { 'x-vendor-code': vendor, 'x-timestamp': timestamp, 'x-signature': options.signature ?? vendorSignature(secret, timestamp, raw) },
    });
  };
  const gameOf = async (vassalage: string, index = 0) => (await call<{ games: Game[] }>('GET', `/lgw/games/game_menus?vassalage=${vassalage}&pageSize=20`)).body.value.games[index]!;
  const launch = (nodeId: string, extra: Record<string, unknown> = {}) =>
    call<{ url: string; mode: string; route?: string }>('POST', '/wps/game/launchGame', { token: member.token, body: { nodeId, ...extra } });
  const lotteryParams = { prizeMode: 'ELOTT', view: 'lobby', device: 'WEB', launchMode: 'LOTT', backUrl: '/lottery?gameCode=lott-001', language: 'EN' };
  /** A fresh launch token of `game`, as the vendor's launch URL carries it. */
  const tokenFor = async (game: Game) => {
    const answer = (await launch(game.nodeId, lotteryParams)).body.value;
    return new URL(answer.url, platform.url).searchParams.get('token')!;
  };

  beforeAll(async () => {
    platform = await startEmbedded({
      logLevel: 'silent',
      // One demo draw per game at start, then none while the test runs; the house lottery stays out of the feed.
      env: { WALLET_VENDOR_SECRETS: `LOTT:${LOTT_SECRET},ELOTT:${ELOTT_SECRET}`, GAMES_DEMO_LOTTERY_MS: '3600000', HOUSE_LOTTERY_RUNNER: 'false' },
    });
    const username = `lot${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const registered = await call<{ token: string; user: { id: string; account: string } }>('PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, acceptTerms: true },
    });
    expect(registered.status).toBe(200);
    member = { token: registered.body.value.token, memberId: registered.body.value.user.id, account: registered.body.value.user.account };
    lott = await gameOf('LOTT');
    elott = await gameOf('ELOTT');
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('the demo lottery vendor has drawn every demo lottery game at start, through the signed call: 3 digits, 5 for VN', async () => {
    const vn = await gameOf('TCG_LOTTO_VN');
    await eventually(async () => (await call<DrawPage>('GET', `/lgw/vn/numeros/opened/game?gameCode=${vn.gameCode}`)).body.value.total >= 1, 'the VN demo draw');
    const vnDraw = (await call<DrawPage>('GET', `/lgw/vn/numeros/opened/game?gameCode=${vn.gameCode}`)).body.value.list[0]!;
    expect(vnDraw).toMatchObject({ vendor: 'TCG_LOTTO_VN', gameCode: vn.gameCode });
    expect(vnDraw.numbers).toHaveLength(5);
    expect(vnDraw.numbers.every((n) => /^\d$/.test(n))).toBe(true);
    const lottDraws = (await call<DrawPage>('GET', `/lotto/lgw/games/opened/numero?gameCode=${lott.gameCode}`, { token: member.token })).body.value;
    expect(lottDraws.total).toBe(1);
    expect(lottDraws.list[0]!.numbers).toHaveLength(3);
    expect(lottDraws.list[0]!.drawNo).toMatch(/^\d{14}$/);
    const [games] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM games.games WHERE vassalage IN ('LOTT', 'ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA')`);
    await eventually(async () => {
      const [now] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(DISTINCT (vassalage, game_code))::int AS n FROM games.lottery_draws`);
      return now!.n === games!.n;
    }, 'a draw of every demo lottery game');
  });

  it('launches a lottery game from the lottery page at the vendor with the spec params; without them it still routes to the page', async () => {
    expect((await launch(lott.nodeId)).body.value).toEqual({ url: `/lottery?gameCode=${lott.gameCode}`, mode: 'route', route: `/lottery?gameCode=${lott.gameCode}` });
    expect((await launch(lott.nodeId, { language: 'EN' })).body.value.mode).toBe('route');
    const answer = await launch(lott.nodeId, lotteryParams);
    expect(answer.status).toBe(200);
    expect(answer.body.value.mode).toBe('iframe');
    const url = new URL(answer.body.value.url, platform.url);
    expect(url.pathname).toBe('/lgw/games/demo-play');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ prizeMode: 'ELOTT', view: 'lobby', device: 'WEB', backUrl: '/lottery?gameCode=lott-001' });
    // The demo vendor page redeems the token through the same function as the vendors' exchange: once.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(lott.gameName);
    expect((await fetch(url)).status).toBe(404);

    await platform.db.orm.execute(sql`UPDATE games.vendors SET launch_url = 'https://lotto.example/play?t={token}&pm={prizeMode}&v={view}&back={backUrl}&area={lottoArea}' WHERE vassalage = 'ELOTT'`);
    try {
      const vendorUrl = (await launch(elott.nodeId, { ...lotteryParams, view: 'betting', lottoArea: 'VN' })).body.value;
      expect(vendorUrl.mode).toBe('redirect');
      const parsed = new URL(vendorUrl.url);
      expect(parsed.origin).toBe('https://lotto.example');
      expect(Object.fromEntries(parsed.searchParams)).toMatchObject({ pm: 'ELOTT', v: 'betting', back: '/lottery?gameCode=lott-001', area: 'VN' });
    } finally {
      await platform.db.orm.execute(sql`UPDATE games.vendors SET launch_url = NULL WHERE vassalage = 'ELOTT'`);
    }
  });

  it('refuses bad lottery params with a clear code naming the field, changing nothing', async () => {
    const tokens = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM games.launch_tokens`))[0]!.n;
    const before = await tokens();
    for (const [field, value] of [
      ['prizeMode', 'XX'],
      ['view', 'full'],
      ['device', 'TOASTER'],
      ['backUrl', 'javascript:alert(1)'],
      ['backUrl', '//evil.example/'],
      ['launchMode', 'SLOT'],
      ['lottoArea', 'vn!'],
      // Not one of the interface languages.
      ['language', 'DE'],
    ] as const) {
      const refused = await launch(lott.nodeId, { ...lotteryParams, [field]: value });
      expect(refused.status, `${field}=${value}`).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'LOTTERY_PARAM_INVALID', field, message: `Invalid lottery parameter: ${field}` });
    }
    expect(await tokens()).toBe(before);
  });

  it('exchanges a launch token for the player once, for the vendor whose game it was', async () => {
    const token = await tokenFor(lott);
    const exchanged = await signed('LOTT', LOTT_SECRET, 'session', { token });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.value as Session).toEqual({
      account: member.account,
      player: member.memberId,
      currency: 'MXN',
      language: 'EN',
      gameCode: lott.gameCode,
      vendor: 'LOTT',
      nodeId: lott.nodeId,
    });
    // A French player's launch tells the vendor French.
    const french = new URL((await launch(lott.nodeId, { ...lotteryParams, language: 'FR' })).body.value.url, platform.url).searchParams.get('token')!;
    expect(((await signed('LOTT', LOTT_SECRET, 'session', { token: french })).body.value as Session).language).toBe('FR');
    // A replay of the very same signed request, and a fresh request with the used token, are both refused.
    const again = await signed('LOTT', LOTT_SECRET, 'session', { token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, code: 'LAUNCH_TOKEN_INVALID' });
  });

  it('answers another vendor, an unknown token and an expired token alike, and leaves the token to its own vendor', async () => {
    const token = await tokenFor(lott);
    const wrongVendor = await signed('ELOTT', ELOTT_SECRET, 'session', { token });
    const unknown = await signed('ELOTT', ELOTT_SECRET, 'session', { token: 'not-a-token-we-issued' });
    expect(wrongVendor.status).toBe(404);
    expect(wrongVendor.body).toEqual(unknown.body);
    expect(wrongVendor.body).toMatchObject({ code: 'LAUNCH_TOKEN_INVALID', message: 'Unknown, used or expired launch token' });
    expect((await signed('LOTT', LOTT_SECRET, 'session', { token })).status).toBe(200);

    const expiring = await tokenFor(lott);
    await platform.db.orm.execute(sql`UPDATE games.launch_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const expired = await signed('LOTT', LOTT_SECRET, 'session', { token: expiring });
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(unknown.body);
  });

  it('refuses bad signatures, unknown vendors and stale timestamps before reading the token, which stays usable', async () => {
    const token = await tokenFor(lott);
    const badSignature = await signed('LOTT', 'a-wrong-secret-of-enough-length', 'session', { token });
    expect(badSignature.status).toBe(401);
    expect(badSignature.body).toMatchObject({ success: false, code: 'VENDOR_UNAUTHORIZED' });
    const malformed = await signed('LOTT', LOTT_SECRET, 'session', { token }, { signature: 'zz' });
    expect(malformed.body.code).toBe('VENDOR_UNAUTHORIZED');
    const unknownVendor = await signed('NOBODY', LOTT_SECRET, 'session', { token });
    expect(unknownVendor.status).toBe(401);
    expect(unknownVendor.body).toEqual(badSignature.body);
    const stale = await signed('LOTT', LOTT_SECRET, 'session', { token }, { timestamp: String(Date.now() - 301_000) });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('VENDOR_TIMESTAMP_EXPIRED');
    const emptyBody = await signed('LOTT', LOTT_SECRET, 'session', {});
    expect(emptyBody.status).toBe(400);
    expect((await signed('LOTT', LOTT_SECRET, 'session', { token })).status).toBe(200);
  });

  it('stores a draw once: the same report again is answered alike, a different result for it is refused', async () => {
    const draw = { gameCode: lott.gameCode, drawNo: 'T-1', numbers: ['4', '0', '9'], drawnAt: '2026-01-02T03:04:05.000Z' };
    const first = await signed('LOTT', LOTT_SECRET, 'lottery-draws', draw);
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({ vendor: 'LOTT', ...draw, stored: true });
    const repeated = await signed('LOTT', LOTT_SECRET, 'lottery-draws', draw);
    expect(repeated.body.value).toEqual({ vendor: 'LOTT', ...draw, stored: false });
    const conflicting = await signed('LOTT', LOTT_SECRET, 'lottery-draws', { ...draw, numbers: ['4', '0', '8'] });
    expect(conflicting.status).toBe(409);
    expect(conflicting.body).toMatchObject({ success: false, code: 'LOTTERY_DRAW_CONFLICT', field: 'drawNo' });
    const otherTime = await signed('LOTT', LOTT_SECRET, 'lottery-draws', { ...draw, drawnAt: '2026-01-02T03:04:06Z' });
    expect(otherTime.status).toBe(409);
    const [kept] = await rows<{ numbers: string }>(platform.db.orm, sql`SELECT numbers::text AS numbers FROM games.lottery_draws WHERE vassalage = 'LOTT' AND draw_no = 'T-1'`);
    expect(JSON.parse(kept!.numbers)).toEqual(['4', '0', '9']);

    // Only the vendor's own lottery games take draws.
    expect((await signed('ELOTT', ELOTT_SECRET, 'lottery-draws', draw)).body).toMatchObject({ code: 'GAME_NOT_FOUND', field: 'gameCode' });
    const live = await gameOf('EVO');
    expect((await signed('LOTT', LOTT_SECRET, 'lottery-draws', { ...draw, gameCode: live.gameCode })).status).toBe(404);
    for (const bad of [
      { ...draw, numbers: [] },
      { ...draw, numbers: ['x'] },
      { ...draw, drawNo: 'a b' },
      { ...draw, drawnAt: 'yesterday' },
    ]) {
      const refused = await signed('LOTT', LOTT_SECRET, 'lottery-draws', bad);
      expect(refused.status).toBe(400);
    }
  });

  it('serves draws newest first, paged, members only on the opened-numero call; the VN call is public and VN only', async () => {
    const game = await gameOf('LOTT', 1);
    const before = (await call<DrawPage>('GET', `/lotto/lgw/games/opened/numero?gameCode=${game.gameCode}`, { token: member.token })).body.value.total;
    for (let index = 1; index <= 5; index++) {
      const reported = await signed('LOTT', LOTT_SECRET, 'lottery-draws', {
        gameCode: game.gameCode,
        drawNo: `P-${index}`,
        numbers: [String(index), '1', '2'],
        drawnAt: `2030-01-01T00:0${index}:00Z`,
      });
      expect(reported.status).toBe(200);
    }
    const page = (pageNo: number) => call<DrawPage>('GET', `/lotto/lgw/games/opened/numero?gameCode=${game.gameCode}&pageNo=${pageNo}&pageSize=2`, { token: member.token });
    const first = (await page(1)).body.value;
    expect(first).toMatchObject({ pageNo: 1, pageSize: 2, total: before + 5, totalPages: Math.ceil((before + 5) / 2) });
    expect(first.list.map((draw) => draw.drawNo)).toEqual(['P-5', 'P-4']);
    expect((await page(2)).body.value.list.map((draw) => draw.drawNo)).toEqual(['P-3', 'P-2']);
    const past = await page(99);
    expect(past.status).toBe(200);
    expect(past.body.value.list).toEqual([]);

    const guest = await call('GET', `/lotto/lgw/games/opened/numero?gameCode=${game.gameCode}`);
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('NOT_LOGGED_IN');
    const missing = await call('GET', '/lotto/lgw/games/opened/numero', { token: member.token });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, field: 'gameCode' });

    expect((await call<DrawPage>('GET', `/lgw/vn/numeros/opened/game?gameCode=${game.gameCode}`)).body.value).toMatchObject({ list: [], total: 0 });
    expect((await call('GET', '/lgw/vn/numeros/opened/game')).status).toBe(400);
  });
});
