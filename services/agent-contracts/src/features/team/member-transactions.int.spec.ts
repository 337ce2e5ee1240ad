import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AgentMemberTransactions } from '@wps/contracts';
import { rows } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { signInDemoTeam } from './demo-team.testing.js';

const PATH = '/wps/relay/ODSFE2_MemTransDet';

describe('account details of a team member in the agent centre through the real HTTP API (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const ids = new Map<string, string>();
  const id = (account: string) => ids.get(account)!;
  const tokens = new Map<string, string>();
  const record = (as: string, query = '') => call<AgentMemberTransactions>('GET', `${PATH}${query ? `?${query}` : ''}`, { token: tokens.get(as)! });
  const demoDeposit = async (as: string, amount: string) => {
    const response = await call('POST', '/wps/v2/wallets/deposit/demo', { token: tokens.get(as)!, body: { amount }, key: randomUUID() });
    expect(response.status).toBe(200);
  };
  const balance = async (as: string) => (await call<{ balance: string }>('GET', '/wps/relay/GCS_merchantWallet?isSingle=1', { token: tokens.get(as)! })).body.value.balance;
  const minor = (amount: string) => BigInt(amount.replace('.', ''));

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { SEED_DEMO: 'true' } });
    await signInDemoTeam(platform, ['demoagent', 'demosub1', 'demoplayer', 'demo11'], ids, tokens);
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('keeps each member’s currency in the tree from its registration', async () => {
    const missing = await rows<{ account: string }>(platform.db.orm, sql`SELECT account FROM agent_contracts.agent_tree WHERE merchant_code = 'DEMO' AND currency IS DISTINCT FROM 'MXN'`);
    expect(missing).toEqual([]);
  });

  it('shows an agent its own record and a downline’s, the movements summing to the balance', async () => {
    await demoDeposit('demo11', '12.34');
    await demoDeposit('demosub1', '7.00');

    const own = await record('demosub1', 'type=demo_deposit');
    expect(own.status).toBe(200);
    expect(own.body.value).toMatchObject({ member: { memberId: id('demosub1'), account: 'demosub1' }, currency: 'MXN' });
    expect(own.body.value.content[0]).toMatchObject({ type: 'demo_deposit', amount: '7.00', currency: 'MXN' });

    for (const agent of ['demosub1', 'demoagent']) {
      const downline = await record(agent, `teamMemberId=${id('demo11')}&type=demo_deposit`);
      expect(downline.status).toBe(200);
      expect(downline.body.value.member).toEqual({ memberId: id('demo11'), account: 'demo11' });
      expect(downline.body.value.content[0]).toMatchObject({ type: 'demo_deposit', amount: '12.34', currency: 'MXN' });
      expect(downline.body.value.content.every((row) => row.type === 'demo_deposit')).toBe(true);
    }

    // The whole record of today, page by page: the movements add up to the balance the member sees, newest first.
    const first = await record('demosub1', `teamMemberId=${id('demo11')}&pageSize=2`);
    const pages = [first.body.value];
    for (let pageNo = 2; pageNo <= first.body.value.totalPages; pageNo++) pages.push((await record('demosub1', `teamMemberId=${id('demo11')}&pageSize=2&pageNo=${pageNo}`)).body.value);
    const all = pages.flatMap((page) => page.content);
    expect(all).toHaveLength(first.body.value.total);
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    const current = await balance('demo11');
    expect(all[0]!.balanceAfter).toBe(current);
    expect(all.reduce((sum, row) => sum + minor(row.amount), 0n)).toBe(minor(current));

    // Days before the member existed hold nothing.
    const past = await record('demosub1', `teamMemberId=${id('demo11')}&from=2026-03-01&to=2026-03-02&timeZoneOffsetMinutes=-360`);
    expect(past.status).toBe(200);
    expect(past.body.value).toMatchObject({ from: '2026-03-01', to: '2026-03-02', total: 0, content: [] });
  });

  it('refuses members outside the team exactly as members that do not exist, and non-agents', async () => {
    const unknown = await record('demosub1', 'teamMemberId=999999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('AGENT_MEMBER_NOT_FOUND');
    // A sibling agent's player, and the agent's own upline.
    for (const outside of ['demo21', 'demoagent']) {
      const refused = await record('demosub1', `teamMemberId=${id(outside)}`);
      expect(refused.status).toBe(unknown.status);
      expect(refused.body.code).toBe(unknown.body.code);
      expect(refused.body.message).toBe(unknown.body.message);
      expect(refused.body.field).toBe(unknown.body.field);
    }

    const player = await record('demoplayer');
    expect(player.status).toBe(403);
    expect(player.body.code).toBe('AGENT_ONLY');
    expect((await record('demoplayer', `teamMemberId=${id('demoplayer')}`)).body.code).toBe('AGENT_ONLY');

    expect((await record('demosub1', 'from=2026-03-02&to=2026-03-01')).body.code).toBe('AGENT_REPORT_RANGE_INVALID');
    expect((await call('GET', PATH)).status).toBe(401);
  });
});
