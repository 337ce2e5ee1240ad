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
  /** A transaction for SQL scripts with several statements (migrations), which prepared statements cannot run. */
  scriptTransaction(fn: (exec: (script: string) => Promise<Array<Record<string, unknown>>>) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Runs raw SQL and returns its rows; the same on PGlite and node-postgres. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as { rows: T[] };
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
    async scriptTransaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await fn(async (script) => {
          const result = (await client.query(script)) as unknown as { rows: Array<Record<string, unknown>> } | Array<{ rows: Array<Record<string, unknown>> }>;
          return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
        });
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** One PGlite instance serves every schema in embedded mode; `dataDir` undefined means in memory. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // int8 and numeric stay strings, as node-postgres returns them: money and ids never pass through a JS number.
  const asText = (value: string) => value;
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers: { 20: asText, 1700: asText } });
  const orm = drizzle(client) as unknown as Executor;
  return {
    kind: 'pglite',
    orm,
    transaction: (fn) => orm.transaction((tx) => fn(tx as unknown as Executor)),
    async scriptTransaction(fn) {
      await client.transaction(async (tx) => {
        await fn(async (script) => {
          const results = await tx.exec(script);
          return results.at(-1)?.rows ?? [];
        });
      });
    },
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
      await db.orm.execute(sql.raw(`CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`));
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
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  await db.scriptTransaction(async (exec) => {
    await exec(`LOCK TABLE ${schema}.schema_migrations IN EXCLUSIVE MODE`);
    const done = new Set((await exec(`SELECT name FROM ${schema}.schema_migrations`)).map((row) => String(row.name)));
    for (const file of files) {
      if (done.has(file.name)) continue;
      await exec(file.text);
      await exec(`INSERT INTO ${schema}.schema_migrations (name) VALUES (${literal(file.name)})`);
      applied.push(file.name);
    }
  });
  return applied;
}
