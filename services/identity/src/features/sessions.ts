import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import type { LoginResult, MemberInfo, SessionPrincipal } from '@wps/contracts';
import { hashSessionToken } from '../domain/session-token.js';
import type { MerchantRecord } from '../infra/merchants.js';
import { iso, type MemberRow } from '../infra/members.js';
import type { ClientMeta, IdentityDeps } from '../deps.js';
import { recordLogin } from './login-history.js';

/** Sessions and the member profile: opening a session after a successful sign-in, resolving tokens, logout. */
export class Sessions {
  constructor(private readonly deps: IdentityDeps) {}

  /** Opens a session inside the caller's transaction; registration and every sign-in path end here. */
  async open(tx: Executor, merchant: MerchantRecord, member: MemberRow, token: string, meta: ClientMeta): Promise<LoginResult> {
    const { absoluteHours } = merchant.settings.session;
    await tx.execute(sql`
      INSERT INTO identity.sessions (token_hash, member_id, expires_at, ip, user_agent)
      VALUES (${hashSessionToken(token)}, ${member.id}, now() + make_interval(hours => ${absoluteHours}), ${meta.ip}, ${meta.userAgent?.slice(0, 300) ?? null})`);
    await tx.execute(sql`UPDATE identity.members SET login_count = login_count + 1, last_login_at = now(), last_login_ip = ${meta.ip} WHERE id = ${member.id}`);
    await recordLogin(tx, merchant.code, member.id, member.username, true, null, meta);
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
