import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows, type Database, type Executor, type KeyValueStore, type Outbox, type OutboxRelay } from '@wps/platform';
import { MEMBER_TYPE, type LoginResult, type MemberInfo, type SessionPrincipal } from '@wps/contracts';
import { usernameKey, validateRegistration } from '../domain/registration.js';
import { hashSessionToken, newSessionToken } from '../domain/session-token.js';
import type { MerchantDirectory, MerchantRecord } from '../infra/merchants.js';
import type { PasswordHasher } from '../infra/passwords.js';
import type { IdentityConfig } from '../config.js';

/** Account types that may sign in to the player site: members, agents and trial accounts. */
const LOGIN_TYPES = new Set<number>([0, 1, 2, 4, 41, 42]);

interface MemberRow {
  id: string;
  merchant_code: string;
  username: string;
  nickname: string;
  type: number;
  status: string;
  password_hash: string;
  login_count: number;
  last_login_at: Date | string | null;
  password_changed_at: Date | string;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export interface AccountDeps {
  db: Database;
  cache: KeyValueStore;
  merchants: MerchantDirectory;
  hasher: PasswordHasher;
  outbox: Outbox;
  relay: () => OutboxRelay | undefined;
  config: IdentityConfig;
}

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

export class Accounts {
  constructor(private readonly deps: AccountDeps) {}

  async register(input: {
    merchantCode?: string;
    host?: string;
    username: string;
    password: string;
    confirmPassword: string;
    registerUrl?: string;
    registerMethod?: string;
    referralCode?: string;
  } & ClientMeta): Promise<LoginResult> {
    const merchant = await this.deps.merchants.resolve(input);
    if (!merchant.settings.whitelabel.USERNAMEREG3) throw new AppError('FEATURE_DISABLED');
    const { username, password } = validateRegistration(input, merchant.settings.registration);
    const limit = await checkRateLimit(this.deps.cache, { name: 'register:ip', limit: this.deps.config.REGISTRATIONS_PER_IP_PER_HOUR, windowMs: 3_600_000 }, `${merchant.code}:${input.ip}`);
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });

