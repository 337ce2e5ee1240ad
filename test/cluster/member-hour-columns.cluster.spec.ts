import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrate, openPostgres, type Database } from '@wps/platform';
import { AGENT_CONTRACTS_SCHEMA, agentContractsMigrations } from '@wps/agent-contracts/app';
import { addToHours, type HourAddition } from '@wps/agent-contracts/features/team/hour-rows';
import { MemberHourColumns, type MemberRangeQuery } from '@wps/agent-contracts/features/team/member-hour-columns';
import { clusterEnv } from './support.js';

/**
 * The member-hours held in memory follow PostgreSQL's snapshots: a write whose transaction was still open when the
 * columns last read (begun before, committed after) is taken in at the next read, whatever order the writers' ids and
 * commits come in. Runs in a database of its own on the cluster's PostgreSQL.
 */
const env = clusterEnv('DATABASE_URL');

describe('member-hours in memory on PostgreSQL, with transactions committing out of order', () => {
  const name = `wps_columns_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let db: Database;
  const now = new Date();
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 3_600_000).toISOString();
  const query: MemberRangeQuery = {
    path: '/1/',
    start: new Date(now.getTime() - 86_400_000),
    end: new Date(now.getTime() + 86_400_000),
    sortBy: 'validBet',
    descending: true,
    offset: 0,
    limit: 10,
  };
  const bet = (id: string, validBetMinor: bigint): HourAddition => ({ id, hour, merchantCode: 'DEMO', currency: 'MXN', betCount: 1, validBetMinor, profitMinor: -validBetMinor });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = Object.assign(new URL(env.DATABASE_URL), { pathname: `/${name}` }).toString();
    db = await openPostgres(url, { poolMax: 4, applicationName: 'member-hour-columns-spec' });
    await migrate(db, AGENT_CONTRACTS_SCHEMA, agentContractsMigrations);
    await db.orm.execute(
      sql`INSERT INTO agent_contracts.agent_tree (member_id, merchant_code, account, type, currency, upline_id, path, depth)
          VALUES (1, 'DEMO', 'top', 1, 'MXN', NULL, '/1/', 0), (2, 'DEMO', 'two', 0, 'MXN', 1, '/1/2/', 1),
                 (3, 'DEMO', 'three', 0, 'MXN', 1, '/1/3/', 1), (4, 'DEMO', 'four', 0, 'MXN', 1, '/1/4/', 1)`,
    );
  });
  afterAll(async () => {
    await db?.close();
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('takes in a write whose transaction began before a read and committed after it', async () => {
    await db.transaction((tx) => addToHours(tx, 'member', [bet('4', 100n)]));
    const columns = new MemberHourColumns(db.orm, 93);
    await columns.start();
    expect((await columns.memberPage(query))!.page.map((row) => row.memberId)).toEqual(['4']);

    // Member 2's write is made in a transaction that stays open; member 3's, begun later, commits first.
    let written!: () => void;
    let release!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = db.transaction(async (tx) => {
      await addToHours(tx, 'member', [bet('2', 300n), bet('4', 1n)]);
      written();
      await released;
    });
    await wrote;
    await db.transaction((tx) => addToHours(tx, 'member', [bet('3', 200n)]));

    const before = (await columns.memberPage(query))!;
    expect(before.page.map((row) => [row.memberId, row.validBetMinor])).toEqual([
      ['3', 200n],
      ['4', 100n],
    ]);

    release();
    await slow;
    const after = (await columns.memberPage(query))!;
    expect(after.page.map((row) => [row.memberId, row.validBetMinor])).toEqual([
      ['2', 300n],
      ['3', 200n],
      ['4', 101n],
    ]);
    expect(after.totals).toEqual({ betCount: 4, validBetMinor: 601n, profitMinor: -601n });

    // A second process's columns, loaded now, hold the same.
    const other = new MemberHourColumns(db.orm, 93);
    await other.start();
    expect(await other.memberPage(query)).toEqual(after);
    await Promise.all([columns.stop(), other.stop()]);
  });
});
