import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Outbox, type OutboxRelay, type ServiceContext, type ServiceDefinition, type ServiceInstance } from '@wps/platform';
import { identityRpc, type IdentityRpc } from '@wps/contracts';
import { identityEnv, type IdentityConfig } from './config.js';
import { MerchantDirectory } from './infra/merchants.js';
import { PasswordHasher } from './infra/passwords.js';
import { seedDemo } from './infra/seed.js';
import { Sessions } from './features/sessions.js';
import { Registration } from './features/registration.js';
import { Login } from './features/login.js';
import type { IdentityDeps } from './deps.js';
import { getSystemStatus } from './features/system-status.js';
import { PaymentPasswords } from './features/payment-password.js';

export const IDENTITY_SCHEMA = 'identity';
export const identityMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** The composition root of the identity service: brands, members, sessions. */
export async function createIdentityService(context: ServiceContext, config: IdentityConfig): Promise<ServiceInstance<IdentityRpc>> {
  const { db, bus, cache, logger } = context;
  const outbox = new Outbox(IDENTITY_SCHEMA, 'identity');
  const merchants = new MerchantDirectory(db.orm);
  const hasher = new PasswordHasher(config.ARGON2_MEMORY_KIB);
  let relay: OutboxRelay | undefined;
  const deps: IdentityDeps = { db, bus: context.bus, cache, logger, merchants, hasher, outbox, relay: () => relay, config };
  const sessions = new Sessions(deps);
  const registration = new Registration(deps, sessions);
  const login = new Login(deps, sessions);
  const paymentPasswords = new PaymentPasswords({ db, hasher });

  if (config.SEED_DEMO) {
    const { created } = await seedDemo(db, outbox, hasher, config.DEMO_PASSWORD);
    if (created.length) logger.info({ created }, 'demo brand seeded');
    merchants.invalidate();
  }

  return {
    name: 'identity',
    contract: identityRpc,
    handlers: {
      getSystemStatus: (input) => getSystemStatus(merchants, input),
      resolveMerchant: async (input) => {
        const { hosts: _hosts, settings: _settings, ...merchant } = await merchants.resolve(input);
        return merchant;
      },
      // Registration and brand configuration
      register: (input) => registration.register(input),
      // Sign-in
      login: (input) => login.login(input),
      // Sessions, passwords and profile
      authenticate: ({ token }) => sessions.authenticate(token),
      getMemberInfo: ({ memberId }) => sessions.memberInfo(memberId),
      logout: ({ token }) => sessions.logout(token),
      getPaymentPasswordStatus: ({ memberId }) => paymentPasswords.status(memberId),
      setPaymentPassword: (input) => paymentPasswords.set(input),
      verifyPaymentPassword: (input) => paymentPasswords.verify(input),
      findMemberForTransfer: (input) => paymentPasswords.findMemberForTransfer(input),
    },
    async start() {
      relay = outbox.relay(db, bus, logger);
      relay.start();
    },
    async stop() {
      await relay?.stop();
    },
  };
}

export const identityService: ServiceDefinition<IdentityRpc, typeof identityEnv> = {
  name: 'identity',
  schema: IDENTITY_SCHEMA,
  migrationsDir: identityMigrations,
  defaultPort: 8101,
  env: identityEnv,
  create: createIdentityService,
};
