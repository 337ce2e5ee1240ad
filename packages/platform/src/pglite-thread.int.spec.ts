import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, rows, type Database } from './db.js';
import { isUniqueViolation } from './sql-state.js';

// PGlite in this thread (services' integration tests) and in a thread of its own (the embedded platform) answer alike.
describe.each([
  { where: 'in this thread', thread: false },
  { where: 'in its own thread', thread: true },
])('PGlite $where', ({ thread }) => {
  let db: Database;

  beforeAll(async () => {
    db = await openPglite(undefined, { thread });
    await db.scriptTransaction(async (exec) => {
      await exec(`CREATE SCHEMA t; CREATE TABLE t.accounts (id bigint PRIMARY KEY, balance numeric NOT NULL, opened timestamptz NOT NULL DEFAULT now());`);
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('keeps int8 and numeric as text and timestamps as PostgreSQL writes them', async () => {
    await db.orm.execute(sql`INSERT INTO t.accounts (id, balance, opened) VALUES (9007199254740993, 12345678901234567.89, '2026-11-28 10:00:00+00')`);
    const [row] = await rows<{ id: unknown; balance: unknown; opened: unknown }>(db.orm, sql`SELECT id, balance, opened FROM t.accounts WHERE id = 9007199254740993`);
    expect(row).toEqual({ id: '9007199254740993', balance: '12345678901234567.89', opened: '2026-11-28 10:00:00+00' });
  });

  it('commits a transaction, and rolls one back that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t.accounts (id, balance) VALUES (1, 10)`);
      await tx.execute(sql`UPDATE t.accounts SET balance = balance + 5 WHERE id = 1`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE t.accounts SET balance = balance - 100 WHERE id = 1`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rows(db.orm, sql`SELECT balance FROM t.accounts WHERE id = 1`)).toEqual([{ balance: '15' }]);
  });

  it('runs a statement sent during a transaction after that transaction ends', async () => {
    await db.orm.execute(sql`INSERT INTO t.accounts (id, balance) VALUES (2, 0)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE t.accounts SET balance = 1 WHERE id = 2`);
      await held;
      await tx.execute(sql`UPDATE t.accounts SET balance = 2 WHERE id = 2`);
      order.push('transaction');
    });
    const outside = rows<{ balance: string }>(db.orm, sql`SELECT balance FROM t.accounts WHERE id = 2`).then((found) => {
      order.push('outside');
      return found;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect(await outside).toEqual([{ balance: '2' }]);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('gives a refused statement its SQLSTATE, and goes on answering', async () => {
    const error = await db.orm.execute(sql`INSERT INTO t.accounts (id, balance) VALUES (1, 1)`).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    const inTransaction = await db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE t.accounts SET balance = 99 WHERE id = 1`);
        await tx.execute(sql`INSERT INTO t.accounts (id, balance) VALUES (1, 1)`);
      })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(inTransaction)).toBe(true);
    expect(await rows(db.orm, sql`SELECT balance FROM t.accounts WHERE id = 1`)).toEqual([{ balance: '15' }]);
  });

  it('delivers a notification after the notifying commit', async () => {
    const heard: string[] = [];
    const stop = await db.listen('t_wake', () => heard.push('wake'));
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('t_wake', '')`);
      expect(heard).toEqual([]);
    });
    await expect.poll(() => heard.length).toBe(1);
    await stop();
    await db.orm.execute(sql`SELECT pg_notify('t_wake', '')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['wake']);
  });
});

describe('PGlite in its own thread, closed', () => {
  it('refuses statements after it is closed', async () => {
    const db = await openPglite(undefined, { thread: true });
    expect(await rows(db.orm, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    await db.close();
    await expect(db.orm.execute(sql`SELECT 1`)).rejects.toThrow();
  });
});
