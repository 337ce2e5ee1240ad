// A broadcast to a brand of 100,000 members: how long it takes to store, and how soon after the operator's call every
// connected member's socket gets its new unread count.
//
// The embedded platform runs in this process (PGlite, the in-memory bus, every service and the gateway). The brand's
// members are written straight into the inbox's member table in bulk (`--members`, default 100,000); `--sockets` of
// them (default 1,500) are real accounts with sessions, also written in bulk (registration hashes passwords, which
// would take minutes), whose sockets a child process opens the way the web client does. Each run is one broadcast to
// the whole brand through the operator API: the answer's time is the store time; each socket's time is from the
// operator call to its `unread` push. The same sockets, connected to a bare Socket.IO server in a process of its own
// that pushes to all of them on one HTTP call, give the floor: what reaching that many sockets costs on this machine.
//
// Usage: node --import tsx bench/notices/broadcast.mjs [--members 100000] [--sockets 1500] [--runs 5]
// Results go to bench/results/notices-broadcast.json.
import { createHash, randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..', '..');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const role = arg('role', 'main');
const MEMBERS = Number(arg('members', '100000'));
const SOCKETS = Number(arg('sockets', '1500'));
const RUNS = Number(arg('runs', '5'));
/** A socket that has not heard of a broadcast after this long is counted as missed. */
const PUSH_TIMEOUT_MS = 30_000;

const now = () => performance.timeOrigin + performance.now();
const round = (n) => Math.round(n * 10) / 10;
const log = (...parts) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

if (role === 'clients') await runClients();
else if (role === 'bare') await runBare();
else await main();

/**
 * The sockets, in a process of their own. Told `{ connect: url, tokens }`, it connects them all and answers `ready`;
 * told `{ measure, type }`, it answers `{ arrivals }` once each socket got a push of `type` after the mark (or the time
 * ran out): the wall-clock arrival time per socket, null for a socket that heard nothing.
 */
async function runClients() {
  const { io } = await import('socket.io-client');
  let sockets = [];
  let waiting;
  process.on('message', async (message) => {
    if (message.connect) {
      for (const slot of sockets) slot.socket.disconnect();
      sockets = [];
      const open = (token) =>
        new Promise((resolve, reject) => {
          const socket = io(message.connect, { auth: token ? { token } : {}, transports: ['websocket'], forceNew: true, reconnection: false });
          const slot = { socket, arrivedAt: null };
          sockets.push(slot);
          socket.on('push', (push) => {
            if (waiting && push?.type === waiting.type && slot.arrivedAt === null) {
              slot.arrivedAt = now();
              waiting.check();
            }
          });
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
      for (let i = 0; i < message.tokens.length; i += 50) await Promise.all(message.tokens.slice(i, i + 50).map(open));
      process.send({ ready: sockets.length });
    } else if (message.measure) {
      for (const slot of sockets) slot.arrivedAt = null;
      const done = new Promise((resolve) => {
        const timer = setTimeout(resolve, PUSH_TIMEOUT_MS);
        waiting = {
          type: message.type,
          check: () => {
            if (sockets.every((slot) => slot.arrivedAt !== null)) {
              clearTimeout(timer);
              resolve();
            }
          },
        };
      });
      process.send({ listening: true });
      await done;
      waiting = undefined;
      process.send({ arrivals: sockets.map((slot) => slot.arrivedAt) });
    } else if (message.close) {
      for (const slot of sockets) slot.socket.disconnect();
      process.exit(0);
    }
  });
  process.send({ started: true });
}

/** The floor: a bare Socket.IO server that pushes `{ type: 'bare' }` to every socket when POST /push is called. */
async function runBare() {
  const { createServer } = await import('node:http');
  const { Server } = await import('socket.io');
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/push') {
      io.emit('push', { v: 1, type: 'bare', data: { unread: 1, version: 1 } });
      res.end('{"success":true}');
    } else res.end();
  });
  const io = new Server(server, { serveClient: false });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
}

