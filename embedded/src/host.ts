import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import {
  agentContractsRpc,
  gamesRpc,
  identityRpc,
  noticesRpc,
  pointsRpc,
  walletRpc,
  type RpcContract,
} from '@wps/contracts';
import {
  createInProcessClient,
  createLogger,
  databaseReady,
  InMemoryEventBus,
  initTracing,
  MemoryStore,
  migrate,
  openPglite,
  type Database,
  type EventBus,
  type Logger,
  type ServiceDefinition,
  type ServiceInstance,
} from '@wps/platform';
import { identityService } from '@wps/identity';
import { walletService } from '@wps/wallet';
import { gamesService } from '@wps/games';
import { agentContractsService } from '@wps/agent-contracts';
import { pointsService } from '@wps/points';
import { noticesService } from '@wps/notices';
import { createGateway, type GatewayClients } from '@wps/gateway';

export interface EmbeddedOptions {
  /** PGlite data folder; undefined keeps everything in memory (tests). */
  dataDir?: string;
  port?: number;
  host?: string;
  logLevel?: string;
  webDist?: string;
  /** Service environment (SEED_DEMO, WALLET_DEMO_DEPOSITS, …), applied over the embedded defaults. */
  env?: Record<string, string | undefined>;
  requestsPerIpPerMinute?: number;
  /** The operator API's token; undefined uses OPERATOR_TOKEN or generates one, null turns the operator API off. */
  operatorToken?: string | null;
}

export interface EmbeddedPlatform {
  url: string;
  port: number;
  server: Server;
  db: Database;
  bus: EventBus;
  clients: GatewayClients;
  instances: Record<string, ServiceInstance>;
  logger: Logger;
  /** The operator API's token for this run, or null when it is off. */
  operatorToken: string | null;
  /** The sandbox payment provider's signing secret for this run. */
  sandboxPaySecret: string;
  close(): Promise<void>;
}

/** Embedded defaults: a demo brand with play money, so a fresh clone is usable at once. */
const EMBEDDED_ENV: Record<string, string> = { SEED_DEMO: 'true', WALLET_DEMO_DEPOSITS: 'true', WALLET_DEMO_VENDORS: 'true' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = ServiceDefinition<RpcContract, any>;

/**
 * Every service in one process: one PGlite holding each service's schema, the in-memory bus, the in-memory cache, and
 * in-process clients. The services are the same code that runs standalone in cluster mode.
 */
export async function startEmbedded(options: EmbeddedOptions = {}): Promise<EmbeddedPlatform> {
  initTracing({ serviceName: 'wps-embedded' });
  const logger = createLogger({ service: 'embedded', level: options.logLevel ?? 'warn' });
  const db = await openPglite(options.dataDir ? path.join(options.dataDir, 'pglite') : undefined);
  const bus = new InMemoryEventBus();
  const cache = new MemoryStore();
  const env = { ...EMBEDDED_ENV, ...process.env, ...options.env };

  const definitions: AnyDefinition[] = [identityService, walletService, gamesService, agentContractsService, pointsService, noticesService] as AnyDefinition[];
  const instances: Record<string, ServiceInstance> = {};
  for (const definition of definitions) {
    await migrate(db, definition.schema, definition.migrationsDir);
    const config = z.object(definition.env ?? {}).parse(env);
    instances[definition.name] = await definition.create({ db, bus, cache, logger: logger.child({ service: definition.name }) }, config);
  }
  for (const instance of Object.values(instances)) await instance.start();

  const client = <C extends RpcContract>(name: string, contract: C) => createInProcessClient(name, contract, instances[name]!.handlers as never);
  const clients: GatewayClients = {
    identity: client('identity', identityRpc),
    wallet: client('wallet', walletRpc),
    games: client('games', gamesRpc),
    agentContracts: client('agent-contracts', agentContractsRpc),
    points: client('points', pointsRpc),
    notices: client('notices', noticesRpc),
  };
  const operatorToken = options.operatorToken === null ? null : (options.operatorToken ?? (env.OPERATOR_TOKEN || randomBytes(24).toString('base64url')));
  // Embedded mode always offers the sandbox provider, so deposits can be tried end to end without a real one.
  const sandboxPaySecret = env.SANDBOX_PAY_SECRET || randomBytes(32).toString('hex');
  const gateway = createGateway({
    clients,
    bus,
    cache,
    logger: logger.child({ service: 'gateway' }),
    webDist: options.webDist,
    requestsPerIpPerMinute: options.requestsPerIpPerMinute,
    readiness: async () => ({ database: await databaseReady(db) }),
    operatorToken: operatorToken ?? undefined,
    sandboxPaySecret,
  });
  const server = createServer(gateway.app);
  gateway.attach(server);
  await gateway.start();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port ?? 0;
  const shownHost = !options.host || options.host === '0.0.0.0' || options.host === '127.0.0.1' ? 'localhost' : options.host;

  let closed = false;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    server,
    db,
    bus,
    clients,
    instances,
    logger,
    operatorToken,
    sandboxPaySecret,
    async close() {
      if (closed) return;
      closed = true;
      await gateway.stop().catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const instance of Object.values(instances).reverse()) await instance.stop().catch(() => undefined);
      await bus.close();
      await cache.close();
      await db.close();
    },
  };
}
