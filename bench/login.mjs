// Logins per second through the gateway, against the bare argon2id verify rate of this machine in the same run.
// Every login verifies one argon2id hash (19 MiB, two passes, one lane: the service's parameters), so the hash rate
// at the same concurrency is the ceiling; the platform overhead is 1 − logins/s ÷ hashes/s (goal: at most 20 %).
//
//   node --import tsx bench/login.mjs [--mode embedded|cluster|both] [--logins 300] [--concurrency 4]
//
// Embedded: every service in this process on PGlite (what `npm start` runs). Cluster: every service its own process
// on PostgreSQL, Redis and Kafka from infra/ (as bench/journey.mjs). Results go to bench/results/login.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hash, verify } from '@node-rs/argon2';
import pg from 'pg';
import { summarise } from './stats.mjs';
import { cpuMeter } from './cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: process.env.MODE ?? 'both' },
    logins: { type: 'string', default: process.env.LOGINS ?? '300' },
    concurrency: { type: 'string', default: process.env.CONCURRENCY ?? '4' },
    members: { type: 'string', default: '40' },
  },
});
const logins = Number(values.logins);
const concurrency = Number(values.concurrency);
const memberCount = Number(values.members);
const PASSWORD = 'Bench7login';
// The service's parameters (services/identity/src/infra/passwords.ts with the default ARGON2_MEMORY_KIB).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

async function runPool(count, workers, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        const index = next++;
        await task(index);
      }
    }),
  );
}

/** `count` operations at `workers` concurrency: operations per second and per-operation latency. */
async function measure(count, workers, operation) {
  const samples = [];
  const started = performance.now();
  await runPool(count, workers, async (index) => {
    const start = performance.now();
    await operation(index);
    samples.push(performance.now() - start);
  });
  const seconds = (performance.now() - started) / 1000;
  return { operations: count, concurrency: workers, perSecond: Math.round((count / seconds) * 10) / 10, latencyMs: summarise(samples) };
}

async function bareHashRate(passwordHash) {
  await measure(8, concurrency, () => verify(passwordHash, PASSWORD));
  return measure(logins, concurrency, async () => {
    if (!(await verify(passwordHash, PASSWORD))) throw new Error('verify failed');
  });
}

async function loginRate(baseUrl, usernames) {
  const login = async (index) => {
    // A distinct address per login: the per-address limits are not what is measured.
    const ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    const response = await fetch(`${baseUrl}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username: usernames[index % usernames.length], password: PASSWORD, type: 'username' }),
    });
    const body = await response.json();
    if (response.status !== 200 || !body.value?.token) throw new Error(`login ${response.status}: ${JSON.stringify(body)}`);
  };
  await runPool(8, concurrency, (index) => login(1_000_000 + index));
  return measure(logins, concurrency, login);
}

async function seedMembers(execute) {
  const passwordHash = await hash(PASSWORD, ARGON2);
  const usernames = [];
  for (let i = 0; i < memberCount; i++) {
    const username = `bl${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await execute(username, passwordHash);
    usernames.push(username);
  }
  return { usernames, passwordHash };
}

/** Hash rate first, then logins, then the hash rate again: the machine's state is bracketed, the mean is compared. */
async function compare(baseUrl, usernames, passwordHash, children) {
  const before = await bareHashRate(passwordHash);
  // In cluster mode, where each login's CPU goes: the bare verify costs the bench process the same hash.
  const meter = children
    ? cpuMeter(
        children,
        children.map(({ name }) => name),
      )
    : undefined;
  const through = await loginRate(baseUrl, usernames);
  const cpuMsPerLogin = meter?.(logins + 8);
  const after = await bareHashRate(passwordHash);
  const hashesPerSecond = Math.round(((before.perSecond + after.perSecond) / 2) * 10) / 10;
  return {
    bareHash: { before, after, meanPerSecond: hashesPerSecond },
    logins: through,
    ratio: Math.round((through.perSecond / hashesPerSecond) * 1000) / 1000,
    platformOverhead: Math.round((1 - through.perSecond / hashesPerSecond) * 1000) / 1000,
    ...(cpuMsPerLogin ? { cpuMsPerLogin } : {}),
  };
}

async function embedded() {
  const { startEmbedded } = await import('../embedded/src/host.ts');
  const platform = await startEmbedded({
    logLevel: 'warn',
    requestsPerIpPerMinute: 1_000_000,
    env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000000', ARGON2_MEMORY_KIB: String(ARGON2.memoryCost), TRUST_PROXY: 'loopback' },
  });
  try {
    const { sql } = await import('drizzle-orm');
    const { usernames, passwordHash } = await seedMembers((username, passwordHash) =>
      platform.db.orm.execute(sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, password_hash)
                                  VALUES ('DEMO', ${username}, ${username}, ${username}, ${passwordHash})`),
    );
    return await compare(platform.url, usernames, passwordHash);
  } finally {
    await platform.close();
  }
}

async function cluster() {
  const { createRunDatabase, startInfra, startServices, stopInfra } = await import('../scripts/lib/cluster.mjs');
  const infra = startInfra();
  const database = await createRunDatabase(infra.DATABASE_URL);
  let services;
  const db = new pg.Client({ connectionString: database.url });
  try {
    services = await startServices({ ...infra, DATABASE_URL: database.url }, { logLevel: 'warn' });
    await db.connect();
    const { usernames, passwordHash } = await seedMembers((username, passwordHash) =>
      db.query(`INSERT INTO identity.members (merchant_code, username, username_key, nickname, password_hash) VALUES ('DEMO', $1, $1, $1, $2)`, [username, passwordHash]),
    );
    return await compare(services.gatewayUrl, usernames, passwordHash, services.children);
  } finally {
    await db.end().catch(() => undefined);
    await services?.stop();
    await database.drop().catch(() => undefined);
    if (process.env.KEEP_INFRA !== '1') stopInfra();
  }
}

const results = {};
if (values.mode === 'embedded' || values.mode === 'both') results.embedded = await embedded();
if (values.mode === 'cluster' || values.mode === 'both') results.cluster = await cluster();

for (const [mode, result] of Object.entries(results)) {
  console.log(`\nLogins through the gateway, ${mode} mode: ${logins} logins at concurrency ${concurrency} (argon2id 19 MiB, t=2, p=1)`);
  console.log('                     per s     p50 ms   p99 ms');
  const row = (label, m) => console.log(`${label.padEnd(20)} ${String(m.perSecond).padStart(6)} ${String(m.latencyMs.p50).padStart(10)} ${String(m.latencyMs.p99).padStart(8)}`);
  row('bare verify, before', result.bareHash.before);
  row('logins via gateway', result.logins);
  row('bare verify, after', result.bareHash.after);
  if (result.cpuMsPerLogin)
    console.log(
      `CPU per login (ms): ${Object.entries(result.cpuMsPerLogin)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', ')}`,
    );
  console.log(`logins/s ÷ hashes/s = ${result.ratio}; platform overhead = ${(result.platformOverhead * 100).toFixed(1)} % (goal ≤ 20 %)`);
}
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'login.json'), JSON.stringify({ logins, concurrency, argon2: ARGON2, ...results }, null, 2));
