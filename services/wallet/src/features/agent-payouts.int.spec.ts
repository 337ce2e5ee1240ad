import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WalletRpc } from '@wps/contracts';
import { rows } from '@wps/platform';
import { memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createWalletService, WALLET_SCHEMA, walletMigrations } from '../app.js';
import { defaultWalletConfig } from '../config.js';

describe('agent contract commissions through the ledger', () => {
  let harness: ServiceUnderTest<WalletRpc>;
  const pay = (key: string, payerMemberId: string | null, payeeMemberId: string, amountMinor: string, allowPartial = true) =>
    harness.client.payAgentCommission({ key, merchantCode: 'DEMO', currency: 'MXN', payerMemberId, payeeMemberId, amountMinor, causeRef: `test:${key}`, allowPartial });
  const balance = async (memberId: string) => (await harness.client.getBalance({ merchantCode: 'DEMO', memberId, currency: 'MXN' })).balance;
  const houseMinor = async () =>
    (
      await rows<{ balance_minor: string }>(
        harness.db.orm,
        sql`SELECT balance_minor::text AS balance_minor FROM wallet.accounts WHERE owner_type = 'house' AND owner_id = 'agent-commissions' AND currency = 'MXN'`,
      )
    )[0]?.balance_minor;

  beforeAll(async () => {
    harness = await startServiceUnderTest({
      schema: WALLET_SCHEMA,
      migrationsDir: walletMigrations,
      create: (context, config) => createWalletService(context, config),
      config: defaultWalletConfig({ WALLET_DEMO_DEPOSITS: 'true' }),
    });
    await harness.deliver(memberRegisteredEnvelope('31'), memberRegisteredEnvelope('32'), memberRegisteredEnvelope('33'));
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('pays a top agent in full from the brand’s commission account, once per key', async () => {
    const key = randomUUID();
    const first = await pay(key, null, '31', '600000');
    expect(first).toEqual({ transactionId: expect.any(String), paidMinor: '600000' });
    expect(await pay(key, null, '31', '600000')).toEqual(first);
    expect(await balance('31')).toBe('6000.00');
    expect(await houseMinor()).toBe('-600000');
    await expect(pay(key, null, '31', '1')).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    const [tx] = await rows<{ cause: string; actor: string }>(harness.db.orm, sql`SELECT cause, actor FROM wallet.transactions WHERE id = ${first.transactionId}`);
    expect(tx).toEqual({ cause: 'commission', actor: 'agent-contracts' });
  });

  it('pays from an upline only what it holds, never below zero, and the repeat moves nothing', async () => {
    const key = randomUUID();
    const partial = await pay(key, '31', '32', '700000');
    expect(partial).toEqual({ transactionId: expect.any(String), paidMinor: '600000', payerBalanceMinor: '0' });
    expect(await balance('31')).toBe('0.00');
    expect(await balance('32')).toBe('6000.00');
    await harness.client.demoDeposit({ merchantCode: 'DEMO', memberId: '31', currency: 'MXN', amount: '50.00', idempotencyKey: randomUUID() });
    expect(await pay(key, '31', '32', '700000')).toEqual(partial);
    expect(await balance('31')).toBe('50.00');
  });

  it('answers nothing paid to a payer with an empty wallet, and keeps that answer for the key', async () => {
    const key = randomUUID();
    expect(await pay(key, '33', '32', '1000')).toEqual({ transactionId: null, paidMinor: '0', payerBalanceMinor: '0' });
    await harness.client.demoDeposit({ merchantCode: 'DEMO', memberId: '33', currency: 'MXN', amount: '20.00', idempotencyKey: randomUUID() });
    expect(await pay(key, '33', '32', '1000')).toEqual({ transactionId: null, paidMinor: '0', payerBalanceMinor: '0' });
    expect(await balance('33')).toBe('20.00');
  });

  it('refuses a short payer when a partial payment is not allowed, changing nothing', async () => {
    const key = randomUUID();
    await expect(pay(key, '33', '32', '2001', false)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balance('33')).toBe('20.00');
    expect(await pay(key, '33', '32', '2000', false)).toMatchObject({ paidMinor: '2000', payerBalanceMinor: '0' });
    expect(await balance('32')).toBe('6020.00');
  });

  it('pays loyalty from the brand’s loyalty account, once per key, with its cause', async () => {
    const key = randomUUID();
    const loyalty = (amountMinor: string, cause: 'points' | 'bonus' = 'points') =>
      harness.client.payLoyalty({ key, merchantCode: 'DEMO', currency: 'MXN', memberId: '33', amountMinor, cause, causeRef: `convert:${key}` });
    const first = await loyalty('1000');
    expect(first).toEqual({ transactionId: expect.any(String), amountMinor: '1000' });
    expect(await loyalty('1000')).toEqual(first);
    await expect(loyalty('1000', 'bonus')).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await balance('33')).toBe('10.00');
    const [tx] = await rows<{ cause: string; actor: string; cause_ref: string }>(harness.db.orm, sql`SELECT cause, actor, cause_ref FROM wallet.transactions WHERE id = ${first.transactionId}`);
    expect(tx).toEqual({ cause: 'points', actor: 'points', cause_ref: `convert:${key}` });
  });

  it('keeps the ledger summing to zero with no member below zero', async () => {
    expect(await harness.client.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});
