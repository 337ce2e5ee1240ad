import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { INTERFACE_LANGUAGES, PUSH_EVENT, type BetSettled, type Game, type Push } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

type GamePage = { games: Game[]; totalPages: number; pageNum: number; total: number };

describe('the lobby through the real HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const password = 'secreto12';
  const register = async () => {
    const username = `lobby${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string; account: string } }>('PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, acceptTerms: true },
    });
    expect(response.status).toBe(200);
    return { token: response.body.value.token, memberId: response.body.value.user.id, account: response.body.value.user.account };
  };
  let member: Awaited<ReturnType<typeof register>>;
  let other: Awaited<ReturnType<typeof register>>;
  const menu = async (query: string, language = 'EN') => call<GamePage>('GET', `/lgw/games/game_menus?clientType=3&platform=flash,html5-desktop&${query}`, { language });
  const gameOf = async (vassalage: string) => (await menu(`vassalage=${vassalage}&pageSize=1`)).body.value.games[0]!;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    member = await register();
    other = await register();
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('serves the seeded demo catalogue, paged by 18, with the spec fields', async () => {
    const { status, body } = await menu('pageNo=1');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.value.games).toHaveLength(18);
    expect(body.value.total).toBeGreaterThanOrEqual(140);
    expect(body.value.totalPages).toBe(Math.ceil(body.value.total / 18));
    expect(body.value.pageNum).toBe(1);
    const dice = body.value.games.find((game) => game.gameCode === 'house-dice');
    expect(dice).toMatchObject({ vassalage: 'HOUSE', vendorName: 'House Games', gameType: 'RNG', gameName: 'Dice', nodeName: 'Dice', isGame: 'GAME', isHot: 1, gameClassify: 'AC' });
    const trial = body.value.games.find((game) => game.vassalage === 'PGS');
    expect(trial).toMatchObject({ supportPlay: 0, isHot: 1 });
    expect(dice!.iconUrl).toMatch(/^\/lgw\/games\/icons\/\d+\.svg$/);
    const icon = await fetch(platform.url + dice!.iconUrl);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(icon.headers.get('content-security-policy')).toContain("default-src 'none'");
    // The dice tile is drawn with dice: white faces with pips, not the game's initials.
    const art = await icon.text();
    expect(art).toMatch(/^<svg [^>]*viewBox="0 0 320 240"/);
    expect(art).not.toContain('<text');
    expect((art.match(/<circle [^>]*r="8\.3"/g) ?? []).length).toBe(5);
  });

  it('names games in the reader’s interface language, English where a game has no name in it', async () => {
    const named = async (language: string) => {
      const games = (await menu('vassalage=HOUSE&pageSize=100', language)).body.value.games;
      return Object.fromEntries(games.map((game) => [game.gameCode, game.gameName]));
    };
    const french = await named('FR');
    expect(french).toMatchObject({ 'house-dice': 'Dés', 'house-roulette': 'Roulette', 'house-slot-pharaoh': 'La Fortune du Pharaon' });
    expect((await named('JA'))['house-dice']).toBe('ダイス');
    expect((await named('PT-BR'))['house-cockfight']).not.toBe('Cockfight');
    // Every house game has a name in every interface language.
    const [missing] = await rows<{ n: number }>(
      platform.db.orm,
      sql`SELECT count(*)::int AS n FROM games.games g, jsonb_array_elements_text(${JSON.stringify(INTERFACE_LANGUAGES)}::jsonb) AS l(code)
          WHERE g.vassalage = 'HOUSE' AND NOT g.names ? l.code`,
    );
    expect(missing!.n).toBe(0);
    // A vendor game named in English and Spanish only reads in English for a French reader, not in the brand's Spanish.
    const vendorGame = (await menu('vassalage=PGS&pageSize=1', 'FR')).body.value.games[0]!;
    const [stored] = await rows<{ en: string }>(platform.db.orm, sql`SELECT names->>'EN' AS en FROM games.games WHERE node_id = ${vendorGame.nodeId}`);
    expect(vendorGame.gameName).toBe(stored!.en);
  });

  it('filters by type, vendor, RNG classification and name (case-insensitive, trimmed, per language)', async () => {
    const count = async (condition: ReturnType<typeof sql>) => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM games.games WHERE ${condition}`))[0]!.n;
    const live = (await menu('gameType=LIVE&pageSize=100')).body.value;
    expect(live.total).toBe(await count(sql`game_type = 'LIVE'`));
    expect(live.total).toBeGreaterThanOrEqual(26);
    expect(live.games.every((game) => game.gameType === 'LIVE')).toBe(true);
    const esports = (await menu('gameType=ESPORTS&pageSize=100')).body.value.games;
    expect(new Set(esports.map((game) => game.vassalage))).toEqual(new Set(['AV', 'IA']));
    expect(esports.every((game) => game.gameType === 'ESPORTS')).toBe(true);
    const cockfight = (await menu('gameType=COCKFIGHT&pageSize=100')).body.value.games;
    expect([...new Set(cockfight.map((game) => game.vassalage))]).toEqual(expect.arrayContaining(['SV3', 'WS168']));
    expect(cockfight.every((game) => game.gameType === 'COCKFIGHT')).toBe(true);
    const sports = (await menu('gameType=SPORTS&pageSize=100')).body.value.games;
    expect(sports.every((game) => game.vassalage === 'SBO')).toBe(true);
    const jackpots = (await menu('gameType=RNG&gameClassify=JP&pageSize=100')).body.value.games;
    expect(jackpots.length).toBeGreaterThan(0);
    expect(jackpots.every((game) => game.gameClassify === 'JP')).toBe(true);
    expect((await menu(`gameName=${encodeURIComponent('  miNES ')}`)).body.value.games.map((game) => game.gameCode)).toEqual(['house-mines']);
    expect((await menu('gameName=Minas', 'ES')).body.value.games.map((game) => game.gameName)).toEqual(['Minas']);
    expect((await menu('gameName=%25')).body.value.total).toBe(0);
    expect((await menu(`vassalage=HOUSE`)).body.value.total).toBe(await count(sql`vassalage = 'HOUSE'`));
  });

  it('answers a page past the end with an empty list, caps pageSize at 100, and serves the VN path too', async () => {
    const past = (await menu('pageNo=999')).body.value;
    expect(past.games).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
    expect((await menu('pageSize=1000')).body.value.games).toHaveLength(18);
    expect((await menu('pageSize=100')).body.value.games).toHaveLength(100);
    const vn = await call<GamePage>('GET', '/lgw/vn/games/game_menu?vassalage=HOUSE');
    expect(vn.body.value.total).toBeGreaterThan(0);
    expect(vn.body.value.games.every((game) => game.vassalage === 'HOUSE')).toBe(true);
  });

  it('lists hot games and vendor lanes with the esports and cockfight regrouping and no bingo', async () => {
    const hot = await call<{ list: Game[] }>('GET', '/lgw/games/hot?merchantCode=DEMO&isPlatform=2&platform=flash,html5-desktop&language=EN');
    expect(hot.body.value.list.length).toBeGreaterThan(10);
    expect(hot.body.value.list.every((game) => game.isHot === 1)).toBe(true);
    const lanes = await call<{
      data: { lanes: Array<{ title: string; cards: Array<{ vassalage: string; gameType: string; lagerIcon: string }>; gameClassify: Array<{ code: string; vendors: string[] }> }> };
    }>('GET', '/lgw/games/vendors?platform=html5-desktop&language=EN');
    const byTitle = Object.fromEntries(lanes.body.value.data.lanes.map((lane) => [lane.title, lane]));
    expect(Object.keys(byTitle).sort()).toEqual(['COCKFIGHT', 'ELOTT', 'ESPORTS', 'FISH', 'LIVE', 'LOTT', 'PVP', 'RNG', 'SPORTS']);
    expect(byTitle.ESPORTS!.cards.map((card) => card.vassalage)).toEqual(['AV', 'IA']);
    // The house vendor's tables, cockfight, fishing and card games make it a card in those lanes too, after their own vendors.
    expect(byTitle.COCKFIGHT!.cards.map((card) => card.vassalage)).toEqual(['SV3', 'WS168', 'HOUSE']);
    for (const title of ['LIVE', 'FISH', 'PVP']) expect(byTitle[title]!.cards.at(-1)).toMatchObject({ vassalage: 'HOUSE', gameType: title });
    expect(byTitle.ESPORTS!.cards.map((card) => card.vassalage)).not.toContain('HOUSE');
    const houseFishing = await menu('vassalage=HOUSE&gameType=FISH');
    expect(houseFishing.body.value.games.map((game) => game.gameCode)).toEqual(['house-fish']);
    expect(byTitle.RNG!.cards[0]!.vassalage).toBe('HOUSE');
    expect(byTitle.RNG!.gameClassify.map((entry) => entry.code)).toEqual(['SC', 'VP', 'JP', 'TG', 'AC']);
    expect(byTitle.RNG!.gameClassify.find((entry) => entry.code === 'JP')!.vendors).toEqual(['PGS', 'JDB']);
    const vendorIcon = await fetch(platform.url + byTitle.RNG!.cards[0]!.lagerIcon);
    expect(vendorIcon.status).toBe(200);
  });

  it('follows per-brand vendor switches and order', async () => {
    await platform.db.orm.execute(sql`INSERT INTO games.brand_vendors (merchant_code, vassalage, enabled, sort_order) VALUES ('DEMO', 'EVO', false, 0), ('DEMO', 'JDB', true, -5)`);
    try {
      // Each gateway keeps public lobby answers for 2 s: the switch shows within that time.
      const lanesNow = async () => (await call<{ data: { lanes: Array<{ title: string; cards: Array<{ vassalage: string }> }> } }>('GET', '/lgw/games/vendors')).body.value.data.lanes;
      await eventually(async () => (await lanesNow()).find((lane) => lane.title === 'RNG')!.cards[0]!.vassalage === 'JDB', 'the brand order');
      const lanes = { body: { value: { data: { lanes: await lanesNow() } } } };
      expect(lanes.body.value.data.lanes.find((lane) => lane.title === 'LIVE')!.cards.map((card) => card.vassalage)).toEqual(['SAG', 'HOUSE']);
      expect((await menu('vassalage=EVO')).body.value.total).toBe(0);
    } finally {
      await platform.db.orm.execute(sql`DELETE FROM games.brand_vendors WHERE merchant_code = 'DEMO'`);
    }
  });

  it('keeps favourites per member, idempotent both ways, 404 for unknown games, login required', async () => {
    const dice = await gameOf('HOUSE');
    const evo = await gameOf('EVO');
    expect((await call('GET', '/wps/relay/MCSFE_getFavoriteGameIds')).status).toBe(401);
    expect((await call('POST', '/wps/relay/MCSFE_addFavoriteGameV2', { body: { nodeId: dice.nodeId } })).status).toBe(401);
    for (let attempt = 0; attempt < 2; attempt++) {
      const added = await call('POST', '/wps/relay/MCSFE_addFavoriteGameV2', { token: member.token, body: { nodeId: dice.nodeId, vendor: 'HOUSE', gameType: 'RNG' } });
      expect(added.body).toEqual({ success: true, value: { nodeId: dice.nodeId, favorite: true } });
    }
    await call('POST', `/wps/relay/MCSFE_addFavoriteGameV2?nodeId=${evo.nodeId}&vendor=EVO&gameType=LIVE`, { token: member.token });
    expect((await call<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGameIds', { token: member.token })).body.value).toEqual([evo.nodeId, dice.nodeId]);
    expect((await call<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGameIds', { token: other.token })).body.value).toEqual([]);
    const list = await call<{ content: Game[]; totalPages: number; pageNum: number }>('GET', '/wps/relay/MCSFE_getFavoriteGameV2?clientType=3&platform=flash&pageNo=1&pageSize=18', {
      token: member.token,
    });
    expect(list.body.value.content.map((game) => game.nodeId)).toEqual([evo.nodeId, dice.nodeId]);
    expect(list.body.value).toMatchObject({ totalPages: 1, pageNum: 1 });
    const liveOnly = await call<{ content: Game[] }>('GET', '/wps/relay/MCSFE_getFavoriteGameV2?gameType=LIVE', { token: member.token });
    expect(liveOnly.body.value.content.map((game) => game.nodeId)).toEqual([evo.nodeId]);

    // Another member removing the game changes only their own (empty) list.
    expect((await call('DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2', { token: other.token, body: { nodeId: dice.nodeId } })).body.value).toEqual({ nodeId: dice.nodeId, favorite: false });
    expect((await call<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGameIds', { token: member.token })).body.value).toHaveLength(2);
    for (let attempt = 0; attempt < 2; attempt++) {
      const removed = await call('DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2', { token: member.token, body: { nodeId: dice.nodeId, vendor: 'HOUSE', gameType: 'RNG' } });
      expect(removed.body).toEqual({ success: true, value: { nodeId: dice.nodeId, favorite: false } });
    }
    expect((await call<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGameIds', { token: member.token })).body.value).toEqual([evo.nodeId]);

    const unknown = await call('POST', '/wps/relay/MCSFE_addFavoriteGameV2', { token: member.token, body: { nodeId: '999999999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'GAME_NOT_FOUND' });
    const malformed = await call('POST', '/wps/relay/MCSFE_addFavoriteGameV2', { token: member.token, body: { nodeId: 'abc' } });
    expect(malformed.status).toBe(400);
  });

  it('launches by vendor: house route, demo iframe with a one-time token, lottery routes, RNG vendor list', async () => {
    const launch = (nodeId: string, token = member.token) => call<{ url: string; mode: string; route?: string }>('POST', '/wps/game/launchGame', { token, body: { nodeId } });
    const dice = await gameOf('HOUSE');
    expect((await launch(dice.nodeId)).body.value).toEqual({ url: '/house/house-dice', mode: 'route', route: '/house/house-dice' });

    const live = await gameOf('EVO');
    const demo = (await launch(live.nodeId)).body.value;
    expect(demo.mode).toBe('iframe');
    expect(demo.url).toMatch(/^\/lgw\/games\/demo-play\?token=[\w-]{20,}$/);
    const page = await fetch(platform.url + demo.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(live.gameName);
    expect((await fetch(platform.url + demo.url)).status).toBe(404);

    const routes: Array<[string, RegExp]> = [
      ['TCG_LOTTO_VN', /^\/vnLottery\?gameCode=tcg_lotto_vn-001$/],
      ['TCG_SEA', /^\/seaLottery\?gameCode=tcg_sea-001$/],
      ['LOTT', /^\/lottery\?gameCode=lott-001$/],
      ['ELOTT', /^\/lottery\?gameCode=elott-001$/],
      ['JDB', /^\/rng\?vassalage=JDB$/],
    ];
    for (const [vendor, route] of routes) {
      const answer = (await launch((await gameOf(vendor)).nodeId)).body.value;
      expect(answer.mode).toBe('route');
      expect(answer.route).toMatch(route);
    }
  });

  it('refuses launches without login, for trial accounts, for unknown games and under maintenance, changing nothing', async () => {
    const dice = await gameOf('HOUSE');
    const recentCount = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM games.recents WHERE member_id = ${other.memberId}`))[0]!.n;
    expect((await call('POST', '/wps/game/launchGame', { body: { nodeId: dice.nodeId } })).body).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
    const unknown = await call('POST', '/wps/game/launchGame', { token: other.token, body: { nodeId: '999999999' } });
    expect(unknown.status).toBe(404);

    await platform.db.orm.execute(sql`UPDATE games.vendors SET enabled = false WHERE vassalage = 'KYP'`);
    const kyp = (await rows<{ node_id: string }>(platform.db.orm, sql`SELECT node_id::text AS node_id FROM games.games WHERE vassalage = 'KYP' LIMIT 1`))[0]!.node_id;
    const maintenance = await call('POST', '/wps/game/launchGame', { token: other.token, body: { nodeId: kyp } });
    expect(maintenance.status).toBe(503);
    expect(maintenance.body).toMatchObject({ success: false, code: 'GAME_MAINTENANCE', message: 'Game under maintenance' });
    expect((await call('POST', '/wps/game/launchGame', { token: other.token, body: { nodeId: kyp }, language: 'ES' })).body.message).toBe('Juego en mantenimiento');
    await platform.db.orm.execute(sql`UPDATE games.vendors SET enabled = true WHERE vassalage = 'KYP'`);
    expect(await recentCount()).toBe(0);

    const trial = await register();
    await platform.db.orm.execute(sql`UPDATE identity.members SET type = 4 WHERE id = ${trial.memberId}`);
    const refused = await call('POST', '/wps/game/launchGame', { token: trial.token, body: { nodeId: dice.nodeId } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'TRIAL_ACCOUNT_REFUSED' });
  });

  it('lists the member’s own recent launches, newest first, each game once; rank counts launches', async () => {
    const recent = await call<{ list: Game[]; totalPages: number }>('GET', '/lgw/vn/games/game_menu/recent?page=1&pageSize=12&clientType=3', { token: member.token });
    const codes = recent.body.value.list.map((game) => game.gameCode);
    expect(codes.slice(0, 2)).toEqual(['jdb-001', 'elott-001']);
    expect(codes).toContain('house-dice');
    expect(new Set(codes).size).toBe(codes.length);
    expect(recent.body.value.totalPages).toBe(1);
    await call('POST', '/wps/game/launchGame', { token: member.token, body: { nodeId: (await gameOf('HOUSE')).nodeId } });
    const again = await call<{ list: Game[] }>('GET', '/lgw/vn/games/game_menu/recent?gameType=RNG', { token: member.token });
    expect(again.body.value.list[0]!.gameCode).toBe('house-dice');
    expect(again.body.value.list.every((game) => game.gameType === 'RNG')).toBe(true);
    expect((await call<{ list: Game[] }>('GET', '/lgw/vn/games/game_menu/recent', { token: other.token })).body.value.list).toEqual([]);
    expect((await call('GET', '/lgw/vn/games/game_menu/recent')).status).toBe(401);
    const rank = await call<{ list: Game[] }>('GET', '/lgw/games/rank?gameType=RNG');
    expect(rank.body.value.list[0]!.gameCode).toBe('house-dice');
  });

  it('recalls the balance after a game', async () => {
    const recalled = await call<{ balance: string; currency: string }>('POST', '/wps/game/recall', { token: member.token });
    expect(recalled.body).toEqual({ success: true, value: { balance: '0.00', currency: 'MXN' } });
  });

  it('builds the winner board from settled bets (highest revision) and pushes it to guests of the brand', async () => {
    const socket: Socket = io(platform.url, { transports: ['websocket'], auth: { merchantCode: 'DEMO' }, forceNew: true });
    const pushes: Push[] = [];
    socket.on(PUSH_EVENT, (push: Push) => pushes.push(push));
    await eventually(() => socket.connected, 'socket connected');
    try {
      const settled = (betId: string, winAmountMinor: string, revision = 0): BetSettled => ({
        betId,
        vendor: 'HOUSE',
        roundId: betId,
        gameType: 'RNG',
        gameCode: 'house-crash',
        memberId: member.memberId,
        merchantCode: 'DEMO',
        account: member.account,
        agentPath: null,
        currency: 'MXN',
        betAmountMinor: '1000',
        validBetMinor: '1000',
        winAmountMinor,
        adjustAmountMinor: '0',
        state: 'settled',
        revision,
        settledAt: new Date().toISOString(),
      });
      const publish = (bet: BetSettled) => platform.bus.publish([{ topic: 'bets.v1', key: bet.betId, value: createEnvelope('bet.settled', bet.betId, bet, 'test') }]);
      const big = `bet-${randomUUID()}`;
      await publish(settled(big, '500000'));
      await publish(settled(`bet-${randomUUID()}`, '2500'));
      await publish(settled(`bet-${randomUUID()}`, '0'));
      const board = async () =>
        (await call<{ list: Array<{ customerName: string; winAmount: string; gameName: string; vo: { vendor: string } }> }>('GET', '/lgw/games/winners?gameCategory=ALL&language=EN&limitNum=20')).body
          .value.list;
      await eventually(async () => (await board()).length === 2, 'two winners on the board');
      const [first, second] = await board();
      expect(first).toMatchObject({ customerName: `${member.account.slice(0, 2)}***${member.account.slice(-1)}`, winAmount: '5000.00', currency: 'MXN', gameName: 'Crash', vo: { vendor: 'HOUSE' } });
      expect(second!.winAmount).toBe('25.00');

      // A correction (higher revision) replaces the win; a stale revision is ignored.
      await publish(settled(big, '10', 1));
      await publish(settled(big, '900000', 0));
      await eventually(async () => (await board())[0]!.winAmount === '25.00', 'the corrected win');
      expect((await board()).map((winner) => winner.winAmount)).toEqual(['25.00', '0.10']);

      // A sportsbook win has no lobby tile: the board names the product in the reader's language, never its code.
      await publish({ ...settled(`bet-${randomUUID()}`, '1200'), gameType: 'SPORTS', gameCode: 'house-sportsbook' });
      const named = async (language: string) =>
        (await call<{ list: Array<{ winAmount: string; gameName: string }> }>('GET', `/lgw/games/winners?gameCategory=ALL&language=${language}&limitNum=20`)).body.value.list.find(
          (winner) => winner.winAmount === '12.00',
        )?.gameName;
      await eventually(async () => (await named('EN')) !== undefined, 'the sportsbook win on the board');
      expect(await named('EN')).toBe('Sportsbook');
      expect(await named('ES')).toBe('Apuestas deportivas');
      expect(await named('FR')).toBe('Paris sportifs');
      // Its picture is the product's own (a football), not the vendor's card.
      const sportsWin = (await call<{ list: Array<{ winAmount: string; iconUrl: string }> }>('GET', '/lgw/games/winners?gameCategory=ALL&language=EN&limitNum=20')).body.value.list.find(
        (winner) => winner.winAmount === '12.00',
      )!;
      expect(sportsWin.iconUrl).toBe('/lgw/games/icons/product-house-sportsbook.svg');
      const art = await fetch(platform.url + sportsWin.iconUrl);
      expect(art.status).toBe(200);
      expect(await art.text()).toContain('clipPath id="ball"');
      expect((await fetch(platform.url + '/lgw/games/icons/product-nothing.svg')).status).toBe(404);

      await eventually(() => pushes.some((push) => push.type === 'winners'), 'a winners push');
      const latest = pushes.filter((push) => push.type === 'winners').at(-1)!;
      expect((latest.data as { list: unknown[] }).list.length).toBeGreaterThan(0);
      await eventually(() => pushes.some((push) => push.type === 'jackpot'), 'a jackpot push');
    } finally {
      socket.close();
    }
  });

  it('serves the jackpot pool and announcements', async () => {
    const jackpot = await call<{ amount: string; currency: string; pools: unknown[] }>('GET', '/lgw/games/jackpot');
    expect(jackpot.body.value.currency).toBe('MXN');
    expect(jackpot.body.value.amount).toMatch(/^\d+\.\d{2}$/);
    const announcements = await call<{ list: Array<{ title: string }> }>('GET', '/lgw/games/announcements?language=ES');
    expect(announcements.body.value.list[0]!.title).toBe('Nuevos juegos de la casa');
  });
});
