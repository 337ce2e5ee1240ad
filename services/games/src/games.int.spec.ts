import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GamesRpc, RpcClient } from '@wps/contracts';
import { rows } from '@wps/platform';
import { memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createGamesService, GAMES_SCHEMA, gamesMigrations } from './app.js';
import { defaultGamesConfig } from './config.js';

describe('games service', () => {
  let harness: ServiceUnderTest<GamesRpc>;
  let games: RpcClient<GamesRpc>;

  beforeAll(async () => {
    harness = await startServiceUnderTest({ schema: GAMES_SCHEMA, migrationsDir: gamesMigrations, create: createGamesService, config: defaultGamesConfig() });
    games = harness.client;
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('lists the enabled vendors in display order, the in-house vendor seeded', async () => {
    expect(await games.listVendors({ merchantCode: 'DEMO' })).toEqual([{ vassalage: 'HOUSE', displayName: 'House Games', gameType: 'RNG' }]);

    await harness.db.orm.execute(
      sql`INSERT INTO games.vendors (vassalage, display_name, game_type, enabled, sort_order)
        VALUES ('PG', 'PG Soft', 'SLOT', true, -1), ('OFF', 'Switched off', 'LIVE', false, -2)`,
    );
    expect((await games.listVendors({ merchantCode: 'DEMO' })).map((vendor) => vendor.vassalage)).toEqual(['PG', 'HOUSE']);
  });

  it('opens one player profile per registered member, also when the event is delivered twice', async () => {
    const envelope = memberRegisteredEnvelope('101');
    await harness.deliver(envelope, envelope);

    const profile = await games.getPlayerProfile({ memberId: '101' });
    expect(profile).toEqual({ memberId: '101', createdAt: expect.any(String) });
    expect(new Date(profile!.createdAt).toISOString()).toBe(profile!.createdAt);
    const [count] = await rows<{ n: number }>(harness.db.orm, sql`SELECT count(*)::int AS n FROM games.player_profiles WHERE member_id = 101`);
    expect(count?.n).toBe(1);
  });

  it('keeps the first profile when the same member is announced again under a new message id', async () => {
    const first = await games.getPlayerProfile({ memberId: '101' });
    await harness.deliver(memberRegisteredEnvelope('101', { merchantCode: 'OTHER' }));
    expect(await games.getPlayerProfile({ memberId: '101' })).toEqual(first);
  });

  it('answers null for a member without a profile and refuses ids that are not decimal', async () => {
    expect(await games.getPlayerProfile({ memberId: '999999' })).toBeNull();
    await expect(games.getPlayerProfile({ memberId: 'abc' })).rejects.toThrow();
    await expect(games.getPlayerProfile({ memberId: '' })).rejects.toThrow();
  });
});
