import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, consumeBatches, createHttpClient, eachEvent, Outbox, type OutboxRelay, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { pointsRpc, walletRpc, type PointsRpc, type RpcClient, type RpcHandlers, type WalletRpc } from '@wps/contracts';
import { pointsEnv, type PointsConfig } from './config.js';
import { getPointBalance, openPointAccount } from './features/points/accounts.js';
import type { PointsDeps, PointsModule } from './features/module.js';
import { createPointsMallModule } from './features/points/module.js';
import { createVipModule } from './features/vip/module.js';
import { createMissionsModule } from './features/missions/module.js';
import { createEnvelopesModule } from './features/envelopes/module.js';
import { createRewardsModule } from './features/rewards/module.js';
import { createPromotionsModule } from './features/promotions/module.js';
import { PromotionPayouts } from './features/referral/payouts.js';
import { createReferralModule } from './features/referral/module.js';
import { createRaffleModule } from './features/raffle/module.js';
import { createRebateModule } from './features/rebate/module.js';

export const POINTS_SCHEMA = 'points';
export const pointsMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const OPEN_ACCOUNTS = 'points.open-accounts';
const BETS = 'points.bets';
const DEPOSITS = 'points.deposits';
const SIGN_INS = 'points.sign-ins';
/**
 * Settled bets may wait this long for more to gather into one batch, or until about 64 KiB of them (some 100 bets) are
 * waiting: points, VIP sums, red envelopes, promotions, referrals, raffles and rebates then cost one transaction per
 * batch of bets rather than one per round, and under load the next batch starts as soon as the last one is done
 * instead of waiting out the linger first. Nothing here is watched to the tenth of a second (the live leaderboard reads
 * bets on its own, see the missions module), so the batches are made large: fewer round trips for the database.
 */
const BETS_LINGER_MS = 250;
const BETS_LINGER_BYTES = 64 * 1024;
/** Deposits change nothing a member watches live to the millisecond: they gather for longer. */
const DEPOSITS_LINGER_MS = 500;
/** Balance changes that count as deposits for VIP and missions. */
const DEPOSIT_CAUSES = new Set(['deposit', 'demo_deposit']);

/**
 * The composition root of the points service: loyalty. The points ledger and the points mall, VIP, missions, red
 * envelopes and the reward centre. Settled bets, deposits and sign-ins are read once, in batches, and handed to every
 * part inside the batch's one transaction; missions read settled bets on their own, so the live leaderboard's push does
 * not wait for the rest (see the missions module). Pushes (`loyalty.v1`) and VIP changes (`vip.v1`) go out through one
 * outbox.
 */
