import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gamesRpc, houseRpc, walletRpc, type GamesRpc, type HouseRpc, type RpcClient, type WalletRpc } from '@wps/contracts';
import { AppError, consumeBatches, createHttpClient, eachEvent, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { houseEnv, type HouseConfig } from './config.js';
import { HouseWallet } from './wallet-client.js';
import { Rounds } from './rounds.js';
import { diceChoice, minesCount, plinkoChoice, resolveDice, resolvePlinko, resolveSlot, stakeMinor } from './games.js';
// house live: the shared-round tables.
import { Outbox } from '@wps/platform';
import { LiveTables } from './live/live-tables.js';
import { signedLiveWallet } from './live/wallet.js';
// house pvp: the Teen Patti tables.
import { TeenPattiTables } from './pvp/teen-patti-tables.js';
// FISH: each shot is one instant solo round.
import { FISH_GAME_CODE } from '@wps/contracts';
import { fishKind, fishStakeMinor, resolveFishShot } from './fish/fish.js';
import { FreeRounds } from './free-rounds/free-rounds.js';
// house lottery: fast and daily draws.
import { HouseLottery } from './lottery/lottery.js';
import { signedLotteryWallet } from './lottery/wallet.js';
// house sportsbook: events from the feed, the bet slip, settlement and cash-out.
import { HouseSportsbook } from './sportsbook/sportsbook.js';
import { signedSportsWallet } from './sportsbook/wallet.js';
import { simulatedFeed } from './sportsbook/simulated-feed.js';
import { isDemoPlayer, rememberDemoPlayer } from './sportsbook/demo.js';
// the demo brand's simulated players
import { SimulatedPlayers, isSimulatedPlayer, rememberSimulatedPlayer } from './demo-players/simulated-players.js';

export const HOUSE_SCHEMA = 'house';
/** The consumer of the promotions' free-rounds grants. */
const FREE_ROUNDS_GROUP = 'house.free-rounds';
/** How often grants past their expiry are ended. */
const FREE_ROUNDS_SWEEP_MS = 60_000;
export const houseMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export interface HousePorts {
  /** The wallet's RPC client; its `vendorCall` is the only one the house uses. */
  wallet: () => RpcClient<WalletRpc>;
  /** The games service's RPC client, for the lottery's draw reports; standalone it is reached at GAMES_URL. */
  games?: () => RpcClient<GamesRpc>;
}

export interface HouseServiceInstance extends ServiceInstance<HouseRpc> {
  rounds: Rounds;
  freeRounds: FreeRounds;
  wallet: () => HouseWallet;
  // house pvp
  pvp: TeenPattiTables;
  lottery: HouseLottery;
  sportsbook: HouseSportsbook;
}

/** The composition root of the house vendor: provably fair solo games paid through the signed seamless-wallet API. */
export async function createHouseService(context: ServiceContext, config: HouseConfig, ports: HousePorts): Promise<HouseServiceInstance> {
  const { db, logger } = context;
  let houseWallet: HouseWallet | undefined;
  const wallet = () => (houseWallet ??= new HouseWallet({ vendorCall: (input) => ports.wallet().vendorCall(input), secret: config.HOUSE_VENDOR_SECRET }));
  const rounds = new Rounds({ db, wallet, logger, walletTimeoutMs: config.HOUSE_WALLET_TIMEOUT_MS });
  let sweep: NodeJS.Timeout | undefined;
  let sweeping = false;
  // house live: table events leave through the house outbox; the runners' settings are part of the house's config.
  const liveOutbox = new Outbox(HOUSE_SCHEMA, 'house');
  const liveRelay = liveOutbox.relay(db, context.bus, logger);
  const live = new LiveTables({
    db,
    outbox: liveOutbox,
    wakeRelay: () => liveRelay.wake(),
    flushRelay: (timeoutMs) => liveRelay.flush(timeoutMs),
    wallet: signedLiveWallet({ vendorCall: (input) => ports.wallet().vendorCall(input), secret: config.HOUSE_VENDOR_SECRET }),
    logger: logger.child({ area: 'live' }),
    config,
    schema: HOUSE_SCHEMA,
  });

  // Free rounds from promotions: their end leaves through the same outbox.
  const freeRounds = new FreeRounds({ db, rounds, outbox: liveOutbox, wakeRelay: () => liveRelay.wake(), logger: logger.child({ area: 'free-rounds' }) });
  let freeRoundsSweep: NodeJS.Timeout | undefined;
  const subscriptions: Subscription[] = [];

  // house pvp: its events share the live tables' outbox and relay; its stakes are signed wallet calls of game type PVP.
  const pvp = new TeenPattiTables({
    db,
    outbox: liveOutbox,
    wakeRelay: () => liveRelay.wake(),
    wallet: signedLiveWallet({ vendorCall: (input) => ports.wallet().vendorCall(input), secret: config.HOUSE_VENDOR_SECRET }),
    logger: logger.child({ area: 'pvp' }),
    config,
  });

  // house lottery: its events share the outbox; each ticket is a signed wallet round of the catalogue's game type.
  const lottery = new HouseLottery({
    db,
    outbox: liveOutbox,
    wakeRelay: () => liveRelay.wake(),
    flushRelay: (timeoutMs) => liveRelay.flush(timeoutMs),
    wallet: signedLotteryWallet({ vendorCall: (input) => ports.wallet().vendorCall(input), secret: config.HOUSE_VENDOR_SECRET }),
    logger: logger.child({ area: 'lottery' }),
    config,
    ...(ports.games ? { reportDraw: (call) => ports.games!().reportLotteryDraw(call) } : {}),
  });

  // house sportsbook: a feed read by one runner per cluster; each bet is a signed wallet round of game type SPORTS or ESPORTS.
  const feedTag = `sim-${Date.now().toString(36)}`;
  const sportsbook = new HouseSportsbook({
    db,
    outbox: liveOutbox,
    wakeRelay: () => liveRelay.wake(),
    wallet: signedSportsWallet({ vendorCall: (input) => ports.wallet().vendorCall(input), secret: config.HOUSE_VENDOR_SECRET }),
    logger: logger.child({ area: 'sportsbook' }),
    config,
    ...(config.HOUSE_SPORTSBOOK_FEED === 'simulator'
      ? { feed: () => simulatedFeed({ tag: feedTag, ...(config.HOUSE_SPORTSBOOK_SIM_SPEED ? { speed: config.HOUSE_SPORTSBOOK_SIM_SPEED } : {}) }), feedTag: () => feedTag }
      : {}),
  });

  const handlers: ServiceInstance<HouseRpc>['handlers'] = {
    fairnessState: async ({ memberId, game }) => {
      const seed = await db.transaction((tx) => rounds.seeds.active(tx, memberId, game));
      return { game, serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce };
    },
    setClientSeed: async ({ memberId, game, clientSeed }) => {
      const seed = await db.transaction((tx) => rounds.seeds.setClientSeed(tx, memberId, game, clientSeed));
      return { game, serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce };
    },
    rotateSeed: async ({ memberId, game }) => {
      const { revealed, next } = await rounds.rotateSeed(memberId, game);
      return { game, revealedServerSeed: revealed.serverSeed, revealedServerSeedHash: revealed.serverSeedHash, newServerSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: next.nonce };
    },
    listRounds: ({ memberId, game, pageNo, pageSize }) => rounds.listRounds(memberId, game || undefined, pageNo, pageSize),
    playDice: async ({ player, amount, direction, target, requestId }) => {
      const stake = stakeMinor(amount, player.currency);
      const choice = diceChoice(direction, target);
      return rounds.playInstant(player, 'house-dice', stake, requestId, (draws) => resolveDice(choice, stake, draws));
    },
    playPlinko: async ({ player, amount, rows, risk, requestId }) => {
      const stake = stakeMinor(amount, player.currency);
      const choice = plinkoChoice(rows, risk);
      return rounds.playInstant(player, 'house-plinko', stake, requestId, (draws) => resolvePlinko(choice, stake, draws));
    },
    spinSlot: async ({ player, game, amount, requestId }) => {
      const stake = stakeMinor(amount, player.currency);
      return rounds.playInstant(player, game, stake, requestId, (draws) => resolveSlot(game, stake, draws));
    },
    minesStart: async ({ player, amount, mines, requestId }) => {
      const stake = stakeMinor(amount, player.currency);
      return rounds.startMines(player, minesCount(mines), stake, requestId);
    },
    minesReveal: ({ player, roundId, tile }) => rounds.revealTile(player, roundId, tile),
    minesCashout: ({ player, roundId }) => rounds.cashOut(player, roundId),
    minesActive: ({ memberId }) => rounds.activeMines(memberId),
    // FISH: the kind and stake are checked before the nonce is taken, so a refused shot leaves no trace.
    fishShoot: async ({ player, amount, kind, requestId }) => {
      const stake = fishStakeMinor(amount, player.currency);
      const fish = fishKind(kind);
      return rounds.playInstant(player, FISH_GAME_CODE, stake, requestId, (draws) => resolveFishShot(fish, stake, draws));
    },
    freeRounds: (input) => freeRounds.list(input),
    spinFreeRound: ({ player, grantId, requestId, language }) => freeRounds.spin({ player, grantId, requestId, language }),
    // house live: its handlers are added here in its own block.
    ...live.handlers(),
    // house pvp
    ...pvp.handlers(),
    // house lottery
    ...lottery.handlers(),
    // house sportsbook
    ...sportsbook.handlers(),
  };

  // The demo brand's simulated players play through the same handlers as members, and the same wallet.
  const simulatedPlayers = config.HOUSE_DEMO_PLAYERS
    ? new SimulatedPlayers({
        db,
        logger: logger.child({ area: 'demo-players' }),
        paceMs: config.HOUSE_DEMO_PLAYERS_PACE_MS,
        play: (player, play, requestId) => {
          if (play.game === 'house-dice') return handlers.playDice({ player, amount: play.amount, direction: play.direction, target: play.target, requestId });
          if (play.game === 'house-plinko') return handlers.playPlinko({ player, amount: play.amount, rows: play.rows, risk: play.risk, requestId });
          return handlers.spinSlot({ player, game: play.slot, amount: play.amount, requestId });
        },
        balance: async (player) => (await ports.wallet().getBalance(player)).balance,
        topUp: (player, amount, idempotencyKey) => ports.wallet().demoDeposit({ ...player, amount, idempotencyKey }),
      })
    : undefined;

  return {
    name: 'house',
    contract: houseRpc,
    handlers,
    rounds,
    freeRounds,
    wallet,
    // house pvp
    pvp,
    lottery,
    sportsbook,
    async start() {
      // Whatever a restart cut short is finished before new play: the wallet answers idempotently to repeated calls.
      await rounds.recover({ afterRestart: true, olderThanMs: 0 }).catch((error) => logger.warn({ err: error }, 'recovery at start failed'));
      sweep = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        rounds
          .recover({ afterRestart: false, olderThanMs: config.HOUSE_WALLET_TIMEOUT_MS * 2 })
          .catch((error) => logger.warn({ err: error }, 'recovery sweep failed'))
          .finally(() => (sweeping = false));
      }, config.HOUSE_RECOVERY_INTERVAL_MS);
      sweep.unref();
      // house live
      liveRelay.start();
      await live.start();
      // house pvp
      await pvp.start();
      // house lottery
      await lottery.start();
      // house sportsbook: the demo player's history is made once the feed has events.
      await sportsbook.start();
      if (config.SEED_DEMO && config.HOUSE_SPORTSBOOK_FEED === 'simulator') {
        subscriptions.push(
          await consumeBatches(
            { db, bus: context.bus },
            { schema: HOUSE_SCHEMA, group: 'house.sportsbook-demo', type: 'member.registered', relevant: isDemoPlayer, handle: eachEvent(rememberDemoPlayer) },
          ),
        );
      }
      if (simulatedPlayers) {
        subscriptions.push(
          await consumeBatches(
            { db, bus: context.bus },
            { schema: HOUSE_SCHEMA, group: 'house.demo-players', type: 'member.registered', relevant: isSimulatedPlayer, handle: eachEvent(rememberSimulatedPlayer) },
          ),
        );
        simulatedPlayers.start();
      }
      subscriptions.push(
        await consumeBatches(
          { db, bus: context.bus },
          {
            schema: HOUSE_SCHEMA,
            group: FREE_ROUNDS_GROUP,
            type: 'free_rounds.granted',
            handle: (tx, events) =>
              freeRounds.grant(
                tx,
                events.map((event) => event.payload),
              ),
          },
        ),
      );
      freeRoundsSweep = setInterval(() => void freeRounds.expireDue().catch((error) => logger.warn({ err: error }, 'the free rounds expiry sweep failed')), FREE_ROUNDS_SWEEP_MS);
      freeRoundsSweep.unref();
    },
    async stop() {
      if (sweep) clearInterval(sweep);
      if (freeRoundsSweep) clearInterval(freeRoundsSweep);
      await simulatedPlayers?.stop();
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
      // house live
      await live.stop();
      // house pvp
      await pvp.stop();
      // house lottery
      await lottery.stop();
      // house sportsbook
      await sportsbook.stop();
      await liveRelay.stop();
    },
  };
}

