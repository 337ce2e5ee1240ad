// The wallet under vendor load, in one run:
//   P  = pgbench TPC-B transactions/s on the same PostgreSQL (the baseline);
//   spread: bet + win rounds through the signed vendor API over many players and many house accounts;
//   hot:    the same, with every bet on one vendor game type (one house account, spread over its shards);
// each: the sustainable rate (closed loop), then p50 / p99 / p99.9 at 70 % of it (open loop, fixed arrivals);
//   embedded: the same rounds on PGlite in one process, bets/s.
// Usage: node bench/wallet/run.mjs [--seconds 15] [--players 200] [--workers 16] [--warmup 10] [--skip-embedded] [--skip-cluster]
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'node:http';
import { createRunDatabase, startInfra, startServices, stopInfra } from '../../scripts/lib/cluster.mjs';
import { summarise } from '../stats.mjs';
import { cpuMeter } from '../cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const flag = (name) => process.argv.includes(`--${name}`);
const SECONDS = Number(arg('seconds', '15'));
const PLAYERS = Number(arg('players', '200'));
const WORKERS = Number(arg('workers', '16'));
const WARMUP_SECONDS = Number(arg('warmup', '10'));
const VENDOR = 'BENCHVENDOR';
const SECRET = randomBytes(24).toString('base64url');

