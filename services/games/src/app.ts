import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { consumeBatches, eachEvent, createHttpClient, Outbox, rows, type OutboxRelay, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { gamesRpc, walletRpc, type GamesRpc } from '@wps/contracts';
import { walletTransfersPort } from './infra/wallet-port.js';
import { gamesEnv, type GamesConfig } from './config.js';
import { frameOrigins, listVendors } from './features/vendors.js';
import { getPlayerProfile, openPlayerProfile } from './features/player-profiles.js';
import { Catalogue } from './features/catalogue.js';
import { MemberGames } from './features/member-games.js';
import { GameLaunch } from './features/launch.js';
import { WinnerBoard } from './features/winners.js';
import { GameAnnouncements } from './features/announcements.js';
import { VendorTransfers, type WalletTransfersPort } from './features/vendor-transfers.js';
import { seedDemoCatalogue, seedDemoGameImages } from './infra/seed-catalogue.js';
import { demoVendorPicturePng } from './domain/demo-vendor-art.js';
import { lotteryVendorAdapter, templateSeamlessAdapter } from './vendors/seamless.js';
import { Lottery } from './features/lottery.js';
import { DemoLotteryVendor } from './vendors/demo-lottery.js';
import { houseGamesAdapter } from './vendors/house-adapter.js';
import { HttpTransferAdapter } from './vendors/transfer-http.js';
import type { VendorAdapter } from './vendors/adapter.js';

export { DEMO_LOTTERY_VENDORS } from './vendors/demo-lottery.js';
export const GAMES_SCHEMA = 'games';
export const gamesMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const OPEN_PROFILES = 'games.open-profiles';
const WINNER_BOARD = 'games.winner-board';

export interface GamesPorts {
  /**
   * The wallet's transfer calls. Transfer-style vendors can only be launched where the host provides them (cluster
   * mode builds them from WALLET_URL); without them those vendors answer GAME_MAINTENANCE.
   */
  wallet?: WalletTransfersPort;
}

/** The composition root of the games service: catalogue, lobby, favourites, recents, launch and the winner board. */
export async function createGamesService(context: ServiceContext, config: GamesConfig, ports: GamesPorts = {}): Promise<ServiceInstance<GamesRpc>> {
  const { db, bus, cache, logger } = context;
  const subscriptions: Subscription[] = [];
  const outbox = new Outbox(GAMES_SCHEMA, 'games');
  let relay: OutboxRelay | undefined;
  let reconcileTimer: NodeJS.Timeout | undefined;
  const catalogue = new Catalogue({ db, cache, hotCacheMs: config.GAMES_HOT_CACHE_MS });
  const memberGames = new MemberGames({ db, catalogue });
  const winners = new WinnerBoard({ outbox });
  const announcements = new GameAnnouncements(db);
  const transfers = ports.wallet ? new VendorTransfers({ db, wallet: ports.wallet, logger, reconcileAfterMs: config.GAMES_RECONCILE_AFTER_MS }) : undefined;
  const transferAdapters = new Map<string, HttpTransferAdapter>();
  const adapterFor = (adapter: string, launchUrl: string | null, vassalage: string): VendorAdapter | undefined => {
    if (adapter === 'house') return houseGamesAdapter;
    if (adapter === 'seamless-demo') return templateSeamlessAdapter;
    if (adapter === 'lottery') return lotteryVendorAdapter;
    if (adapter === 'transfer-http' && launchUrl && transfers) {
      const key = `${vassalage} ${launchUrl}`;
      let found = transferAdapters.get(key);
      if (!found) transferAdapters.set(key, (found = new HttpTransferAdapter({ baseUrl: launchUrl, vendor: vassalage, timeoutMs: config.GAMES_VENDOR_TIMEOUT_MS })));
      return found;
    }
    return undefined;
  };
  const launcher = new GameLaunch({
    db,
    catalogue,
    memberGames,
    adapterFor,
    ...(transfers ? { fundTransferVendor: (member, vassalage, adapter) => transfers.fund(member, vassalage, adapter) } : {}),
  });

  // Lottery: the vendors' launch-token exchange and draw feed, and the embedded demo's drawing vendor.
  const lottery = new Lottery({ db, launcher, vendorSecrets: config.WALLET_VENDOR_SECRETS, skewSeconds: config.WALLET_VENDOR_SKEW_SECONDS });
  const demoLottery =
    config.SEED_DEMO && config.GAMES_DEMO_LOTTERY_MS > 0
      ? new DemoLotteryVendor({ db, logger, vendorSecrets: config.WALLET_VENDOR_SECRETS, reportDraw: (call) => lottery.reportDraw(call), intervalMs: config.GAMES_DEMO_LOTTERY_MS })
      : undefined;

  if (config.SEED_DEMO) {
    const seeded = await db.transaction(async (tx) => ({ games: await seedDemoCatalogue(tx), images: await seedDemoGameImages(tx) }));
    if (seeded.games) logger.info({ games: seeded.games }, 'demo catalogue seeded');
    if (seeded.images) logger.info({ images: seeded.images }, 'demo game images seeded');
  }

  const transferVendorsOf = async () =>
    rows<{ vassalage: string; adapter: string; launch_url: string | null }>(db.orm, sql`SELECT vassalage, adapter, launch_url FROM games.vendors WHERE wallet_style = 'transfer'`);

  return {
    name: 'games',
    contract: gamesRpc,
    handlers: {
      listVendors: (input) => listVendors(db.orm, input),
      frameOrigins: (input) => frameOrigins(db.orm, input),
      getPlayerProfile: (input) => getPlayerProfile(db.orm, input),
      listGames: (input) => catalogue.listGames(input),
      hotGames: (input) => catalogue.hotGames(input),
      vendorLanes: (input) => catalogue.vendorLanes(input),
      rank: (input) => catalogue.rank(input),
      icon: (input) => catalogue.icon(input.id),
      operatorSetGameImage: async (input) => {
        const result = await catalogue.setImage(input);
        logger.info({ nodeId: result.nodeId, imageUrl: result.imageUrl, operator: input.operator }, 'game image set');
        return result;
      },
      // The demo vendors' pictures exist only beside the demo catalogue that uses them.
      demoVendorPicture: async (input) => {
        const png = config.SEED_DEMO ? await demoVendorPicturePng(input.name) : undefined;
        return png ? { contentType: 'image/png' as const, base64: png.toString('base64') } : null;
      },
      recentGames: (input) => memberGames.recentGames(input),
      favouriteGames: (input) => memberGames.favouriteGames(input),
      favouriteIds: (input) => memberGames.favouriteIds(input),
      setFavourite: (input) => memberGames.setFavourite(input),
      launchGame: (input) => launcher.launch(input),
      demoPlayPage: (input) => launcher.demoPlayPage(input),
      vendorSession: (input) => lottery.vendorSession(input),
      reportLotteryDraw: (input) => lottery.reportDraw(input),
      openedNumbers: (input) => lottery.openedNumbers(input),
      recallFromVendors: async (input) => {
        if (!transfers) return { recalled: [] };
        const vendors = await transferVendorsOf();
        return transfers.recall(
          input,
          vendors.map((vendor) => ({ vassalage: vendor.vassalage, adapter: adapterFor(vendor.adapter, vendor.launch_url, vendor.vassalage) })),
        );
      },
      winners: async (input) => ({ list: (await winners.list(db.orm, input)).list }),
      // Game announcements: the lobby's list and the operator's calls.
      announcements: (input) => announcements.forLobby(input),
      operatorListGameAnnouncements: (input) => announcements.list(input),
      operatorCreateGameAnnouncement: (input) => announcements.create(input),
      operatorDeleteGameAnnouncement: (input) => announcements.remove(input),
    },
    async start() {
      relay = outbox.relay(db, bus, logger);
      relay.start();
      demoLottery?.start();
      subscriptions.push(
        await consumeBatches({ db, bus }, { schema: GAMES_SCHEMA, group: OPEN_PROFILES, type: 'member.registered', handle: eachEvent(openPlayerProfile) }),
        await consumeBatches(
          { db, bus },
          {
            schema: GAMES_SCHEMA,
            group: WINNER_BOARD,
            type: 'bet.settled',
            relevant: WinnerBoard.concerns,
            // The board is read by people: a tenth of a second of gathering costs them nothing and spares the broker a
            // fetch for every few bets on the busiest topic.
            lingerMs: 100,
            handle: (tx, events) =>
              winners.recordSettledBets(
                tx,
                events.map((event) => event.payload),
              ),
          },
        ),
      );
      if (transfers) {
        reconcileTimer = setInterval(() => {
          void transferVendorsOf()
            .then((vendors) => transfers.reconcile(vendors.map((vendor) => ({ vassalage: vendor.vassalage, adapter: adapterFor(vendor.adapter, vendor.launch_url, vendor.vassalage) }))))
            .catch((error: unknown) => logger.warn({ err: error }, 'vendor transfer reconcile failed'));
        }, config.GAMES_RECONCILE_INTERVAL_MS);
        reconcileTimer.unref();
      }
    },
    async stop() {
      if (reconcileTimer) clearInterval(reconcileTimer);
      await demoLottery?.stop();
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
      await relay?.stop();
    },
  };
}

export const gamesService: ServiceDefinition<GamesRpc, typeof gamesEnv> = {
  name: 'games',
  schema: GAMES_SCHEMA,
  migrationsDir: gamesMigrations,
  defaultPort: 8103,
  env: gamesEnv,
  create: (context, config) =>
    createGamesService(
      context,
      config,
      config.WALLET_URL && config.SERVICE_TOKEN ? { wallet: walletTransfersPort(createHttpClient('wallet', walletRpc, { baseUrl: config.WALLET_URL, serviceToken: config.SERVICE_TOKEN })) } : {},
    ),
};
