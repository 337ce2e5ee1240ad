// The notices call (GET /wps/system/notices: banners, player notices, popups, promotions) for guests and signed-in
// members, against a bare route of the same gateway (/health/live) measured in the same run by the same load generator.
//
//   node bench/notices/notices-call.mjs                  # starts the embedded platform (npm start's host) in a child
//   NOTICES_BENCH_URL=http://host:port node bench/notices/notices-call.mjs   # a platform already running
//
// A closed loop (CONCURRENCY workers back to back) finds each route's maximum rate. Open loops then start requests on
// a fixed schedule (latency counted from each request's scheduled start: no coordinated omission) at steps of the
// lower notices maximum (STEPS, default 20 %, 35 %, 50 %, 70 %), every route at the same rate. The sustainable rate
// is the highest step at which both notices routes keep their median within 4 × their median at the lowest step: past
// it, requests queue (the median shows it first; a p99 on a shared machine also holds its other jobs' stalls). The routes take turns in ROUNDS short phases, so a change in what else runs on the machine falls
// on all of them alike. Goal: the notices call's p99 at its sustainable rate ≤ 20 ms. The platform is left to settle
// (SETTLE_SECONDS) after it starts: the demo agent programme writes its history in the background first. Requests come
// from many client addresses (X-Forwarded-For), as players do, so the per-address budget of the API is not what is
// measured. Results go to bench/results/notices-call.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarise } from '../stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const concurrency = Number(process.env.CONCURRENCY ?? 16);
const phaseSeconds = Number(process.env.PHASE_SECONDS ?? 8);
const rounds = Number(process.env.ROUNDS ?? 4);
const STEPS = (process.env.STEPS ?? '0.2,0.35,0.5,0.7').split(',').map(Number);
const KNEE = 4;
const settleSeconds = Number(process.env.SETTLE_SECONDS ?? 60);
const acceptEncoding = process.env.ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const GOAL_P99_MS = 20;
const CLIENT_ADDRESSES = 4_096;

const agent = new Agent({ keepAlive: true, maxSockets: concurrency * 4 });
let address = 0;
const nextAddress = () => {
  const n = address++ % CLIENT_ADDRESSES;
  return `10.${(n >> 8) & 255}.${n & 255}.${1 + (n % 200)}`;
};

