import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WalletRpc } from '@wps/contracts';
import { rows } from '@wps/platform';
import { startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createWalletService, WALLET_SCHEMA, walletMigrations } from '../app.js';
import { defaultWalletConfig } from '../config.js';
import { transferLegs } from '../domain/ledger.js';
import { answeredBalance, ensureAccount, findIdempotent, postTransaction } from './ledger-store.js';

// wallet.post_transaction is the one implementation of a posting; these checks run it on the real schema.
describe('posting a ledger transaction', () => {
  let harness: ServiceUnderTest<WalletRpc>;
  const ledgerSum = async () => (await rows<{ sum: string | null }>(harness.db.orm, sql`SELECT sum(amount_minor)::text AS sum FROM wallet.entries`))[0]!.sum ?? '0';
  const balanceOf = async (id: string) => (await rows<{ balance_minor: string }>(harness.db.orm, sql`SELECT balance_minor FROM wallet.accounts WHERE id = ${id}`))[0]!.balance_minor;
  const accounts = () =>
    harness.db.transaction(async (tx) => ({
      funding: await ensureAccount(tx, { merchantCode: 'DEMO', ownerType: 'funding', ownerId: 'posting-spec', currency: 'MXN' }, true),
      member: await ensureAccount(tx, { merchantCode: 'DEMO', ownerType: 'member', ownerId: 'posting-spec', currency: 'MXN' }),
    }));

  beforeAll(async () => {
    harness = await startServiceUnderTest({
      schema: WALLET_SCHEMA,
      migrationsDir: walletMigrations,
      create: (context, config) => createWalletService(context, config),
      config: defaultWalletConfig(),
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('moves every leg, stores the answer with the balance after, and reads it back for a replay', async () => {
    const { funding, member } = await accounts();
    const posted = await harness.db.transaction((tx) =>
      postTransaction(tx, {
        merchantCode: 'DEMO',
        cause: 'adjustment',
        actor: 'operator:spec',
        idempotencyKey: 'posting-1',
        requestHash: 'h1',
        legs: transferLegs(funding.id, member.id, 'MXN', 12_345n),
        answer: { currency: 'MXN' },
        answerAccountId: member.id,
      }),
    );
    expect(posted.legs.map((leg) => [leg.accountId, leg.amountMinor])).toEqual(
      [
        [funding.id, -12_345n],
        [member.id, 12_345n],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(posted.answer).toMatchObject({ transactionId: posted.transactionId, currency: 'MXN', balanceAfterMinor: '12345', version: 1 });
    expect(answeredBalance(posted.answer, 'MXN')).toBe('123.45');
    const stored = await findIdempotent(harness.db.orm, 'DEMO', 'operator:spec', 'posting-1');
    expect(stored).toEqual({ requestHash: 'h1', response: posted.answer });
    expect(await ledgerSum()).toBe('0');
  });

  it('refuses a leg that takes a member below zero as INSUFFICIENT_FUNDS and changes nothing', async () => {
    const { funding, member } = await accounts();
    const before = await balanceOf(member.id);
    await expect(
      harness.db.transaction((tx) => postTransaction(tx, { merchantCode: 'DEMO', cause: 'adjustment', actor: 'operator:spec', legs: transferLegs(member.id, funding.id, 'MXN', BigInt(before) + 1n) })),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(member.id)).toBe(before);
    expect(await ledgerSum()).toBe('0');
  });

  it('refuses at commit a posting whose legs do not balance, even when called directly', async () => {
    const { funding, member } = await accounts();
    const before = [await balanceOf(funding.id), await balanceOf(member.id)];
    const unbalanced = {
      id: '00000000-0000-4000-8000-000000000001',
      merchantCode: 'DEMO',
      cause: 'adjustment',
      actor: 'operator:spec',
      legs: [
        { accountId: funding.id, currency: 'MXN', amountMinor: '-100' },
        { accountId: member.id, currency: 'MXN', amountMinor: '99' },
      ],
    };
    await expect(harness.db.transaction((tx) => tx.execute(sql`SELECT wallet.post_transaction(${JSON.stringify(unbalanced)}::jsonb)`))).rejects.toThrow();
    expect([await balanceOf(funding.id), await balanceOf(member.id)]).toEqual(before);
    expect(await ledgerSum()).toBe('0');
  });
});
