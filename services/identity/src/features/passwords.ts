import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows, type Executor } from '@wps/platform';
import { usernameKey } from '../domain/registration.js';
import type { MerchantRecord } from '../infra/merchants.js';
import type { MemberRow } from '../infra/members.js';
import type { ClientMeta, IdentityDeps } from '../deps.js';
import { normalisePhone } from './verification-codes.js';
import { recordSecurityEvent } from './security-events.js';
import { checkNewPassword } from './passwords-policy.js';
import type { Sessions } from './sessions.js';
import { passwordResetMail } from './passwords-mail.js';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
const MEMBER_ID = /^\d{1,18}$/;
/** 256 random bits: far beyond guessing, and only its digest is stored. */
const newResetToken = (): string => randomBytes(32).toString('base64url');
const hashResetToken = (token: string): Buffer => createHash('sha256').update(token).digest();

type Member = MemberRow & { email: string | null; language: string | null; mobile_num: string | null; country_dialing_code: string | null };

/** Changing a known password, and recovering a forgotten one by an e-mailed link or an SMS code. */
export class Passwords {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
  ) {}

  /** The member's own change: every other session ends, the one making the change goes on. */
  async change(input: { memberId: string; token: string; oldPassword: string; newPassword: string; confirmNewPassword: string } & ClientMeta): Promise<{ endedTokenHashes: string[] }> {
    const member = await this.member(input.memberId);
    const merchant = await this.deps.merchants.byCode(member.merchant_code);
    if (!input.oldPassword) throw new AppError('INPUT_EMPTY', { field: 'oldPassword' });
    await checkNewPassword({ ...input, username: member.username, rule: merchant.settings.registration.password });
    const failureKey = `password-change-failures:${member.id}`;
    const failures = Number((await this.deps.cache.get(failureKey)) ?? 0);
    if (failures >= this.deps.config.PASSWORD_CHANGE_FAILURES_PER_MEMBER) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: 900 } });
    if (!(await this.deps.hasher.verify(member.password_hash, input.oldPassword))) {
      await this.deps.cache.incrementWindow(failureKey, 900_000);
      throw new AppError('OLD_PASSWORD_WRONG', { field: 'oldPassword' });
    }
    if (input.newPassword === input.oldPassword) throw new AppError('PASSWORD_UNCHANGED', { field: 'newPassword' });
    await this.deps.cache.delete(failureKey);
    const passwordHash = await this.deps.hasher.hash(input.newPassword);
    const endedTokenHashes = await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE identity.members SET password_hash = ${passwordHash}, password_changed_at = ${this.sessions.now().toISOString()}::timestamptz WHERE id = ${member.id}`);
      await recordSecurityEvent(tx, { merchantCode: merchant.code, memberId: member.id, kind: 'password-changed', ip: input.ip, userAgent: input.userAgent });
      // A reset link mailed before the change must not undo it.
      await tx.execute(sql`UPDATE identity.password_resets SET used_at = ${this.sessions.now().toISOString()}::timestamptz WHERE member_id = ${member.id} AND used_at IS NULL`);
      const ended = await this.sessions.endAllOf(tx, { memberId: member.id, merchantCode: merchant.code, reason: 'password-changed', keepToken: input.token });
      if (ended.length)
        await recordSecurityEvent(tx, { merchantCode: merchant.code, memberId: member.id, kind: 'sessions-ended', ip: input.ip, detail: { reason: 'password-changed', count: ended.length } });
      return ended;
    });
    this.deps.relay()?.wake();
    return { endedTokenHashes };
  }

  /**
   * Sends a single-use reset link when the username and e-mail belong to one active member. The answer, and the time
   * it takes, do not depend on whether they did: the mail goes out after the answer.
   */
  async requestByEmail(input: { merchantCode?: string; host?: string; origin?: string; username: string; email: string } & ClientMeta): Promise<{ accepted: true }> {
    const merchant = await this.deps.merchants.resolve(input);
    if (!merchant.settings.whitelabel.CHNGPASSMAIL3) throw new AppError('FEATURE_DISABLED');
    const username = input.username.trim();
    const email = input.email.trim();
    if (!username) throw new AppError('INPUT_EMPTY', { field: 'username' });
    if (!email) throw new AppError('INPUT_EMPTY', { field: 'email' });
    if (!EMAIL.test(email)) throw new AppError('EMAIL_FORMAT', { field: 'email' });
    const perIp = await checkRateLimit(
      this.deps.cache,
      { name: 'password-reset:ip', limit: this.deps.config.PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR, windowMs: 3_600_000 },
      `${merchant.code}:${input.ip}`,
    );
    if (!perIp.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: perIp.retryAfterSeconds } });
    // Counted per account name whether or not it exists, so the limit itself tells nothing.
    const perAccount = await checkRateLimit(this.deps.cache, { name: 'password-reset:account', limit: 5, windowMs: 3_600_000 }, `${merchant.code}:${usernameKey(username)}`);
    if (!perAccount.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: perAccount.retryAfterSeconds } });

    const [member] = await rows<Member>(
      this.deps.db.orm,
      sql`SELECT * FROM identity.members
          WHERE merchant_code = ${merchant.code} AND username_key = ${usernameKey(username)} AND lower(email) = ${email.toLowerCase()} AND status = 'active'`,
    );
    const linkBase = this.linkBase(merchant, input.origin);
    if (member && linkBase) {
      // Issued after the answer, so a match takes no longer to answer than a miss.
      void this.issueResetLink(merchant, member, email, linkBase, input).catch((error: unknown) =>
        this.deps.logger.error({ err: error, memberId: member.id }, 'password reset link could not be issued or mailed'),
      );
    } else if (member) {
      this.deps.logger.warn({ merchant: merchant.code }, 'password reset asked for, but no trusted site address is known: set the brand main domain or PUBLIC_WEB_URL');
    }
    return { accepted: true };
  }

  private async issueResetLink(merchant: MerchantRecord, member: Member, email: string, linkBase: string, meta: ClientMeta): Promise<void> {
    const token = newResetToken();
    const now = this.sessions.now();
    const expiresAt = new Date(now.getTime() + this.deps.config.PASSWORD_RESET_TTL_MINUTES * 60_000);
    await this.deps.db.transaction(async (tx) => {
      // Only the newest link works: asking again retires the ones sent before.
      await tx.execute(sql`UPDATE identity.password_resets SET used_at = ${now.toISOString()}::timestamptz WHERE member_id = ${member.id} AND used_at IS NULL`);
      await tx.execute(sql`
        INSERT INTO identity.password_resets (token_hash, member_id, created_at, expires_at, requested_ip)
        VALUES (${hashResetToken(token)}, ${member.id}, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz, ${meta.ip})`);
      await recordSecurityEvent(tx, { merchantCode: merchant.code, memberId: member.id, kind: 'password-reset-requested', ip: meta.ip, userAgent: meta.userAgent, detail: { channel: 'email' } });
    });
    const link = `${linkBase}/reset-password?token=${encodeURIComponent(token)}`;
    const language = member.language === 'EN' || (!member.language && merchant.defaultLanguage === 'EN') ? 'EN' : 'ES';
    const mail = passwordResetMail({ language, brand: merchant.name, account: member.username, link, minutes: this.deps.config.PASSWORD_RESET_TTL_MINUTES });
    await this.deps.mailer.send({ to: email, ...mail });
  }

  /** Spends a reset link: sets the new password and ends every session of the member. */
  async resetWithToken(input: { token: string; newPassword: string; confirmNewPassword: string } & ClientMeta): Promise<{ account: string; endedTokenHashes: string[] }> {
    const token = input.token.trim();
    if (!token || token.length > 200) throw new AppError('RESET_LINK_INVALID', { field: 'token' });
    const now = this.sessions.now();
    const open = async () =>
      (
        await rows<{ member_id: string }>(
          this.deps.db.orm,
          sql`SELECT member_id FROM identity.password_resets WHERE token_hash = ${hashResetToken(token)} AND used_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz`,
        )
      )[0];
    const reset = await open();
    if (!reset) throw new AppError('RESET_LINK_INVALID', { field: 'token' });
    const member = await this.member(reset.member_id);
    const merchant = await this.deps.merchants.byCode(member.merchant_code);
    await checkNewPassword({ ...input, username: member.username, rule: merchant.settings.registration.password });
    const passwordHash = await this.deps.hasher.hash(input.newPassword);
    const endedTokenHashes = await this.deps.db.transaction(async (tx) => {
      // Claimed under the same transaction as the change: of two concurrent uses of one link only one succeeds.
      const claimed = await rows<{ member_id: string }>(
        tx,
        sql`UPDATE identity.password_resets SET used_at = ${now.toISOString()}::timestamptz
            WHERE token_hash = ${hashResetToken(token)} AND used_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz RETURNING member_id`,
      );
      if (claimed.length === 0) throw new AppError('RESET_LINK_INVALID', { field: 'token' });
      await tx.execute(sql`UPDATE identity.password_resets SET used_at = ${now.toISOString()}::timestamptz WHERE member_id = ${member.id} AND used_at IS NULL`);
      return this.setPassword(tx, merchant, member, passwordHash, 'email', input);
    });
    this.deps.relay()?.wake();
    return { account: member.username, endedTokenHashes };
  }

  /** Sends a reset code by SMS when the number belongs to an active member of the brand; the answer is the same either way. */
  async sendResetCode(input: { merchantCode?: string; host?: string; mobileNum: string; countryDialingCode?: string; language?: 'EN' | 'ES' } & ClientMeta): Promise<{ expiredMinutes: number }> {
    const merchant = await this.deps.merchants.resolve(input);
    if (!merchant.settings.whitelabel.CHNGPASSVERIF3) throw new AppError('FEATURE_DISABLED');
    const member = await this.memberByPhone(merchant, input.mobileNum, input.countryDialingCode);
    if (!member) {
      // Every limit a real send passes through (per number and per address), without a code: an unknown number is
      // answered, refused and throttled exactly like a registered one.
      return this.deps.verificationCodes.sendCode({
        merchantCode: merchant.code,
        purpose: 'reset',
        countryDialingCode: input.countryDialingCode || merchant.settings.defaultDialingCode,
        mobile: input.mobileNum,
        ip: input.ip,
        language: input.language,
        deliver: false,
      });
    }
    await this.deps.verificationCodes.sendCode({
      merchantCode: merchant.code,
      purpose: 'reset',
      countryDialingCode: member.country_dialing_code ?? merchant.settings.defaultDialingCode,
      mobile: member.mobile_num ?? '',
      ip: input.ip,
      language: input.language,
    });
    await recordSecurityEvent(this.deps.db.orm, {
      merchantCode: merchant.code,
      memberId: member.id,
      kind: 'password-reset-requested',
      ip: input.ip,
      userAgent: input.userAgent,
      detail: { channel: 'sms' },
    });
    return { expiredMinutes: this.deps.config.SMS_CODE_TTL_MINUTES };
  }

  /** Sets a new password after a correct SMS code and ends every session; the client then signs in with it. */
  async resetByPhone(
    input: { merchantCode?: string; host?: string; mobileNum: string; countryDialingCode?: string; verificationCode: string; newPassword: string } & ClientMeta,
  ): Promise<{ account: string; endedTokenHashes: string[] }> {
    const merchant = await this.deps.merchants.resolve(input);
    if (!merchant.settings.whitelabel.CHNGPASSVERIF3) throw new AppError('FEATURE_DISABLED');
    if (!input.mobileNum.trim()) throw new AppError('INPUT_EMPTY', { field: 'mobileNum' });
    if (!input.verificationCode.trim()) throw new AppError('INPUT_EMPTY', { field: 'verificationCode' });
    const member = await this.memberByPhone(merchant, input.mobileNum, input.countryDialingCode);
    // The form has no confirmation field; the rule is checked against the same value.
    await checkNewPassword({ newPassword: input.newPassword, confirmNewPassword: input.newPassword, username: member?.username ?? '', rule: merchant.settings.registration.password });
    if (!member) throw new AppError('VERIFICATION_CODE_INVALID', { field: 'verificationCode' });
    await this.deps.verificationCodes.checkCode({
      merchantCode: merchant.code,
      purpose: 'reset',
      countryDialingCode: member.country_dialing_code ?? merchant.settings.defaultDialingCode,
      mobile: member.mobile_num ?? '',
      code: input.verificationCode,
    });
    const passwordHash = await this.deps.hasher.hash(input.newPassword);
    const endedTokenHashes = await this.deps.db.transaction((tx) => this.setPassword(tx, merchant, member, passwordHash, 'sms', input));
    this.deps.relay()?.wake();
    return { account: member.username, endedTokenHashes };
  }

  private async setPassword(tx: Executor, merchant: MerchantRecord, member: Member, passwordHash: string, channel: string, meta: ClientMeta) {
    await tx.execute(sql`UPDATE identity.members SET password_hash = ${passwordHash}, password_changed_at = ${this.sessions.now().toISOString()}::timestamptz WHERE id = ${member.id}`);
    await recordSecurityEvent(tx, { merchantCode: merchant.code, memberId: member.id, kind: 'password-reset', ip: meta.ip, userAgent: meta.userAgent, detail: { channel } });
    const ended = await this.sessions.endAllOf(tx, { memberId: member.id, merchantCode: merchant.code, reason: 'password-reset' });
    if (ended.length)
      await recordSecurityEvent(tx, { merchantCode: merchant.code, memberId: member.id, kind: 'sessions-ended', ip: meta.ip, detail: { reason: 'password-reset', count: ended.length } });
    return ended;
  }

  private async member(memberId: string): Promise<Member> {
    if (!MEMBER_ID.test(memberId)) throw new AppError('NOT_FOUND');
    const [member] = await rows<Member>(this.deps.db.orm, sql`SELECT * FROM identity.members WHERE id = ${memberId}`);
    if (!member) throw new AppError('NOT_FOUND');
    return member;
  }

  /** The active member of the brand with this number; a number without dialing code is in the brand's country. */
  private async memberByPhone(merchant: MerchantRecord, mobileNum: string, countryDialingCode?: string): Promise<Member | undefined> {
    const phone = normalisePhone({ mobile: mobileNum, countryDialingCode: countryDialingCode || merchant.settings.defaultDialingCode });
    const [member] = await rows<Member>(
      this.deps.db.orm,
      sql`SELECT * FROM identity.members
          WHERE merchant_code = ${merchant.code} AND country_dialing_code = ${phone.countryDialingCode} AND mobile_num = ${phone.mobile} AND status = 'active'`,
    );
    return member;
  }

  /** Where reset links point: the request's own site when it is one of the brand's hosts, else the brand's configured address. */
  private linkBase(merchant: MerchantRecord, origin: string | undefined): string | undefined {
    if (origin) {
      try {
        const url = new URL(origin);
        if ((url.protocol === 'http:' || url.protocol === 'https:') && merchant.hosts.includes(url.hostname.toLowerCase())) return url.origin;
      } catch {
        // An unparseable origin is simply not trusted.
      }
    }
    if (merchant.settings.mainDomain) return `https://${merchant.settings.mainDomain.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}`;
    return this.deps.config.PUBLIC_WEB_URL?.replace(/\/$/, '');
  }
}
