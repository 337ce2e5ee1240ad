import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Outbox, type OutboxRelay, type ServiceContext, type ServiceDefinition, type ServiceInstance } from '@wps/platform';
import { identityRpc, type IdentityRpc } from '@wps/contracts';
import { identityEnv, type IdentityConfig } from './config.js';
import { MerchantDirectory } from './infra/merchants.js';
import { PasswordHasher } from './infra/passwords.js';
import { createMailer, type Mailer } from './infra/mailer.js';
import { seedDemo } from './infra/seed.js';
import { createSmsProvider, type SmsProvider } from './infra/sms.js';
import { VerificationCodes } from './features/verification-codes.js';
import { Sessions, systemClock, type Clock } from './features/sessions.js';
import { Passwords } from './features/passwords.js';
import { Profile } from './features/account/profile.js';
import { MemberStatus } from './features/account/member-status.js';
import { loginHistoryOf } from './features/login-history.js';
import { Registration } from './features/registration.js';
import { BrandConfiguration } from './features/brand.js';
import { Login } from './features/login.js';
import type { IdentityDeps } from './deps.js';
import { getSystemStatus } from './features/system-status.js';
import { flagOn } from './domain/merchant-settings.js';
import { PaymentPasswords } from './features/payment-password.js';
import { SecondFactors } from './features/sign-in/second-factors.js';
import { SecondFactorSteps } from './features/sign-in/second-factor-steps.js';
import { TwoFactorAccount } from './features/sign-in/second-factor-account.js';
import { SocialLogin } from './features/sign-in/social-login.js';
import { InvitationLinks } from './features/invitations.js';
import { ReferralLinks } from './features/referral-link.js';
import { membersAfter } from './features/member-directory.js';

export const IDENTITY_SCHEMA = 'identity';
export const identityMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** The identity service, plus its mailer so an embedded host can show the development sink's messages. */
export type IdentityServiceInstance = ServiceInstance<IdentityRpc> & { mailer: Mailer; sms: SmsProvider };

/** What a test may replace: the clock sessions and reset links are judged by. */
export interface IdentityOverrides {
  clock?: Clock;
}

