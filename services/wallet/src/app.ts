import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumeBatches, createHttpClient, eachEvent, Outbox, type OutboxRelay, type ServiceContext, type ServiceDefinition, type ServiceInstance, type Subscription } from '@wps/platform';
import { identityRpc, walletRpc, type WalletRpc } from '@wps/contracts';
import { walletEnv, type WalletConfig } from './config.js';
import { MemberMoney } from './features/money.js';
import { VendorWallet } from './features/vendor/vendor-wallet.js';
import type { Clock, PaymentsDeps } from './features/payments/deps.js';
import { startAutoConfirmSweep } from './features/payments/auto-confirm-withdrawals.js';
import { paymentHandlers } from './features/payments/handlers.js';
import { BetRecord } from './features/bet-record.js';
import { TransferVendorMoney } from './features/transfer-vendors.js';
import { Jackpot } from './features/jackpot.js';
import { AgentPayouts, LOYALTY_PAYOUTS } from './features/agent-payouts.js';
import { memberBalances } from './features/balances.js';
import { Bonuses, startBonusExpirySweep } from './features/bonuses.js';
import { startMemberDirectoryBackfill, type IdentityMembers } from './features/member-directory-backfill.js';

export const WALLET_SCHEMA = 'wallet';
export const walletMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** The composition root of the wallet: the ledger, member money, and the consumers that open accounts. */
export async function createWalletService(
  context: ServiceContext,
  config: WalletConfig,
  clock: Clock = () => new Date(),
  ports: { identity?: IdentityMembers } = { identity: identityFromConfig(config) },
): Promise<ServiceInstance<WalletRpc>> {
  const { db, bus, logger } = context;
  const outbox = new Outbox(WALLET_SCHEMA, 'wallet');
  let relay: OutboxRelay | undefined;
  const money = new MemberMoney({ db, outbox, relay: () => relay, config });
  const vendors = new VendorWallet({ db, outbox, relay: () => relay, config, logger });
  const payments: PaymentsDeps = { db, outbox, relay: () => relay, config, clock, bonuses: () => bonuses };
  const betRecord = new BetRecord({ db });
  const transferVendors = new TransferVendorMoney({ db, outbox, relay: () => relay });
  const jackpot = new Jackpot({ db, outbox, config });
  const bonuses = new Bonuses({ db, outbox, relay: () => relay, logger });
  let autoConfirm: { stop(): Promise<void> } | undefined;
  let bonusExpiry: { stop(): Promise<void> } | undefined;
  const subscriptions: Subscription[] = [];

  return {
    name: 'wallet',
    contract: walletRpc,
    handlers: {
      getBalance: (input) => money.balance(input),
      getBalances: (input) => memberBalances(db.orm, input),
      demoDeposit: (input) => money.demoDeposit(input),
      ledgerCheck: () => money.ledgerCheck(),
      vendorCall: (input) => vendors.call(input),
      houseBalance: (input) => vendors.houseBalance(input),
      listRounds: (input) => betRecord.list(input),
      ...paymentHandlers(payments),
      vendorTransfer: (input) => transferVendors.transfer(input),
      jackpotPool: (input) => jackpot.pool(input),
      payAgentCommission: (input) => new AgentPayouts({ db, outbox, relay: () => relay }).pay(input),
      grantBonus: (input) => bonuses.grant(input),
      listBonuses: (input) => bonuses.list(input),
      activeBonus: (input) => bonuses.active(input),
      forfeitBonus: (input) => bonuses.forfeit(input),
      operatorGrantBonus: (input) => bonuses.operatorGrant(input),
      operatorListBonuses: (input) => bonuses.operatorList(input),
      payLoyalty: async ({ memberId, cause, ...input }) => {
        const paid = await new AgentPayouts({ db, outbox, relay: () => relay }, LOYALTY_PAYOUTS).pay({ ...input, payerMemberId: null, payeeMemberId: memberId, allowPartial: false }, cause);
        return { transactionId: paid.transactionId!, amountMinor: paid.paidMinor };
      },
    },
    async start() {
      await vendors.provisionVendors();
      relay = outbox.relay(db, bus, logger);
      relay.start();
      autoConfirm = startAutoConfirmSweep(payments, config.WALLET_WITHDRAWAL_SWEEP_MS, logger);
      bonusExpiry = startBonusExpirySweep(bonuses, config.WALLET_BONUS_SWEEP_MS, logger);
      subscriptions.push(
        await consumeBatches(
          { db, bus },
          {
            schema: WALLET_SCHEMA,
            group: 'wallet.open-accounts',
            type: 'member.registered',
            handle: eachEvent((tx, member) => money.openMemberAccount(tx, member.merchantCode, member.memberId, member.currency)),
          },
        ),
        await consumeBatches({ db, bus }, { schema: WALLET_SCHEMA, group: 'wallet.member-directory', type: 'member.registered', handle: eachEvent((tx, member) => vendors.recordMember(tx, member)) }),
        // Members whose registration never reached the directory are filled in from identity, in the background.
        startMemberDirectoryBackfill({ db, logger, identity: ports.identity }),
        await consumeBatches(
          { db, bus },
          {
            schema: WALLET_SCHEMA,
            group: 'wallet.jackpot',
            type: 'bet.settled',
            relevant: jackpot.eligible,
            // Every eligible bet moves money into the brand's one pool account: the partitions' batches in one
            // transaction, not four waiting on each other's lock of the pool. The pool may show a tenth of a second late.
            lingerMs: 100,
            oneBatchAtATime: true,
            handle: (tx, events) =>
              jackpot.recordSettledBets(
                tx,
                events.map((event) => event.payload),
              ),
          },
        ),
        await consumeBatches(
          { db, bus },
          {
            schema: WALLET_SCHEMA,
            group: 'wallet.wagering',
            type: 'bet.settled',
            // Only bets settled while the member had a bonus wagering open a transaction here.
            relevant: (bet) => bet.bonusId !== undefined,
            // Progress may show a tenth of a second late; each batch costs one transaction whatever its size.
            lingerMs: 100,
            // A member's bets are on every partition (keyed by bet): batches in turn, not waiting on each other's lock of the bonus.
            oneBatchAtATime: true,
            handle: async (tx, events) => {
              await bonuses.recordSettledBets(
                tx,
                events.map((event) => event.payload),
              );
              relay?.wake();
            },
          },
        ),
      );
    },
    async stop() {
      await autoConfirm?.stop();
      await bonusExpiry?.stop();
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
      await relay?.stop();
    },
  };
}

/** Identity's internal RPC at IDENTITY_URL (cluster mode); none without it. */
function identityFromConfig(config: WalletConfig): IdentityMembers | undefined {
  if (!config.IDENTITY_URL || !config.SERVICE_TOKEN) return undefined;
  const identity = createHttpClient('identity', identityRpc, { baseUrl: config.IDENTITY_URL, serviceToken: config.SERVICE_TOKEN });
  return () => identity;
}

/** The service for a host that reaches identity in its own way (the embedded host passes its in-process client). */
export const walletServiceWith = (identity?: IdentityMembers): ServiceDefinition<WalletRpc, typeof walletEnv> => ({
  name: 'wallet',
  schema: WALLET_SCHEMA,
  migrationsDir: walletMigrations,
  defaultPort: 8102,
  env: walletEnv,
  create: (context, config) => createWalletService(context, config, undefined, { identity: identity ?? identityFromConfig(config) }),
});

export const walletService = walletServiceWith();
