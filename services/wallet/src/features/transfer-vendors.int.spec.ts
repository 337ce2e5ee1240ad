import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WalletRpc } from '@wps/contracts';
import { rows } from '@wps/platform';
import { memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createWalletService, WALLET_SCHEMA, walletMigrations } from '../app.js';
import { defaultWalletConfig } from '../config.js';

describe('wallet moves for transfer-style vendors', () => {
  let harness: ServiceUnderTest<WalletRpc>;
  const move = (key: string, direction: 'to-vendor' | 'from-vendor', amountMinor: string) =>
    harness.client.vendorTransfer({ key, merchantCode: 'DEMO', memberId: '21', currency: 'MXN', vendor: 'TRF', direction, amountMinor });
  const vendorHolds = async () =>
    (await rows<{ balance_minor: string }>(harness.db.orm, sql`SELECT balance_minor FROM wallet.accounts WHERE owner_type = 'vendor' AND owner_id = 'TRF' AND kind = 'transfer'`))[0]?.balance_minor;

  beforeAll(async () => {
    harness = await startServiceUnderTest({
      schema: WALLET_SCHEMA,
      migrationsDir: walletMigrations,
      create: (context, config) => createWalletService(context, config),
      config: defaultWalletConfig({ WALLET_DEMO_DEPOSITS: 'true' }),
    });
    await harness.deliver(memberRegisteredEnvelope('21'));
    await harness.client.demoDeposit({ merchantCode: 'DEMO', memberId: '21', currency: 'MXN', amount: '100.00', idempotencyKey: randomUUID() });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('moves money to the vendor once per key, and answers a repeat with the first result', async () => {
    const key = randomUUID();
    const first = await move(key, 'to-vendor', '6000');
    expect(first).toMatchObject({ balance: '40.00', currency: 'MXN' });
    expect(await move(key, 'to-vendor', '6000')).toEqual(first);
    expect(await vendorHolds()).toBe('6000');
    await expect(move(key, 'to-vendor', '100')).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  });

  it('refuses to move more than the member holds, changing nothing', async () => {
    await expect(move(randomUUID(), 'to-vendor', '4001')).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await harness.client.getBalance({ merchantCode: 'DEMO', memberId: '21', currency: 'MXN' })).balance).toBe('40.00');
  });

  it('brings back more than went in when the player won at the vendor: the vendor account goes below zero', async () => {
    expect(await move(randomUUID(), 'from-vendor', '9000')).toMatchObject({ balance: '130.00' });
    expect(await vendorHolds()).toBe('-3000');
    expect(await harness.client.ledgerCheck({})).toEqual({ imbalances: [], negativeAccounts: 0 });
  });
});
