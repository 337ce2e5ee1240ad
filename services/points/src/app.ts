import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumeBatches, eachEvent, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { pointsRpc, type PointsRpc } from '@wps/contracts';
import { pointsEnv, type PointsConfig } from './config.js';
import { getPointBalance, openPointAccount } from './features/point-accounts.js';

export const POINTS_SCHEMA = 'points';
export const pointsMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const OPEN_ACCOUNTS = 'points.open-accounts';

/** The composition root of the points service: points accounts and the consumer that opens them. */
export async function createPointsService(context: ServiceContext, _config: PointsConfig): Promise<ServiceInstance<PointsRpc>> {
  const { db, bus } = context;
  const subscriptions: Subscription[] = [];

  return {
    name: 'points',
    contract: pointsRpc,
    handlers: {
      getPointBalance: (input) => getPointBalance(db.orm, input),
    },
    async start() {
      subscriptions.push(await consumeBatches({ db, bus }, { schema: POINTS_SCHEMA, group: OPEN_ACCOUNTS, type: 'member.registered', handle: eachEvent(openPointAccount) }));
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
    },
  };
}

export const pointsService: ServiceDefinition<PointsRpc, typeof pointsEnv> = {
  name: 'points',
  schema: POINTS_SCHEMA,
  migrationsDir: pointsMigrations,
  defaultPort: 8105,
  env: pointsEnv,
  create: createPointsService,
};
