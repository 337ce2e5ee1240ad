import { readdir, readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** A Drizzle database or transaction over either driver; both expose the same query builder and `execute`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Executor = PgDatabase<PgQueryResultHKT, any>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly orm: Executor;
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Runs raw SQL and returns its rows; the same on PGlite and node-postgres. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function openPostgres(url: string, options: { poolMax?: number; applicationName?: string } = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint columns come back as strings: money must never pass through a JS number.
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, application_name: options.applicationName });
  pool.on('error', () => undefined);
  const orm = drizzle(pool) as unknown as Executor;
  return {
    kind: 'postgres',
    orm,
    transaction: (fn) => orm.transaction((tx) => fn(tx as unknown as Executor)),
    close: () => pool.end(),
  };
}

/** One PGlite instance serves every schema in embedded mode; `dataDir` undefined means in memory. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? { dataDir } : {});
  const orm = drizzle(client) as unknown as Executor;
  return {
    kind: 'pglite',
    orm,
    transaction: (fn) => orm.transaction((tx) => fn(tx as unknown as Executor)),
    close: () => client.close(),
  };
}

export async function openDatabase(options: { url?: string; dataDir?: string; poolMax?: number; applicationName?: string }): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir);
}

const quoteIdent = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad identifier ${name}`);
  return `"${name}"`;
};

/** Tables the kit itself needs in every service schema: the outbox and the inbox. */
const platformMigration = (schema: string): string => `
CREATE TABLE IF NOT EXISTS ${schema}.outbox (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  topic text NOT NULL,
  key text NOT NULL,
  envelope jsonb NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX IF NOT EXISTS outbox_unpublished ON ${schema}.outbox (seq) WHERE published_at IS NULL;
CREATE TABLE IF NOT EXISTS ${schema}.inbox (
  consumer text NOT NULL,
  message_id uuid NOT NULL,
  handled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, message_id)
);
`;

/**
 * Applies a service's numbered SQL files once each, in order, inside its own schema. Safe when several instances of
 * a service start at once: the migrations table is locked for the duration.
 */
export async function migrate(db: Database, schemaName: string, migrationsDir?: string): Promise<string[]> {
  const schema = quoteIdent(schemaName);
  for (let attempt = 0; ; attempt++) {
    try {
      await db.orm.execute(sql.raw(`CREATE SCHEMA IF NOT EXISTS ${schema}`));
      await db.orm.execute(
        sql.raw(`CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`),
      );
      break;
    } catch (error) {
      // Two processes creating the same schema at the same moment: one loses with a unique violation; try again.
      if (attempt >= 3) throw error;
    }
  }
  const files = [{ name: '000_platform.sql', text: platformMigration(schema) }];
  if (migrationsDir) {
    const names = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
    for (const name of names) files.push({ name, text: (await readFile(path.join(migrationsDir, name), 'utf8')).replaceAll('{{schema}}', schema) });
  }
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`LOCK TABLE ${schema}.schema_migrations IN EXCLUSIVE MODE`));
    const done = new Set((await rows<{ name: string }>(tx, sql.raw(`SELECT name FROM ${schema}.schema_migrations`))).map((row) => row.name));
    for (const file of files) {
      if (done.has(file.name)) continue;
      await tx.execute(sql.raw(file.text));
      await tx.execute(sql`INSERT INTO ${sql.raw(schema)}.schema_migrations (name) VALUES (${file.name})`);
      applied.push(file.name);
    }
  });
  return applied;
}
