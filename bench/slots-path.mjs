// Slot spins per second through the whole path: the client API (`POST /wps/house/slots/spin` at the gateway) → the
// house service → its signed seamless-wallet `bet` (with the win, settled in one call) → the wallet's ledger.
//   node --import tsx bench/slots-path.mjs [--mode embedded|cluster|both] [--seconds 15] [--players 40] [--concurrency 16]
// Cluster mode starts the infra and one process per service as bench/journey.mjs does; run it under
// `flock /work/main/.cluster-lock nice -n -10 …` on a shared machine. Results go to bench/results/slots-path.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { summarise } from './stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'embedded' },
    seconds: { type: 'string', default: '15' },
    players: { type: 'string', default: '40' },
    concurrency: { type: 'string', default: '16' },
  },
});
const seconds = Number(values.seconds);
const playerCount = Number(values.players);
const concurrency = Number(values.concurrency);

async function call(base, method, url, { token, body, key } = {}) {
  const response = await fetch(base + url, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'EN',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function players(base) {
  const tag = Date.now().toString(36);
  const list = [];
  for (let index = 0; index < playerCount; index++) {
    const username = `sp${tag}${index}`.slice(0, 16);
    const registered = await call(base, 'PUT', '/wps/member/register', { body: { username, password: 'bench1234', confirmPassword: 'bench1234', acceptTerms: true } });
    if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
    list.push(registered.body.value.token);
  }
  // The wallet opens accounts from the registration event: funding waits until it has.
  await Promise.all(
    list.map(async (token, index) => {
      for (let attempt = 0; attempt < 120; attempt++) {
        const funded = await call(base, 'POST', '/wps/v2/wallets/deposit/demo', { token, key: `slots-path-${tag}-${index}`, body: { amount: '90000.00' } });
        if (funded.status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('funding failed');
    }),
  );
  return list;
}

async function measure(base) {
  const tokens = await players(base);
  const games = ['house-slot-pharaoh', 'house-slot-fruits'];
  // A short warm-up so the first compilations do not count.
  await Promise.all(tokens.slice(0, 4).map((token, index) => call(base, 'POST', '/wps/house/slots/spin', { token, body: { game: games[index % 2], amount: '1.00' } })));
  const latencies = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const index = next++;
        const token = tokens[index % tokens.length];
        const sent = performance.now();
        const answer = await call(base, 'POST', '/wps/house/slots/spin', { token, body: { game: games[index % 2], amount: '1.00' } }).catch(() => ({ status: 0 }));
        latencies.push(performance.now() - sent);
        if (answer.status !== 200) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    spins: latencies.length,
    failures,
    seconds: Number(elapsed.toFixed(2)),
    spinsPerSecond: Math.round(((latencies.length - failures) / elapsed) * 10) / 10,
    latencyMs: summarise(latencies),
    players: playerCount,
    concurrency,
  };
}

async function embedded() {
  const { startEmbedded } = await import('../embedded/src/host.ts');
  const platform = await startEmbedded({ logLevel: 'warn', env: { REGISTRATIONS_PER_IP_PER_HOUR: '100000' }, requestsPerIpPerMinute: 10_000_000 });
  try {
    const result = await measure(platform.url);
    result.ledger = await platform.clients.wallet.ledgerCheck({});
    return result;
  } finally {
    await platform.close();
  }
}

async function cluster() {
  const { createRunDatabase, startInfra, startServices, stopInfra } = await import('../scripts/lib/cluster.mjs');
  const infra = startInfra();
  const database = await createRunDatabase(infra.DATABASE_URL);
  let services;
  try {
    services = await startServices({ ...infra, DATABASE_URL: database.url }, { logLevel: 'warn' });
    return await measure(services.gatewayUrl);
  } finally {
    await services?.stop();
    await database.drop().catch(() => undefined);
    if (process.env.KEEP_INFRA !== '1') stopInfra();
  }
}

const results = { at: new Date().toISOString() };
if (values.mode === 'embedded' || values.mode === 'both') results.embedded = await embedded();
if (values.mode === 'cluster' || values.mode === 'both') results.cluster = await cluster();
for (const [mode, result] of Object.entries(results)) {
  if (mode === 'at') continue;
  console.log(
    `slots through the whole path (${mode}): ${result.spinsPerSecond} spins/s over ${result.seconds} s, ${result.failures} failed, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms`,
  );
}
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'slots-path.json'), JSON.stringify(results, null, 2));
process.exit(0);
