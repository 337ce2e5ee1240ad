// `npm run test:cluster`: real PostgreSQL, Redis and Kafka from infra/, every service as its own process, then the
// cluster test files (*.cluster.spec.ts) against them.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRunDatabase, startInfra, startServices, stopInfra } from './lib/cluster.mjs';
import { root } from './lib/prepare.mjs';

const infra = startInfra();
const database = await createRunDatabase(infra.DATABASE_URL);
let exitCode = 1;
let services;
try {
  // The chaos suite signs vendor calls with this secret; the wallet processes learn it from their environment.
  const chaosSecret = randomBytes(24).toString('base64url');
  // The payments suite plays the operator and the sandbox provider: both the services and the tests get these.
  const payments = { OPERATOR_TOKEN: randomBytes(24).toString('base64url'), SANDBOX_PAY_ENABLED: 'true', SANDBOX_PAY_SECRET: randomBytes(32).toString('hex') };
  // The house lottery suite plays one fast game drawing every few seconds, so a draw comes round within the test.
  const lottery = { HOUSE_LOTTERY_GAMES: 'lott-004', HOUSE_LOTTERY_INTERVAL_SECONDS: '12', HOUSE_LOTTERY_CLOSE_SECONDS: '3' };
  services = await startServices({ ...infra, DATABASE_URL: database.url }, { env: { WALLET_VENDOR_SECRETS: `CHAOSVENDOR:${chaosSecret}`, ...payments, ...lottery } });
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'cluster', '--no-file-parallelism', '--isolate', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...infra, DATABASE_URL: database.url, GATEWAY_URL: services.gatewayUrl, SERVICE_TOKEN: services.serviceToken, CHAOS_VENDOR_SECRET: chaosSecret, ...payments },
  });
  exitCode = result.status ?? 1;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
} finally {
  await services?.stop();
  await database.drop().catch(() => undefined);
  if (process.env.KEEP_INFRA !== '1') stopInfra();
}
process.exit(exitCode);
