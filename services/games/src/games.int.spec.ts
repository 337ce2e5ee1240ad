import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { gamesRpc, TOPICS, type GamesRpc, type MemberRegistered, type RpcClient } from '@wps/contracts';
import {
  createEnvelope,
  createInProcessClient,
  createLogger,
  InMemoryEventBus,
  MemoryStore,
  migrate,
  openPglite,
  rows,
  type Database,
  type ServiceInstance,
} from '@wps/platform';
import { createGamesService, GAMES_SCHEMA, gamesMigrations } from './app.js';

const member = (memberId: string, overrides: Partial<MemberRegistered> = {}): MemberRegistered => ({
  memberId,
  merchantCode: 'DEMO',
  account: `player${memberId}`,
  type: 0,
  currency: 'MXN',
  uplineId: null,
  registeredAt: new Date().toISOString(),
  ...overrides,
});

async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('games service', () => {
  let db: Database;
  let bus: InMemoryEventBus;
  let cache: MemoryStore;
  let service: ServiceInstance<GamesRpc>;
  let games: RpcClient<GamesRpc>;
  /** Message ids the service's consumers finished with, so a test can tell a duplicate was delivered and ignored. */
  const handled: string[] = [];

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db, GAMES_SCHEMA, gamesMigrations);
    bus = new InMemoryEventBus();
    const subscribe = bus.subscribe.bind(bus);
    bus.subscribe = (options) =>
      subscribe({
        ...options,
        handler: async (message) => {
          await options.handler(message);
          handled.push(message.value.id);
        },
      });
    cache = new MemoryStore();
    service = await createGamesService({ db, bus, cache, logger: createLogger({ service: 'games', level: 'silent' }) }, {});
    await service.start();
    games = createInProcessClient('games', gamesRpc, service.handlers);
  });

  afterAll(async () => {
    await service?.stop();
    await bus?.close();
    await cache?.close();
    await db?.close();
  });

  const publish = (envelope: ReturnType<typeof createEnvelope<'member.registered'>>) =>
    bus.publish([{ topic: TOPICS.members, key: envelope.key, value: envelope }]);

  it('lists the enabled vendors in display order, the in-house vendor seeded', async () => {
    expect(await games.listVendors({ merchantCode: 'DEMO' })).toEqual([{ vassalage: 'HOUSE', displayName: 'House Games', gameType: 'RNG' }]);

    await db.orm.execute(
      sql`INSERT INTO games.vendors (vassalage, display_name, game_type, enabled, sort_order)
        VALUES ('PG', 'PG Soft', 'SLOT', true, -1), ('OFF', 'Switched off', 'LIVE', false, -2)`,
    );
    expect((await games.listVendors({ merchantCode: 'DEMO' })).map((vendor) => vendor.vassalage)).toEqual(['PG', 'HOUSE']);
  });

  it('opens one player profile per registered member, also when the event is delivered twice', async () => {
    const envelope = createEnvelope('member.registered', '101', member('101'), 'test');
    await publish(envelope);
    await publish(envelope);
    await eventually(() => handled.filter((id) => id === envelope.id).length === 2, 'both deliveries');

    const profile = await games.getPlayerProfile({ memberId: '101' });
    expect(profile).toEqual({ memberId: '101', createdAt: expect.any(String) });
    expect(new Date(profile!.createdAt).toISOString()).toBe(profile!.createdAt);
    const [count] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM games.player_profiles WHERE member_id = 101`);
    expect(count?.n).toBe(1);
  });

  it('keeps the first profile when the same member is announced again under a new message id', async () => {
    const first = await games.getPlayerProfile({ memberId: '101' });
    const again = createEnvelope('member.registered', '101', member('101', { merchantCode: 'OTHER' }), 'test');
    await publish(again);
    await eventually(() => handled.includes(again.id), 'the second announcement');
    expect(await games.getPlayerProfile({ memberId: '101' })).toEqual(first);
  });

  it('answers null for a member without a profile and refuses ids that are not decimal', async () => {
    expect(await games.getPlayerProfile({ memberId: '999999' })).toBeNull();
    await expect(games.getPlayerProfile({ memberId: 'abc' })).rejects.toThrow();
    await expect(games.getPlayerProfile({ memberId: '' })).rejects.toThrow();
  });
});
