import type { BetSettled, PointsRpc, RpcClient, RpcHandlers, WalletRpc } from '@wps/contracts';
import type { Executor, Outbox, ServiceContext, Subscription } from '@wps/platform';
import type { PointsConfig } from '../config.js';

/** What every part of the points service is built from. */
export interface PointsDeps extends ServiceContext {
  config: PointsConfig;
  /** The wallet's operations (loyalty payouts); in process when embedded, over HTTP in a cluster. */
  wallet: () => RpcClient<WalletRpc>;
  /** The service's one outbox (`loyalty.v1`: pushes for the gateways; `vip.v1`: VIP changes), relayed by the composition root. */
  outbox: Outbox;
  /** Tells the relay that events were committed, so pushes go out at once. */
  wakeRelay(): void;
}

/** A deposit credited to a member (a real deposit or demo funds), as the wallet announced it. */
export interface CreditedDeposit {
  memberId: string;
  merchantCode: string;
  currency: string;
  amountMinor: bigint;
  at: Date;
}

/** A member signed in (a session was opened). */
export interface SignIn {
  memberId: string;
  merchantCode: string;
  at: Date;
}

/**
 * One part of the service (points mall, VIP, missions, red envelopes, reward centre): the operations it answers, the
 * consumers and timers it runs while the service is up, and what it does with the events the service reads once for
 * all parts. Each `on…` runs inside the batch's one transaction, after the parts before it; it must be set-based and
 * idempotent per event (a redelivered batch is skipped by the inbox, but a bet arrives again with each revision).
 */
export interface PointsModule<M extends keyof RpcHandlers<PointsRpc>> {
  handlers: Pick<RpcHandlers<PointsRpc>, M>;
  start(): Promise<Subscription[]>;
  /** Settled bets (every revision; keep the highest seen per bet). */
  onBets?(tx: Executor, bets: readonly BetSettled[]): Promise<void>;
  /** Deposits credited. */
  onDeposits?(tx: Executor, deposits: readonly CreditedDeposit[]): Promise<void>;
  /** Sign-ins. */
  onSignIns?(tx: Executor, signIns: readonly SignIn[]): Promise<void>;
  /** Fills the demo brand's part of the programme (SEED_DEMO); idempotent, runs at every start. */
  seedDemo?(): Promise<void>;
}
