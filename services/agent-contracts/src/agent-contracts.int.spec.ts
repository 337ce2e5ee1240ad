import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AgentContractsRpc, RpcClient } from '@wps/contracts';
import { rows } from '@wps/platform';
import { memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { AGENT_CONTRACTS_SCHEMA, agentContractsMigrations, createAgentContractsService } from './app.js';

const AGENT = 1;
const PLAYER = 0;

const registered = (memberId: string, account: string, type: number, uplineId: string | null) => memberRegisteredEnvelope(memberId, { account, type, uplineId });

describe('agent-contracts service: the agent tree', () => {
  let harness: ServiceUnderTest<AgentContractsRpc>;
  let agents: RpcClient<AgentContractsRpc>;

  beforeAll(async () => {
    harness = await startServiceUnderTest({
      schema: AGENT_CONTRACTS_SCHEMA,
      migrationsDir: agentContractsMigrations,
      create: createAgentContractsService,
      config: { SEED_DEMO: false, AGENT_DEMO_PROGRAMME: false, AGENT_REPORT_MEMORY_DAYS: 93 },
      retry: { maxAttempts: 2, initialBackoffMs: 5, maxBackoffMs: 10 },
    });
    agents = harness.client;
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('adds each registered member once, also when the event is delivered twice', async () => {
    const agent = registered('10', 'agent10', AGENT, null);
    const player = registered('11', 'player11', PLAYER, '10');
    await harness.deliver(agent, agent);
    await harness.deliver(player, player);

    expect(await agents.getDownline({ agentId: '10' })).toEqual([{ memberId: '11', account: 'player11', type: PLAYER, depth: 1 }]);
    const [count] = await rows<{ n: number }>(harness.db.orm, sql`SELECT count(*)::int AS n FROM agent_contracts.agent_tree WHERE member_id IN (10, 11)`);
    expect(count?.n).toBe(2);
    const [node] = await rows<{ path: string; depth: number }>(harness.db.orm, sql`SELECT path, depth FROM agent_contracts.agent_tree WHERE member_id = 11`);
    expect(node).toEqual({ path: '/10/11/', depth: 1 });
  });

  it('builds the same tree when members arrive before their uplines', async () => {
    // 20 → 21 → 22 → 23, and 21 also has 24; delivered deepest first.
    await harness.deliver(registered('23', 'player23', PLAYER, '22'));
    await harness.deliver(registered('22', 'agent22', AGENT, '21'), registered('24', 'player24', PLAYER, '21'));
    expect(await agents.getDownline({ agentId: '22' })).toEqual([]);
    await harness.deliver(registered('21', 'agent21', AGENT, '20'));
    await harness.deliver(registered('20', 'agent20', AGENT, null));

    expect(await agents.getDownline({ agentId: '20' })).toEqual([
      { memberId: '21', account: 'agent21', type: AGENT, depth: 1 },
      { memberId: '22', account: 'agent22', type: AGENT, depth: 2 },
      { memberId: '24', account: 'player24', type: PLAYER, depth: 2 },
      { memberId: '23', account: 'player23', type: PLAYER, depth: 3 },
    ]);
    expect(await agents.getDownline({ agentId: '22' })).toEqual([{ memberId: '23', account: 'player23', type: PLAYER, depth: 1 }]);
    const paths = await rows<{ member_id: string; path: string }>(
      harness.db.orm,
      sql`SELECT member_id::text AS member_id, path FROM agent_contracts.agent_tree WHERE member_id BETWEEN 20 AND 24 ORDER BY member_id`,
    );
    expect(paths.map((row) => row.path)).toEqual(['/20/', '/20/21/', '/20/21/22/', '/20/21/22/23/', '/20/21/24/']);
  });

  it('orders a downline by depth, then account', async () => {
    await harness.deliver(registered('30', 'agent30', AGENT, null));
    await harness.deliver(registered('33', 'zeta', PLAYER, '30'), registered('31', 'beta', AGENT, '30'), registered('32', 'alpha', PLAYER, '31'), registered('34', 'alpha', PLAYER, '30'));
    expect((await agents.getDownline({ agentId: '30' })).map((member) => [member.account, member.depth])).toEqual([
      ['alpha', 1],
      ['beta', 1],
      ['zeta', 1],
      ['alpha', 2],
    ]);
  });

  it('keeps a member whose upline never registered out of every downline without blocking others', async () => {
    await harness.deliver(registered('41', 'orphan41', PLAYER, '40'));
    const [orphan] = await rows<{ path: string | null }>(harness.db.orm, sql`SELECT path FROM agent_contracts.agent_tree WHERE member_id = 41`);
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
