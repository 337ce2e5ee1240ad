import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AgentContracts, AgentTeamOverview, UseCaseResponse, UseCases } from '@wps/contracts';
import { rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';

/** A fresh install with the demo agent programme: every agent centre page of `demoagent` has something to show. */
describe('the demo agent programme of a fresh install (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  let token = '';
  const get = <T>(path: string) => call<T>('GET', path, { token });
  const db = () => platform.db.orm;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { AGENT_DEMO_PROGRAMME: 'true', AGENT_SETTLEMENT_INTERVAL_MS: '0' } });
    // Seeded in the background after start, then the closed periods are settled (written), then paid: the run is over
    // when periods were paid and none is still due.
    await eventually(
      async () => {
        const [counts] = await rows<{ paid: number; due: number }>(
          db(),
          sql`SELECT count(*) FILTER (WHERE state IN ('paid', 'partly-paid'))::int AS paid, count(*) FILTER (WHERE state = 'due')::int AS due
                FROM agent_contracts.settlements WHERE merchant_code = 'DEMO'`,
        );
        return counts!.paid > 0 && counts!.due === 0;
      },
      'the demo periods settled and paid',
      60_000,
    );
    const login = await call<{ token: string }>('POST', '/wps/session/login', { body: { username: 'demoagent', password: 'demo1234', type: 'username' } });
    expect(login.status).toBe(200);
    token = login.body.value.token;
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('holds contracts of every kind in every state', async () => {
    const states = await rows<{ state: string; action: string }>(db(), sql`SELECT DISTINCT state, action FROM agent_contracts.contracts WHERE merchant_code = 'DEMO'`);
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(['pending', 'active', 'rejected', 'expired', 'withdrawn', 'superseded', 'terminated']));
    for (const kind of ['dividend', 'daily', 'hourly', 'realtime'] as const) {
      const page = await get<AgentContracts>(`/wps/agent/contracts?kind=${kind}`);
      expect(page.status).toBe(200);
      expect(page.body.value.current?.kind).toBe(kind);
      expect(page.body.value.downlines.items.length).toBeGreaterThan(0);
    }
    // The platform's new dividend terms wait for the demo agent's answer.
    expect((await get<AgentContracts>('/wps/agent/contracts?kind=dividend')).body.value.pending).toHaveLength(1);
  });

  it('shows the team’s last 30 days and the settled periods, paid through a ledger that sums to zero', async () => {
    const today = new Date();
    const from = new Date(today.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
    const to = today.toISOString().slice(0, 10);
    const overview = await get<AgentTeamOverview>(`/wps/agent/team/overview?from=${from}&to=${to}`);
    expect(overview.status).toBe(200);
    expect(overview.body.value.teamSize).toBe(14);
    expect(overview.body.value.betCount).toBeGreaterThan(1_000);
    expect(overview.body.value.series.filter((day) => day.betCount > 0).length).toBeGreaterThan(20);

    const daily = await get<UseCaseResponse<UseCases['agentSettlements']>>(`/wps/agent/settlements?kind=daily&from=${from}&to=${to}`);
    expect(daily.status).toBe(200);
    expect(daily.body.value.total).toBeGreaterThan(20);
    const income = await get<UseCaseResponse<UseCases['agentIncome']>>(`/wps/agent/income?from=${from}&to=${to}`);
    expect(income.status).toBe(200);
    expect(BigInt(income.body.value.totals.receivedMinor)).toBeGreaterThan(0n);
    expect(BigInt(income.body.value.totals.paidMinor)).toBeGreaterThan(0n);
    expect(income.body.value.list).toHaveLength(income.body.value.pageSize);
    expect(income.body.value.total).toBeGreaterThan(income.body.value.pageSize);

    // What members hold from commissions is exactly what the platform paid the top agent (payouts between agents net
    // out), and the ledger balances.
    const [paid] = await rows<{ settled: string; ledger: string }>(
      db(),
      sql`SELECT (SELECT coalesce(sum(paid_minor), 0)::text FROM agent_contracts.settlements WHERE merchant_code = 'DEMO' AND payer_id IS NULL) AS settled,
                 (SELECT coalesce(sum(e.amount_minor), 0)::text FROM wallet.entries e JOIN wallet.transactions t ON t.id = e.transaction_id
                   JOIN wallet.accounts a ON a.id = e.account_id
                  WHERE t.cause = 'commission' AND a.owner_type = 'member' AND t.merchant_code = 'DEMO') AS ledger`,
    );
    expect(BigInt(paid!.settled)).toBeGreaterThan(0n);
    expect(paid!.ledger).toBe(paid!.settled);
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('seeds once: a second start with the same data changes nothing', async () => {
    const before = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM agent_contracts.contracts`);
    const { seedDemoProgramme } = await import('./demo.js');
    expect(await seedDemoProgramme(platform.db, platform.logger, { waitMs: 0 })).toBe(false);
    expect(await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM agent_contracts.contracts`)).toEqual(before);
  });
});
