import type { Database, EventBus, KeyValueStore, Logger, Outbox, OutboxRelay } from '@wps/platform';
import type { MerchantDirectory } from './infra/merchants.js';
import type { PasswordHasher } from './infra/passwords.js';
import type { IdentityConfig } from './config.js';
import type { Mailer } from './infra/mailer.js';
import type { SmsProvider } from './infra/sms.js';
import type { VerificationCodes } from './features/verification-codes.js';

/** What every identity feature is built from. */
export interface IdentityDeps {
  db: Database;
  bus: EventBus;
  cache: KeyValueStore;
  logger: Logger;
  merchants: MerchantDirectory;
  hasher: PasswordHasher;
  mailer: Mailer;
  sms: SmsProvider;
  /** SMS one-time codes: `sendCode` and `checkCode`, for sign-in, registration, password reset and new-IP checks. */
  verificationCodes: VerificationCodes;
  outbox: Outbox;
  /** The outbox relay, once the service has started; wake it after a commit that wrote events. */
  relay: () => OutboxRelay | undefined;
  config: IdentityConfig;
}

/** The caller's address and browser as the gateway saw them. */
export interface ClientMeta {
  ip: string;
  userAgent?: string;
}
