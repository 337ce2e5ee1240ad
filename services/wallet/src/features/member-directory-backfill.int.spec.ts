import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RegisteredMember, WalletRpc } from '@wps/contracts';
import { createLogger, rows } from '@wps/platform';
import { eventually, memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createWalletService, WALLET_SCHEMA, walletMigrations } from '../app.js';
import { defaultWalletConfig } from '../config.js';
import { memberDirectoryBackfill } from './member-directory-backfill.js';
import { loadCall } from './vendor/repository.js';

/** The wallet's member directory (account names and upline paths of settled bets) catching up on identity's members. */
describe('the member directory catches up on members from identity', () => {
  let harness: ServiceUnderTest<WalletRpc>;
  const member = (memberId: string, type: number, uplineId: string | null, merchantCode = 'DEMO'): RegisteredMember => ({
    memberId,
    merchantCode,
    account: `player${memberId}`,
    type,
    currency: 'MXN',
    uplineId,
    registeredAt: '2024-05-01T10:00:00.000Z',
  });
  const list = [member('41', 1, null), member('42', 2, '41'), member('43', 0, '42'), member('50', 0, null, 'OTHER')];
  const identity = {
    listMembersAfter: async ({ afterId, limit }: { afterId: string; limit: number }) => ({
      members: list.filter((entry) => BigInt(entry.memberId) > BigInt(afterId)).slice(0, limit),
    }),
  };
  const directory = () =>
    rows<{ member_id: string; merchant_code: string; account: string; upline_id: string | null }>(
      harness.db.orm,
      sql`SELECT member_id, merchant_code, account, upline_id FROM wallet.member_directory ORDER BY member_id`,
    );
  const lineageOf = async (player: string) =>
    (
      await loadCall(harness.db, {
        vendor: 'DEMOVENDOR',
        player,
        currency: 'MXN',
        transactionId: 'none',
        roundId: null,
        targetTransactionId: null,
        checkRollback: false,
        checkLiveBet: false,
        withLineage: true,
      })
    ).lineage;

  beforeAll(async () => {
    harness = await startServiceUnderTest({
      schema: WALLET_SCHEMA,
      migrationsDir: walletMigrations,
      create: (context, config) => createWalletService(context, config, undefined, { identity: () => identity }),
      config: defaultWalletConfig(),
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('fills in at start the members whose registration never arrived, so their bets carry their upline path', async () => {
    await eventually(async () => (await directory()).length === 4, 'the catch-up at start');
    expect(await directory()).toEqual([
      { member_id: '41', merchant_code: 'DEMO', account: 'player41', upline_id: null },
      { member_id: '42', merchant_code: 'DEMO', account: 'player42', upline_id: '41' },
      { member_id: '43', merchant_code: 'DEMO', account: 'player43', upline_id: '42' },
      { member_id: '50', merchant_code: 'OTHER', account: 'player50', upline_id: null },
    ]);
    expect(await lineageOf('43')).toEqual({ account: 'player43', agentPath: ['41', '42'] });
  });

  it('leaves the members it holds as their registration left them, and writes nothing twice', async () => {
    // Registered since the last catch-up: one heard of (its event names another upline), one not.
    await harness.deliver(memberRegisteredEnvelope('51', { account: 'fromevent', uplineId: '41' }));
    list.push(member('51', 0, '42'), member('52', 0, '41'));
    const backfill = () => memberDirectoryBackfill({ db: harness.db, logger: createLogger({ service: 'test', level: 'silent' }), identity: () => identity });
    expect(await backfill().run()).toEqual({ read: 2, written: 1 });
    expect(await backfill().run()).toEqual({ read: 0, written: 0 });
    await harness.db.orm.execute(sql`DELETE FROM wallet.backfills`);
    expect(await backfill().run()).toEqual({ read: 6, written: 0 });
    expect(await lineageOf('51')).toEqual({ account: 'fromevent', agentPath: ['41'] });
    expect(await lineageOf('52')).toEqual({ account: 'player52', agentPath: ['41'] });
    expect(await directory()).toHaveLength(6);
  });
});
