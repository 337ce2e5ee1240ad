// `npm run start:cluster`: PostgreSQL, Redis and Kafka from infra/, then every service as its own process, until Ctrl+C.
import { ensureInstalled, ensureWebBuilt } from './lib/prepare.mjs';
import { startInfra, startServices } from './lib/cluster.mjs';

ensureInstalled();
ensureWebBuilt();
const infra = startInfra();
const services = await startServices(infra, {
  logLevel: process.env.LOG_LEVEL ?? 'info',
  requestsPerIpPerMinute: process.env.GATEWAY_REQUESTS_PER_IP_PER_MINUTE ?? '1200',
  trustProxy: process.env.TRUST_PROXY ?? '',
  env: { AGENT_DEMO_PROGRAMME: 'true' },
});
process.stdout.write(
  `\nWPS is running in cluster mode: every service in its own process on PostgreSQL, Redis and Kafka.\n` +
    `  Site and API:  ${services.gatewayUrl}\n  Demo player:   demoplayer / demo1234\n  Logs:          infra/.state/logs/<service>.log\n` +
    `  Ctrl+C stops the services; \`bash infra/stop.sh\` stops PostgreSQL, Redis and Kafka.\n\n`,
);
const stop = async () => {
  await services.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
