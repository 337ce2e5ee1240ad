import type { Database, Outbox, OutboxRelay } from '@wps/platform';
import type { WalletConfig } from '../../config.js';
import type { Bonuses } from '../bonuses.js';

export type Clock = () => Date;

/** What the payment use cases may touch; each one picks the parts it needs, so its signature says what it does. */
export interface PaymentsDeps {
  db: Database;
  outbox: Outbox;
  relay: () => OutboxRelay | undefined;
  config: WalletConfig;
  clock: Clock;
  /** Bonus money: a withdrawal while a bonus is wagering forfeits it, once the member confirms. */
  bonuses?: () => Bonuses;
}

/** The member a request is made for; the gateway takes all three from the session. */
export interface MemberRef {
  merchantCode: string;
  memberId: string;
  currency: string;
}

/** Messages written in a committed transaction go out now instead of at the relay's next poll. */
export const wakeRelay = (deps: Pick<PaymentsDeps, 'relay'>): void => deps.relay()?.wake();
