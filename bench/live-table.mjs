// One house live table (roulette) watched by 1,000 Socket.IO clients through the gateway, with a few members betting
// every round. Measures push latency from the moment the server decided the result (`at` in the table event) to each
// client receiving it, over ROUNDS rounds: p50 / p99 / max (goal p99 ≤ 250 ms).
// Embedded by default: the platform runs in its own process (`tsx embedded/src/main.ts`) and the clients here, so the
// load generator does not share an event loop with the server. Both read the same machine clock.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { io } from 'socket.io-client';
import { summarise } from './stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clients = Number(process.env.LIVE_CLIENTS ?? 1000);
const rounds = Number(process.env.LIVE_ROUNDS ?? 20);
const bettors = Number(process.env.LIVE_BETTORS ?? 20);
/** The watching clients are spread over worker threads, so one client event loop does not queue 1,000 receipts. */
const workers = Number(process.env.LIVE_WORKERS ?? 2);
const tableId = 'roulette-1';
const port = 18000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;

async function call(method, url, { token, body } = {}) {
  const response = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'EN', 'idempotency-key': randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-live-bench-'));
const server = spawn('npx', ['tsx', path.join(root, 'embedded', 'src', 'main.ts')], {
  cwd: root,
  detached: true,
  stdio: 'ignore',
  env: {
    ...process.env,
    PORT: String(port),
    WPS_DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    HOUSE_LIVE_TABLES: tableId,
    HOUSE_LIVE_BETTING_SECONDS: process.env.LIVE_BETTING_SECONDS ?? '2',
    HOUSE_LIVE_REVEAL_MS: '200',
    HOUSE_LIVE_PAUSE_MS: '300',
  },
});
const sockets = [];
const threads = [];
/** The machine is shared: the load averages (1, 5, 15 min) around the measurement say how noisy it was. */
const loadBefore = loadavg().map((value) => Number(value.toFixed(2)));
try {
  const started = performance.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the platform exited with ${server.exitCode}`);
    if (
      await fetch(`${base}/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (performance.now() - started > 180_000) throw new Error('not ready after 180 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // Members who bet every round, so each result also settles real bets through the wallet.
  const players = [];
  for (let index = 0; index < bettors; index++) {
    const username = `bench${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const registered = await call('PUT', '/wps/member/register', { body: { username, password: 'secreto12', confirmPassword: 'secreto12', acceptTerms: true } });
    const token = registered.body.value?.token;
    if (!token) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
    await call('POST', '/wps/v2/wallets/deposit/demo', { token, body: { amount: '1000.00' } });
    players.push(token);
  }

  const samples = [];
  const perRound = new Map();
  const firstPerRound = new Map();
  let connected = 0;
  for (let index = 0; index < workers; index++) {
    const share = Math.floor(clients / workers) + (index < clients % workers ? 1 : 0);
    const worker = new Worker(new URL('./live-table-clients.mjs', import.meta.url), { workerData: { base, tableId, clients: share } });
    worker.on('message', (message) => {
      if (message.type === 'connected') connected += message.count;
      if (message.type === 'results') {
        for (const { roundId, latency } of message.results) {
          samples.push({ roundId, latency });
          perRound.set(roundId, (perRound.get(roundId) ?? 0) + 1);
          firstPerRound.set(roundId, Math.min(firstPerRound.get(roundId) ?? Infinity, latency));
        }
      }
    });
    threads.push(worker);
  }
  const connectDeadline = performance.now() + 120_000;
  while (connected < clients && performance.now() < connectDeadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (connected < clients) throw new Error(`only ${connected} of ${clients} clients connected`);
  console.log(`${clients} clients on ${workers} threads watching ${tableId}; ${bettors} members betting; measuring ${rounds} rounds…`);
  const lead = io(base, { transports: ['websocket'] });
  sockets.push(lead);
  lead.on('connect', () => lead.emit('join-table', tableId));

  // Members bet on each round as it opens (told by the table's own push), so each result also settles real bets.
  let betErrors = 0;
  const seen = new Set();
  const betErrorCodes = {};
  let betting = true;
  lead.on('push', (push) => {
    if (!betting || push?.type !== 'table' || push.data?.kind !== 'round-opened') return;
    const roundId = push.data.roundId;
    seen.add(roundId);
    void Promise.all(
      players.map((token, index) => call('POST', `/wps/house/live/tables/${tableId}/bets`, { token, body: { roundId, bets: [{ spot: index % 2 ? 'red' : 'black', amount: '1' }] } })),
    ).then(
      (results) => {
        for (const result of results.filter((item) => item.status !== 200)) {
          betErrors++;
          betErrorCodes[result.body.code ?? result.status] = (betErrorCodes[result.body.code ?? result.status] ?? 0) + 1;
        }
      },
      () => undefined,
    );
  });
  const roundDeadline = performance.now() + rounds * 30_000;
  while (performance.now() < roundDeadline && [...perRound.keys()].filter((roundId) => seen.has(roundId)).length < rounds) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  betting = false;
  // The last round's pushes may still be arriving.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const measuredRounds = [...perRound.keys()].filter((roundId) => seen.has(roundId)).slice(0, rounds);
  const measuredSet = new Set(measuredRounds);
  const measuredSamples = samples.filter((sample) => measuredSet.has(sample.roundId)).map((sample) => sample.latency);
  const deliveries = measuredRounds.reduce((sum, roundId) => sum + perRound.get(roundId), 0);
  const missed = measuredRounds.length * clients - deliveries;
  const result = {
    clients,
    bettorsPerRound: bettors,
    rounds: measuredRounds.length,
    deliveries,
    missed,
    betErrors,
    betErrorCodes,
    resultPushLatencyMs: summarise(measuredSamples),
    /** The first client of each round to receive the result: the server's part, without the fan-out to every socket. */
    firstReceiptPerRoundMs: summarise([...firstPerRound.entries()].filter(([roundId]) => measuredRounds.includes(roundId)).map(([, latency]) => latency)),
    goalP99Ms: 250,
    mode: 'embedded (PGlite + in-memory bus), server in its own process',
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    workers,
    loadAverage: { before: loadBefore, after: loadavg().map((value) => Number(value.toFixed(2))) },
    at: new Date().toISOString(),
  };
  const latency = result.resultPushLatencyMs;
  console.log(`House live table: ${clients} Socket.IO clients, ${result.rounds} rounds, ${deliveries} result pushes (${missed} missed), ${betErrors} bet errors`);
  console.log(`  result decided → client received: p50 ${latency.p50} ms, p99 ${latency.p99} ms, max ${latency.max} ms (goal p99 ≤ 250 ms)`);
  console.log(`  first client per round:            p50 ${result.firstReceiptPerRoundMs.p50} ms, max ${result.firstReceiptPerRoundMs.max} ms; bet errors ${JSON.stringify(betErrorCodes)}`);
  console.log(`  load average before ${result.loadAverage.before.join(' ')}, after ${result.loadAverage.after.join(' ')} (${workers} client threads)`);
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'live-table.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (result.rounds < rounds || missed > 0) process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.close();
  await Promise.all(threads.map((thread) => thread.terminate()));
  process.kill(-server.pid, 'SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
