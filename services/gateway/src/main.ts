import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { agentContractsRpc, gamesRpc, houseRpc, identityRpc, noticesRpc, pointsRpc, walletRpc } from '@wps/contracts';
import { commonEnv, createAppServer, createHttpClient, createLogger, initTracing, loadConfigOrExit, portEnv, RedisStore, shutdownTracing } from '@wps/platform';
import { gatewayEnv } from './config.js';
import { createGateway } from './app.js';

const config = loadConfigOrExit(z.object({ ...commonEnv, PORT: portEnv(8080), ...gatewayEnv }));
initTracing({ serviceName: 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const { KafkaEventBus } = await import('@wps/platform/bus/kafka');
const bus = new KafkaEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'gateway', logger });
await bus.connect();
const cache = new RedisStore(config.REDIS_URL);
const pubClient = new Redis(config.REDIS_URL);
const subClient = pubClient.duplicate();
const http = (baseUrl: string) => ({ baseUrl, serviceToken: config.SERVICE_TOKEN });
const clients = {
  identity: createHttpClient('identity', identityRpc, http(config.IDENTITY_URL)),
  wallet: createHttpClient('wallet', walletRpc, http(config.WALLET_URL)),
  games: createHttpClient('games', gamesRpc, http(config.GAMES_URL)),
  agentContracts: createHttpClient('agent-contracts', agentContractsRpc, http(config.AGENT_CONTRACTS_URL)),
  points: createHttpClient('points', pointsRpc, http(config.POINTS_URL)),
  notices: createHttpClient('notices', noticesRpc, http(config.NOTICES_URL)),
  house: createHttpClient('house', houseRpc, http(config.HOUSE_URL)),
};
const downstream = {
  identity: config.IDENTITY_URL,
  wallet: config.WALLET_URL,
  games: config.GAMES_URL,
  agentContracts: config.AGENT_CONTRACTS_URL,
  points: config.POINTS_URL,
  notices: config.NOTICES_URL,
  house: config.HOUSE_URL,
};
const defaultWebDist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'web', 'dist');

const gateway = createGateway({
  clients,
  bus,
  cache,
  logger,
  webDist: config.WEB_DIST ?? defaultWebDist,
  requestsPerIpPerMinute: config.GATEWAY_REQUESTS_PER_IP_PER_MINUTE,
  operatorToken: config.OPERATOR_TOKEN,
  sandboxPaySecret: config.SANDBOX_PAY_ENABLED ? config.SANDBOX_PAY_SECRET : undefined,
  vendorRequestsPer10s: config.VENDOR_REQUESTS_PER_10S,
  vendorSignatureFailuresPer10s: config.VENDOR_SIGNATURE_FAILURES_PER_10S,
  frameOriginsRefreshMs: config.GATEWAY_FRAME_ORIGINS_REFRESH_MS,
  trustProxy: config.TRUST_PROXY,
  socketAdapter: createAdapter(pubClient, subClient),
  readiness: async () => {
    const checks: Record<string, boolean> = { redis: await cache.ping().catch(() => false) };
    await Promise.all(
      Object.entries(downstream).map(async ([name, url]) => {
        checks[name] = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) }).then(
          (r) => r.ok,
          () => false,
        );
      }),
    );
    return checks;
  },
});
// Idle keep-alive connections outlive those of clients and load balancers (60 s is common): the server never closes one
// at the moment a client sends on it.
const server = createAppServer(gateway.app);
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
gateway.attach(server);
await gateway.start();
server.listen(config.PORT, config.HOST, () => logger.info({ port: config.PORT }, 'gateway listening'));

const stop = async () => {
  server.close();
  await gateway.stop().catch(() => undefined);
  await bus.close().catch(() => undefined);
  await cache.close();
  pubClient.disconnect();
  subClient.disconnect();
  await shutdownTracing();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