/** A helper process; `next(key)` resolves with its next message carrying `key`, also one that came before the call. */
function child(role) {
  const process_ = fork(here, ['--role', role], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const received = [];
  const waiters = [];
  process_.on('exit', (code, signal) => {
    if (code || (signal && signal !== 'SIGTERM')) {
      console.error(`the ${role} process ended (${code ?? signal}); stopping the bench`);
      process.exit(1);
    }
  });
  process_.on('message', (message) => {
    const waiter = waiters.findIndex((entry) => entry.key in message);
    if (waiter >= 0) waiters.splice(waiter, 1)[0].resolve(message);
    else received.push(message);
  });
  const next = (key) => {
    const index = received.findIndex((message) => key in message);
    if (index >= 0) return Promise.resolve(received.splice(index, 1)[0]);
    return new Promise((resolve) => waiters.push({ key, resolve }));
  };
  return { process: process_, next, send: (message) => process_.send(message) };
}

function summary(samples) {
  const sorted = samples.filter((value) => value !== null).sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
  return { n: sorted.length, missed: samples.length - sorted.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), max: round(sorted.at(-1) ?? NaN) };
}

async function main() {
  const { sql } = await import('drizzle-orm');
  const { rows } = await import('../../packages/platform/src/index.ts');
  const { startEmbedded } = await import('../../embedded/src/host.ts');
  const operatorToken = randomBytes(24).toString('base64url');
  log(`starting the embedded platform`);
  const platform = await startEmbedded({ logLevel: 'warn', operatorToken, requestsPerIpPerMinute: 1_000_000 });
  const db = platform.db.orm;
  const results = { members: MEMBERS, sockets: SOCKETS, runs: RUNS, at: new Date().toISOString() };

  // The members with sessions: accounts, sessions, and their place in the inbox's member table.
  const started = now();
  const tokens = Array.from({ length: SOCKETS }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
  const accounts = await rows(
    db,
    sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, password_hash, register_method)
        SELECT 'DEMO', 'nb' || g || ${randomBytes(3).toString('hex')}, 'nb' || g || ${randomBytes(3).toString('hex')}, 'nb' || g, '!bench', 'BENCH'
          FROM generate_series(1, ${SOCKETS}) AS g
     RETURNING id::text AS id`,
  );
  const ids = accounts.map((account) => account.id);
  await db.execute(
    sql`INSERT INTO identity.sessions (token_hash, member_id, expires_at)
        SELECT decode(hash, 'hex'), id, now() + interval '1 day' FROM unnest(${`{${hashes.join(',')}}`}::text[], ${`{${ids.join(',')}}`}::bigint[]) AS s(hash, id)`,
  );
  log(`${SOCKETS} accounts with sessions: ${round((now() - started) / 1000)} s`);
  const projected = now();
  await db.execute(
    sql`INSERT INTO notices.inbox_members (member_id, merchant_code, type, registered_at)
        SELECT id, 'DEMO', 0, now() FROM unnest(${`{${ids.join(',')}}`}::bigint[]) AS id
        UNION ALL
        SELECT 1000000000 + g, 'DEMO', 0, now() FROM generate_series(1, ${Math.max(0, MEMBERS - SOCKETS)}) AS g
        ON CONFLICT (member_id) DO NOTHING`,
  );
  await db.execute(sql`ANALYZE notices.inbox_members`);
  results.projectionFillSeconds = round((now() - projected) / 1000);
  const [{ n: brandMembers }] = await rows(db, sql`SELECT count(*)::int AS n FROM notices.inbox_members WHERE merchant_code = 'DEMO'`);
  log(`the brand has ${brandMembers} members in the inbox (bulk insert ${results.projectionFillSeconds} s)`);

  const clients = child('clients');
  await clients.next('started');
  const measure = async (type, trigger) => {
    clients.send({ measure: true, type });
    await clients.next('listening');
    const t0 = now();
    const answered = await trigger();
    const { arrivals } = await clients.next('arrivals');
    return { storeMs: answered - t0, latencies: arrivals.map((at) => (at === null ? null : at - t0)) };
  };

  // The platform: a broadcast to the whole brand per run.
  clients.send({ connect: platform.url, tokens });
  log(`${(await clients.next('ready')).ready} sockets connected to the gateway`);
  const platformRuns = [];
  let lastBroadcastId;
  for (let run = 1; run <= RUNS; run++) {
    const result = await measure('unread', async () => {
      const response = await fetch(`${platform.url}/operator/v1/merchants/DEMO/broadcasts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Operator ${operatorToken}` },
        body: JSON.stringify({ segment: { type: 'brand' }, title: { ES: `Aviso ${run}`, EN: `Notice ${run}` }, content: { ES: 'Prueba de carga', EN: 'Load test' } }),
      });
      const at = now();
      const body = await response.json();
      if (!body.success) throw new Error(`broadcast refused: ${JSON.stringify(body)}`);
      lastBroadcastId = body.value.id;
      return at;
    });
    const stats = summary(result.latencies);
    platformRuns.push({ storeMs: round(result.storeMs), ...stats });
    log(`broadcast ${run}: stored in ${round(result.storeMs)} ms; pushes p50 ${stats.p50} p95 ${stats.p95} p99 ${stats.p99} max ${stats.max} ms, missed ${stats.missed}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const [{ n: stateRows }] = await rows(db, sql`SELECT count(*)::int AS n FROM notices.broadcast_states`);
  // What a gateway asks after a broadcast: the counts of 500 of its connected members.
  const chunkSample = [];
  for (let i = 0; i < 10; i++) {
    const t = now();
    await platform.clients.notices.unreadCounts({ merchantCode: 'DEMO', memberIds: ids.slice(0, 500), broadcastId: lastBroadcastId });
    chunkSample.push(now() - t);
  }
  const countSample = [];
  for (let i = 0; i < 50; i++) {
    const t = now();
    await platform.clients.notices.unreadCount({ memberId: ids[i % ids.length], merchantCode: 'DEMO' });
    countSample.push(now() - t);
  }

  // The floor: the same sockets on a bare Socket.IO server.
  const bare = child('bare');
  const { port } = await bare.next('port');
  clients.send({ connect: `http://127.0.0.1:${port}`, tokens: tokens.map(() => '') });
  await clients.next('ready');
  const bareRuns = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await measure('bare', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/push`, { method: 'POST' });
      const at = now();
      await response.text();
      return at;
    });
    bareRuns.push(summary(result.latencies));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  clients.send({ close: true });
  bare.process.kill();

  const all = (list, key) => list.map((entry) => entry[key]);
  const worst = (list, key) => Math.max(...all(list, key));
  results.platform = { runs: platformRuns, storeMsMax: worst(platformRuns, 'storeMs'), p99Max: worst(platformRuns, 'p99'), missed: all(platformRuns, 'missed').reduce((a, b) => a + b, 0) };
  results.bare = { runs: bareRuns, p99Max: worst(bareRuns, 'p99') };
  results.broadcastStateRows = stateRows;
  results.unreadCountMs = summary(countSample);
  results.unreadCounts500Ms = summary(chunkSample);

  console.log('');
  console.log(`broadcast to ${brandMembers} members, ${SOCKETS} sockets connected, ${RUNS} runs`);
  console.log('| path | store ms (max) | push p50 ms | p95 | p99 | max | missed |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [index, entry] of platformRuns.entries()) console.log(`| platform, run ${index + 1} | ${entry.storeMs} | ${entry.p50} | ${entry.p95} | ${entry.p99} | ${entry.max} | ${entry.missed} |`);
  for (const [index, entry] of bareRuns.entries()) console.log(`| bare Socket.IO, run ${index + 1} | – | ${entry.p50} | ${entry.p95} | ${entry.p99} | ${entry.max} | ${entry.missed} |`);
  console.log('');
  console.log(`store ≤ 1,000 ms: ${results.platform.storeMsMax <= 1000 ? 'yes' : 'NO'} (worst ${results.platform.storeMsMax} ms)`);
  console.log(`push p99 ≤ 250 ms: ${results.platform.p99Max <= 250 ? 'yes' : 'NO'} (worst run ${results.platform.p99Max} ms; bare floor ${results.bare.p99Max} ms)`);
  console.log(
    `per-member rows written by the broadcasts: ${stateRows}; one member's unread count: p50 ${results.unreadCountMs.p50} ms, p99 ${results.unreadCountMs.p99} ms; 500 members' counts: p50 ${results.unreadCounts500Ms.p50} ms`,
  );

  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'notices-broadcast.json'), `${JSON.stringify(results, null, 2)}\n`);
  await platform.close();
  process.exit(0);
}
