import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { agentContractsRpc, gamesRpc, houseRpc, identityRpc, noticesRpc, pointsRpc, walletRpc, type RpcContract } from '@wps/contracts';
import {
  createAppServer,
  createInProcessClient,
  createLogger,
  databaseReady,
  InMemoryEventBus,
  initTracing,
  loadConfig,
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
import { DevelopmentMailSink } from '@wps/identity/infra/mailer';
import { DevSmsSink } from '@wps/identity/infra/sms';
import { walletServiceWith } from '@wps/wallet';
import { createGamesService, gamesService, walletTransfersPort, type GamesConfig } from '@wps/games';
import { agentContractsServiceWith } from '@wps/agent-contracts';
import { pointsServiceWith } from '@wps/points';
import { noticesServiceWith } from '@wps/notices';
import { houseServiceWith } from '@wps/house';
import { createGateway, type GatewayClients } from '@wps/gateway';
import { embeddedEnvironment, embeddedHostConfig } from './config.js';

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
  /** The sandbox payment provider's signing secret for this run, or null when SANDBOX_PAY_ENABLED is off. */
  sandboxPaySecret: string | null;
  /** The identity service's development mail sink, when no SMTP_URL is set: the mails it would have sent. */
  mailbox?: DevelopmentMailSink;
  /** The identity service's development SMS sink, when SMS_PROVIDER is `log`: the last code sent to each phone. */
  smsOutbox?: DevSmsSink;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = ServiceDefinition<RpcContract, any>;

/** How long closing waits for open HTTP connections to finish before it cuts them. */
const CLOSE_GRACE_MS = 3_000;

/**
 * Every service in one process: one PGlite holding each service's schema, the in-memory bus, the in-memory cache, and
 * in-process clients. The services are the same code that runs standalone in cluster mode.
 */
export async function startEmbedded(options: EmbeddedOptions = {}): Promise<EmbeddedPlatform> {
  initTracing({ serviceName: 'wps-embedded' });
  const logger = createLogger({ service: 'embedded', level: options.logLevel ?? 'warn' });
  // The host's own settings are checked first: a bad one stops the start before any database is opened.
  const env = embeddedEnvironment(options.env);
  if (options.dataDir && !env.FILE_STORE_DIR) env.FILE_STORE_DIR = path.join(options.dataDir, 'files');
  const hostConfig = embeddedHostConfig(env);
  // PGlite in its own thread: its statements run beside the services' work instead of holding their event loop.
  const db = await openPglite(options.dataDir ? path.join(options.dataDir, 'pglite') : undefined, { thread: true });
  const bus = new InMemoryEventBus();
  const cache = new MemoryStore();

  // Services that call the wallet themselves get an in-process client of it, as cluster mode gives them an HTTP one.
  const walletClient = () => createInProcessClient('wallet', walletRpc, instances.wallet!.handlers as never);
  // Services that keep their own table of members catch up on identity's, in process.
  const identityClient = () => createInProcessClient('identity', identityRpc, instances.identity!.handlers as never);
  const gamesWithWallet: AnyDefinition = {
    ...gamesService,
    create: (context, config: GamesConfig) => createGamesService(context, config, { wallet: walletTransfersPort(walletClient()) }),
  } as AnyDefinition;
  const definitions: AnyDefinition[] = [
    identityService,
    walletServiceWith(identityClient),
    gamesWithWallet,
    agentContractsServiceWith(walletClient),
    pointsServiceWith(walletClient),
    noticesServiceWith(identityClient),
    // The house lottery reports its drawn results to the games service's draw feed, in process.
    houseServiceWith(walletClient, () => createInProcessClient('games', gamesRpc, instances.games!.handlers as never)),
  ] as AnyDefinition[];
  const instances: Record<string, ServiceInstance> = {};
  for (const definition of definitions) {
    await migrate(db, definition.schema, definition.migrationsDir);
    const config = loadConfig(z.object(definition.env ?? {}), env);
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
    house: client('house', houseRpc),
  };
  const operatorToken = options.operatorToken === null ? null : (options.operatorToken ?? (hostConfig.OPERATOR_TOKEN || randomBytes(24).toString('base64url')));
  // The embedded demo offers the sandbox provider unless SANDBOX_PAY_ENABLED is off, so deposits can be tried end to
  // end without a real one; the wallet reads the same setting to list the method and accept its deposits.
  const sandboxPaySecret = hostConfig.SANDBOX_PAY_ENABLED ? hostConfig.SANDBOX_PAY_SECRET || randomBytes(32).toString('hex') : null;
  const gateway = createGateway({
    clients,
    bus,
    cache,
    logger: logger.child({ service: 'gateway' }),
    webDist: options.webDist,
    requestsPerIpPerMinute: options.requestsPerIpPerMinute ?? hostConfig.GATEWAY_REQUESTS_PER_IP_PER_MINUTE,
    readiness: async () => ({ database: await databaseReady(db) }),
    operatorToken: operatorToken ?? undefined,
    sandboxPaySecret: sandboxPaySecret ?? undefined,
    vendorRequestsPer10s: hostConfig.VENDOR_REQUESTS_PER_10S,
    vendorSignatureFailuresPer10s: hostConfig.VENDOR_SIGNATURE_FAILURES_PER_10S,
    frameOriginsRefreshMs: hostConfig.GATEWAY_FRAME_ORIGINS_REFRESH_MS,
    trustProxy: hostConfig.TRUST_PROXY,
  });
  // Idle keep-alive connections stay open longer than clients and proxies keep theirs (60 s is common), so the server
  // never closes one at the moment a client sends on it (the client would see a reset, not an answer).
  const server = createAppServer(gateway.app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  gateway.attach(server);
  await gateway.start();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const shownHost = !options.host || options.host === '0.0.0.0' || options.host === '127.0.0.1' ? 'localhost' : options.host;

  const identityMailer = (instances.identity as ServiceInstance & { mailer?: unknown }).mailer;
  const identitySms = (instances.identity as ServiceInstance & { sms?: unknown }).sms;
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
    mailbox: identityMailer instanceof DevelopmentMailSink ? identityMailer : undefined,
    smsOutbox: identitySms instanceof DevSmsSink ? identitySms : undefined,
    async close() {
      if (closed) return;
      closed = true;
      // Closing waits for open connections to finish; one whose client never reads its answer would hold it for
      // ever, so what is still open after a grace period is cut.
      const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      await gateway.stop().catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(cut);
      for (const instance of Object.values(instances).reverse()) await instance.stop().catch(() => undefined);
      await bus.close();
      await cache.close();
      await db.close();
    },
  };
}