/** The composition root of the identity service: brands, members, sessions. */
export async function createIdentityService(context: ServiceContext, config: IdentityConfig, overrides: IdentityOverrides = {}): Promise<IdentityServiceInstance> {
  const { db, bus, cache, logger } = context;
  const outbox = new Outbox(IDENTITY_SCHEMA, 'identity');
  const merchants = new MerchantDirectory(db.orm);
  const hasher = new PasswordHasher(config.ARGON2_MEMORY_KIB);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const sms = createSmsProvider(config, logger);
  const verificationCodes = new VerificationCodes({ db, cache, logger, config }, sms);
  let relay: OutboxRelay | undefined;
  let sweep: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  const deps: IdentityDeps = { db, bus: context.bus, cache, logger, merchants, hasher, mailer, sms, verificationCodes, outbox, relay: () => relay, config };
  const sessions = new Sessions(deps, overrides.clock ?? systemClock);
  const passwords = new Passwords(deps, sessions);
  const profile = new Profile(deps, sessions);
  const memberStatus = new MemberStatus(deps, sessions);
  const registration = new Registration(deps, sessions);
  const brand = new BrandConfiguration(deps);
  const invitations = new InvitationLinks(deps);
  const referralLinks = new ReferralLinks(deps);
  const paymentPasswords = new PaymentPasswords({ db, hasher });
  // Second factors and social login
  const secondFactors = new SecondFactors(deps);
  const secondFactorSteps = new SecondFactorSteps(deps, sessions, secondFactors);
  const twoFactorAccount = new TwoFactorAccount(deps, secondFactors, secondFactorSteps, sessions);
  const socialLogin = new SocialLogin(deps, sessions, secondFactors);
  // Sign-in (after second factors: every sign-in path asks them before opening a session)
  const login = new Login(deps, sessions, secondFactors);

  if (config.SEED_DEMO) {
    const { created } = await seedDemo(db, outbox, hasher, config.DEMO_PASSWORD);
    if (created.length) logger.info({ created }, 'demo brand seeded');
    merchants.invalidate();
  }

  return {
    name: 'identity',
    contract: identityRpc,
    mailer,
    sms,
    handlers: {
      getSystemStatus: (input) => getSystemStatus(merchants, input),
      resolveMerchant: async (input) => {
        const { hosts: _hosts, settings, ...merchant } = await merchants.resolve(input);
        return { ...merchant, agentPolicy: flagOn(settings, 'AGENTPOLICY3') };
      },
      // Registration and brand configuration
      register: (input) => registration.register(input),
      registerMobile: (input) => registration.registerMobile(input),
      sendRegisterSms: (input) => registration.sendRegisterSms(input),
      checkAffiliateCode: (input) => registration.checkAffiliateCode(input),
      getWhitelabel: (input) => brand.whitelabel(input),
      getRegisterSettings: (input) => brand.registerSettings(input),
      getDomainRoute: (input) => brand.domainRoute(input),
      // Agent centre: invitation links and accounts created directly under an agent
      listInvitationLinks: (input) => invitations.list(input),
      createInvitationLink: (input) => invitations.create(input),
      setInvitationLinkEnabled: (input) => invitations.setEnabled(input),
      deleteInvitationLink: (input) => invitations.remove(input),
      createDownline: (input) => invitations.createDownline(input),
      // A member's own referral link (invite friends)
      referralLink: (input) => referralLinks.link(input),
      operatorGetMerchantSettings: ({ merchantCode }) => brand.operatorSettings(merchantCode),
      operatorUpdateMerchantSettings: (input) => brand.operatorUpdate(input),
      // Sign-in
      login: (input) => login.login(input),
      sendLoginSms: (input) => login.sendLoginSms(input),
      getCaptcha: (input) => login.captcha(input),
      freePlayLogin: (input) => login.freePlay(input),
      unlockMember: (input) => login.unlock(input),
      // Sessions, passwords and profile
      authenticate: ({ token }) => sessions.authenticate(token),
      getMemberInfo: ({ memberId }) => sessions.memberInfo(memberId),
      logout: ({ token }) => sessions.logout(token),
      changePassword: (input) => passwords.change(input),
      requestPasswordResetByEmail: (input) => passwords.requestByEmail(input),
      resetPasswordWithToken: (input) => passwords.resetWithToken(input),
      sendPasswordResetSms: (input) => passwords.sendResetCode(input),
      resetPasswordByPhone: (input) => passwords.resetByPhone(input),
      getLoginHistory: ({ memberId, pageNo, pageSize }) => loginHistoryOf(db.orm, memberId, pageNo, pageSize),
      getMemberIcon: ({ memberId }) => profile.icon(memberId),
      setMemberIcon: ({ memberId, icon }) => profile.setIcon(memberId, icon),
      setMemberLanguage: ({ memberId, language }) => profile.setLanguage(memberId, language),
      setMemberStatus: (input) => memberStatus.set(input),
      getPaymentPasswordStatus: ({ memberId }) => paymentPasswords.status(memberId),
      setPaymentPassword: (input) => paymentPasswords.set(input),
      verifyPaymentPassword: (input) => paymentPasswords.verify(input),
      findMemberForTransfer: (input) => paymentPasswords.findMemberForTransfer(input),
      // Other services' tables of members catch up from here
      listMembersAfter: (input) => membersAfter(db.orm, input),
      // Second factors and social login
      sendLoginVerificationCode: (input) => secondFactorSteps.sendNewIpCode(input),
      verifyNewIpLogin: (input) => secondFactorSteps.verifyNewIp(input),
      verifyTwoFactorLogin: (input) => secondFactorSteps.verifyTwoFactor(input),
      setupTwoFactorAtLogin: (input) => secondFactorSteps.setupAtLogin(input),
      enableTwoFactorAtLogin: (input) => secondFactorSteps.enableAtLogin(input),
      setupTwoFactor: (input) => twoFactorAccount.setup(input),
      enableTwoFactor: (input) => twoFactorAccount.enable(input),
      disableTwoFactor: (input) => twoFactorAccount.disable(input),
      getSecurityOverview: (input) => twoFactorAccount.overview(input),
      listSocialProviders: (input) => socialLogin.providers(input),
      startSocialLogin: (input) => socialLogin.start(input),
      completeSocialLogin: (input) => socialLogin.complete(input),
      exchangeSocialLogin: (input) => socialLogin.exchange(input),
    },
    async start() {
      relay = outbox.relay(db, bus, logger);
      relay.start();
      // Sessions that time out while nobody calls are ended here, so their sockets close on time.
      sweep = setInterval(() => {
        if (sweeping) return;
        sweeping = sessions
          .endTimedOut()
          .catch((error: unknown) => logger.warn({ err: error }, 'timed-out sessions could not be ended'))
          .finally(() => (sweeping = undefined));
      }, config.SESSION_SWEEP_MS);
      sweep.unref();
    },
    async stop() {
      if (sweep) clearInterval(sweep);
      await sweeping;
      await relay?.stop();
      await mailer.close?.();
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
