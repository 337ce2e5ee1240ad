import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { balanceChangedSchema, TOPICS, type AgentDownline, type AgentTeamOverview, type Balance, type EventEnvelope } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { signInDemoTeam } from './demo-team.testing.js';

/** Today and yesterday in UTC, read at UTC: a payment made now falls on the last day. */
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('deposits and withdrawals in the team figures, balances in the downline (embedded, real HTTP API)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const ids = new Map<string, string>();
  const id = (account: string) => ids.get(account)!;
  const tokens = new Map<string, string>();
  const accounts = ['demoagent', 'demosub1', 'demosub11', 'demosub2', 'demo111', 'demo112'];

  const overview = async (as: string) => {
    const range = `from=${yesterday()}&to=${today()}&timeZoneOffsetMinutes=0`;
    const answer = await call<AgentTeamOverview>('GET', `/wps/agent/team/overview?${range}`, { token: tokens.get(as)! });
    expect(answer.status).toBe(200);
    const value = answer.body.value;
    const day = value.series.at(-1)!;
    return { deposits: value.deposits, depositCount: value.depositCount, withdrawals: value.withdrawals, day: [day.date, day.deposits, day.depositCount] as const };
  };
  const minor = (amount: string) => Math.round(Number(amount) * 100);
  const handled = async (messageId: string) =>
    (await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM agent_contracts.inbox WHERE consumer = 'agent-contracts.team-payments' AND message_id::text = ${messageId}`))[0]!
      .n === 1;

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { SEED_DEMO: 'true' } });
    await signInDemoTeam(platform, accounts, ids, tokens);
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('counts a downline member’s deposit once in every upline’s overview the same day, and in no other team', async () => {
    const uplines = ['demoagent', 'demosub1', 'demosub11'];
    const before = new Map(await Promise.all([...uplines, 'demosub2'].map(async (account) => [account, await overview(account)] as const)));

    const deposit = await call<Balance & { transactionId: string }>('POST', '/wps/v2/wallets/deposit/demo', { token: tokens.get('demo111')!, body: { amount: '12.34' }, key: randomUUID() });
    expect(deposit.status).toBe(200);
    const { transactionId } = deposit.body.value;
    const [outboxRow] = await rows<{ envelope: EventEnvelope }>(
      platform.db.orm,
      sql`SELECT envelope FROM wallet.outbox WHERE envelope->>'type' = 'balance.changed' AND envelope->'payload'->>'transactionId' = ${transactionId}`,
    );
    const envelope = outboxRow!.envelope;
    expect(envelope.payload).toMatchObject({ memberId: id('demo111'), cause: 'demo_deposit', amountMinor: '1234' });
    await eventually(() => handled(envelope.id), 'the deposit counted', 10_000);

    const expected = async () => {
      for (const account of uplines) {
        const was = before.get(account)!;
        const now = await overview(account);
        expect(minor(now.deposits) - minor(was.deposits), account).toBe(1234);
        expect(now.depositCount - was.depositCount, account).toBe(1);
        expect(now.withdrawals, account).toBe(was.withdrawals);
        expect(now.day[0], account).toBe(today());
        expect(minor(now.day[1]) - (was.day[0] === today() ? minor(was.day[1]) : 0), account).toBe(1234);
      }
      expect(await overview('demosub2')).toEqual(before.get('demosub2'));
    };
    await expected();

    // The same message delivered again, then a sentinel behind it on the same key: once the sentinel is counted the
    // redelivery has been read, and it changed nothing.
    const sentinel = createEnvelope('balance.changed', id('demo111'), { ...balanceChangedSchema.parse(envelope.payload), memberId: '999999999', transactionId: randomUUID() }, 'test');
    await platform.bus.publish([envelope, sentinel].map((value) => ({ topic: TOPICS.balances, key: id('demo111'), value })));
    await eventually(() => handled(sentinel.id), 'the sentinel counted', 10_000);
    await expected();
  }, 60_000);

  it('shows each listed member’s balance as the wallet has it', async () => {
    await call('POST', '/wps/v2/wallets/deposit/demo', { token: tokens.get('demo112')!, body: { amount: '7.01' }, key: randomUUID() });
    const downline = await call<AgentDownline>('GET', `/wps/agent/team/members?parentId=${id('demosub11')}`, { token: tokens.get('demosub1')! });
    expect(downline.status).toBe(200);
    expect(downline.body.value.list.map((row) => row.account)).toEqual(['demo111', 'demo112']);
    for (const row of downline.body.value.list) {
      const wallet = await call<Balance>('GET', '/wps/v2/wallets/balance', { token: tokens.get(row.account)! });
      expect(wallet.status).toBe(200);
      expect(row.balance, row.account).toBe(wallet.body.value.balance);
    }
    expect(Number(downline.body.value.list[1]!.balance)).toBeGreaterThanOrEqual(7.01);
    // The agents' own list reads every direct downline's balance in the same call.
    const top = await call<AgentDownline>('GET', '/wps/agent/team/members', { token: tokens.get('demoagent')! });
    expect(top.body.value.list.length).toBeGreaterThan(0);
    expect(top.body.value.list.every((row) => typeof row.balance === 'string')).toBe(true);
  }, 30_000);
});
