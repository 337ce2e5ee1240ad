import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumeOnce, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { gamesRpc, type GamesRpc } from '@wps/contracts';
import { gamesEnv, type GamesConfig } from './config.js';
import { listVendors } from './features/vendors.js';
import { getPlayerProfile, openPlayerProfile } from './features/player-profiles.js';

export const GAMES_SCHEMA = 'games';
export const gamesMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const OPEN_PROFILES = 'games.open-profiles';

/** The composition root of the games service: the vendor catalogue, player profiles, and the consumer opening them. */
export async function createGamesService(context: ServiceContext, _config: GamesConfig): Promise<ServiceInstance<GamesRpc>> {
  const { db, bus } = context;
  const subscriptions: Subscription[] = [];

  return {
    name: 'games',
    contract: gamesRpc,
    handlers: {
      listVendors: (input) => listVendors(db.orm, input),
      getPlayerProfile: (input) => getPlayerProfile(db.orm, input),
    },
    async start() {
      subscriptions.push(
        await consumeOnce({ db, bus }, { schema: GAMES_SCHEMA, group: OPEN_PROFILES, type: 'member.registered', effect: openPlayerProfile }),
      );
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
    },
  };
}

export const gamesService: ServiceDefinition<GamesRpc, typeof gamesEnv> = {
  name: 'games',
  schema: GAMES_SCHEMA,
  migrationsDir: gamesMigrations,
  defaultPort: 8103,
  env: gamesEnv,
  create: createGamesService,
};
