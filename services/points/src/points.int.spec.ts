import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PointsRpc, RpcClient } from '@wps/contracts';
import { rows } from '@wps/platform';
import { memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createPointsService, POINTS_SCHEMA, pointsMigrations } from './app.js';
import { postPoints, spendPoints } from './features/points/ledger.js';

describe('points service', () => {
  let harness: ServiceUnderTest<PointsRpc>;
  let points: RpcClient<PointsRpc>;

  beforeAll(async () => {
    harness = await startServiceUnderTest({
      schema: POINTS_SCHEMA,
      migrationsDir: pointsMigrations,
      create: (context, config) =>
        createPointsService(context, config, {
          wallet: () => {
            throw new Error('no wallet in this test');
          },
        }),
      config: { SEED_DEMO: false },
    });
    points = harness.client;
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('opens one account at zero points per registered member, also when the event is delivered twice', async () => {
    const envelope = memberRegisteredEnvelope('501');
    await harness.deliver(envelope, envelope);

    expect(await points.getPointBalance({ memberId: '501' })).toEqual({ memberId: '501', points: '0' });
    const [accounts] = await rows<{ n: number }>(harness.db.orm, sql`SELECT count(*)::int AS n FROM points.point_accounts WHERE member_id = 501`);
    expect(accounts?.n).toBe(1);
    const [entries] = await rows<{ n: number }>(harness.db.orm, sql`SELECT count(*)::int AS n FROM points.point_transactions WHERE member_id = 501`);
    expect(entries?.n).toBe(0);
  });

  it('leaves an existing account alone when the member is announced again under a new message id', async () => {
    await harness.db.orm.execute(sql`UPDATE points.point_accounts SET points = 9007199254740993 WHERE member_id = 501`);
    await harness.deliver(memberRegisteredEnvelope('501', { merchantCode: 'OTHER' }));
    // Beyond 2^53: the balance must come through as an exact decimal string, never a JS number.
    expect(await points.getPointBalance({ memberId: '501' })).toEqual({ memberId: '501', points: '9007199254740993' });
    const [account] = await rows<{ merchant_code: string }>(harness.db.orm, sql`SELECT merchant_code FROM points.point_accounts WHERE member_id = 501`);
    expect(account?.merchant_code).toBe('DEMO');
  });

  it('answers null for a member without an account and refuses ids that are not decimal', async () => {
    expect(await points.getPointBalance({ memberId: '999999' })).toBeNull();
    await expect(points.getPointBalance({ memberId: '1.5' })).rejects.toThrow();
    await expect(points.getPointBalance({ memberId: '007' })).rejects.toThrow();
  });

  it('posts points once per cause, keeps members and the brand summing to zero, and lets only spending be refused', async () => {
    const { db } = harness;
    await harness.deliver(memberRegisteredEnvelope('502'));
    const earn = (causeRef: string, change: bigint) => ({ merchantCode: 'DEMO', memberId: '502', change, cause: 'bet' as const, causeRef, brandAccount: 'earning' as const });
    const posted = await db.transaction((tx) => postPoints(tx, [earn('b1:0', 30n), earn('b2:0', 12n), earn('b1:0', 30n)]));
    expect(posted).toEqual([{ memberId: '502', points: 42n, version: 1 }]);
    expect(await db.transaction((tx) => postPoints(tx, [earn('b1:0', 30n)]))).toEqual([]);
    // Spending is refused below zero, changing nothing; a bet taken back may go below zero.
    await expect(db.transaction((tx) => spendPoints(tx, { merchantCode: 'DEMO', memberId: '502', points: 43n, cause: 'convert', causeRef: 'c1', brandAccount: 'conversion' }))).rejects.toMatchObject({
      code: 'POINTS_INSUFFICIENT',
    });
    await db.transaction((tx) => spendPoints(tx, { merchantCode: 'DEMO', memberId: '502', points: 40n, cause: 'convert', causeRef: 'c1', brandAccount: 'conversion' }));
    await db.transaction((tx) => postPoints(tx, [earn('b1:1', -30n)]));
    expect(await points.getPointBalance({ memberId: '502' })).toEqual({ memberId: '502', points: '-28' });
    // A member's points are the sum of its transactions (only this member has any); with the brand's accounts they sum to zero.
    const [sums] = await rows<{ member: string; history: string; brand: string }>(
      db.orm,
      sql`SELECT (SELECT points FROM points.point_accounts WHERE member_id = 502)::text AS member, (SELECT sum(change) FROM points.point_transactions)::text AS history,
                 (SELECT sum(points) FROM points.point_brand_accounts)::text AS brand`,
    );
    expect(BigInt(sums!.member)).toBe(BigInt(sums!.history));
    expect(BigInt(sums!.history) + BigInt(sums!.brand)).toBe(0n);
    await expect(db.orm.execute(sql`UPDATE points.point_transactions SET change = 6 WHERE member_id = 502`)).rejects.toThrow();
    await expect(db.orm.execute(sql`DELETE FROM points.point_transactions WHERE member_id = 502`)).rejects.toThrow();
  });
});
