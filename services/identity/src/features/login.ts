import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows } from '@wps/platform';
import { isAgentType, MEMBER_TYPE, type SignInResult } from '@wps/contracts';
import { usernameKey } from '../domain/registration.js';
import { newSessionToken } from '../domain/session-token.js';
import type { MerchantRecord } from '../infra/merchants.js';
import type { MemberRow } from '../infra/members.js';
import type { ClientMeta, IdentityDeps } from '../deps.js';
import type { Sessions } from './sessions.js';
import { recordLogin } from './login-history.js';
import { recordSecurityEvent } from './security-events.js';
import { normalisePhone } from './verification-codes.js';
import { CaptchaChallenges } from './sign-in/captcha-challenges.js';
import { SignInFailures } from './sign-in/lockout.js';
import type { FirstFactor, SecondFactors } from './sign-in/second-factors.js';
import { passwordFailsPolicy } from './passwords-policy.js';

/** Account types that may sign in to the player site: members, agents and trial accounts. */
const LOGIN_TYPES = new Set<number>([0, 1, 2, 4, 41, 42]);

/** Trial accounts have no password: this can never be the result of hashing one, so a password sign-in always fails. */
const NO_PASSWORD = '!no-password';

/** The longest progressive delay a sign-in waits out on the server; a longer one is answered 429 with the time left. */
const MAX_SERVED_WAIT_MS = 2_000;

type SignInRow = MemberRow & { locked_until: Date | string | null; brand_default_password: string | null; register_method: string | null };

export interface LoginInput extends ClientMeta {
  merchantCode?: string;
  host?: string;
  username: string;
  password: string;
  type?: 'username' | 'sms';
  captcha?: string;
  captchaKey?: string;
  countryDialingCode?: string;
  area?: 'player' | 'agent';
}

