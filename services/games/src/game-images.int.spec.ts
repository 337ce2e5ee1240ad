import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BetSettled, Game, Winner } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

type GamePage = { games: Game[] };
type ImageAnswer = { nodeId: string; imageUrl: string | null; iconUrl: string; fallbackIconUrl: string };

/** A game's vendor image: set and cleared by the operator, served with the drawn art as its fallback (embedded platform). */
describe('game images: the operator call, the lobby and the winner board', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const setImage = (nodeId: string, body: unknown, token?: string) =>
    call<ImageAnswer>('PUT', `/operator/v1/games/${nodeId}/image`, { body, headers: { authorization: `Operator ${token ?? platform.operatorToken}`, 'x-operator': 'art-test' } });
  const vendorGames = async (vassalage: string) =>
    (await call<GamePage>('GET', `/lgw/games/game_menus?clientType=3&platform=flash,html5-desktop&vassalage=${vassalage}&pageSize=100`)).body.value.games;
  /** The gateway keeps public lobby answers for two seconds: a change shows on the next read after that. */
  const listedAs = async (vassalage: string, nodeId: string, iconUrl: string): Promise<Game> => {
    let found: Game | undefined;
    await eventually(async () => (found = (await vendorGames(vassalage)).find((game) => game.nodeId === nodeId))?.iconUrl === iconUrl, `${nodeId} listed with ${iconUrl}`, 6_000);
    return found!;
  };
  const storedImage = async (nodeId: string) => (await rows<{ image_url: string | null }>(platform.db.orm, sql`SELECT image_url FROM games.games WHERE node_id = ${nodeId}`))[0]!.image_url;
  let kyp: Game;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    kyp = (await vendorGames('KYP'))[0]!;
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('lists a game with the vendor image the operator sets, the drawn art as its fallback, and the drawn art again once cleared', async () => {
    const drawn = `/lgw/games/icons/${kyp.nodeId}.svg`;
    expect(kyp).toMatchObject({ iconUrl: drawn, showIcon: drawn, fallbackIconUrl: drawn });

    const image = 'https://cdn.vendor.example/kyp/poker-lobby_320x240.webp?v=3';
    const set = await setImage(kyp.nodeId, { imageUrl: image });
    expect(set.status).toBe(200);
    expect(set.body.value).toEqual({ nodeId: kyp.nodeId, imageUrl: image, iconUrl: image, fallbackIconUrl: drawn });
    expect(await listedAs('KYP', kyp.nodeId, image)).toMatchObject({ iconUrl: image, showIcon: image, fallbackIconUrl: drawn });
    // The drawn art is still served for the fallback.
    const art = await fetch(platform.url + drawn);
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toContain('image/svg+xml');

    // A path on the site's own origin is a vendor image too.
    const ownPath = '/files/vendor-art/kyp-poker.png';
    expect((await setImage(kyp.nodeId, { imageUrl: ownPath })).body.value.iconUrl).toBe(ownPath);
    await listedAs('KYP', kyp.nodeId, ownPath);

    const cleared = await setImage(kyp.nodeId, { imageUrl: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.value).toEqual({ nodeId: kyp.nodeId, imageUrl: null, iconUrl: drawn, fallbackIconUrl: drawn });
    expect(await listedAs('KYP', kyp.nodeId, drawn)).toMatchObject({ iconUrl: drawn, showIcon: drawn, fallbackIconUrl: drawn });
    expect(await storedImage(kyp.nodeId)).toBeNull();
  });

  it.each([
    ['javascript:alert(1)'],
    ['http://cdn.vendor.example/kyp.png'],
    ['//evil.example/kyp.png'],
    ['/\\evil.example/kyp.png'],
    ['https://user:secret@cdn.vendor.example/kyp.png'],
    ['https://cdn.vendor.example/a b.png'],
    [' https://cdn.vendor.example/kyp.png'],
    ['data:image/png;base64,iVBORw0KGgo='],
    ['kyp.png'],
    [`https://cdn.vendor.example/${'a'.repeat(470)}.png`],
    [42],
  ])('refuses %j with the validation error and changes nothing', async (imageUrl) => {
    const kept = 'https://cdn.vendor.example/kept.png';
    expect((await setImage(kyp.nodeId, { imageUrl: kept })).status).toBe(200);
    const refused = await setImage(kyp.nodeId, { imageUrl });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'imageUrl' });
    expect(await storedImage(kyp.nodeId)).toBe(kept);
    expect((await setImage(kyp.nodeId, { imageUrl: null })).status).toBe(200);
  });

  it('accepts a URL of exactly 500 characters', async () => {
    const longest = `https://cdn.vendor.example/${'a'.repeat(500 - 'https://cdn.vendor.example/'.length - 4)}.png`;
    expect(longest).toHaveLength(500);
    expect((await setImage(kyp.nodeId, { imageUrl: longest })).status).toBe(200);
    expect(await storedImage(kyp.nodeId)).toBe(longest);
    expect((await setImage(kyp.nodeId, { imageUrl: null })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed game, and 401 without the operator token', async () => {
    const unknown = await setImage('999999999', { imageUrl: 'https://cdn.vendor.example/x.png' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('GAME_NOT_FOUND');
    expect((await setImage('abc', { imageUrl: null })).status).toBe(404);
    expect((await setImage(kyp.nodeId, { imageUrl: 'https://cdn.vendor.example/x.png' }, 'not-the-token')).status).toBe(401);
    expect((await call('PUT', `/operator/v1/games/${kyp.nodeId}/image`, { body: { imageUrl: null } })).status).toBe(401);
    expect(await storedImage(kyp.nodeId)).toBeNull();
  });

  it('shows the won game’s vendor image on the winner board, with the drawn art as its fallback', async () => {
    const game = (await vendorGames('SBO'))[0]!;
    const image = 'https://cdn.vendor.example/sbo/football.png';
    expect((await setImage(game.nodeId, { imageUrl: image })).status).toBe(200);
    const betId = `bet-${randomUUID()}`;
    const bet: BetSettled = {
      betId,
      vendor: 'SBO',
      roundId: betId,
      gameType: 'SPORTS',
      gameCode: game.gameCode,
      memberId: '1',
      merchantCode: 'DEMO',
      account: 'artwinner1',
      agentPath: null,
      currency: 'MXN',
      betAmountMinor: '1000',
      validBetMinor: '1000',
      winAmountMinor: '987654',
      adjustAmountMinor: '0',
      state: 'settled',
      revision: 0,
      settledAt: new Date().toISOString(),
    };
    await platform.bus.publish([{ topic: 'bets.v1', key: betId, value: createEnvelope('bet.settled', betId, bet, 'test') }]);
    const row = async () => (await call<{ list: Winner[] }>('GET', '/lgw/games/winners?gameCategory=ALL&language=EN&limitNum=20')).body.value.list.find((winner) => winner.winAmount === '9876.54');
    await eventually(async () => (await row()) !== undefined, 'the win on the board', 8_000);
    expect(await row()).toMatchObject({ gameName: game.gameName, iconUrl: image, fallbackIconUrl: `/lgw/games/icons/${game.nodeId}.svg` });
    expect((await setImage(game.nodeId, { imageUrl: null })).status).toBe(200);
  });

  it('seeds demo games with their vendor’s own pictures, served here as PNG, unlike the drawn art', async () => {
    const pgs = await vendorGames('PGS');
    const pictured = pgs.filter((game) => game.iconUrl !== game.fallbackIconUrl);
    expect(pictured.map((game) => game.gameCode)).toEqual(['pgs-001', 'pgs-002', 'pgs-003', 'pgs-004']);
    const urls = new Set(pictured.map((game) => game.iconUrl));
    expect(urls.size).toBe(4);
    for (const game of pictured) {
      expect(game.iconUrl).toMatch(/^\/lgw\/games\/demo-art\/[a-z]+\.png$/);
      expect(game.fallbackIconUrl).toBe(`/lgw/games/icons/${game.nodeId}.svg`);
      const picture = await fetch(platform.url + game.iconUrl);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/png');
      expect(picture.headers.get('content-security-policy')).toBe("default-src 'none'");
      const bytes = Buffer.from(await picture.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      // IHDR: 320 × 240, like the drawn art, so a tile keeps its box whichever it shows.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([320, 240]);
    }
    expect((await fetch(`${platform.url}/lgw/games/demo-art/nothing.png`)).status).toBe(404);
    expect((await fetch(`${platform.url}/lgw/games/demo-art/..%2Fsecret.png`)).status).toBe(404);
    // The other demo vendors' pictured games show on HOME beside the drawn ones.
    for (const vassalage of ['EVO', 'JILI']) expect((await vendorGames(vassalage)).filter((game) => game.iconUrl.includes('/demo-art/'))).toHaveLength(2);
  });

  it('lets the web page load https images and nothing looser', async () => {
    const answer = await fetch(`${platform.url}/wps/system/status`);
    const imgSrc = (answer.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'img-src');
    expect(imgSrc).toEqual(['img-src', "'self'", 'data:', 'blob:', 'https:']);
  });
});
