import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCaller, eventually } from '@wps/platform/testing';
import { clusterEnv, registerMember, uniqueUsername, useClusterDatabase } from './support.js';

/**
 * Game announcements and the rank list with every service in its own process on PostgreSQL: the operator API on the
 * gateway checks the brand with identity and stores through games over HTTP; the lobby calls read them back through
 * the gateway's short public cache. Started by `npm run test:cluster`, which passes GATEWAY_URL, DATABASE_URL and
 * OPERATOR_TOKEN.
 */
const { GATEWAY_URL: gateway, DATABASE_URL: databaseUrl, OPERATOR_TOKEN: operatorToken } = clusterEnv('GATEWAY_URL', 'DATABASE_URL', 'OPERATOR_TOKEN');

const call = apiCaller(gateway);
const waitFor = (check: () => boolean | Promise<boolean>, what: string) => eventually(check, what, 20_000);
const operator = (method: string, path: string, body?: unknown) =>
  call<{ id: string; merchantCode: string | null; list: Array<{ id: string }> }>(method, path, { body, headers: { authorization: `Operator ${operatorToken}`, 'x-operator': 'cluster-ann' } });
const lobby = (language: string) => call<{ list: Array<{ id: string; title: string; content: string }> }>('GET', `/lgw/games/announcements?language=${language}`);
type Game = { nodeId: string; vassalage: string };

describe('game announcements and the rank list in cluster mode', () => {
  const db = useClusterDatabase(databaseUrl);

  it('publishes through the operator API, shows per language in the lobby and removes again', async () => {
    const stamp = randomUUID().slice(0, 8);
    const created = await operator('POST', '/operator/v1/merchants/DEMO/game-announcements', {
      titles: { EN: `Cluster news ${stamp}`, ES: `Noticias ${stamp}` },
      contents: { EN: 'Read all about it.', ES: 'Léalo todo.' },
    });
    expect(created.status).toBe(200);
    const { id } = created.body.value;
    const stored = await db.query('SELECT merchant_code, created_by FROM games.announcements WHERE id = $1', [id]);
    expect(stored.rows[0]).toEqual({ merchant_code: 'DEMO', created_by: 'cluster-ann' });

    await waitFor(async () => (await lobby('ES')).body.value.list.some((entry) => entry.id === id && entry.title === `Noticias ${stamp}`), 'the Spanish lobby');
    await waitFor(async () => (await lobby('EN')).body.value.list.some((entry) => entry.id === id && entry.content === 'Read all about it.'), 'the English lobby');

    const refused = await operator('POST', '/operator/v1/merchants/DEMO/game-announcements', { titles: { EN: '' }, contents: { EN: 'x' } });
    expect(refused.status).toBe(400);
    expect((await operator('POST', '/operator/v1/merchants/NOSUCH/game-announcements', { titles: { EN: 'x' }, contents: { EN: 'x' } })).body.code).toBe('MERCHANT_NOT_FOUND');

    expect((await operator('DELETE', `/operator/v1/merchants/DEMO/game-announcements/${id}`)).status).toBe(200);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM games.announcements WHERE id = $1', [id])).rows[0]!.n).toBe(0);
    await waitFor(async () => !(await lobby('ES')).body.value.list.some((entry) => entry.id === id), 'the lobby without it');
  });

  it('ranks a game first in its type after launches', async () => {
    const { token } = await registerMember(call, uniqueUsername('rank'));
    const fish = (await call<{ games: Game[] }>('GET', '/lgw/games/game_menus?gameType=FISH&pageSize=100')).body.value.games.filter((game) => game.vassalage !== 'HOUSE');
    const rankOf = async () => (await call<{ list: Game[] }>('GET', '/lgw/games/rank?gameType=FISH')).body.value.list.map((game) => game.nodeId);
    const chosen = (await rankOf()).filter((id) => fish.some((game) => game.nodeId === id)).at(-1)!;
    const launchesOf = async (nodeId: string) => (await db.query<{ n: number }>('SELECT launches::int AS n FROM games.games WHERE node_id = $1', [nodeId])).rows[0]!.n;
    const before = await launchesOf(chosen);
    const leader = (await db.query<{ n: number }>("SELECT max(launches)::int AS n FROM games.games WHERE game_type = 'FISH' AND enabled")).rows[0]!.n;
    const needed = leader - before + 1;
    for (let launch = 0; launch < needed; launch++) expect((await call('POST', '/wps/game/launchGame', { token, body: { nodeId: chosen } })).status).toBe(200);
    expect(await launchesOf(chosen)).toBe(before + needed);
    await waitFor(async () => (await rankOf())[0] === chosen, 'the launched game on top');
  });
});