    const passwordHash = await this.deps.hasher.hash(password);
    const token = newSessionToken();
    const result = await this.deps.db.transaction(async (tx) => {
      let uplineId: string | null = null;
      const referral = input.referralCode?.trim();
      if (referral) {
        const [agent] = await rows<{ id: string }>(tx, sql`SELECT id FROM identity.members WHERE merchant_code = ${merchant.code} AND referral_code = ${referral.toUpperCase()} AND status = 'active'`);
        if (!agent) throw new AppError('INVITATION_CODE_INVALID', { field: 'referralCode' });
        uplineId = agent.id;
      }
      const inserted = await rows<MemberRow>(
        tx,
        sql`INSERT INTO identity.members (merchant_code, username, username_key, nickname, type, password_hash, upline_id, register_url, register_method, register_ip)
            VALUES (${merchant.code}, ${username}, ${usernameKey(username)}, ${username}, ${MEMBER_TYPE.MEMBER}, ${passwordHash}, ${uplineId},
                    ${input.registerUrl?.slice(0, 500) ?? null}, ${input.registerMethod?.slice(0, 20) ?? 'WEB'}, ${input.ip})
            ON CONFLICT (merchant_code, username_key) DO NOTHING
            RETURNING *`,
      );
      const member = inserted[0];
      if (!member) throw new AppError('USERNAME_TAKEN', { field: 'username' });
      await this.deps.outbox.add(tx, 'member.registered', member.id, {
        memberId: member.id,
        merchantCode: merchant.code,
        account: member.username,
        type: member.type,
        currency: merchant.currency,
        uplineId,
        registeredAt: new Date().toISOString(),
      });
      return this.openSession(tx, merchant, member, token, input);
    });
    this.deps.relay()?.wake();
    return result;
  }

  async login(input: { merchantCode?: string; host?: string; username: string; password: string } & ClientMeta): Promise<LoginResult> {
    const merchant = await this.deps.merchants.resolve(input);
    const username = input.username.trim();
    if (!username) throw new AppError('INPUT_EMPTY', { field: 'username' });
    if (!input.password) throw new AppError('INPUT_EMPTY', { field: 'password' });
    const ipLimit = await checkRateLimit(this.deps.cache, { name: 'login:ip', limit: this.deps.config.LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, windowMs: 60_000 }, `${merchant.code}:${input.ip}`);
    if (!ipLimit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: ipLimit.retryAfterSeconds } });
    const failureKey = `login-failures:${merchant.code}:${usernameKey(username)}`;
    const failures = Number((await this.deps.cache.get(failureKey)) ?? 0);
    if (failures >= this.deps.config.LOGIN_FAILURES_PER_ACCOUNT) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: 900 } });

    const [member] = await rows<MemberRow>(this.deps.db.orm, sql`SELECT * FROM identity.members WHERE merchant_code = ${merchant.code} AND username_key = ${usernameKey(username)}`);
    const passwordOk = member ? await this.deps.hasher.verify(member.password_hash, input.password) : await this.deps.hasher.verifyAgainstDummy(input.password);
    if (!member || !passwordOk) {
      await this.deps.cache.incrementWindow(failureKey, 900_000);
      await this.recordLogin(this.deps.db.orm, merchant.code, member?.id ?? null, username, false, member ? 'wrong-password' : 'unknown-user', input);
      throw new AppError('LOGIN_FAILED');
    }
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    if (!LOGIN_TYPES.has(member.type)) throw new AppError('NON_MEMBER_LOGIN');
    await this.deps.cache.delete(failureKey);
    return this.deps.db.transaction((tx) => this.openSession(tx, merchant, member, newSessionToken(), input));
  }

  private async openSession(tx: Executor, merchant: MerchantRecord, member: MemberRow, token: string, meta: ClientMeta): Promise<LoginResult> {
    const { absoluteHours } = merchant.settings.session;
    await tx.execute(sql`
      INSERT INTO identity.sessions (token_hash, member_id, expires_at, ip, user_agent)
      VALUES (${hashSessionToken(token)}, ${member.id}, now() + make_interval(hours => ${absoluteHours}), ${meta.ip}, ${meta.userAgent?.slice(0, 300) ?? null})`);
    await tx.execute(sql`UPDATE identity.members SET login_count = login_count + 1, last_login_at = now(), last_login_ip = ${meta.ip} WHERE id = ${member.id}`);
    await this.recordLogin(tx, merchant.code, member.id, member.username, true, null, meta);
    const maxAgeDays = merchant.settings.passwordMaxAgeDays;
    const passwordExpired = maxAgeDays > 0 && Date.now() - new Date(member.password_changed_at).getTime() > maxAgeDays * 86_400_000;
    return {
      token,
      firstTimeLogin: member.login_count === 0,
      passwordExpired,
      user: { id: member.id, account: member.username, nickname: member.nickname, type: member.type },
      previousLoginAt: iso(member.last_login_at),
    };
  }

  private async recordLogin(executor: Executor, merchantCode: string, memberId: string | null, username: string, success: boolean, reason: string | null, meta: ClientMeta) {
    await executor.execute(sql`
      INSERT INTO identity.login_history (merchant_code, member_id, username, success, reason, ip, user_agent)
      VALUES (${merchantCode}, ${memberId}, ${username.slice(0, 100)}, ${success}, ${reason}, ${meta.ip}, ${meta.userAgent?.slice(0, 300) ?? null})`);
  }

  /** Resolves a bearer token to its member, or null when the session is unknown, ended, idle too long or expired. */
  async authenticate(token: string): Promise<SessionPrincipal | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashSessionToken(token);
    const [session] = await rows<{
      member_id: string;
      merchant_code: string;
      username: string;
      type: number;
      status: string;
      currency: string;
      settings: unknown;
      idle_seconds: number;
      expired: boolean;
    }>(
      this.deps.db.orm,
      sql`SELECT s.member_id, m.merchant_code, m.username, m.type, m.status, mc.currency,
                 extract(epoch FROM now() - s.last_seen_at)::int AS idle_seconds, s.expires_at <= now() AS expired
          FROM identity.sessions s
          JOIN identity.members m ON m.id = s.member_id
          JOIN identity.merchants mc ON mc.code = m.merchant_code
          WHERE s.token_hash = ${tokenHash} AND s.ended_at IS NULL`,
    );
    if (!session || session.expired || session.status !== 'active') return null;
    const merchant = await this.deps.merchants.byCode(session.merchant_code);
    if (session.idle_seconds > merchant.settings.session.idleMinutes * 60) {
      await this.deps.db.orm.execute(sql`UPDATE identity.sessions SET ended_at = now(), end_reason = 'idle' WHERE token_hash = ${tokenHash} AND ended_at IS NULL`);
      return null;
    }
    // Touch at most once a minute: activity keeps the session alive without a write per request.
    if (session.idle_seconds >= 60) await this.deps.db.orm.execute(sql`UPDATE identity.sessions SET last_seen_at = now() WHERE token_hash = ${tokenHash}`);
    return { memberId: session.member_id, merchantCode: session.merchant_code, account: session.username, type: session.type, currency: session.currency };
  }

  async logout(token: string): Promise<{ ended: boolean }> {
    const ended = await rows<{ member_id: string }>(
      this.deps.db.orm,
      sql`UPDATE identity.sessions SET ended_at = now(), end_reason = 'logout' WHERE token_hash = ${hashSessionToken(token)} AND ended_at IS NULL RETURNING member_id`,
    );
    return { ended: ended.length > 0 };
  }

  async memberInfo(memberId: string): Promise<MemberInfo> {
    if (!/^\d{1,18}$/.test(memberId)) throw new AppError('NOT_FOUND');
    const [member] = await rows<MemberRow & { merchant_code: string }>(this.deps.db.orm, sql`SELECT * FROM identity.members WHERE id = ${memberId}`);
    if (!member) throw new AppError('NOT_FOUND');
    const merchant = await this.deps.merchants.byCode(member.merchant_code);
    return {
      id: member.id,
      account: member.username,
      nickname: member.nickname,
      type: member.type,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      merchantCode: member.merchant_code,
      lastLoginAt: iso(member.last_login_at),
    };
  }
}