/**
 * The house service for a host that reaches the wallet in its own way (the embedded host passes its in-process
 * client); standalone it uses the wallet's internal RPC at WALLET_URL.
 */
export const houseServiceWith = (wallet?: () => RpcClient<WalletRpc>, games?: () => RpcClient<GamesRpc>): ServiceDefinition<HouseRpc, typeof houseEnv> => ({
  name: 'house',
  schema: HOUSE_SCHEMA,
  migrationsDir: houseMigrations,
  defaultPort: 8107,
  env: houseEnv,
  create: (context, config) => {
    let remote: RpcClient<WalletRpc> | undefined;
    const fromConfig = () => {
      if (!config.WALLET_URL || !config.SERVICE_TOKEN) throw new AppError('SERVICE_UNAVAILABLE');
      return (remote ??= createHttpClient('wallet', walletRpc, { baseUrl: config.WALLET_URL, serviceToken: config.SERVICE_TOKEN, timeoutMs: config.HOUSE_WALLET_TIMEOUT_MS }));
    };
    // house lottery: draw reports reach the games service in process (embedded) or at GAMES_URL.
    let gamesRemote: RpcClient<GamesRpc> | undefined;
    const gamesUrl = config.GAMES_URL;
    const gamesFromConfig = gamesUrl && config.SERVICE_TOKEN ? () => (gamesRemote ??= createHttpClient('games', gamesRpc, { baseUrl: gamesUrl, serviceToken: config.SERVICE_TOKEN! })) : undefined;
    const gamesPort = games ?? gamesFromConfig;
    return createHouseService(context, config, { wallet: wallet ?? fromConfig, ...(gamesPort ? { games: gamesPort } : {}) });
  },
});

export const houseService = houseServiceWith();
