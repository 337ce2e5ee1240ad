import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type BetSettled } from '@wps/contracts';
import { createEnvelope, rows } from '@wps/platform';
import { apiCaller, eventually } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import type { SettlementRow } from './reads.js';

type Run = { settled: number; payments: number; paidMinor: string; outstandingDebts: number };
type SettlementView = {
  settlementId: string;
  role: 'earned' | 'paid';
  agentId: string;
  periodStart: string;
  baseMinor: string;
  activeMembers: number;
  tier: number | null;
  rateBp: number;
  grossMinor: string;
  downlineMinor: string;
  carryInMinor: string;
  carryOutMinor: string;
  amountMinor: string;
  paidMinor: string;
  debtMinor: string;
  state: string;
};

const DAY = (n: number) => `2025-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

/**
 * Dividend settlement of a three-level tree A → B → C through the embedded platform: contracts written straight into
 * the contracts table, play delivered as `bet.settled` events, each run started through the operator API.
 */
describe('agent contract settlement (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const password = 'secreto12';
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let currency = '';
  const db = () => platform.db.orm;

  const register = async (name: string) => {
    const username = `${name}${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    const response = await call<{ token: string; user: { id: string } }>('PUT', '/wps/member/register', { body: { username, password, confirmPassword: password, acceptTerms: true } });
    expect(response.status).toBe(200);
    return { username, memberId: response.body.value.user.id, token: response.body.value.token };
  };
  const run = (until: string) =>
    call<Run>('POST', '/operator/v1/agent-settlements/run', { body: { merchantCode: 'DEMO', kind: 'dividend', until }, headers: { authorization: `Operator ${platform.operatorToken}` } });
  const balance = async (who: string) =>
    BigInt(
      (
        await rows<{ b: string }>(db(), sql`SELECT balance_minor::text AS b FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${ids[who]!} AND kind = 'main' AND currency = ${currency}`)
      )[0]?.b ?? '0',
    );
  const settlement = async (who: string, day: number) =>
    (
      await rows<Omit<SettlementRow, 'contract_id' | 'kind' | 'agent_id' | 'account' | 'payer_id' | 'period_start' | 'period_end' | 'currency' | 'settled_at'>>(
        db(),
        sql`SELECT id::text AS id, base_minor::text AS base_minor, active_members, tier_index, rate_bp, gross_minor::text AS gross_minor, downline_minor::text AS downline_minor,
                   carry_in_minor::text AS carry_in_minor, carry_out_minor::text AS carry_out_minor, amount_minor::text AS amount_minor, paid_minor::text AS paid_minor,
                   debt_minor::text AS debt_minor, state
              FROM agent_contracts.settlements WHERE agent_id = ${ids[who]!} AND period_start = ${DAY(day)}::timestamptz`,
      )
    )[0];
  const commissions = async () => (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM wallet.transactions WHERE cause = 'commission'`))[0]!.n;
  const ledgerIsBalanced = async () => expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });

  let betNo = 0;
  const bet = (who: string, day: number, stake: number, win: number): BetSettled => ({
    betId: `settle-${randomUUID()}`,
    vendor: 'TEST',
    roundId: `r-${++betNo}`,
    gameType: 'RNG',
    gameCode: null,
    memberId: ids[who]!,
    merchantCode: 'DEMO',
    account: null,
    agentPath: null,
    currency,
    betAmountMinor: String(stake),
    validBetMinor: String(stake),
    winAmountMinor: String(win),
    adjustAmountMinor: '0',
    state: 'settled',
    revision: 0,
    settledAt: `2025-01-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  });
  const deliver = async (...bets: BetSettled[]) => {
    await platform.bus.publish(bets.map((b) => ({ topic: 'bets.v1', key: b.betId, value: createEnvelope('bet.settled', b.betId, b, 'test') })));
    await eventually(async () => {
      const [seen] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM agent_contracts.team_bets WHERE bet_id IN ${sql.raw(`(${bets.map((b) => `'${b.betId}'`).join(',')})`)}`);
      return seen!.n === bets.length;
    }, 'the bets rolled up');
  };
  const place = async (who: string, type: number, upline: string | null) => {
    const uplineId = upline === null ? null : ids[upline]!;
    await db().execute(sql`UPDATE identity.members SET type = ${type}, upline_id = ${uplineId} WHERE id = ${ids[who]!}`);
    const [parent] =
      upline === null ? [{ path: '/', depth: -1 }] : await rows<{ path: string; depth: number }>(db(), sql`SELECT path, depth FROM agent_contracts.agent_tree WHERE member_id = ${uplineId}`);
    await db().execute(
      sql`UPDATE agent_contracts.agent_tree SET type = ${type}, upline_id = ${uplineId}, path = ${`${parent!.path}${ids[who]!}/`}, depth = ${Number(parent!.depth) + 1} WHERE member_id = ${ids[who]!}`,
    );
  };
  const contract = async (who: string, offeredBy: string | null, rates: [number, number]) => {
    const tiers = JSON.stringify([
      { minBaseMinor: '50000', minActive: 1, rateBp: rates[0] },
      { minBaseMinor: '200000', minActive: 2, rateBp: rates[1] },
    ]);
    await db().execute(
      sql`INSERT INTO agent_contracts.contracts (merchant_code, kind, agent_id, offered_by, action, state, period, tiers, offered_at, expires_at, decided_at, effective_from, ended_at, end_reason)
          VALUES ('DEMO', 'dividend', ${ids[who]!}, ${offeredBy === null ? null : ids[offeredBy]!}, 'offer', 'terminated', 'daily', ${tiers}::jsonb,
                  '2025-01-01T00:00:00Z', '2025-01-08T00:00:00Z', '2025-01-02T00:00:00Z', ${DAY(10)}::timestamptz, '2025-02-01T00:00:00Z', 'test')`,
    );
  };

  beforeAll(async () => {
    // The runs are started through the operator API only, so each test knows which periods are closed.
    platform = await startEmbedded({ logLevel: 'silent', env: { AGENT_SETTLEMENT_INTERVAL_MS: '0' } });
    for (const name of ['A', 'B', 'C', 'pa', 'pb', 'pc1', 'pc2']) {
      const member = await register(name.toLowerCase());
      ids[name] = member.memberId;
      tokens[name] = member.token;
    }
    await eventually(async () => {
      const [n] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM agent_contracts.agent_tree WHERE member_id IN ${sql.raw(`(${Object.values(ids).join(',')})`)}`);
      return n!.n === 7;
    }, 'the members in the agent tree');
    await eventually(async () => (await rows(db(), sql`SELECT 1 FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${ids.A!}`)).length > 0, 'the wallet account');
    currency = (await rows<{ currency: string }>(db(), sql`SELECT currency FROM wallet.accounts WHERE owner_type = 'member' AND owner_id = ${ids.A!} AND kind = 'main'`))[0]!.currency;
    // A (top) → B → C, agents; pa under A, pb under B, pc1 and pc2 under C.
    await place('A', 1, null);
    await place('B', 1, 'A');
    await place('C', 1, 'B');
    await place('pa', 0, 'A');
    await place('pb', 0, 'B');
    await place('pc1', 0, 'C');
    await place('pc2', 0, 'C');
    for (const agent of ['A', 'B', 'C']) {
      const [row] = await rows<{ username: string }>(db(), sql`SELECT username FROM identity.members WHERE id = ${ids[agent]!}`);
      const login = await call<{ token: string }>('POST', '/wps/session/login', { body: { username: row!.username, password, area: 'agent' } });
      expect(login.status).toBe(200);
      tokens[agent] = login.body.value.token;
    }
    // Daily dividend in UTC; the brand lets a top agent have at most 15 % and 30 %. C's 25 % is above B's 20 %.
    await db().execute(
      sql`INSERT INTO agent_contracts.brand_terms (merchant_code, kind, enabled, period, tiers, active_threshold_minor, carry_resets_monthly, time_zone, settle_delay_minutes)
          VALUES ('DEMO', 'dividend', true, 'daily', ${JSON.stringify([
            { minBaseMinor: '50000', minActive: 1, rateBp: 1500 },
            { minBaseMinor: '200000', minActive: 2, rateBp: 3000 },
          ])}::jsonb, 1000, true, 'UTC', 5)
          ON CONFLICT (merchant_code, kind) DO UPDATE SET enabled = true, period = 'daily', tiers = EXCLUDED.tiers, active_threshold_minor = 1000,
                carry_resets_monthly = true, time_zone = 'UTC', settle_delay_minutes = 5`,
    );
    await contract('A', null, [1500, 3000]);
    await contract('B', 'A', [1000, 2000]);
    await contract('C', 'B', [1000, 2500]);
  }, 90_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('pays each level its differential top-down; an upline short of money pays what it has and owes the rest', async () => {
    await deliver(bet('pc1', 10, 200_000, 0), bet('pc2', 10, 100_000, 0), bet('pb', 10, 50_000, 300_000), bet('pa', 10, 100_000, 0));
    // Day 10 closes at 11th 00:00 and settles 5 minutes later; nothing is settled a minute before that.
    expect((await run('2025-01-11T00:04:00Z')).body.value.settled).toBe(0);
    const first = await run('2025-01-11T00:05:00Z');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ settled: 3, outstandingDebts: 1 });

    // C: team lost 300,000 with 2 active → tier 2, 25 % capped to B's 20 % → 60,000, paid by B.
    expect(await settlement('C', 10)).toMatchObject({ base_minor: '300000', active_members: 2, tier_index: 1, rate_bp: 2000, gross_minor: '60000', amount_minor: '60000' });
    // B: its player won 250,000, so the team lost 50,000 → tier 1 at 10 % → 5,000 from A; B owes C 60,000.
    expect(await settlement('B', 10)).toMatchObject({
      base_minor: '50000',
      active_members: 3,
      tier_index: 0,
      rate_bp: 1000,
      gross_minor: '5000',
      downline_minor: '60000',
      paid_minor: '5000',
      state: 'paid',
    });
    // A: team lost 150,000 → tier 1 at 15 % → 22,500 from the platform; A pays B 5,000 and keeps 17,500.
    expect(await settlement('A', 10)).toMatchObject({
      base_minor: '150000',
      active_members: 4,
      tier_index: 0,
      rate_bp: 1500,
      gross_minor: '22500',
      downline_minor: '5000',
      paid_minor: '22500',
      state: 'paid',
    });
    // B had only the 5,000 it just received: C is paid 5,000 and 55,000 stays as B's debt.
    expect(await settlement('C', 10)).toMatchObject({ paid_minor: '5000', debt_minor: '55000', state: 'partly-paid' });
    expect([await balance('A'), await balance('B'), await balance('C')]).toEqual([17_500n, 0n, 5_000n]);
    const [house] = await rows<{ b: string }>(db(), sql`SELECT balance_minor::text AS b FROM wallet.accounts WHERE owner_type = 'house' AND owner_id = 'agent-commissions' AND merchant_code = 'DEMO'`);
    expect(house!.b).toBe('-22500');
    await ledgerIsBalanced();
  });

  it('pays nothing twice: a rerun, and a run after a crash between writing and paying', async () => {
    const before = await commissions();
    expect((await run('2025-01-11T00:05:00Z')).body.value).toMatchObject({ settled: 0, payments: 0, paidMinor: '0' });
    // A crash after the payment and before it was recorded leaves the row due; the next run finds the first payment.
    const a = await settlement('A', 10);
    await db().execute(sql`UPDATE agent_contracts.settlements SET state = 'due', paid_minor = 0, transaction_id = NULL WHERE id = ${a!.id}`);
    await run('2025-01-11T00:05:00Z');
    expect(await settlement('A', 10)).toMatchObject({ paid_minor: '22500', state: 'paid' });
    expect(await commissions()).toBe(before);
    expect(await balance('A')).toBe(17_500n);
    await ledgerIsBalanced();
  });

  it('repays the debt first from the upline’s next income', async () => {
    await deliver(bet('pb', 11, 100_000, 0), bet('pc1', 11, 10_000, 0));
    await run('2025-01-12T00:05:00Z');
    // Day 11: B's team lost 110,000 → 11,000 from A, which goes straight to C against the 55,000 debt.
    expect(await settlement('B', 11)).toMatchObject({ gross_minor: '11000', paid_minor: '11000', state: 'paid' });
    expect(await settlement('C', 11)).toMatchObject({ base_minor: '10000', tier_index: null, gross_minor: '0', state: 'nothing-due' });
    expect(await settlement('C', 10)).toMatchObject({ paid_minor: '16000', debt_minor: '44000', state: 'partly-paid' });
    const [debt] = await rows<{ outstanding_minor: string; repaid: string }>(
      db(),
      sql`SELECT d.outstanding_minor::text AS outstanding_minor, (SELECT sum(amount_minor)::text FROM agent_contracts.settlement_debt_repayments r WHERE r.debt_id = d.id) AS repaid
            FROM agent_contracts.settlement_debts d WHERE d.payer_id = ${ids.B!}`,
    );
    expect(debt).toEqual({ outstanding_minor: '44000', repaid: '11000' });
    expect([await balance('B'), await balance('C')]).toEqual([0n, 16_000n]);
    await ledgerIsBalanced();
  });

  it('carries a won period’s negative base into the next period', async () => {
    await deliver(bet('pa', 12, 10_000, 210_000));
    await run('2025-01-13T00:05:00Z');
    expect(await settlement('A', 12)).toMatchObject({ base_minor: '-200000', carry_out_minor: '-200000', gross_minor: '0', state: 'nothing-due' });
    await deliver(bet('pa', 13, 250_000, 0));
    await run('2025-01-14T00:05:00Z');
    expect(await settlement('A', 13)).toMatchObject({ carry_in_minor: '-200000', base_minor: '50000', carry_out_minor: '0', tier_index: 0, gross_minor: '7500', state: 'paid' });
    await ledgerIsBalanced();
  });

  it('pays real-time salary every 5 minutes on the stakes of the bets it counts', async () => {
    const tiers = JSON.stringify([{ minBaseMinor: '0', minActive: 0, rateBp: 100, on: 'loss' }]);
    await db().execute(
      sql`INSERT INTO agent_contracts.brand_terms (merchant_code, kind, enabled, period, tiers, active_threshold_minor, time_zone, settle_delay_minutes)
          VALUES ('DEMO', 'realtime', true, '5min', ${tiers}::jsonb, 0, 'UTC', 0)
          ON CONFLICT (merchant_code, kind) DO UPDATE SET enabled = true, period = '5min', tiers = EXCLUDED.tiers, time_zone = 'UTC', settle_delay_minutes = 0`,
    );
    await db().execute(
      sql`INSERT INTO agent_contracts.contracts (merchant_code, kind, agent_id, offered_by, action, state, period, tiers, offered_at, expires_at, decided_at, effective_from, ended_at, end_reason)
          VALUES ('DEMO', 'realtime', ${ids.A!}, NULL, 'offer', 'terminated', '5min', ${tiers}::jsonb, '2025-01-01T00:00:00Z', '2025-01-08T00:00:00Z', '2025-01-02T00:00:00Z',
                  '2025-01-20T12:00:00Z', '2025-01-21T00:00:00Z', 'test')`,
    );
    const at = (b: BetSettled, settledAt: string): BetSettled => ({ ...b, settledAt });
    // A lost stake of 10,000 and a won stake of 5,000 in 12:00–12:05; a lost stake of 3,000 in 12:05–12:10.
    await deliver(at(bet('pa', 20, 10_000, 0), '2025-01-20T12:01:00.000Z'), at(bet('pc1', 20, 5_000, 9_000), '2025-01-20T12:02:00.000Z'), at(bet('pb', 20, 3_000, 0), '2025-01-20T12:07:00.000Z'));
    const balanceBefore = await balance('A');
    const answer = await call<Run>('POST', '/operator/v1/agent-settlements/run', {
      body: { merchantCode: 'DEMO', kind: 'realtime', until: '2025-01-20T12:10:00Z' },
      headers: { authorization: `Operator ${platform.operatorToken}` },
    });
    expect(answer.body.value.settled).toBe(2);
    const rowsOfA = await rows<{ period_start: string; base_minor: string; gross_minor: string; state: string }>(
      db(),
      sql`SELECT to_char(period_start AT TIME ZONE 'UTC', 'HH24:MI') AS period_start, base_minor::text AS base_minor, gross_minor::text AS gross_minor, state
            FROM agent_contracts.settlements WHERE agent_id = ${ids.A!} AND kind = 'realtime' ORDER BY period_start`,
    );
    expect(rowsOfA).toEqual([
      { period_start: '12:00', base_minor: '10000', gross_minor: '100', state: 'paid' },
      { period_start: '12:05', base_minor: '3000', gross_minor: '30', state: 'paid' },
    ]);
    expect(await balance('A')).toBe(balanceBefore + 130n);
    await ledgerIsBalanced();
  });

  it('shows an agent its own records and what it paid its direct downline, and its income with the debts', async () => {
    const records = await call<{ list: SettlementView[]; total: number }>('GET', `/wps/agent/settlements?kind=dividend&from=2025-01-10&to=2025-01-10`, { token: tokens.B! });
    expect(records.status).toBe(200);
    expect(records.body.value.list.map((r) => [r.role, r.agentId])).toEqual([
      ['earned', ids.B],
      ['paid', ids.C],
    ]);
    expect(records.body.value.list[0]).toMatchObject({ tier: 1, rateBp: 1000, grossMinor: '5000', downlineMinor: '60000', amountMinor: '5000', paidMinor: '5000', debtMinor: '0' });
    const mine = await call<{ list: SettlementView[]; total: number }>('GET', `/wps/agent/settlements?kind=dividend`, { token: tokens.C! });
    expect(mine.body.value.list.every((r) => r.agentId === ids.C && r.role === 'earned')).toBe(true);
    expect(mine.body.value.total).toBe(mine.body.value.list.length);

    type Income = {
      list: { direction: string; source: string; kind: string; amountMinor: string; counterpartyId: string | null; at: string }[];
      total: number;
      pageNo: number;
      pageSize: number;
      totals: { receivedMinor: string; paidMinor: string; netMinor: string };
      owedToMe: unknown[];
      owedByMe: { outstandingMinor: string; payeeId: string }[];
    };
    const income = await call<Income>('GET', '/wps/agent/income', { token: tokens.B! });
    expect(income.status).toBe(200);
    expect(income.body.value.totals).toEqual({ receivedMinor: '16000', paidMinor: '16000', netMinor: '0' });
    expect(income.body.value.list.filter((e) => e.direction === 'paid').map((e) => [e.source, e.amountMinor])).toEqual(
      expect.arrayContaining([
        ['settlement', '5000'],
        ['debt-repayment', '11000'],
      ]),
    );
    expect(income.body.value.owedByMe).toMatchObject([{ outstandingMinor: '44000', payeeId: ids.C }]);
    const all = income.body.value.list;
    expect(income.body.value.total).toBe(all.length);
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());

    // Page by page: the same payments, newest first, and the totals stay those of the whole range.
    const pages: Income['list'] = [];
    for (let pageNo = 1; pageNo <= all.length; pageNo++) {
      const page = await call<Income>('GET', `/wps/agent/income?pageNo=${pageNo}&pageSize=1`, { token: tokens.B! });
      expect(page.body.value).toMatchObject({ total: all.length, pageNo, pageSize: 1, totals: income.body.value.totals });
      pages.push(...page.body.value.list);
    }
    expect(pages).toEqual(all);
    const beyond = await call<Income>('GET', `/wps/agent/income?pageNo=${all.length + 1}&pageSize=1`, { token: tokens.B! });
    expect(beyond.body.value).toMatchObject({ list: [], total: all.length });
    expect((await call('GET', '/wps/agent/income?pageSize=101', { token: tokens.B! })).status).toBe(400);

    // One contract kind: A earned dividends and real-time salary; each kind lists and sums only its own payments.
    const ofA = await call<Income>('GET', '/wps/agent/income?pageSize=100', { token: tokens.A! });
    const dividend = await call<Income>('GET', '/wps/agent/income?kind=dividend&pageSize=100', { token: tokens.A! });
    const realtime = await call<Income>('GET', '/wps/agent/income?kind=realtime&pageSize=100', { token: tokens.A! });
    expect(realtime.body.value.list.length).toBeGreaterThan(0);
    expect(realtime.body.value.list.every((e) => e.kind === 'realtime')).toBe(true);
    expect(dividend.body.value.list.every((e) => e.kind === 'dividend')).toBe(true);
    expect(dividend.body.value.total + realtime.body.value.total).toBe(ofA.body.value.total);
    expect(realtime.body.value.totals.receivedMinor).toBe('130');
    expect(BigInt(dividend.body.value.totals.receivedMinor) + BigInt(realtime.body.value.totals.receivedMinor)).toBe(BigInt(ofA.body.value.totals.receivedMinor));
    expect((await call('GET', '/wps/agent/income?kind=weekly', { token: tokens.B! })).status).toBe(400);
    const player = await call('GET', '/wps/agent/income', { token: tokens.pb! });
    expect(player.status).toBe(403);
    expect(player.body).toMatchObject({ success: false, code: 'AGENT_ONLY' });
    expect((await call('GET', '/wps/agent/settlements?kind=dividend&from=2025-02-01&to=2025-01-01', { token: tokens.B! })).status).toBe(400);
  });
});
