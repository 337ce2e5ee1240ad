import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentContractsRpc, TOPICS, type AgentContractsRpc, type EventEnvelope, type MemberRegistered, type RpcClient } from '@wps/contracts';
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
import { AGENT_CONTRACTS_SCHEMA, agentContractsMigrations, createAgentContractsService } from './app.js';

const AGENT = 1;
const PLAYER = 0;

const registered = (memberId: string, account: string, type: number, uplineId: string | null): EventEnvelope<MemberRegistered> =>
  createEnvelope('member.registered', memberId, { memberId, merchantCode: 'DEMO', account, type, currency: 'MXN', uplineId, registeredAt: new Date().toISOString() }, 'test');

async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('agent-contracts service: the agent tree', () => {
  let db: Database;
  let bus: InMemoryEventBus;
  let cache: MemoryStore;
  let service: ServiceInstance<AgentContractsRpc>;
  let agents: RpcClient<AgentContractsRpc>;
  /** Message ids the service's consumers finished with, so a test can tell a duplicate was delivered and ignored. */
  const handled: string[] = [];

  const deliver = async (...envelopes: EventEnvelope[]): Promise<void> => {
    for (const envelope of envelopes) await bus.publish([{ topic: TOPICS.members, key: envelope.key, value: envelope }]);
    const expected = new Map<string, number>();
    for (const envelope of envelopes) expected.set(envelope.id, (expected.get(envelope.id) ?? 0) + 1);
    await eventually(
      () => [...expected].every(([id, times]) => handled.filter((candidate) => candidate === id).length >= times),
      'every delivery handled',
    );
  };

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db, AGENT_CONTRACTS_SCHEMA, agentContractsMigrations);
    bus = new InMemoryEventBus();
    const subscribe = bus.subscribe.bind(bus);
    bus.subscribe = (options) =>
      subscribe({
        ...options,
        retry: { maxAttempts: 2, initialBackoffMs: 5, maxBackoffMs: 10 },
        handler: async (message) => {
          await options.handler(message);
          handled.push(message.value.id);
        },
      });
    cache = new MemoryStore();
    service = await createAgentContractsService({ db, bus, cache, logger: createLogger({ service: 'agent-contracts', level: 'silent' }) }, {});
    await service.start();
    agents = createInProcessClient('agent-contracts', agentContractsRpc, service.handlers);
  });

  afterAll(async () => {
    await service?.stop();
    await bus?.close();
    await cache?.close();
    await db?.close();
  });

  it('adds each registered member once, also when the event is delivered twice', async () => {
    const agent = registered('10', 'agent10', AGENT, null);
    const player = registered('11', 'player11', PLAYER, '10');
    await deliver(agent, agent);
    await deliver(player, player);

    expect(await agents.getDownline({ agentId: '10' })).toEqual([{ memberId: '11', account: 'player11', type: PLAYER, depth: 1 }]);
    const [count] = await rows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM agent_contracts.agent_tree WHERE member_id IN (10, 11)`);
    expect(count?.n).toBe(2);
    const [node] = await rows<{ path: string; depth: number }>(db.orm, sql`SELECT path, depth FROM agent_contracts.agent_tree WHERE member_id = 11`);
    expect(node).toEqual({ path: '/10/11/', depth: 1 });
  });

  it('builds the same tree when members arrive before their uplines', async () => {
    // 20 → 21 → 22 → 23, and 21 also has 24; delivered deepest first.
    await deliver(registered('23', 'player23', PLAYER, '22'));
    await deliver(registered('22', 'agent22', AGENT, '21'), registered('24', 'player24', PLAYER, '21'));
    expect(await agents.getDownline({ agentId: '22' })).toEqual([]);
    await deliver(registered('21', 'agent21', AGENT, '20'));
    await deliver(registered('20', 'agent20', AGENT, null));

    expect(await agents.getDownline({ agentId: '20' })).toEqual([
      { memberId: '21', account: 'agent21', type: AGENT, depth: 1 },
      { memberId: '22', account: 'agent22', type: AGENT, depth: 2 },
      { memberId: '24', account: 'player24', type: PLAYER, depth: 2 },
      { memberId: '23', account: 'player23', type: PLAYER, depth: 3 },
    ]);
    expect(await agents.getDownline({ agentId: '22' })).toEqual([{ memberId: '23', account: 'player23', type: PLAYER, depth: 1 }]);
    const paths = await rows<{ member_id: string; path: string }>(
      db.orm,
      sql`SELECT member_id::text AS member_id, path FROM agent_contracts.agent_tree WHERE member_id BETWEEN 20 AND 24 ORDER BY member_id`,
    );
    expect(paths.map((row) => row.path)).toEqual(['/20/', '/20/21/', '/20/21/22/', '/20/21/22/23/', '/20/21/24/']);
  });

  it('orders a downline by depth, then account', async () => {
    await deliver(registered('30', 'agent30', AGENT, null));
    await deliver(registered('33', 'zeta', PLAYER, '30'), registered('31', 'beta', AGENT, '30'), registered('32', 'alpha', PLAYER, '31'), registered('34', 'alpha', PLAYER, '30'));
    expect((await agents.getDownline({ agentId: '30' })).map((member) => [member.account, member.depth])).toEqual([
      ['alpha', 1],
      ['beta', 1],
      ['zeta', 1],
      ['alpha', 2],
    ]);
  });

  it('keeps a member whose upline never registered out of every downline without blocking others', async () => {
    await deliver(registered('41', 'orphan41', PLAYER, '40'));
    const [orphan] = await rows<{ path: string | null }>(db.orm, sql`SELECT path FROM agent_contracts.agent_tree WHERE member_id = 41`);
    expect(orphan).toEqual({ path: null });
    expect(await agents.getDownline({ agentId: '40' })).toEqual([]);
  });

  it('answers an empty downline for unknown members and leaves, and refuses ids that are not decimal', async () => {
    expect(await agents.getDownline({ agentId: '999999' })).toEqual([]);
    expect(await agents.getDownline({ agentId: '11' })).toEqual([]);
    await expect(agents.getDownline({ agentId: '10%' })).rejects.toThrow();
    await expect(agents.getDownline({ agentId: '-1' })).rejects.toThrow();
  });
});
