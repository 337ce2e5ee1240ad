import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { houseRpc, walletRpc, type HouseRpc, type RpcClient, type WalletRpc } from '@wps/contracts';
import { AppError, createHttpClient, type ServiceContext, type ServiceDefinition, type ServiceInstance } from '@wps/platform';
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

export const HOUSE_SCHEMA = 'house';
export const houseMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export interface HousePorts {
  /** The wallet's RPC client; its `vendorCall` is the only one the house uses. */
  wallet: () => RpcClient<WalletRpc>;
}

export interface HouseServiceInstance extends ServiceInstance<HouseRpc> {
  rounds: Rounds;
  wallet: () => HouseWallet;
  // house pvp
  pvp: TeenPattiTables;
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

  // house pvp: its events share the live tables' outbox and relay; its stakes are signed wallet calls of game type PVP.
  const pvp = new TeenPattiTables({
    db,
    outbox: liveOutbox,
    wakeRelay: () => liveRelay.wake(),
    wallet: signedLiveWallet({ vendorCall: (input) => ports.wallet().vendorCall(input), secret: config.HOUSE_VENDOR_SECRET }),
    logger: logger.child({ area: 'pvp' }),
    config,
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
    // house live: its handlers are added here in its own block.
    ...live.handlers(),
    // house pvp
    ...pvp.handlers(),
  };

  return {
    name: 'house',
    contract: houseRpc,
    handlers,
    rounds,
    wallet,
    // house pvp
    pvp,
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
    },
    async stop() {
      if (sweep) clearInterval(sweep);
      // house live
      await live.stop();
      // house pvp
      await pvp.stop();
      await liveRelay.stop();
    },
  };
}

/**
 * The house service for a host that reaches the wallet in its own way (the embedded host passes its in-process
 * client); standalone it uses the wallet's internal RPC at WALLET_URL.
 */
export const houseServiceWith = (wallet?: () => RpcClient<WalletRpc>): ServiceDefinition<HouseRpc, typeof houseEnv> => ({
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
    return createHouseService(context, config, { wallet: wallet ?? fromConfig });
  },
});

export const houseService = houseServiceWith();
