import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { GAME_ANNOUNCEMENTS_PER_BRAND_MAX, type OperatorGameAnnouncement } from '@wps/contracts';

/** Operators publish and remove game announcements per brand; the lobby shows them per language (embedded platform). */
describe('game announcements: the operator API and the lobby call', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const OTHER_BRAND = 'ANNOTHER';
  const asOperator = (method: string, path: string, body?: unknown, token?: string) =>
    call<OperatorGameAnnouncement & { list: OperatorGameAnnouncement[] }>(method, path, {
      body,
      headers: { authorization: `Operator ${token ?? platform.operatorToken}`, 'x-operator': 'ann-test' },
    });
  const lobby = (language: string, merchant = 'DEMO') =>
    call<{ list: Array<{ id: string; title: string; content: string; at: string }> }>('GET', `/lgw/games/announcements?language=${language}`, { headers: { 'x-merchant-code': merchant } });
  const stored = async () => (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM games.announcements`))[0]!.n;
  /** The gateway keeps public lobby answers for two seconds. */
  const lobbyShows = (language: string, title: string, merchant = 'DEMO') =>
    eventually(async () => (await lobby(language, merchant)).body.value.list.some((entry) => entry.title === title), `lobby shows ${title}`, 6_000);

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent' });
    await platform.db.orm.execute(sql`
      INSERT INTO identity.merchants (code, name, hosts, default_language, languages, currency, currency_symbol, time_zone, settings)
      VALUES (${OTHER_BRAND}, 'Other Casino', '{}', 'ES', '{EN,ES}', 'MXN', '$', 'UTC', '{}'::jsonb)`);
    await eventually(async () => (await asOperator('GET', `/operator/v1/merchants/${OTHER_BRAND}/game-announcements`)).status === 200, 'the second brand', 7_000);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('publishes an announcement that the brand lobby shows per language, newest first, and the operator removes it', async () => {
    const created = await asOperator('POST', '/operator/v1/merchants/DEMO/game-announcements', {
      titles: { EN: '  Weekend tournament  ', ES: 'Torneo de fin de semana' },
      contents: { EN: 'Play any slot on Saturday.', ES: 'Juegue cualquier tragamonedas el sábado.' },
    });
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      merchantCode: 'DEMO',
      titles: { EN: 'Weekend tournament', ES: 'Torneo de fin de semana' },
      createdBy: 'ann-test',
    });
    const id = created.body.value.id;
    expect(id).toMatch(/^\d+$/);

    await lobbyShows('ES', 'Torneo de fin de semana');
    const es = (await lobby('ES')).body.value.list;
    expect(es[0]).toMatchObject({ id, title: 'Torneo de fin de semana', content: 'Juegue cualquier tragamonedas el sábado.' });
    // The seeded announcement for every brand stays, after the newer one.
    expect(es.map((entry) => entry.title)).toContain('Nuevos juegos de la casa');
    await lobbyShows('EN', 'Weekend tournament');

    const listed = await asOperator('GET', '/operator/v1/merchants/DEMO/game-announcements');
    expect(listed.body.value.list[0]).toMatchObject({ id, merchantCode: 'DEMO' });
    expect(listed.body.value.list.some((entry) => entry.merchantCode === null)).toBe(true);

    // Another brand neither sees it nor may remove it.
    expect((await lobby('ES', OTHER_BRAND)).body.value.list.map((entry) => entry.id)).not.toContain(id);
    const foreign = await asOperator('DELETE', `/operator/v1/merchants/${OTHER_BRAND}/game-announcements/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('GAME_ANNOUNCEMENT_NOT_FOUND');

    const removed = await asOperator('DELETE', `/operator/v1/merchants/DEMO/game-announcements/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.value).toEqual({ id, deleted: true });
    expect((await asOperator('DELETE', `/operator/v1/merchants/DEMO/game-announcements/${id}`)).status).toBe(404);
    await eventually(async () => !(await lobby('ES')).body.value.list.some((entry) => entry.id === id), 'lobby drops it', 6_000);
  });

  it('falls back to EN where a language has no text', async () => {
    const created = await asOperator('POST', `/operator/v1/merchants/${OTHER_BRAND}/game-announcements`, { titles: { EN: 'English only' }, contents: { EN: 'Only in English.' } });
    expect(created.status).toBe(200);
    await lobbyShows('ES', 'English only', OTHER_BRAND);
    // The brand's own announcement is not shown to the demo brand.
    expect((await lobby('ES')).body.value.list.map((entry) => entry.title)).not.toContain('English only');
  });

  it.each([
    [{ titles: { ES: 'Sin inglés' }, contents: { EN: 'x' } }, 'INPUT_EMPTY', 'titles.EN'],
    [{ titles: { EN: '   ' }, contents: { EN: 'x' } }, 'VALIDATION_FAILED', 'titles.EN'],
    [{ titles: { EN: 'x'.repeat(121) }, contents: { EN: 'x' } }, 'VALIDATION_FAILED', 'titles.EN'],
    [{ titles: { EN: 'x' }, contents: { EN: 'x'.repeat(2_001) } }, 'VALIDATION_FAILED', 'contents.EN'],
    [{ titles: { EN: 'x', FR: 'x' }, contents: { EN: 'x' } }, 'VALIDATION_FAILED', 'titles'],
    [{ titles: { EN: 'x' }, contents: { EN: 'x' }, merchantCode: 'OTHER' }, 'VALIDATION_FAILED', undefined],
    [{ titles: 'x', contents: { EN: 'x' } }, 'VALIDATION_FAILED', 'titles'],
  ])('refuses %j with %s and stores nothing', async (body, code, field) => {
    const before = await stored();
    const response = await asOperator('POST', '/operator/v1/merchants/DEMO/game-announcements', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    if (field) expect(response.body.field).toBe(field);
    expect(await stored()).toBe(before);
  });

  it('refuses unknown brands, bad ids, a missing token and a full brand', async () => {
    const valid = { titles: { EN: 'x' }, contents: { EN: 'y' } };
    const unknown = await asOperator('POST', '/operator/v1/merchants/NOSUCH/game-announcements', valid);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('MERCHANT_NOT_FOUND');
    expect((await asOperator('GET', '/operator/v1/merchants/NOSUCH/game-announcements')).status).toBe(404);
    expect((await asOperator('DELETE', '/operator/v1/merchants/DEMO/game-announcements/abc')).status).toBe(404);
    expect((await asOperator('DELETE', '/operator/v1/merchants/DEMO/game-announcements/99999999')).body.code).toBe('GAME_ANNOUNCEMENT_NOT_FOUND');
    expect((await asOperator('POST', '/operator/v1/merchants/DEMO/game-announcements', valid, 'wrong')).status).toBe(401);
    expect((await call('GET', '/operator/v1/merchants/DEMO/game-announcements')).status).toBe(401);

    const held = (await asOperator('GET', `/operator/v1/merchants/${OTHER_BRAND}/game-announcements`)).body.value.list.filter((entry) => entry.merchantCode === OTHER_BRAND).length;
    for (let n = held; n < GAME_ANNOUNCEMENTS_PER_BRAND_MAX; n++) {
      expect((await asOperator('POST', `/operator/v1/merchants/${OTHER_BRAND}/game-announcements`, valid)).status).toBe(200);
    }
    const before = await stored();
    const full = await asOperator('POST', `/operator/v1/merchants/${OTHER_BRAND}/game-announcements`, valid);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('GAME_ANNOUNCEMENTS_FULL');
    expect(await stored()).toBe(before);
  });
});