/** Every way to sign in: username and password, SMS code, free play, and the agent area. */
export class Login {
  readonly captchas: CaptchaChallenges;
  private readonly failures: SignInFailures;

  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
    private readonly secondFactors?: Pick<SecondFactors, 'challenge'>,
  ) {
    this.captchas = new CaptchaChallenges(deps);
    this.failures = new SignInFailures(deps.cache, deps.config);
  }

  async login(input: LoginInput): Promise<SignInResult> {
    const merchant = await this.deps.merchants.resolve(input);
    if (input.type === 'sms') return this.loginWithSmsCode(merchant, input);
    const username = input.username.trim();
    if (!username) throw new AppError('INPUT_EMPTY', { field: 'username' });
    if (!input.password) throw new AppError('INPUT_EMPTY', { field: 'password' });
    await this.limitAddress(merchant, input.ip);
    const accountKey = usernameKey(username).slice(0, 100);

    const lockedFor = await this.failures.lockedFor(merchant.code, accountKey);
    if (lockedFor > 0) throw new AppError('ACCOUNT_LOCKED', { value: { retryAfterSeconds: lockedFor } });
    const pressure = await this.failures.pressure(merchant.code, accountKey, input.ip);
    // The progressive delay: a short wait is served here, a longer one is refused with the time left.
    if (pressure.waitMs > MAX_SERVED_WAIT_MS) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: Math.ceil(pressure.waitMs / 1000) } });
    if (pressure.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, pressure.waitMs));
    if (pressure.captcha) await this.requireCaptcha(merchant, input);

    const [member] = await rows<SignInRow>(
      this.deps.db.orm,
      sql`SELECT m.*, mc.settings->'signIn'->>'defaultPassword' AS brand_default_password
          FROM identity.members m JOIN identity.merchants mc ON mc.code = m.merchant_code
          WHERE m.merchant_code = ${merchant.code} AND m.username_key = ${accountKey}`,
    );
    if (member?.locked_until && new Date(member.locked_until).getTime() > Date.now()) {
      throw new AppError('ACCOUNT_LOCKED', { value: { retryAfterSeconds: Math.ceil((new Date(member.locked_until).getTime() - Date.now()) / 1000) } });
    }
    const passwordOk = member ? await this.deps.hasher.verify(member.password_hash, input.password) : await this.deps.hasher.verifyAgainstDummy(input.password);
    if (!member || !passwordOk) {
      // Both cases take the same path with the same writes, so neither the answer nor its timing tells them apart.
      const { failures, locked, captcha, alarmRaised } = await this.failures.fail(merchant.code, accountKey, input.ip);
      const reason = member ? 'wrong-password' : 'unknown-user';
      await this.deps.db.transaction(async (tx) => {
        await recordLogin(tx, merchant.code, member?.id ?? null, username, false, reason, input);
        await recordSecurityEvent(tx, {
          merchantCode: merchant.code,
          memberId: member?.id ?? null,
          kind: 'login-failed',
          ip: input.ip,
          userAgent: input.userAgent,
          detail: { reason, failures, area: input.area ?? 'player' },
        });
        if (alarmRaised) {
          this.deps.logger.warn(
            { merchantCode: merchant.code, threshold: this.deps.config.LOGIN_BRAND_FAILURES_PER_MINUTE_ALARM },
            'sign-in failure spike: every sign-in of the brand needs a captcha for a while',
          );
          await recordSecurityEvent(tx, {
            merchantCode: merchant.code,
            memberId: null,
            kind: 'login-failure-spike',
            ip: input.ip,
            userAgent: input.userAgent,
            detail: { perMinute: this.deps.config.LOGIN_BRAND_FAILURES_PER_MINUTE_ALARM, captchaMinutes: this.deps.config.LOGIN_BRAND_ALARM_MINUTES },
          });
        }
        if (locked) {
          if (member) await this.failures.persistLock(tx, member.id);
          await recordSecurityEvent(tx, {
            merchantCode: merchant.code,
            memberId: member?.id ?? null,
            kind: 'login-locked',
            ip: input.ip,
            userAgent: input.userAgent,
            detail: { failures, minutes: this.deps.config.LOGIN_LOCKOUT_MINUTES },
          });
        }
      });
      throw new AppError('LOGIN_FAILED', { value: { captcha } });
    }
    await this.checkAccount(merchant, member, input);
    await this.failures.clear(merchant.code, accountKey);
    return this.finish(merchant, member, input, 'password', await this.mustChangePassword(merchant, member, input.password));
  }

  /** Spec section 3: for type 'sms' the username is the mobile number and the password the code sent to it. */
  private async loginWithSmsCode(merchant: MerchantRecord, input: LoginInput): Promise<SignInResult> {
    if (!merchant.settings.whitelabel.MOBILEVERCODELOGIN3) throw new AppError('SMS_LOGIN_DISABLED');
    if (!input.username.trim()) throw new AppError('INPUT_EMPTY', { field: 'mobileNum' });
    const phone = normalisePhone({ countryDialingCode: input.countryDialingCode, mobile: input.username.trim() });
    if (!input.password.trim()) throw new AppError('INPUT_EMPTY', { field: 'verificationCode' });
    await this.limitAddress(merchant, input.ip);
    try {
      await this.deps.verificationCodes.checkCode({ merchantCode: merchant.code, purpose: 'login', ...phone, code: input.password });
    } catch (error) {
      const member = await this.memberByPhone(merchant, phone);
      await recordSecurityEvent(this.deps.db.orm, {
        merchantCode: merchant.code,
        memberId: member?.id ?? null,
        kind: 'sms-code-failed',
        ip: input.ip,
        userAgent: input.userAgent,
        detail: { purpose: 'login' },
      });
      throw error;
    }
    const member = await this.memberByPhone(merchant, phone);
    // Codes are only sent to members' phones, so this means the number changed hands between sending and signing in.
    if (!member) throw new AppError('VERIFICATION_CODE_INVALID', { field: 'verificationCode' });
    await this.checkAccount(merchant, member, input);
    return this.finish(merchant, member, input, 'sms', false);
  }

  /** /wps/verification/sms/noLogin: the same answer whether or not the number is a member's. */
  async sendLoginSms(input: { merchantCode?: string; host?: string; mobileNum: string; countryDialingCode?: string; language?: 'EN' | 'ES' } & ClientMeta): Promise<{ expiredMinutes: number }> {
    const merchant = await this.deps.merchants.resolve(input);
    if (!merchant.settings.whitelabel.MOBILEVERCODELOGIN3) throw new AppError('SMS_LOGIN_DISABLED');
    const phone = normalisePhone({ countryDialingCode: input.countryDialingCode, mobile: input.mobileNum.trim() });
    const member = await this.memberByPhone(merchant, phone);
    const canSignIn = Boolean(member && member.status === 'active' && LOGIN_TYPES.has(member.type));
    return this.deps.verificationCodes.sendCode({ merchantCode: merchant.code, purpose: 'login', ...phone, ip: input.ip, language: input.language, deliver: canSignIn });
  }

  async captcha(input: { merchantCode?: string; host?: string; key: string } & ClientMeta): Promise<{ image: string }> {
    const merchant = await this.deps.merchants.resolve(input);
    return this.captchas.issue(merchant.code, input.key, input.ip);
  }

  /** Spec section 6: a fresh trial account (type 4) per call, under a generated name, for brands with FREEPLAY3. */
  async freePlay(input: { merchantCode?: string; host?: string } & ClientMeta): Promise<SignInResult> {
    const merchant = await this.deps.merchants.resolve(input);
    if (!merchant.settings.whitelabel.FREEPLAY3) throw new AppError('TRIAL_LOGIN_DISABLED');
    const limit = await checkRateLimit(this.deps.cache, { name: 'freeplay:ip', limit: this.deps.config.TRIAL_LOGINS_PER_IP_PER_HOUR, windowMs: 3_600_000 }, `${merchant.code}:${input.ip}`);
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });
    const token = newSessionToken();
    const result = await this.deps.db.transaction(async (tx) => {
      let member: MemberRow | undefined;
      // 40 random bits: a clash is rare enough that retrying a few times always finds a free name.
      for (let attempt = 0; attempt < 5 && !member; attempt++) {
        const username = `guest${randomBytes(5).readUIntBE(0, 5).toString(36).padStart(8, '0')}`;
        [member] = await rows<MemberRow>(
          tx,
          sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, register_method, register_ip)
              VALUES (${merchant.code}, ${username}, ${usernameKey(username)}, ${username}, ${MEMBER_TYPE.TRIAL}, ${NO_PASSWORD}, 'FREEPLAY', ${input.ip})
              ON CONFLICT (merchant_code, username_key) DO NOTHING RETURNING *`,
        );
      }
      if (!member) throw new AppError('SERVICE_UNAVAILABLE');
      await this.deps.outbox.add(tx, 'member.registered', member.id, {
        memberId: member.id,
        merchantCode: merchant.code,
        account: member.username,
        type: member.type,
        currency: merchant.currency,
        uplineId: null,
        registeredAt: new Date().toISOString(),
      });
      return this.sessions.open(tx, merchant, member, token, input);
    });
    this.deps.relay()?.wake();
    return { ...result, mustChangePassword: false };
  }

  /** Operator action: lifts a lockout before it runs out. */
  async unlock(input: { memberId: string; operator: string }): Promise<{ memberId: string; wasLocked: boolean }> {
    if (!/^\d{1,18}$/.test(input.memberId)) throw new AppError('NOT_FOUND');
    const [member] = await rows<{ id: string; merchant_code: string; username_key: string; locked: boolean }>(
      this.deps.db.orm,
      sql`SELECT id, merchant_code, username_key, coalesce(locked_until > now(), false) AS locked FROM identity.members WHERE id = ${input.memberId}`,
    );
    if (!member) throw new AppError('NOT_FOUND');
    const wasLocked = member.locked || (await this.failures.lockedFor(member.merchant_code, member.username_key)) > 0;
    await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE identity.members SET locked_until = NULL WHERE id = ${member.id}`);
      await recordSecurityEvent(tx, { merchantCode: member.merchant_code, memberId: member.id, kind: 'account-unlocked', detail: { operator: input.operator, wasLocked } });
    });
    await this.failures.clear(member.merchant_code, member.username_key);
    return { memberId: member.id, wasLocked };
  }

  private async limitAddress(merchant: MerchantRecord, ip: string): Promise<void> {
    const limit = await checkRateLimit(this.deps.cache, { name: 'login:ip', limit: this.deps.config.LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, windowMs: 60_000 }, `${merchant.code}:${ip}`);
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });
  }

  private async requireCaptcha(merchant: MerchantRecord, input: LoginInput): Promise<void> {
    const answer = input.captcha?.trim() ?? '';
    if (!answer) throw new AppError('CAPTCHA_REQUIRED', { field: 'captcha', value: { captcha: true } });
    if (await this.captchas.solve(merchant.code, input.captchaKey, answer)) return;
    await recordSecurityEvent(this.deps.db.orm, {
      merchantCode: merchant.code,
      memberId: null,
      kind: 'captcha-failed',
      ip: input.ip,
      userAgent: input.userAgent,
      detail: { username: input.username.trim().slice(0, 100) },
    });
    throw new AppError('CAPTCHA_INVALID', { field: 'captcha', value: { captcha: true } });
  }

  /** The checks after the member proved who they are; their answers may say more, since the caller is the member. */
  private async checkAccount(merchant: MerchantRecord, member: MemberRow, input: LoginInput): Promise<void> {
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (!LOGIN_TYPES.has(member.type)) throw new AppError('NON_MEMBER_LOGIN');
    if (input.area === 'agent' && !isAgentType(member.type)) {
      await recordSecurityEvent(this.deps.db.orm, { merchantCode: merchant.code, memberId: member.id, kind: 'agent-area-refused', ip: input.ip, userAgent: input.userAgent });
      throw new AppError('AGENT_LOGIN_ONLY');
    }
  }

  /**
   * Spec section 4: the default password, or an expired one where the brand enforces expiry, must be changed first; so
   * must one today's policy refuses (set before the policy or its list grew). The seeded demo accounts keep their
   * documented password.
   */
  private async mustChangePassword(merchant: MerchantRecord, member: SignInRow, password: string): Promise<boolean> {
    const defaultPassword = member.brand_default_password || this.deps.config.DEFAULT_MEMBER_PASSWORD;
    if (defaultPassword && password === defaultPassword) return true;
    if (member.register_method !== 'SEED' && (await passwordFailsPolicy(password, member.username, merchant.settings.registration.password))) return true;
    return Boolean(merchant.settings.whitelabel.PWDEXPFORCECHANGE3) && passwordExpired(merchant, member);
  }

  private async finish(merchant: MerchantRecord, member: MemberRow, meta: ClientMeta, method: FirstFactor, mustChangePassword: boolean): Promise<SignInResult> {
    const challenge = await this.secondFactors?.challenge({ merchant, member, meta, method, mustChangePassword });
    if (challenge) return { ...challenge, mustChangePassword };
    const result = await this.deps.db.transaction((tx) => this.sessions.open(tx, merchant, member, newSessionToken(), meta));
    // On a single-session brand the login may have ended older sessions: their event should not wait for the next poll.
    this.deps.relay()?.wake();
    return { ...result, mustChangePassword };
  }

  private async memberByPhone(merchant: MerchantRecord, phone: { countryDialingCode: string; mobile: string }): Promise<MemberRow | undefined> {
    const [member] = await rows<MemberRow>(
      this.deps.db.orm,
      sql`SELECT * FROM identity.members
          WHERE merchant_code = ${merchant.code} AND mobile_num IS NOT NULL
            AND regexp_replace(mobile_num, '\\D', '', 'g') = ${phone.mobile}
            AND (country_dialing_code IS NULL OR regexp_replace(country_dialing_code, '\\D', '', 'g') = ${phone.countryDialingCode})
          ORDER BY (status = 'active') DESC, id LIMIT 1`,
    );
    return member;
  }
}

export function passwordExpired(merchant: MerchantRecord, member: MemberRow): boolean {
  const maxAgeDays = merchant.settings.passwordMaxAgeDays;
  return maxAgeDays > 0 && Date.now() - new Date(member.password_changed_at).getTime() > maxAgeDays * 86_400_000;
}
