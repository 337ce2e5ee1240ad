import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate, openPglite, rows, type Database } from '@wps/platform';
import { AGENT_CONTRACTS_SCHEMA, agentContractsMigrations } from '../../app.js';
import { addToHours, type HourAddition } from './hour-rows.js';
import { MemberHourColumns } from './member-hour-columns.js';
import { TeamReports } from './reports.js';
import { HOUR_MS } from './rollup.js';

const DAY_MS = 24 * HOUR_MS;
/** The columns hold 35 days back from this fixed "now". */
const NOW = new Date('2026-11-20T15:20:00.000Z');
const day = (daysBack: number) => new Date(NOW.getTime() - daysBack * DAY_MS).toISOString().slice(0, 10);

/** A seeded generator (mulberry32), so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

describe('the member-profit page from the member-hours held in memory', () => {
  let db: Database;
  let columns: MemberHourColumns;
  let fromDatabase: TeamReports;
  let fromMemory: TeamReports;
  const next = random(7);

  /** Top agent 1; agent 2 below it, with its own team; members 3–12 under 1, 13–22 under 2; 100 leads another tree. */
  const tree: Array<{ id: number; upline: number | null; path: string | null; type: number }> = [
    { id: 1, upline: null, path: '/1/', type: 1 },
    { id: 2, upline: 1, path: '/1/2/', type: 1 },
    ...Array.from({ length: 10 }, (_, index) => ({ id: 3 + index, upline: 1, path: `/1/${3 + index}/`, type: 0 })),
    ...Array.from({ length: 10 }, (_, index) => ({ id: 13 + index, upline: 2, path: `/1/2/${13 + index}/`, type: 0 })),
    { id: 100, upline: null, path: '/100/', type: 1 },
    { id: 101, upline: 100, path: '/100/101/', type: 0 },
  ];

  /** Adds to the member-hours the way a batch of the bets' consumer does: one addition per member and hour. */
  const write = (additions: HourAddition[]) => {
    const merged = new Map<string, HourAddition>();
    for (const one of additions) {
      const key = `${one.id}@${one.hour}`;
      const held = merged.get(key);
      merged.set(key, held ? { ...held, betCount: held.betCount! + one.betCount!, validBetMinor: held.validBetMinor! + one.validBetMinor!, profitMinor: held.profitMinor! + one.profitMinor! } : one);
    }
    return db.transaction((tx) => addToHours(tx, 'member', [...merged.values()]));
  };
  const hourAt = (daysBack: number, hour: number) => new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate()) - daysBack * DAY_MS + hour * HOUR_MS).toISOString();
  const randomHours = (members: number[], count: number, oldest: number): HourAddition[] =>
    Array.from({ length: count }, () => ({
      id: String(members[next(members.length)]),
      // Day 33 is kept for the test of equal sums.
      hour: hourAt(((back) => (back === 33 ? 34 : back))(next(oldest)), next(24)),
      merchantCode: 'DEMO',
      currency: 'MXN',
      betCount: next(20),
      validBetMinor: BigInt(next(500_000)),
      profitMinor: BigInt(next(400_000) - 200_000),
    }));

  const agent = (id: number) => ({ memberId: String(id), merchantCode: 'DEMO', memberType: 1, currency: 'MXN' });
  /** Asks both ways, checks the columns answered, and expects the same page. */
  async function same(asked: Omit<Parameters<TeamReports['memberProfit']>[0], 'teamMemberId' | 'account'> & { teamMemberId?: string; account?: string }) {
    const input = { teamMemberId: undefined, account: undefined, ...asked };
    const expected = await fromDatabase.memberProfit(input);
    const answered = await fromMemory.memberProfit(input);
    expect(answered).toEqual(expected);
    return expected;
  }

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db, AGENT_CONTRACTS_SCHEMA, agentContractsMigrations);
    for (const node of tree) {
      await db.orm.execute(
        sql`INSERT INTO agent_contracts.agent_tree (member_id, merchant_code, account, type, currency, upline_id, path, depth)
            VALUES (${node.id}, 'DEMO', ${`m${node.id}`}, ${node.type}, 'MXN', ${node.upline}, ${node.path}, ${node.path ? node.path.split('/').length - 3 : null})`,
      );
    }
    // Forty days of play, five older than the columns hold; some hours sum to nothing (a bet and its cancellation).
    await write(randomHours([1, 2, ...Array.from({ length: 20 }, (_, index) => 3 + index), 100, 101], 600, 40));
    await write([{ id: '7', hour: hourAt(3, 5), merchantCode: 'DEMO', currency: 'MXN', betCount: 0, validBetMinor: 0n, profitMinor: 0n }]);
    columns = new MemberHourColumns(db.orm, 35, () => NOW);
    fromDatabase = new TeamReports(db.orm);
    fromMemory = new TeamReports(db.orm, columns);
    await columns.start();
  }, 60_000);
  afterAll(async () => {
    await columns?.stop();
    await db?.close();
  });

  it('answers every sort, order, page, range, time zone and member the way the database does', async () => {
    expect(columns.rowCount).toBeGreaterThan(400);
    for (const [from, to] of [
      [day(30), day(0)],
      [day(1), day(1)],
      [day(10), day(4)],
    ] as Array<[string, string]>) {
      for (const timeZoneOffsetMinutes of [0, -360, 330]) {
        for (const sortBy of ['validBet', 'profit', 'betCount'] as const) {
          for (const sortOrder of ['desc', 'asc'] as const) {
            for (const pageNo of [1, 2, 5]) {
              const page = await same({ ...agent(1), from, to, timeZoneOffsetMinutes, sortBy, sortOrder, pageNo, pageSize: 5 });
              expect(page.total).toBeLessThanOrEqual(22);
            }
          }
        }
        await same({ ...agent(2), from, to, timeZoneOffsetMinutes, pageNo: 1, pageSize: 20 });
        await same({ ...agent(1), from, to, timeZoneOffsetMinutes, teamMemberId: '15', pageNo: 1, pageSize: 20 });
      }
    }
    // Agent 2's team is itself and 13–22 only; the other tree's members are in no page of agent 1.
    const team = await same({ ...agent(2), from: day(30), to: day(0), timeZoneOffsetMinutes: 0, pageNo: 1, pageSize: 50 });
    expect(team.list.map((row) => Number(row.memberId)).every((id) => id === 2 || (id >= 13 && id <= 22))).toBe(true);
    const top = await same({ ...agent(1), from: day(30), to: day(0), timeZoneOffsetMinutes: 0, pageNo: 1, pageSize: 50 });
    expect(top.list.some((row) => row.memberId === '100' || row.memberId === '101')).toBe(false);
    expect(top.total).toBeGreaterThan(15);
  });

  it('orders equal sums by member id as numbers and leaves out members whose sums are all zero', async () => {
    // Members 9, 10 and 12 get the same valid bet on a day of their own; 9 sorts before 10 as a number, not as text.
    const quiet = hourAt(33, 2);
    await write(['12', '10', '9'].map((id) => ({ id, hour: quiet, merchantCode: 'DEMO', currency: 'MXN', betCount: 1, validBetMinor: 777n, profitMinor: -5n })));
    await write([{ id: '11', hour: quiet, merchantCode: 'DEMO', currency: 'MXN', betCount: 0, validBetMinor: 0n, profitMinor: 0n }]);
    const page = await same({ ...agent(1), from: day(33), to: day(33), timeZoneOffsetMinutes: 0, pageNo: 1, pageSize: 10 });
    expect(page.list.map((row) => row.memberId)).toEqual(expect.arrayContaining(['9', '10', '12']));
    const tied = page.list.filter((row) => row.validBet === '7.77').map((row) => row.memberId);
    expect(tied).toEqual(['9', '10', '12']);
    expect(page.list.some((row) => row.memberId === '11')).toBe(false);
  });

  it('takes in what was written after it loaded: changed hours, new hours, a new member, and a member placed later', async () => {
    // Member 23 registers under 2 but its upline's place is not known yet: its bets are in no team until it is placed.
    await db.orm.execute(sql`INSERT INTO agent_contracts.agent_tree (member_id, merchant_code, account, type, currency, upline_id) VALUES (23, 'DEMO', 'm23', 0, 'MXN', 2)`);
    await write([...randomHours([3, 4, 13, 14], 40, 5), { id: '23', hour: hourAt(0, 1), merchantCode: 'DEMO', currency: 'MXN', betCount: 3, validBetMinor: 99_999_999n, profitMinor: 1n }]);
    const before = await same({ ...agent(1), from: day(2), to: day(0), timeZoneOffsetMinutes: 0, pageNo: 1, pageSize: 50 });
    expect(before.list.some((row) => row.memberId === '23')).toBe(false);
    await db.orm.execute(sql`UPDATE agent_contracts.agent_tree SET path = '/1/2/23/', depth = 2 WHERE member_id = 23`);
    const after = await same({ ...agent(1), from: day(2), to: day(0), timeZoneOffsetMinutes: 0, pageNo: 1, pageSize: 50 });
    expect(after.list[0]).toMatchObject({ memberId: '23', validBet: '999999.99', level: 2 });
    // A member new to the columns, placed from the start.
    await db.orm.execute(sql`INSERT INTO agent_contracts.agent_tree (member_id, merchant_code, account, type, currency, upline_id, path, depth) VALUES (24, 'DEMO', 'm24', 0, 'MXN', 1, '/1/24/', 1)`);
    await write([{ id: '24', hour: hourAt(1, 7), merchantCode: 'DEMO', currency: 'MXN', betCount: 1, validBetMinor: 5n, profitMinor: 5n }]);
    const latest = await same({ ...agent(1), from: day(2), to: day(0), timeZoneOffsetMinutes: 0, sortBy: 'validBet', sortOrder: 'asc', pageNo: 1, pageSize: 50 });
    expect(latest.list[0]?.memberId).toBe('24');
  });

  it('searches accounts in any case, alone or with one member, as the database does', async () => {
    for (const account of ['m1', 'M2', '3', 'm100', 'zz']) {
      for (const sortBy of ['validBet', 'profit'] as const) {
        const page = await same({ ...agent(1), from: day(30), to: day(0), timeZoneOffsetMinutes: 0, account, sortBy, pageNo: 1, pageSize: 5 });
        if (account === 'm1') expect(page.total).toBeGreaterThan(5);
        if (account === 'm100' || account === 'zz') expect(page.total).toBe(0);
      }
      await same({ ...agent(1), from: day(30), to: day(0), timeZoneOffsetMinutes: 0, account, teamMemberId: '13', pageNo: 1, pageSize: 5 });
      await same({ ...agent(2), from: day(30), to: day(0), timeZoneOffsetMinutes: 0, account, pageNo: 1, pageSize: 5 });
    }
    const query = { path: '/1/', start: new Date(`${day(20)}T00:00:00.000Z`), end: new Date(`${day(0)}T00:00:00.000Z`), sortBy: 'validBet' as const, descending: true, offset: 0, limit: 5 };
    expect(await columns.memberPage({ ...query, account: 'M1' })).not.toBeNull();
    // Beyond ASCII, lower() follows the database's locale: such a search goes to the database.
    expect(await columns.memberPage({ ...query, account: 'Ü' })).toBeNull();
    await same({ ...agent(1), from: day(30), to: day(0), timeZoneOffsetMinutes: 0, account: 'Ü', pageNo: 1, pageSize: 5 });
  });

  it('leaves to the database what it does not hold: an older range, a team with an account beyond ASCII', async () => {
    const old = { path: '/1/', start: new Date(`${day(38)}T00:00:00.000Z`), end: new Date(`${day(30)}T00:00:00.000Z`), sortBy: 'validBet' as const, descending: true, offset: 0, limit: 5 };
    expect(await columns.memberPage(old)).toBeNull();
    expect(await columns.memberPage({ ...old, start: new Date(`${day(20)}T00:00:00.000Z`), end: new Date(`${day(0)}T00:00:00.000Z`) })).not.toBeNull();
    await same({ ...agent(1), from: day(38), to: day(32), timeZoneOffsetMinutes: 0, pageNo: 1, pageSize: 10 });
    // A member whose account is not plain ASCII joins agent 2's team: its searches go to the database from then on.
    await db.orm.execute(
      sql`INSERT INTO agent_contracts.agent_tree (member_id, merchant_code, account, type, currency, upline_id, path, depth) VALUES (25, 'DEMO', 'Ünal25', 0, 'MXN', 2, '/1/2/25/', 2)`,
    );
    await write([{ id: '25', hour: hourAt(1, 9), merchantCode: 'DEMO', currency: 'MXN', betCount: 2, validBetMinor: 700n, profitMinor: 70n }]);
    const search = { path: '/1/2/', start: new Date(`${day(20)}T00:00:00.000Z`), end: new Date(`${day(0)}T00:00:00.000Z`), sortBy: 'validBet' as const, descending: true, offset: 0, limit: 5 };
    expect(await columns.memberPage({ ...search, account: 'm1' })).toBeNull();
    expect(await columns.memberPage(search)).not.toBeNull();
    for (const account of ['m1', 'nal', 'ÜNAL']) await same({ ...agent(2), from: day(30), to: day(0), timeZoneOffsetMinutes: 0, account, pageNo: 1, pageSize: 10 });
    await same({ ...agent(1), from: day(30), to: day(0), timeZoneOffsetMinutes: 0, pageNo: 1, pageSize: 30 });
  });

  it('holds exactly the member-hours of its window', async () => {
    const [held] = await rows<{ n: number }>(
      db.orm,
      sql`SELECT count(*)::int AS n FROM agent_contracts.member_hours WHERE hour >= ${new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate()) - 36 * DAY_MS).toISOString()}::timestamptz`,
    );
    expect(columns.rowCount).toBe(held!.n);
  });
});
