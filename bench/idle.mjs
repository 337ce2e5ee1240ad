// What an idle cluster costs: every service started (cluster mode, demo data), left alone to settle, then the CPU each
// process uses per second of doing nothing, from /proc. Consumers waiting for events, relays waiting for outbox rows,
// timers and health checks all show here; on a small machine this is CPU the money path does not get.
// Usage: node bench/idle.mjs [--settle 20] [--seconds 20]
import { setTimeout as sleep } from 'node:timers/promises';
import { createRunDatabase, startInfra, startServices, stopInfra, SERVICES } from '../scripts/lib/cluster.mjs';
import { cpuSeconds, postgresCpuSeconds } from './cpu.mjs';

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const SETTLE = arg('settle', 20);
const SECONDS = arg('seconds', 20);

const infra = startInfra();
const database = await createRunDatabase(infra.DATABASE_URL);
let services;
try {
  services = await startServices({ ...infra, DATABASE_URL: database.url }, { logLevel: 'warn' });
  await sleep(SETTLE * 1000);
  const read = () => ({ ...Object.fromEntries(services.children.map(({ name, child }) => [name, cpuSeconds(child.pid)])), postgres: postgresCpuSeconds() });
  const before = read();
  await sleep(SECONDS * 1000);
  const after = read();
  const perSecond = Object.fromEntries(Object.keys(after).map((name) => [name, Math.round(((after[name] - before[name]) * 1000) / SECONDS)]));
  const services8 = SERVICES.map(({ name }) => perSecond[name] ?? 0).reduce((sum, ms) => sum + ms, 0);
  console.log(`Idle cluster, CPU ms per second over ${SECONDS} s (after ${SETTLE} s to settle):`);
  console.log('| process | ms/s |\n|---|---:|');
  for (const [name, ms] of Object.entries(perSecond)) console.log(`| ${name} | ${ms} |`);
  console.log(`| all services | ${services8} |`);
} finally {
  await services?.stop();
  await database.drop().catch(() => undefined);
  if (process.env.KEEP_INFRA !== '1') stopInfra();
}
