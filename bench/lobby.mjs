// Lobby calls through the gateway in cluster mode (every service its own process, PostgreSQL, Redis, Kafka), against a
// bare express route (its own process, as the gateway is) measured in the same run by the same load generator.
// Closed loop: CONCURRENCY workers send back to back for PHASE_SECONDS → the maximum requests/s.
// Open loop: requests are started on a fixed schedule at 70 % of that maximum for PHASE_SECONDS; latency counts from
// the scheduled start, so a stalled server cannot hide queueing (no coordinated omission) → p99 at 70 %.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { createRunDatabase, startInfra, startServices, stopInfra } from '../scripts/lib/cluster.mjs';
import { summarise } from './stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const concurrency = Number(process.env.CONCURRENCY ?? 32);
const phaseSeconds = Number(process.env.PHASE_SECONDS ?? 8);
const LOAD_SHARE = 0.7;

async function request(url) {
  const response = await fetch(url);
  const body = await response.json();
  if (!response.ok || body.success !== true) throw new Error(`${url}: ${response.status}`);
}

/** Why requests failed, by message, printed after the table so an error count is never a mystery. */
const errorReasons = new Map();
const noteError = (error) => {
  const reason = error instanceof Error ? error.message.replace(/\?.*?:/, ':') : String(error);
  errorReasons.set(reason, (errorReasons.get(reason) ?? 0) + 1);
};

/** Back-to-back requests from `concurrency` workers for `seconds`; the urls are taken in turn. */
async function closedLoop(urls, seconds) {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const url = urls[next++ % urls.length];
        try {
          await request(url);
          done++;
        } catch (error) {
          errors++;
          noteError(error);
        }
      }
    }),
  );
  return { requestsPerSecond: Math.round((done / (performance.now() - started)) * 1000), errors };
}

/** Requests started every 1/rate s regardless of answers; latency from each one's scheduled start. */
async function openLoop(urls, rate, seconds) {
  const samples = [];
  let errors = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  const inFlight = [];
  for (let index = 0; index < total; index++) {
    const scheduled = start + index * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const url = urls[index % urls.length];
    inFlight.push(
      request(url).then(
        () => samples.push(performance.now() - scheduled),
        (error) => {
          errors++;
          noteError(error);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { rate: Math.round(rate), ...summarise(samples), errors };
}

async function measure(label, urls) {
  for (let index = 0; index < 200; index++) await request(urls[index % urls.length]);
  const closed = await closedLoop(urls, phaseSeconds);
  const open = await openLoop(urls, closed.requestsPerSecond * LOAD_SHARE, phaseSeconds);
  return { label, closed, open };
}

/** The baseline route in a process of its own (bench/bare-route.mjs), as the gateway has. */
async function bareExpress() {
  const child = spawn(process.execPath, [path.join(root, 'bench', 'bare-route.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`bare route exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/bare`, close: async () => child.kill('SIGTERM') };
}

const infra = startInfra();
const database = await createRunDatabase(infra.DATABASE_URL);
let services;
let bare;
try {
  services = await startServices({ ...infra, DATABASE_URL: database.url }, { logLevel: 'warn' });
  bare = await bareExpress();
  const base = services.gatewayUrl;
  const lobby = [
    `${base}/lgw/games/game_menus?clientType=3&platform=flash,html5-desktop&pageNo=1&pageSize=18&language=ES`,
    `${base}/lgw/games/game_menus?clientType=3&gameType=LIVE&pageNo=1&pageSize=18&language=EN`,
    `${base}/lgw/games/hot?isPlatform=2&language=ES`,
    `${base}/lgw/games/vendors?platform=html5-desktop&language=ES`,
    `${base}/lgw/games/winners?gameCategory=ALL&limitNum=20`,
  ];
  const runs = [];
  runs.push(await measure('bare express route', [bare.url]));
  runs.push(await measure('game list (game_menus, page 1 of 18)', [lobby[0]]));
  runs.push(await measure('lobby mix (2 game lists, hot, vendors, winners)', lobby));
  const bareRate = runs[0].closed.requestsPerSecond;
  console.log(`\nLobby through the gateway, cluster mode; closed loop at concurrency ${concurrency}, open loop at ${LOAD_SHARE * 100} % of each max, ${phaseSeconds} s each`);
  console.log('run                                                max req/s   ratio   open req/s   p50 ms   p99 ms   errors');
  for (const run of runs) {
    const ratio = (run.closed.requestsPerSecond / bareRate).toFixed(2);
    console.log(
      `${run.label.padEnd(50)} ${String(run.closed.requestsPerSecond).padStart(9)} ${ratio.padStart(7)} ${String(run.open.rate).padStart(12)} ${String(run.open.p50).padStart(8)} ${String(run.open.p99).padStart(8)} ${String(run.closed.errors + run.open.errors).padStart(8)}`,
    );
  }
  for (const [reason, count] of errorReasons) console.log(`error ×${count}: ${reason}`);
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'lobby-cluster.json'), JSON.stringify({ concurrency, phaseSeconds, runs, errors: Object.fromEntries(errorReasons) }, null, 2));
} finally {
  await bare?.close();
  await services?.stop();
  await database.drop().catch(() => undefined);
  if (process.env.KEEP_INFRA !== '1') stopInfra();
}
