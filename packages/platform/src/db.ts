import { readdir, readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** A Drizzle database or transaction over either driver; both expose the same query builder and `execute`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Executor = PgDatabase<PgQueryResultHKT, any>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly orm: Executor;
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** A transaction for SQL scripts with several statements (migrations), which prepared statements cannot run. */
  scriptTransaction(fn: (exec: (script: string) => Promise<Array<Record<string, unknown>>>) => Promise<void>): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (a plain identifier, see `outboxChannel`), and once more after the
   * listening connection came back from an outage, since notifications sent meanwhile are lost. Rejects when the first
   * LISTEN fails. The returned function stops listening; closing the database stops every listener too.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Runs one statement, outside any transaction, as a named prepared statement: PostgreSQL parses and plans it once
   * per connection instead of on every call. For the hottest statements only; the text must be the same on every call
   * under one name (the values may differ). PGlite runs it as a plain query.
   */
  preparedRows<T>(name: string, query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

const dialect = new PgDialect();

/** Runs raw SQL and returns its rows; the same on PGlite and node-postgres. */
/** A text[] parameter, passed as one JSON text so that any character in the values is safe (`col = ANY(${textArray(ids)})`). */
export const textArray = (values: readonly string[]): SQL => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** A bigint[] parameter of decimal ids, passed as one JSON text. */
export const bigintArray = (values: readonly string[]): SQL => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::bigint)`;

export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as { rows: T[] };
  return result.rows;
}

/** First delay before a lost listening connection is opened again; it doubles per failed attempt up to the maximum. */
const LISTEN_RETRY_MIN_MS = 100;
const LISTEN_RETRY_MAX_MS = 5_000;

const checkChannel = (channel: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel) || channel.length > 63) throw new Error(`bad channel ${channel}`);
  return channel;
};

export async function openPostgres(url: string, options: { poolMax?: number; applicationName?: string } = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint columns come back as strings: money must never pass through a JS number.
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, application_name: options.applicationName });
  pool.on('error', () => undefined);
  const orm = drizzle(pool) as unknown as Executor;
  const listeners = new Set<() => Promise<void>>();

  /**
   * LISTEN needs a session of its own that stays open: a pooled connection would be handed to queries and released.
   * A lost session is opened again with backoff for as long as the listener is wanted.
   */
  const listen = (channel: string, onNotify: () => void): Promise<() => Promise<void>> => {
    let closed = false;
    let current: InstanceType<typeof pg.Client> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = LISTEN_RETRY_MIN_MS;
    let connectedOnce = false;

    return new Promise((resolve, reject) => {
      const statement = `LISTEN "${checkChannel(channel)}"`;
      const close = async (): Promise<void> => {
        if (closed) return;
        closed = true;
        listeners.delete(close);
        clearTimeout(retry);
        // Closed before the first LISTEN went through: the caller is still waiting for the outcome.
        reject(new Error(`stopped listening on ${channel} before it started`));
        const client = current;
        current = undefined;
        await client?.end().catch(() => undefined);
      };

      const connect = (): void => {
        retry = undefined;
        if (closed) return;
        const client = new pg.Client({ connectionString: url, application_name: options.applicationName, keepAlive: true, connectionTimeoutMillis: 10_000 });
        current = client;
        let lost = false;
        const fail = (error?: unknown): void => {
          if (lost) return;
          lost = true;
          if (current === client) current = undefined;
          void client.end().catch(() => undefined);
          if (closed) return;
          if (!connectedOnce) {
            // The caller learns at once that notifications are unavailable and can poll instead.
            closed = true;
            listeners.delete(close);
            reject(error instanceof Error ? error : new Error(`LISTEN on ${channel} failed`));
            return;
          }
          retry = setTimeout(connect, delay);
          delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
        };
        client.on('error', fail);
        client.on('end', () => fail(new Error(`the connection listening on ${channel} ended`)));
        client.on('notification', (message) => {
          if (message.channel === channel) onNotify();
        });
        client
          .connect()
          .then(() => client.query(statement))
          .then(() => {
            if (lost) return;
            if (closed) {
              void client.end().catch(() => undefined);
              return;
            }
            delay = LISTEN_RETRY_MIN_MS;
            if (connectedOnce) {
              // Whatever was notified while the session was down is lost: let the listener look for itself.
              onNotify();
            } else {
              connectedOnce = true;
              resolve(close);
            }
          }, fail);
      };

      listeners.add(close);
      connect();
    });
  };

  return {
    kind: 'postgres',
    orm,
    transaction: (fn) => orm.transaction((tx) => fn(tx as unknown as Executor)),
    async preparedRows<T>(name: string, query: SQL) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const result = await pool.query({ name, text, values: params });
      return result.rows as T[];
    },
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
    listen,
    async close() {
      await Promise.all([...listeners].map((close) => close()));
      await pool.end();
    },
  };
}

/** The part of PGlite's client this module uses, whether PGlite runs in this thread or in one of its own. */
interface PgliteResults {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}
interface PgliteQueries {
  query(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> }): Promise<PgliteResults>;
  exec(sql: string): Promise<PgliteResults[]>;
}
interface PgliteLike extends PgliteQueries {
  transaction<T>(fn: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/**
 * One PGlite instance serves every schema in embedded mode; `dataDir` undefined means in memory. With `thread`, PGlite
 * runs in a worker thread of its own (`pglite-thread.mjs`): its statements, which run synchronously where PGlite is,
 * then hold neither the thread that answers requests nor its event loop, and on two cores the database and the services
 * work at the same time. Without it, PGlite runs in this thread and takes turns with the event loop.
 */
export async function openPglite(dataDir?: string, options: { thread?: boolean } = {}): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client: PgliteLike = options.thread ? await PgliteThreadClient.start(dataDir) : await pgliteHere(dataDir);
  const orm = drizzle({ client: client as never }) as unknown as Executor;
  return {
    kind: 'pglite',
    orm,
    transaction: (fn) => orm.transaction((tx) => fn(tx as unknown as Executor)),
    preparedRows: (_name, query) => rows(orm, query),
    async scriptTransaction(fn) {
      await client.transaction(async (tx) => {
        await fn(async (script) => {
          const results = await tx.exec(script);
          return (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>>;
        });
      });
    },
    async listen(channel, onNotify) {
      // One session serves everything in embedded mode; PGlite delivers a notification after the notifying commit.
      const unsubscribe = await client.listen(checkChannel(channel), () => onNotify());
      let done = false;
      return async () => {
        if (done || client.closed) return;
        done = true;
        await unsubscribe();
      };
    },
    close: () => client.close(),
  };
}

async function pgliteHere(dataDir: string | undefined): Promise<PgliteLike> {
  const { PGlite } = await import('@electric-sql/pglite');
  // int8 and numeric stay strings, as node-postgres returns them: money and ids never pass through a JS number.
  const asText = (value: string) => value;
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers: { 20: asText, 1700: asText } });
  takeTurnsWithTheEventLoop(client);
  return client;
}

type ThreadAnswer = { id: number; result?: unknown; error?: Record<string, unknown> } | { notify: string } | { ready: true };

/**
 * PGlite in a worker thread, behind the part of its client that Drizzle and this module call. Each call is one message
 * and one answer; a transaction is opened by one message and holds the database in the worker until its `end`, so the
 * statements of a transaction and those queued behind it keep PGlite's order. The type parsers Drizzle sets all leave
 * their type's text as it is, which is what the worker does for the types they name.
 */
class PgliteThreadClient implements PgliteLike {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private ended: Error | undefined;
  /** Statements outside any transaction: built once, as every statement goes through it. */
  private readonly outside = this.queries(undefined);

  private constructor(private readonly worker: import('node:worker_threads').Worker) {
    worker.on('message', (answer: ThreadAnswer) => {
      if ('notify' in answer) {
        for (const onNotify of this.listeners.get(answer.notify) ?? []) onNotify();
        return;
      }
      if (!('id' in answer)) return;
      const call = this.waiting.get(answer.id);
      if (!call) return;
      this.waiting.delete(answer.id);
      if (answer.error) call.reject(Object.assign(new Error(String(answer.error.message)), answer.error));
      else call.resolve(answer.result);
    });
    const stop = (error: Error) => {
      this.ended ??= error;
      for (const call of this.waiting.values()) call.reject(error);
      this.waiting.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));
  }

  static async start(dataDir: string | undefined): Promise<PgliteThreadClient> {
    const { Worker } = await import('node:worker_threads');
    const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: { dataDir } });
    await new Promise<void>((ready, failed) => {
      const onMessage = (answer: ThreadAnswer) => {
        if (!('ready' in answer)) return;
        worker.off('message', onMessage);
        worker.off('error', failed);
        ready();
      };
      worker.on('message', onMessage);
      worker.once('error', failed);
    });
    return new PgliteThreadClient(worker);
  }

  get closed(): boolean {
    return this.ended !== undefined;
  }

  /** Sends one message under a new id (a `begin`'s id names its transaction) and waits for its answer. */
  private call<T>(message: Record<string, unknown>, id = this.nextId++): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private queries(tx: number | undefined): PgliteQueries {
    return {
      query: (sql, params, options) =>
        this.call({
          op: 'query',
          tx,
          sql,
          params: params ?? [],
          rowMode: options?.rowMode,
          asIs: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
        }),
      exec: (sql) => this.call({ op: 'exec', tx, sql }),
    };
  }

  query(...args: Parameters<PgliteQueries['query']>): Promise<PgliteResults> {
    return this.outside.query(...args);
  }

  exec(sql: string): Promise<PgliteResults[]> {
    return this.outside.exec(sql);
  }

  async transaction<T>(fn: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    await this.call({ op: 'begin' }, id);
    let result: T;
    try {
      result = await fn(this.queries(id));
    } catch (error) {
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(onNotify);
    return async () => {
      set.delete(onNotify);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.ended) return;
    await this.call({ op: 'close' });
    this.ended = new Error('the database is closed');
    await this.worker.terminate();
  }
}

/** How long PGlite may run statements back to back before the event loop gets a turn. */
const PGLITE_SLICE_MS = 4;

/**
 * PGlite runs in this thread: a statement executes synchronously, and the next queued one starts from the promise that
 * ends the last, so a transaction of forty statements, or forty jobs' statements queued at once, ran as one task that
 * no request could interrupt (a timer's batch held every HTTP answer of the process for 30–90 ms). Statements now run
 * in slices: once they have had the thread for a few milliseconds without the event loop turning, the next one waits
 * for a turn, after the I/O that arrived meanwhile. Waiting before every statement would starve the database instead
 * under HTTP load (one statement per turn of the loop).
 */
function takeTurnsWithTheEventLoop(client: { _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T> }): void {
  const runExclusive = client._runExclusiveQuery.bind(client);
  let sliceStarted = 0;
  let inSlice = false;
  const startSlice = () => {
    inSlice = true;
    sliceStarted = performance.now();
    // Runs once the event loop has turned: whatever runs after it starts a slice of its own.
    setImmediate(() => {
      inSlice = false;
    });
  };
  client._runExclusiveQuery = (run) =>
    runExclusive(async () => {
      if (!inSlice) startSlice();
      else if (performance.now() - sliceStarted > PGLITE_SLICE_MS) {
        await nextTurn();
        startSlice();
      }
      return run();
    });
}

export async function openDatabase(options: { url?: string; dataDir?: string; poolMax?: number; applicationName?: string }): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir);
}

const quoteIdent = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad identifier ${name}`);
  return `"${name}"`;
};