const agent = new Agent({ keepAlive: true, maxSockets: 256 });
function post(url, body, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function vendorCall(base, operation, payload) {
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
  const started = performance.now();
  const response = await post(`${base}/api/vendor/v1/${operation}`, body, { 'x-vendor-code': VENDOR, 'x-timestamp': timestamp, 'x-signature': signature });
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${operation} ${response.status} ${response.text.slice(0, 200)}`);
  return ms;
}

async function api(base, method, url, body, token, extra = {}) {
  const response = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!json.success) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
  return json.value;
}

/** Registers players and funds each with play money through the demo deposit. */
async function makePlayers(base, count) {
  const players = [];
  const make = async () => {
    const username = `w${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const login = await api(base, 'PUT', '/wps/member/register', { username, password: 'bench12345', confirmPassword: 'bench12345', acceptTerms: true });
    await api(base, 'POST', '/wps/v2/wallets/deposit/demo', { amount: '100000.00' }, login.token, { 'idempotency-key': randomUUID() });
    players.push(login.user.id);
  };
  for (let i = 0; i < count; i += 8) await Promise.all(Array.from({ length: Math.min(8, count - i) }, make));
  return players;
}

/** One round: a bet, then its win, which settles the round. */
async function round(base, players, gameTypeFor, latencies) {
  const player = players[Math.floor(Math.random() * players.length)];
  const roundId = randomUUID();
  const gameType = gameTypeFor();
  const betId = `b-${roundId}`;
  latencies.push(await vendorCall(base, 'bet', { player, currency: 'MXN', transactionId: betId, roundId, gameType, amount: '1.00' }));
  const win = Math.random() < 0.45 ? (Math.random() * 2).toFixed(2) : '0.00';
  latencies.push(await vendorCall(base, 'win', { player, currency: 'MXN', transactionId: `w-${roundId}`, roundId, betTransactionId: betId, amount: win, settle: true }));
}

async function closedLoop(base, players, gameTypeFor, seconds, workers) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  let rounds = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        try {
          await round(base, players, gameTypeFor, latencies);
          rounds++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return { betsPerSecond: Math.round((rounds / seconds) * 10) / 10, errors, latency: summarise(latencies) };
}

/** Fixed arrivals at `rate` rounds per second, independent of how fast answers come (no coordinated omission). */
async function openLoop(base, players, gameTypeFor, seconds, rate) {
  const latencies = [];
  const pending = [];
  let errors = 0;
  const start = performance.now();
  const total = Math.floor(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(round(base, players, gameTypeFor, latencies).catch(() => errors++));
  }
  await Promise.all(pending);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p999 = sorted[Math.min(sorted.length - 1, Math.ceil(0.999 * sorted.length) - 1)] ?? NaN;
  return { rate, errors, latency: { ...summarise(latencies), p999: Math.round(p999 * 100) / 100 }, over1s: latencies.filter((ms) => ms > 1000).length };
}

let serviceChildren;

async function scenario(label, base, players, gameTypeFor) {
  const meter = cpuMeter(serviceChildren, ['gateway', 'wallet']);
  const capacity = await closedLoop(base, players, gameTypeFor, SECONDS, WORKERS);
  capacity.cpuMsPerRound = meter(capacity.betsPerSecond * SECONDS);
  console.log(
    `${label.padEnd(8)} CPU per round (ms): ${Object.entries(capacity.cpuMsPerRound)
      .map(([name, ms]) => `${name} ${ms}`)
      .join(', ')}`,
  );
  const at70 = await openLoop(base, players, gameTypeFor, SECONDS, Math.max(1, capacity.betsPerSecond * 0.7));
  console.log(
    `${label.padEnd(8)} sustainable ${capacity.betsPerSecond} bets/s (errors ${capacity.errors}); at 70 % (${at70.rate.toFixed(1)}/s): p50 ${at70.latency.p50} ms, p99 ${at70.latency.p99} ms, p99.9 ${at70.latency.p999} ms, max ${at70.latency.max} ms, >1 s: ${at70.over1s}, errors ${at70.errors}`,
  );
  return { capacity, at70 };
}

const spreadGameType = () => `SLOT_${Math.floor(Math.random() * 64)}`;
const hotGameType = () => 'SLOT_HOT';
const results = { seconds: SECONDS, players: PLAYERS, workers: WORKERS };

function pgbench(adminUrl) {
  const url = new URL(adminUrl);
  const bin = '/usr/lib/postgresql/15/bin/pgbench';
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  const base = ['-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username)];
  spawnSync(path.join(path.dirname(bin), 'createdb'), [...base, 'wps_pgbench'], { env, stdio: 'ignore' });
  const init = spawnSync(bin, [...base, '-i', '-s', '10', '-q', 'wps_pgbench'], { env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync(bin, [...base, '-c', String(WORKERS), '-j', '2', '-T', String(SECONDS), '-M', 'prepared', 'wps_pgbench'], { env, encoding: 'utf8' });
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (!match) throw new Error(`pgbench output not understood: ${run.stdout}${run.stderr}`);
  spawnSync(path.join(path.dirname(bin), 'dropdb'), [...base, 'wps_pgbench'], { env, stdio: 'ignore' });
  return Number(match[1]);
}

if (!flag('skip-cluster')) {
  const infra = startInfra();
  const database = await createRunDatabase(infra.DATABASE_URL);
  let services;
  try {
    results.pgbenchTps = pgbench(infra.DATABASE_URL);
    console.log(`P (pgbench TPC-B, ${WORKERS} clients, ${SECONDS} s): ${results.pgbenchTps.toFixed(0)} tps`);
    services = await startServices({ ...infra, DATABASE_URL: database.url }, { logLevel: 'warn', env: { WALLET_VENDOR_SECRETS: `${VENDOR}:${SECRET}` } });
    serviceChildren = services.children;
    const players = await makePlayers(services.gatewayUrl, PLAYERS);
    // Warm up at full concurrency: the first seconds after start-up pay for JIT compilation and cold caches in every
    // process, which would otherwise land in the spread figures.
    await closedLoop(services.gatewayUrl, players, spreadGameType, WARMUP_SECONDS, WORKERS);
    results.spread = await scenario('spread', services.gatewayUrl, players, spreadGameType);
    results.hot = await scenario('hot', services.gatewayUrl, players, hotGameType);
    results.spreadOverP = Math.round((results.spread.capacity.betsPerSecond / results.pgbenchTps) * 100) / 100;
    results.hotOverSpread = Math.round((results.hot.capacity.betsPerSecond / results.spread.capacity.betsPerSecond) * 100) / 100;
    console.log(`bets/s ÷ P = ${results.spreadOverP} (goal ≥ 0.7); hot ÷ spread = ${results.hotOverSpread} (goal ≥ 0.8)`);
  } finally {
    await services?.stop();
    await database.drop().catch(() => undefined);
    if (process.env.KEEP_INFRA !== '1') stopInfra();
  }
}

if (!flag('skip-embedded')) {
  const { startEmbedded } = await import('../../embedded/src/host.ts');
  const platform = await startEmbedded({ logLevel: 'silent', env: { WALLET_VENDOR_SECRETS: `${VENDOR}:${SECRET}`, REGISTRATIONS_PER_IP_PER_HOUR: '100000' }, requestsPerIpPerMinute: 1_000_000 });
  try {
    const base = `http://127.0.0.1:${platform.port}`;
    const players = await makePlayers(base, Math.min(PLAYERS, 50));
    results.embedded = await closedLoop(base, players, spreadGameType, SECONDS, 8);
    console.log(`embedded (PGlite): ${results.embedded.betsPerSecond} bets/s, p50 ${results.embedded.latency.p50} ms, p99 ${results.embedded.latency.p99} ms`);
  } finally {
    await platform.close();
  }
}

mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'wallet.json'), JSON.stringify(results, null, 2));
