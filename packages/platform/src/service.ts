import type { Router } from 'express';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RpcContract, RpcHandlers } from '@wps/contracts';
import { commonEnv, loadConfigOrExit, portEnv } from './config.js';
import { migrate, openPostgres, type Database } from './db.js';
import type { EventBus } from './bus/types.js';
import type { KeyValueStore } from './cache/types.js';
import { RedisStore } from './cache/redis.js';
import { createLogger, type Logger } from './logger.js';
import { createAppServer, createHttpApp, healthRoutes } from './http.js';
import { rpcRouter } from './rpc.js';
import { initTracing, shutdownTracing } from './tracing.js';

/** What the composition root hands a service: its ports, already connected. */
export interface ServiceContext {
  db: Database;
  bus: EventBus;
  cache: KeyValueStore;
  logger: Logger;
}

/** A running service as both hosts (embedded and standalone) see it. */
export interface ServiceInstance<C extends RpcContract = RpcContract> {
  name: string;
  contract: C;
  handlers: RpcHandlers<C>;
  /** Starts consumers and relays. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Extra checks beyond the database for /health/ready. */
  readiness?(): Promise<Record<string, boolean>>;
}

export interface ServiceDefinition<C extends RpcContract, E extends z.ZodRawShape> {
  name: string;
  /** The PostgreSQL schema this service owns. */
  schema: string;
  migrationsDir: string;
  defaultPort: number;
  /** Service-specific environment, parsed together with the common variables. */
  env?: E;
  create(context: ServiceContext, env: z.infer<z.ZodObject<E>>): Promise<ServiceInstance<C>>;
}

export async function databaseReady(db: Database): Promise<boolean> {
  try {
    await db.orm.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Cluster mode: one service in its own process against PostgreSQL, Kafka and Redis, serving health and its internal
 * RPC routes over HTTP. Stops cleanly on SIGTERM and SIGINT.
 */
export async function runStandalone<C extends RpcContract, E extends z.ZodRawShape>(
  definition: ServiceDefinition<C, E>,
  extraRoutes?: (instance: ServiceInstance<C>, context: ServiceContext) => Router,
): Promise<void> {
  const config = loadConfigOrExit(z.object({ ...commonEnv, PORT: portEnv(definition.defaultPort) }));
  const serviceEnv = loadConfigOrExit(z.object(definition.env ?? ({} as E)));
  initTracing({ serviceName: definition.name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const logger = createLogger({ service: definition.name, level: config.LOG_LEVEL });
  const db = await openPostgres(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX, applicationName: definition.name });
  const applied = await migrate(db, definition.schema, definition.migrationsDir);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const { KafkaEventBus } = await import('./bus/kafka.js');
  const bus = new KafkaEventBus({ brokers: config.KAFKA_BROKERS, clientId: definition.name, logger });
  await bus.connect();
  const cache = new RedisStore(config.REDIS_URL);
  const context: ServiceContext = { db, bus, cache, logger };
  const instance = await definition.create(context, serviceEnv);
  await instance.start();

  const { app, finish } = createHttpApp(logger, { trustProxy: config.TRUST_PROXY });
  app.use(
    healthRoutes(async () => ({
      database: await databaseReady(db),
      redis: await cache.ping().catch(() => false),
      ...(await instance.readiness?.()),
    })),
  );
  app.use(rpcRouter(instance.contract, instance.handlers, { serviceToken: config.SERVICE_TOKEN, logger }));
  if (extraRoutes) app.use(extraRoutes(instance, context));
  finish();
  const server = createAppServer(app).listen(config.PORT, config.HOST, () => logger.info({ port: config.PORT }, `${definition.name} listening`));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    server.close();
    await instance.stop().catch((error) => logger.error({ err: error }, 'stop failed'));
    await bus.close().catch(() => undefined);
    await cache.close();
    await db.close();
    await shutdownTracing();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