/**
 * Marks the current transaction as one whose outbox rows need no notification, because the writer wakes its own relay
 * after the commit: `SELECT ... FROM (SELECT ${OUTBOX_QUIET}) AS quiet`, or its own statement inside a transaction.
 */
export const OUTBOX_QUIET = "set_config('wps.outbox_quiet', 'on', true)";

/**
 * The NOTIFY channel that announces new outbox rows of `schema`: a plain identifier, cut to PostgreSQL's 63-byte name
 * limit (a longer name would make pg_notify fail, and so every insert). Schemas sharing the first 56 characters would
 * share a channel, which only costs their relays an extra look.
 */
export const outboxChannel = (schema: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad identifier ${schema}`);
  return `outbox_${schema}`.slice(0, 63);
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
 * Every statement that inserts outbox rows notifies the schema's channel once after it commits, so relays in any
 * process publish at once instead of waiting for their next poll. Statement level: a transaction adding a thousand
 * events sends one notification, not a thousand, and PostgreSQL folds repeats within a transaction. The price is paid
 * at commit: PostgreSQL lets notifying transactions commit one at a time across the server, so many small concurrent
 * event-writing commits lose group commit. A hot writer that wakes its own process's relay right after committing
 * (the seamless wallet) marks its transaction quiet (`OUTBOX_QUIET`) and skips the notification.
 */
const platformNotifyMigration = (schemaName: string): string => {
  const schema = quoteIdent(schemaName);
  return `
CREATE OR REPLACE FUNCTION ${schema}.outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('wps.outbox_quiet', true), '') <> 'on' THEN
    PERFORM pg_notify('${outboxChannel(schemaName)}', '');
  END IF;
  RETURN NULL;
END;
$$;
DROP TRIGGER IF EXISTS outbox_notify ON ${schema}.outbox;
CREATE TRIGGER outbox_notify AFTER INSERT ON ${schema}.outbox FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.outbox_notify();
`;
};

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
  const files = [
    { name: '000_platform.sql', text: platformMigration(schema) },
    { name: '000_platform_notify.sql', text: platformNotifyMigration(schemaName) },
  ];
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