/** One GET; resolves when the whole answer arrived, rejects on a status other than 200. */
function get(target) {
  return new Promise((resolve, reject) => {
    const req = request(target.url, { agent, headers: { ...target.headers, 'x-forwarded-for': nextAddress() } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${target.label}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

const errorReasons = new Map();
const noteError = (error) => errorReasons.set(String(error.message ?? error), (errorReasons.get(String(error.message ?? error)) ?? 0) + 1);

async function closedLoop(target, seconds) {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        try {
          await get(target);
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

async function openLoop(target, rate, seconds) {
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
    inFlight.push(
      get(target).then(
        () => samples.push(performance.now() - scheduled),
        (error) => {
          errors++;
          noteError(error);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { samples, errors };
}

/** Each phase split in `rounds` turns across the targets; the turns of one target are merged. */
async function inTurns(targets, seconds, run) {
  const turns = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) turns[index].push(await run(target, seconds / rounds));
  }
  return turns;
}

const merge = (turns) => turns.flatMap((turn) => turn.samples);
const errorsOf = (turns) => turns.reduce((sum, turn) => sum + turn.errors, 0);

async function measure(targets) {
  for (const target of targets) for (let index = 0; index < 300; index++) await get(target);
  const closed = (await inTurns(targets, phaseSeconds, closedLoop)).map((turns) => ({
    requestsPerSecond: Math.round(turns.reduce((sum, turn) => sum + turn.requestsPerSecond, 0) / turns.length),
    errors: errorsOf(turns),
  }));
  const noticesMax = Math.min(closed[1].requestsPerSecond, closed[2].requestsPerSecond);
  const steps = [];
  for (const share of STEPS) {
    const rate = Math.round(share * noticesMax);
    const open = (await inTurns(targets, phaseSeconds, (target, seconds) => openLoop(target, rate, seconds))).map((turns) => ({ ...summarise(merge(turns)), errors: errorsOf(turns) }));
    steps.push({ share, rate, open });
  }
  const base = steps[0].open;
  const keepsUp = (step) => [1, 2].every((index) => step.open[index].errors === 0 && step.open[index].p50 <= KNEE * base[index].p50);
  const sustainable = [...steps].reverse().find(keepsUp) ?? steps[0];
  return { closed, steps, sustainable };
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The embedded platform (every service and the gateway in one process, PGlite, the demo brand) in a child process. */
async function startPlatform() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wps-bench-notices-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'embedded', 'src', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    // The load comes from this machine spread over many client addresses (X-Forwarded-For), as if through a proxy here.
    env: { ...process.env, PORT: String(port), WPS_DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true', TRUST_PROXY: 'loopback' },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the platform exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the platform did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function registerMember(url) {
  const username = `bench${Date.now().toString(36)}`;
  const response = await fetch(`${url}/wps/member/register`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.0.1' },
    body: JSON.stringify({ username, password: 'Bench7notices', confirmPassword: 'Bench7notices', acceptTerms: true }),
  });
  const body = await response.json();
  if (!body.success) throw new Error(`registration failed: ${body.code}`);
  return body.value.token;
}

const given = process.env.NOTICES_BENCH_URL;
const platform = given ? { url: given.replace(/\/$/, ''), stop: async () => undefined } : await startPlatform();
if (!given) await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
try {
  const token = await registerMember(platform.url);
  const query = '/wps/system/notices?types=B,PL,PU,PR,H&platform=W&language=ES';
  const probe = await (await fetch(platform.url + query)).json();
  const shown = ['banners', 'player', 'popup', 'promotion', 'help'].map((list) => probe.value[list].length);
  // Every request says what a browser says it takes (ACCEPT_ENCODING='' for none): the notices answer is several
  // kilobytes, and how it is compressed is part of what a player's request costs.
  const encoding = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const targets = [
    { label: 'bare route (/health/live)', url: `${platform.url}/health/live`, headers: { ...encoding } },
    { label: 'notices call, guest', url: platform.url + query, headers: { ...encoding } },
    { label: 'notices call, signed-in member', url: platform.url + query, headers: { ...encoding, authorization: `Bearer ${token}` } },
  ];
  const { closed, steps, sustainable } = await measure(targets);
  const row = (cells, widths) => cells.map((cell, index) => (index === 0 ? String(cell).padEnd(widths[0]) : String(cell).padStart(widths[index]))).join(' ');
  console.log(`\nThe notices call through the gateway (${given ?? 'embedded platform'}); answer: ${shown.join(' / ')} banners / notices / popups / promotions / help`);
  console.log(
    `accept-encoding: ${acceptEncoding || 'none'}; closed loop at concurrency ${concurrency}, then open loops at ${STEPS.map((share) => `${share * 100} %`).join(', ')} of the lower notices max; ${phaseSeconds} s each, in ${rounds} turns\n`,
  );
  const widths = [34, 10, 7];
  console.log(row(['route', 'max req/s', 'ratio'], widths));
  for (const [index, target] of targets.entries())
    console.log(row([target.label, closed[index].requestsPerSecond, (closed[index].requestsPerSecond / closed[0].requestsPerSecond).toFixed(2)], widths));
  const stepWidths = [34, 10, 8, 8, 9, 8];
  console.log(`\n${row(['route at rate', 'req/s', 'p50 ms', 'p99 ms', 'p99/bare', 'errors'], stepWidths)}`);
  for (const step of steps) {
    for (const [index, target] of targets.entries()) {
      const open = step.open[index];
      const mark = step === sustainable && index > 0 ? '  ← sustainable' : '';
      console.log(row([`${target.label}`, step.rate, open.p50, open.p99, (open.p99 / step.open[0].p99).toFixed(2), open.errors], stepWidths) + mark);
    }
  }
  for (const [reason, count] of errorReasons) console.log(`error ×${count}: ${reason}`);
  const worst = Math.max(sustainable.open[1].p99, sustainable.open[2].p99);
  console.log(`\nsustainable rate ${sustainable.rate} req/s (${sustainable.share * 100} % of the notices max); notices p99 there ${worst} ms, bare route ${sustainable.open[0].p99} ms`);
  console.log(`goal: notices call p99 ≤ ${GOAL_P99_MS} ms at its sustainable rate: ${worst <= GOAL_P99_MS ? 'met' : 'NOT met'}`);
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', 'notices-call.json'),
    JSON.stringify(
      { concurrency, phaseSeconds, rounds, acceptEncoding, targets: targets.map((target) => target.label), closed, steps, sustainableRate: sustainable.rate, errors: Object.fromEntries(errorReasons) },
      null,
      2,
    ),
  );
  if (errorReasons.size > 0 || worst > GOAL_P99_MS) process.exitCode = 1;
} finally {
  agent.destroy();
  await platform.stop();
}
