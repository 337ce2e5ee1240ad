import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded';
import { VendorClient } from '../../../../../tools/vendor-sim/client.js';
import { ledgerEntryCount, PAY_PASSWORD, registerMember, type Page } from './payments-test-setup.js';

/** The operator's paged lists, the betting record's filters and totals, and the sandbox provider switched off. */

interface BetRow {
  roundId: string;
  gameType: string;
  betAmount: string;
  validBet: string;
  winAmount: string;
  status: string;
}
interface BetPage extends Page<BetRow> {
  totals: { betAmount: string; validBet: string; winAmount: string; net: string; currency: string };
}

const VENDOR_SECRET = 'bet-record-secret-0123456789abcdef';

describe('operator lists, betting record filters (sandbox on)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const operator = <T>(url: string) => call<T>('GET', url, { headers: { authorization: `Operator ${platform.operatorToken}` } });

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { WALLET_VENDOR_SECRETS: `SIMVENDOR:${VENDOR_SECRET}` } });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });
  afterEach(async () => {
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });

  it('pages the operator deposit and withdrawal lists with status, member and time filters', async () => {
    const member = await registerMember(platform);
    const other = await registerMember(platform);
    for (const amount of ['100.00', '200.00', '300.00']) {
      expect((await call('POST', '/wps/v2/deposit', { token: member.token, body: { methodCode: 'BANK_TRANSFER', amount }, key: randomUUID() })).status).toBe(200);
    }
    expect((await call('POST', '/wps/v2/deposit', { token: other.token, body: { methodCode: 'BANK_TRANSFER', amount: '400.00' }, key: randomUUID() })).status).toBe(200);

    const first = await operator<Page<{ amount: string; memberId: string; status: string }>>(`/operator/v1/deposits?memberId=${member.id}&pageNo=1&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
    // Oldest first: the longest-waiting request leads the queue.
    expect(first.body.value.content.map((row) => row.amount)).toEqual(['100.00', '200.00']);
    const second = await operator<Page<{ amount: string }>>(`/operator/v1/deposits?memberId=${member.id}&pageNo=2&pageSize=2`);
    expect(second.body.value.content.map((row) => row.amount)).toEqual(['300.00']);
    expect((await operator<Page<unknown>>(`/operator/v1/deposits?memberId=${member.id}&pageNo=7&pageSize=2`)).body.value).toMatchObject({ content: [], total: 3 });

    const pending = await operator<Page<{ memberId: string }>>(`/operator/v1/deposits?status=pending&pageSize=100`);
    expect(pending.body.value.content.map((row) => row.memberId)).toEqual(expect.arrayContaining([member.id, other.id]));
    expect((await operator<Page<unknown>>(`/operator/v1/deposits?status=approved&memberId=${member.id}`)).body.value.total).toBe(0);
    expect((await operator<Page<unknown>>(`/operator/v1/deposits?status=&memberId=${member.id}`)).body.value.total).toBe(3);

    const later = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await operator<Page<unknown>>(`/operator/v1/deposits?memberId=${member.id}&from=${later}`)).body.value.total).toBe(0);
    expect((await operator<Page<unknown>>(`/operator/v1/deposits?memberId=${member.id}&to=${later}`)).body.value.total).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await operator<Page<unknown>>(`/operator/v1/deposits?memberId=${member.id}&from=${today}&to=${today}`)).body.value.total).toBe(3);

    for (const query of ['pageSize=101', 'pageNo=0', 'status=lost', 'from=yesterday', `memberId=${encodeURIComponent("1' OR '1'='1")}`]) {
      const refused = await operator(`/operator/v1/deposits?${query}`);
      expect([query, refused.status, refused.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    expect((await call('GET', '/operator/v1/deposits?pageSize=5')).status).toBe(401);

    await call('PUT', '/wps/member/payment-password', { token: member.token, body: { password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD } });
    await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, body: { amount: '1000.00' }, key: randomUUID() });
    const withdraw = (amount: string) =>
      call<{ id: string }>('POST', '/wps/v2/withdraw', {
        token: member.token,
        key: randomUUID(),
        body: { amount, paymentPassword: PAY_PASSWORD, bankName: 'BBVA', accountName: 'Lucia Perez', accountNumber: '012345678901234567' },
      });
    const kept = await withdraw('150.00');
    const dropped = await withdraw('160.00');
    await call('POST', `/operator/v1/withdrawals/${dropped.body.value.id}/reject`, { body: { reason: 'Bank details do not match' }, headers: { authorization: `Operator ${platform.operatorToken}` } });
    const withdrawals = await operator<Page<{ id: string; status: string; memberId: string }>>(`/operator/v1/withdrawals?memberId=${member.id}&status=pending&pageSize=10`);
    expect(withdrawals.body.value).toMatchObject({ pageNum: 1, totalPages: 1, total: 1 });
    expect(withdrawals.body.value.content[0]).toMatchObject({ id: kept.body.value.id, status: 'pending', memberId: member.id });
    expect((await operator<Page<unknown>>(`/operator/v1/withdrawals?memberId=${member.id}`)).body.value.total).toBe(2);
    expect((await operator(`/operator/v1/withdrawals?status=bogus`)).status).toBe(400);
  });

  it('filters the betting record by time, game type and status, pages it, and totals the filtered range', async () => {
    const member = await registerMember(platform);
    const stranger = await registerMember(platform);
    await call('POST', '/wps/v2/wallets/deposit/demo', { token: member.token, body: { amount: '1000.00' }, key: randomUUID() });
    const vendor = new VendorClient({ url: platform.url, vendor: 'SIMVENDOR', secret: VENDOR_SECRET });
    const base = { player: member.id, currency: 'MXN' };
    const play = async (gameType: string, bet: string, win: string | null) => {
      const roundId = `r-${randomUUID()}`;
      const betId = `b-${roundId}`;
      expect((await vendor.call('bet', { ...base, transactionId: betId, roundId, gameType, amount: bet })).status).toBe(200);
      if (win !== null) expect((await vendor.call('win', { ...base, transactionId: `w-${roundId}`, roundId, betTransactionId: betId, amount: win, settle: true })).status).toBe(200);
      return roundId;
    };
    const oldSlot = await play('RNG', '10.00', '0.00');
    const slotWin = await play('RNG', '20.00', '50.00');
    const liveOpen = await play('LIVE', '30.00', null);
    const liveVoid = await play('LIVE', '40.00', null);
    expect((await vendor.call('void', { ...base, transactionId: `v-${liveVoid}`, roundId: liveVoid })).status).toBe(200);
    // The first round was played three days ago.
    await platform.db.orm.execute(sql`UPDATE wallet.rounds SET created_at = now() - interval '3 days' WHERE round_id = ${oldSlot}`);

    const bets = (query: string, token = member.token) => call<BetPage>('GET', `/wps/v2/bets?${query}`, { token });
    const all = await bets('pageSize=10');
    expect(all.status).toBe(200);
    expect(all.body.value.content.map((row) => row.roundId)).toEqual([liveVoid, liveOpen, slotWin, oldSlot]);
    expect(all.body.value.content.map((row) => row.status)).toEqual(['cancelled', 'open', 'settled', 'settled']);
    // Staked and won: the void gave its 40.00 back; valid bets are the settled ones; net = 50 - 10 - 20 - 30.
    expect(all.body.value.totals).toEqual({ betAmount: '60.00', validBet: '30.00', winAmount: '50.00', net: '-10.00', currency: 'MXN' });

    const paged = await bets('pageSize=3&pageNo=2');
    expect(paged.body.value).toMatchObject({ pageNum: 2, totalPages: 2, total: 4 });
    expect(paged.body.value.content.map((row) => row.roundId)).toEqual([oldSlot]);
    expect(paged.body.value.totals.betAmount).toBe('60.00');

    const settled = await bets('status=settled');
    expect(settled.body.value.content.map((row) => row.roundId)).toEqual([slotWin, oldSlot]);
    expect(settled.body.value.totals).toMatchObject({ betAmount: '30.00', validBet: '30.00', winAmount: '50.00', net: '20.00' });
    expect((await bets('status=open')).body.value.content.map((row) => row.roundId)).toEqual([liveOpen]);
    const cancelled = await bets('status=cancelled');
    expect(cancelled.body.value.content.map((row) => row.roundId)).toEqual([liveVoid]);
    expect(cancelled.body.value.totals).toMatchObject({ betAmount: '0.00', net: '0.00' });

    expect((await bets('gameType=LIVE')).body.value.content.map((row) => row.roundId)).toEqual([liveVoid, liveOpen]);
    expect((await bets('gameType=LIVE&status=open')).body.value.total).toBe(1);
    expect((await bets('gameType=FISH')).body.value).toMatchObject({ content: [], total: 0, totals: { betAmount: '0.00', net: '0.00' } });

    const dayStart = new Date();
    dayStart.setUTCHours(0, 0, 0, 0);
    const today = await bets(`from=${encodeURIComponent(dayStart.toISOString())}&to=${encodeURIComponent(new Date(dayStart.getTime() + 86_399_999).toISOString())}`);
    expect(today.body.value.content.map((row) => row.roundId)).toEqual([liveVoid, liveOpen, slotWin]);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const thatDay = await bets(`from=${threeDaysAgo}&to=${threeDaysAgo}`);
    expect(thatDay.body.value.content.map((row) => row.roundId)).toEqual([oldSlot]);
    expect(thatDay.body.value.totals).toMatchObject({ betAmount: '10.00', winAmount: '0.00', net: '-10.00' });
    expect((await bets('status=&gameType=&from=&to=')).body.value.total).toBe(4);

    for (const query of ['status=won', 'from=yesterday', 'gameType=live', 'pageSize=101']) {
      const refused = await bets(query);
      expect([query, refused.status]).toEqual([query, 400]);
    }
    expect((await bets('pageSize=10', stranger.token)).body.value).toMatchObject({ total: 0, totals: { betAmount: '0.00' } });
    expect((await call('GET', '/wps/v2/bets')).status).toBe(401);
  });
});

describe('the sandbox provider switched off (SANDBOX_PAY_ENABLED=false)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', env: { SANDBOX_PAY_ENABLED: 'false' } });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('does not list the method, refuses its deposits and has no sandbox pages or callback', async () => {
    expect(platform.sandboxPaySecret).toBeNull();
    const member = await registerMember(platform);
    const methods = await call<Array<{ code: string }>>('GET', '/wps/v2/deposit/methods', { token: member.token });
    expect(methods.body.value.map((method) => method.code)).toEqual(['BANK_TRANSFER']);

    const entries = await ledgerEntryCount(platform);
    const refused = await call('POST', '/wps/v2/deposit', { token: member.token, body: { methodCode: 'SANDBOX_PAY', amount: '50.00' }, key: randomUUID() });
    expect([refused.status, refused.body.code]).toEqual([400, 'DEPOSIT_METHOD_INVALID']);
    expect((await call<Page<unknown>>('GET', '/wps/v2/deposits', { token: member.token })).body.value.total).toBe(0);

    // A sandbox deposit left from when the method was on must not be payable either.
    const leftover = randomUUID();
    await platform.db.orm.execute(
      sql`INSERT INTO wallet.deposits (id, merchant_code, member_id, method_code, method_kind, currency, amount_minor, idempotency_key, request_hash)
          VALUES (${leftover}, 'DEMO', ${member.id}, 'SANDBOX_PAY', 'sandbox_gateway', 'MXN', 5000, ${randomUUID()}, 'x')`,
    );
    expect((await fetch(`${platform.url}/sandbox-pay/${leftover}`)).status).toBe(404);
    expect((await fetch(`${platform.url}/sandbox-pay/${leftover}/pay`, { method: 'POST' })).status).toBe(404);
    const body = JSON.stringify({ depositId: leftover, outcome: 'paid', amount: '50.00', providerReference: 'REF-1' });
    const callback = await call('POST', '/api/payments/sandbox/callback', { raw: body, headers: { 'x-sandbox-signature': 'ab'.repeat(32) } });
    expect(callback.status).toBe(404);
    expect(await platform.clients.wallet.getSandboxDeposit({ depositId: leftover })).toBeNull();
    await expect(platform.clients.wallet.settleSandboxDeposit({ depositId: leftover, outcome: 'paid', amount: '50.00', providerReference: 'REF-1' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await ledgerEntryCount(platform)).toBe(entries);
    const [row] = await rows<{ status: string }>(platform.db.orm, sql`SELECT status FROM wallet.deposits WHERE id = ${leftover}`);
    expect(row!.status).toBe('pending');
    expect(await platform.clients.wallet.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});
