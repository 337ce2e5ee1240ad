// The first journey's latency through the gateway in cluster mode (every service its own process, PostgreSQL,
// Redis, Kafka): register → login → member info → balance → deposit → balance → logout, at a fixed concurrency.
// Baseline in the same run: a bare Node HTTP route on the same machine at the same concurrency.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRunDatabase, startInfra, startServices, stopInfra } from '../scripts/lib/cluster.mjs';
import { summarise } from './stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const journeys = Number(process.env.JOURNEYS ?? 200);
const concurrency = Number(process.env.CONCURRENCY ?? 8);

async function timed(samples, name, fn) {
  const start = performance.now();
  const result = await fn();
  (samples[name] ??= []).push(performance.now() - start);
  return result;
}

async function json(url, init) {
  const response = await fetch(url, init);
  const body = await response.json();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body.value;
}

async function oneJourney(base, samples) {
  const username = `b${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const password = 'bench12345';
  const headers = { 'content-type': 'application/json' };
  const started = performance.now();
  await timed(samples, 'status', () => json(`${base}/wps/system/status`));
  await timed(samples, 'register', () => json(`${base}/wps/member/register`, { method: 'PUT', headers, body: JSON.stringify({ username, password, confirmPassword: password, acceptTerms: true }) }));
  const login = await timed(samples, 'login', () => json(`${base}/wps/session/login`, { method: 'POST', headers, body: JSON.stringify({ username, password }) }));
  const auth = { ...headers, authorization: `Bearer ${login.token}` };
  await timed(samples, 'info', () => json(`${base}/wps/member/info`, { headers: auth }));
  await timed(samples, 'balance', () => json(`${base}/wps/v2/wallets/balance`, { headers: auth }));
  await timed(samples, 'deposit', () =>
    json(`${base}/wps/v2/wallets/deposit/demo`, { method: 'POST', headers: { ...auth, 'idempotency-key': randomUUID() }, body: JSON.stringify({ amount: '10.00' }) }),
  );
  await timed(samples, 'balance', () => json(`${base}/wps/v2/wallets/balance`, { headers: auth }));
  await timed(samples, 'logout', () => json(`${base}/wps/session/logout`, { method: 'DELETE', headers: auth }));
  (samples.journey ??= []).push(performance.now() - started);
}

async function runPool(count, workers, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        next++;
        await task();
      }
    }),
  );
}

async function baseline(requests, workers) {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"success":true,"value":{"balance":"0.00"}}');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const samples = [];
  await runPool(requests, workers, async () => {
    const start = performance.now();
    await (await fetch(url)).json();
    samples.push(performance.now() - start);
  });
  server.close();
  return summarise(samples);
}

const infra = startInfra();
const database = await createRunDatabase(infra.DATABASE_URL);
let services;
try {
  services = await startServices({ ...infra, DATABASE_URL: database.url }, { logLevel: 'warn' });
  const warm = {};
  await runPool(10, 2, () => oneJourney(services.gatewayUrl, warm));
  const phases = {};
  for (const [label, count, workers] of [
    ['sequential', Math.max(20, Math.round(journeys / 4)), 1],
    ['concurrent', journeys, concurrency],
  ]) {
    const samples = {};
    const wallStart = performance.now();
    await runPool(count, workers, () => oneJourney(services.gatewayUrl, samples));
    const wallMs = performance.now() - wallStart;
    phases[label] = {
      journeys: count,
      concurrency: workers,
      journeysPerSecond: Math.round((count / wallMs) * 1000 * 10) / 10,
      steps: Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, summarise(list)])),
      bareNodeRoute: await baseline(count * 8, workers),
    };
  }
  for (const [label, phase] of Object.entries(phases)) {
    console.log(`\nJourney through the gateway, cluster mode, ${label}: ${phase.journeys} journeys at concurrency ${phase.concurrency}, ${phase.journeysPerSecond} journeys/s`);
    console.log('step        p50 ms   p99 ms   max ms');
    for (const [name, s] of Object.entries(phase.steps)) console.log(`${name.padEnd(10)} ${String(s.p50).padStart(7)} ${String(s.p99).padStart(8)} ${String(s.max).padStart(8)}`);
    const bare = phase.bareNodeRoute;
    console.log(`bare route ${String(bare.p50).padStart(7)} ${String(bare.p99).padStart(8)} ${String(bare.max).padStart(8)}   (baseline: plain node:http, same concurrency)`);
  }
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'journey-cluster.json'), JSON.stringify(phases, null, 2));
} finally {
  await services?.stop();
  await database.drop().catch(() => undefined);
  if (process.env.KEEP_INFRA !== '1') stopInfra();
}
