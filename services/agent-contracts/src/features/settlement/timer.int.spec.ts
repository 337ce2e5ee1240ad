import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AgentContractsRpc } from '@wps/contracts';
import { rows } from '@wps/platform';
import { eventually, memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { AGENT_CONTRACTS_SCHEMA, agentContractsMigrations, createAgentContractsService } from '../../app.js';

const dayStart = (daysAgo: number) => new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - daysAgo * 86_400_000).toISOString();

describe('the settlement timer', () => {
  let harness: ServiceUnderTest<AgentContractsRpc>;

  beforeAll(async () => {
    harness = await startServiceUnderTest({
      schema: AGENT_CONTRACTS_SCHEMA,
      migrationsDir: agentContractsMigrations,
      create: createAgentContractsService,
      config: { SEED_DEMO: false, AGENT_DEMO_PROGRAMME: false, AGENT_SETTLEMENT_INTERVAL_MS: 50, AGENT_REPORT_MEMORY_DAYS: 0 },
    });
    await harness.deliver(memberRegisteredEnvelope('501', { account: 'top501', type: 1, uplineId: null }), memberRegisteredEnvelope('502', { account: 'sub502', type: 1, uplineId: '501' }));
    await harness.db.orm.execute(
      sql`INSERT INTO agent_contracts.brand_terms (merchant_code, kind, period, tiers, time_zone, settle_delay_minutes)
          VALUES ('TIMER', 'daily', 'daily', '[{"minBaseMinor":"1000","minActive":0,"rateBp":50}]'::jsonb, 'UTC', 0)`,
    );
    // 501 from three days ago on; 502 from three days ago until yesterday's start (two periods).
    await harness.db.orm.execute(
      sql`INSERT INTO agent_contracts.contracts (merchant_code, kind, agent_id, offered_by, action, state, period, tiers, expires_at, decided_at, effective_from, ended_at, end_reason)
          VALUES ('TIMER', 'daily', 501, NULL, 'offer', 'active', 'daily', '[{"minBaseMinor":"1000","minActive":0,"rateBp":50}]'::jsonb, now(), now(), ${dayStart(3)}::timestamptz, NULL, NULL),
                 ('TIMER', 'daily', 502, 501, 'offer', 'terminated', 'daily', '[{"minBaseMinor":"1000","minActive":0,"rateBp":50}]'::jsonb, now(), now(), ${dayStart(3)}::timestamptz, ${dayStart(1)}::timestamptz, 'test')`,
    );
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('settles every closed period from the contract’s start and stops at its end', async () => {
    const settled = async () =>
      rows<{ agent_id: string; period_start: string; state: string }>(
        harness.db.orm,
        sql`SELECT agent_id::text AS agent_id, to_char(period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS period_start, state FROM agent_contracts.settlements
             WHERE merchant_code = 'TIMER' ORDER BY agent_id, period_start`,
      );
    await eventually(async () => (await settled()).length === 5, 'the timer settled the closed days', 5_000);
    const day = (n: number) => dayStart(n).slice(0, 10);
    expect((await settled()).map((row) => [row.agent_id, row.period_start, row.state])).toEqual([
      ['501', day(3), 'nothing-due'],
      ['501', day(2), 'nothing-due'],
      ['501', day(1), 'nothing-due'],
      ['502', day(3), 'nothing-due'],
      ['502', day(2), 'nothing-due'],
    ]);
    const [events] = await rows<{ n: number }>(harness.db.orm, sql`SELECT count(*)::int AS n FROM agent_contracts.outbox WHERE topic = 'contract-offers.v1'`);
    expect(events!.n).toBe(5);
  });
});
