import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PointsRpc, RpcClient } from '@wps/contracts';
import { rows } from '@wps/platform';
import { memberRegisteredEnvelope, startServiceUnderTest, type ServiceUnderTest } from '@wps/platform/testing';
import { createPointsService, POINTS_SCHEMA, pointsMigrations } from './app.js';

describe('points service', () => {
  let harness: ServiceUnderTest<PointsRpc>;
  let points: RpcClient<PointsRpc>;

  beforeAll(async () => {
    harness = await startServiceUnderTest({ schema: POINTS_SCHEMA, migrationsDir: pointsMigrations, create: createPointsService, config: {} });
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
    const [entries] = await rows<{ n: number }>(harness.db.orm, sql`SELECT count(*)::int AS n FROM points.point_entries WHERE member_id = 501`);
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

  it('refuses a negative balance and any edit of the entry log', async () => {
    const { db } = harness;
    await harness.deliver(memberRegisteredEnvelope('502'));
    await expect(db.orm.execute(sql`UPDATE points.point_accounts SET points = -1 WHERE member_id = 502`)).rejects.toThrow();
    await db.orm.execute(sql`INSERT INTO points.point_entries (member_id, change, reason) VALUES (502, 5, 'test')`);
    await expect(db.orm.execute(sql`UPDATE points.point_entries SET change = 6 WHERE member_id = 502`)).rejects.toThrow();
    await expect(db.orm.execute(sql`DELETE FROM points.point_entries WHERE member_id = 502`)).rejects.toThrow();
    await expect(db.orm.execute(sql`INSERT INTO points.point_entries (member_id, change, reason) VALUES (502, 0, 'nothing')`)).rejects.toThrow();
  });
});
