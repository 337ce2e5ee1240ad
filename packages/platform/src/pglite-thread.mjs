// The embedded platform's database in a thread of its own (see `openPglite` in db.ts): PGlite runs every statement
// synchronously in the thread that holds it, so here it no longer holds the thread that answers HTTP requests. The
// other side (`PgliteThreadClient` in db.ts) sends one message per call and gets one answer per message:
//
//   { id, op: 'query', tx?, sql, params, rowMode, asIs }  → { id, result: { rows, fields, affectedRows } }
//   { id, op: 'exec', tx?, sql }                          → { id, result: [{ rows, fields, affectedRows }, …] }
//   { id, op: 'begin' }                                   → { id, result: null } once the transaction holds the database
//   { id, op: 'end', tx, commit }                         → { id, result: null } after COMMIT or ROLLBACK
//   { id, op: 'listen', channel }                         → { id, result: null }; then { notify: channel } per NOTIFY
//   { id, op: 'unlisten', channel }, { id, op: 'close' }  → { id, result: null }
//
// A failed call answers { id, error } with the error's message and its plain fields (SQLSTATE `code`, `detail`,
// `constraint`, …), which the other side puts back on an Error.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const asIs = (value) => value;
// int8 and numeric stay strings, as node-postgres returns them: money and ids never pass through a JS number.
const db = await PGlite.create({ ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}), parsers: { 20: asIs, 1700: asIs } });

/** Open transactions by the id of the `begin` that opened them: the transaction's handle and how to end it. */
const transactions = new Map();
const listeners = new Map();

const plainError = (error) => {
  const fields = { message: String(error?.message ?? error), name: String(error?.name ?? 'Error') };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return fields;
};

const on = (message) => {
  if (message.tx === undefined) return db;
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`transaction ${message.tx} is not open`);
  return open.tx;
};

const plainResult = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

const handlers = {
  async query(message) {
    // The caller's parsers are functions, which cannot cross threads; every one it sets leaves its type's text as it is.
    const parsers = message.asIs ? Object.fromEntries(message.asIs.map((type) => [type, asIs])) : undefined;
    return plainResult(await on(message).query(message.sql, message.params, { ...(message.rowMode ? { rowMode: message.rowMode } : {}), ...(parsers ? { parsers } : {}) }));
  },
  async exec(message) {
    return (await on(message).exec(message.sql)).map(plainResult);
  },
  begin(message) {
    return new Promise((opened, failed) => {
      const done = db
        .transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              transactions.set(message.id, { tx, commit, rollback, done });
              opened(null);
            }),
        )
        .finally(() => transactions.delete(message.id));
      // A transaction that could not start (BEGIN failed) answers the `begin`; one that ended answers its `end`.
      done.catch(failed);
    });
  },
  async end(message) {
    const open = transactions.get(message.tx);
    if (!open) throw new Error(`transaction ${message.tx} is not open`);
    if (message.commit) {
      open.commit(null);
      await open.done;
    } else {
      open.rollback(new Error('rolled back'));
      await open.done.catch(() => undefined);
    }
    return null;
  },
  async listen(message) {
    if (!listeners.has(message.channel)) listeners.set(message.channel, await db.listen(message.channel, () => parentPort.postMessage({ notify: message.channel })));
    return null;
  },
  async unlisten(message) {
    const unsubscribe = listeners.get(message.channel);
    listeners.delete(message.channel);
    if (unsubscribe) await unsubscribe();
    return null;
  },
  async close() {
    if (!db.closed) await db.close();
    return null;
  },
};

parentPort.on('message', (message) => {
  const handler = handlers[message.op];
  Promise.resolve()
    .then(() => handler(message))
    .then(
      (result) => parentPort.postMessage({ id: message.id, result }),
      (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
    );
});
parentPort.postMessage({ ready: true });