export async function createPointsService(
  context: ServiceContext,
  config: PointsConfig,
  ports: { wallet: () => RpcClient<WalletRpc> } = { wallet: walletFromConfig(config) },
): Promise<ServiceInstance<PointsRpc>> {
  const { db, bus } = context;
  const outbox = new Outbox(POINTS_SCHEMA, 'points');
  let relay: OutboxRelay | undefined;
  const deps: PointsDeps = { ...context, config, wallet: ports.wallet, outbox, wakeRelay: () => relay?.wake() };
  const mall = createPointsMallModule(deps);
  const vip = createVipModule(deps);
  const missions = createMissionsModule(deps);
  const envelopes = createEnvelopesModule(deps);
  const rewards = createRewardsModule(deps);
  const promotions = createPromotionsModule(deps);
  const promotionPayouts = new PromotionPayouts(deps);
  const referral = createReferralModule(deps, promotionPayouts);
  const raffle = createRaffleModule(deps, promotionPayouts);
  const rebate = createRebateModule(deps);
  // In this order: points first, then what VIP and missions make of the same events, then what they granted.
  const modules: Array<Omit<PointsModule<never>, 'handlers'>> = [mall, vip, missions, envelopes, rewards, promotions, referral, raffle, rebate];
  const subscriptions: Subscription[] = [];
  const handlers: RpcHandlers<PointsRpc> = {
    getPointBalance: (input) => getPointBalance(db.orm, input),
    ...mall.handlers,
    ...vip.handlers,
    ...missions.handlers,
    ...envelopes.handlers,
    ...rewards.handlers,
    ...promotions.handlers,
    ...referral.handlers,
    ...raffle.handlers,
    ...rebate.handlers,
  };

  return {
    name: 'points',
    contract: pointsRpc,
    handlers,
    async start() {
      relay = outbox.relay(db, bus, context.logger);
      relay.start();
      subscriptions.push(await consumeBatches({ db, bus }, { schema: POINTS_SCHEMA, group: OPEN_ACCOUNTS, type: 'member.registered', handle: eachEvent(openPointAccount) }));
      subscriptions.push(
        await consumeBatches(
          { db, bus },
          {
            schema: POINTS_SCHEMA,
            group: BETS,
            type: 'bet.settled',
            lingerMs: BETS_LINGER_MS,
            lingerBytes: BETS_LINGER_BYTES,
            // A member's bets are on every partition (the topic is keyed by bet): batches in turn, not waiting on each
            // other's locks on the member's points, VIP sums and mission progress.
            oneBatchAtATime: true,
            // Its pushes reach the relay through the outbox's notification at commit (see the missions' bets).
            handle: async (tx, events) => {
              const bets = events.map((event) => event.payload);
              for (const module of modules) await module.onBets?.(tx, bets);
            },
          },
        ),
      );
      subscriptions.push(
        await consumeBatches(
          { db, bus },
          {
            schema: POINTS_SCHEMA,
            group: DEPOSITS,
            type: 'balance.changed',
            lingerMs: DEPOSITS_LINGER_MS,
            // Bets and wins are most of the topic: they open no transaction here.
            relevant: (change) => DEPOSIT_CAUSES.has(change.cause) && change.amountMinor !== undefined && BigInt(change.amountMinor) > 0n,
            handle: async (tx, events) => {
              const deposits = events.map(({ payload, envelope }) => ({
                memberId: payload.memberId,
                merchantCode: payload.merchantCode,
                currency: payload.currency,
                amountMinor: BigInt(payload.amountMinor!),
                at: new Date(envelope.occurredAt),
              }));
              for (const module of modules) await module.onDeposits?.(tx, deposits);
              deps.wakeRelay();
            },
          },
        ),
      );
      subscriptions.push(
        await consumeBatches(
          { db, bus },
          {
            schema: POINTS_SCHEMA,
            group: SIGN_INS,
            type: 'member.signed_in',
            handle: async (tx, events) => {
              const signIns = events.map(({ payload }) => ({ memberId: payload.memberId, merchantCode: payload.merchantCode, at: new Date(payload.signedInAt) }));
              for (const module of modules) await module.onSignIns?.(tx, signIns);
              deps.wakeRelay();
            },
          },
        ),
      );
      for (const module of modules) subscriptions.push(...(await module.start()));
      subscriptions.push(...promotionPayouts.start());
      if (config.SEED_DEMO) for (const module of modules) await module.seedDemo?.();
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
      await relay?.stop();
    },
  };
}

function walletFromConfig(config: PointsConfig): () => RpcClient<WalletRpc> {
  let remote: RpcClient<WalletRpc> | undefined;
  return () => {
    if (!config.WALLET_URL || !config.SERVICE_TOKEN) throw new AppError('SERVICE_UNAVAILABLE');
    return (remote ??= createHttpClient('wallet', walletRpc, { baseUrl: config.WALLET_URL, serviceToken: config.SERVICE_TOKEN }));
  };
}

/**
 * The service for a host that reaches the wallet in its own way (the embedded host passes its in-process client);
 * standalone it uses the wallet's internal RPC at WALLET_URL.
 */
export const pointsServiceWith = (wallet?: () => RpcClient<WalletRpc>): ServiceDefinition<PointsRpc, typeof pointsEnv> => ({
  name: 'points',
  schema: POINTS_SCHEMA,
  migrationsDir: pointsMigrations,
  defaultPort: 8105,
  env: pointsEnv,
  create: (context, config) => createPointsService(context, config, { wallet: wallet ?? walletFromConfig(config) }),
});

export const pointsService = pointsServiceWith();
