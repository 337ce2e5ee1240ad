// Starts the cluster: infra (PostgreSQL, Redis, Kafka as local processes) and every service as its own process.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './prepare.mjs';

export const SERVICES = [
  { name: 'identity', port: 8101 },
  { name: 'wallet', port: 8102 },
  { name: 'games', port: 8103 },
  { name: 'agent-contracts', port: 8104 },
  { name: 'points', port: 8105 },
  { name: 'notices', port: 8106 },
  { name: 'house', port: 8107 },
  { name: 'gateway', port: 8080 },
];

export function startInfra() {
  const result = spawnSync('bash', [path.join(root, 'infra', 'start.sh')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('infra/start.sh failed');
  const env = {};
  for (const line of readFileSync(path.join(root, 'infra', '.state', 'env'), 'utf8').split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2];
  }
  return env;
}

export function stopInfra() {
  spawnSync('bash', [path.join(root, 'infra', 'stop.sh')], { cwd: root, stdio: 'inherit' });
}

/** A fresh database per run, so a run never sees an earlier run's data. */
export async function createRunDatabase(adminUrl) {
  const { default: pg } = await import('pg');
  const name = `wps_run_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

async function waitReady(url, child, name, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} was not ready within ${timeoutMs} ms`);
}

/**
 * Starts every service against the given infra. Identity and the other services start first (each migrates its own
 * schema), the gateway last. Logs go to infra/.state/logs/<service>.log.
 */
export async function startServices(infraEnv, options = {}) {
  const logDir = path.join(root, 'infra', '.state', 'logs');
  mkdirSync(logDir, { recursive: true });
  const serviceToken = randomBytes(24).toString('base64url');
  const common = {
    ...process.env,
    DATABASE_URL: infraEnv.DATABASE_URL,
    REDIS_URL: infraEnv.REDIS_URL,
    KAFKA_BROKERS: infraEnv.KAFKA_BROKERS,
    SERVICE_TOKEN: serviceToken,
    LOG_LEVEL: options.logLevel ?? 'info',
    SEED_DEMO: 'true',
    WALLET_DEMO_DEPOSITS: 'true',
    GATEWAY_REQUESTS_PER_IP_PER_MINUTE: options.requestsPerIpPerMinute ?? '100000',
    REGISTRATIONS_PER_IP_PER_HOUR: options.registrationsPerIpPerHour ?? '100000',
    LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: options.loginsPerIpPerMinute ?? '100000',
    // Test and bench clients sign in many times from this one machine: the address-wide captcha and the doubling delay
    // between an account's failures (docs/accounts.md) are tested on their own, and held back here.
    LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: options.loginFailuresPerAddress ?? '100000',
    LOGIN_DELAY_MAX_SECONDS: '1',
    // Test and bench clients on this machine play many players, each naming its address with X-Forwarded-For.
    TRUST_PROXY: options.trustProxy ?? 'loopback',
    // The development SMS sink also writes here, so cluster tests can read codes while the logs are still buffered.
    SMS_DEV_OUTBOX_FILE: path.join(logDir, 'sms-outbox.jsonl'),
    IDENTITY_URL: 'http://127.0.0.1:8101',
    WALLET_URL: 'http://127.0.0.1:8102',
    GAMES_URL: 'http://127.0.0.1:8103',
    AGENT_CONTRACTS_URL: 'http://127.0.0.1:8104',
    POINTS_URL: 'http://127.0.0.1:8105',
    NOTICES_URL: 'http://127.0.0.1:8106',
    HOUSE_URL: 'http://127.0.0.1:8107',
    // Uploaded images: a directory every notices process shares (a volume in a real deployment).
    FILE_STORE_DIR: path.join(logDir, '..', 'files'),
    HOUSE_VENDOR_SECRET: randomBytes(24).toString('hex'),
    // A fresh key per run: two-factor secrets of a test cluster need not outlive it.
    IDENTITY_SECRET_KEY: randomBytes(32).toString('base64url'),
    ...options.env,
  };
  // The house vendor's secret must also be one the wallet accepts, next to whatever vendors the caller configured.
  common.WALLET_VENDOR_SECRETS = [common.WALLET_VENDOR_SECRETS, `HOUSE:${common.HOUSE_VENDOR_SECRET}`].filter(Boolean).join(',');
  // The demo lottery vendors' secret, read by the wallet and the games service alike (launch-token exchange, draws).
  // It is put into this process's environment too, so the cluster tests it goes on to start can sign as them.
  process.env.LOTTERY_VENDOR_SECRET ||= common.LOTTERY_VENDOR_SECRET || randomBytes(24).toString('hex');
  common.LOTTERY_VENDOR_SECRET = process.env.LOTTERY_VENDOR_SECRET;
  const namedVendors = new Set(common.WALLET_VENDOR_SECRETS.split(',').map((pair) => pair.split(':')[0].trim()));
  const lotteryVendors = ['LOTT', 'ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA'].filter((code) => !namedVendors.has(code));
  common.WALLET_VENDOR_SECRETS = [common.WALLET_VENDOR_SECRETS, ...lotteryVendors.map((code) => `${code}:${common.LOTTERY_VENDOR_SECRET}`)].join(',');
  const children = [];
  const start = (service) => {
    const log = createWriteStream(path.join(logDir, `${service.name}.log`), { flags: 'a' });
    // WPS_SERVICE_NODE_ARGS passes extra Node flags to every service (for example --cpu-prof when profiling).
    const nodeArgs = (process.env.WPS_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'services', service.name, 'src', 'main.ts')], {
      cwd: root,
      env: { ...common, PORT: String(service.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    children.push({ ...service, child });
    return child;
  };
  const stopAll = async () => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 8_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  };
  try {
    const backends = SERVICES.filter((service) => service.name !== 'gateway');
    // Identity first: it seeds the demo brand and other services' consumers start cleanly after.
    const identity = start(backends[0]);
    await waitReady(`http://127.0.0.1:${backends[0].port}`, identity, 'identity');
    await Promise.all(backends.slice(1).map((service) => waitReady(`http://127.0.0.1:${service.port}`, start(service), service.name)));
    const gateway = SERVICES.find((service) => service.name === 'gateway');
    await waitReady(`http://127.0.0.1:${gateway.port}`, start(gateway), 'gateway');
  } catch (error) {
    await stopAll();
    for (const service of SERVICES) {
      const file = path.join(logDir, `${service.name}.log`);
      if (existsSync(file)) process.stderr.write(`--- ${service.name}.log (tail)\n${readFileSync(file, 'utf8').split('\n').slice(-30).join('\n')}\n`);
    }
    throw error;
  }
  return { gatewayUrl: 'http://127.0.0.1:8080', serviceToken, children, stop: stopAll };
}
