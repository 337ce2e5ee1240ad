import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import { MEMBER_ICON_IDS, type LoginResult, type MemberInfo, type SessionEnded, type SessionPrincipal } from '@wps/contracts';
import { hashSessionToken } from '../domain/session-token.js';
import { DEFAULT_SESSION_SETTINGS } from '../domain/merchant-settings.js';
import type { MerchantRecord } from '../infra/merchants.js';
import { iso, type MemberRow } from '../infra/members.js';
import type { ClientMeta, IdentityDeps } from '../deps.js';
import { deviceLabel } from './login-history.js';

/** The time sessions are judged by; tests pass their own to move through idle and absolute timeouts. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The form a session appears in on the bus and in the gateway's cache keys. */
export const tokenHashText = (hash: Buffer | Uint8Array): string => Buffer.from(hash).toString('base64url');

const MEMBER_ID = /^\d{1,18}$/;
const HOUR_MS = 3_600_000;
const DEFAULT_IDLE_MINUTES = DEFAULT_SESSION_SETTINGS.idleMinutes;

/** Sessions and the member profile: opening a session after a successful sign-in, resolving tokens, ending them. */
export class Sessions {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly clock: Clock = systemClock,
  ) {}

  now(): Date {
    return this.clock();
  }

  /** Opens a session inside the caller's transaction; registration and every sign-in path end here. */
  async open(tx: Executor, merchant: MerchantRecord, member: MemberRow, token: string, meta: ClientMeta): Promise<LoginResult> {
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + merchant.settings.session.absoluteHours * HOUR_MS);
    if (merchant.settings.singleSession) await this.endAllOf(tx, { memberId: member.id, merchantCode: merchant.code, reason: 'single-session' });
    const at = now.toISOString();
    const userAgent = meta.userAgent?.slice(0, 300) ?? null;
    const device = deviceLabel(meta.userAgent);
    // One statement for the session, the member's login stamps and the history row: a sign-in is on the hot path,
    // and each round trip costs more than the work it carries.
    await tx.execute(sql`
      WITH opened AS (
        INSERT INTO identity.sessions (token_hash, member_id, created_at, last_seen_at, expires_at, ip, user_agent, device)
        VALUES (${hashSessionToken(token)}, ${member.id}, ${at}::timestamptz, ${at}::timestamptz, ${expiresAt.toISOString()}::timestamptz,
                ${meta.ip}, ${userAgent}, ${device})
      ), stamped AS (
        UPDATE identity.members
        SET login_count = login_count + 1, previous_login_at = last_login_at, last_login_at = ${at}::timestamptz, last_login_ip = ${meta.ip}
        WHERE id = ${member.id}
      )
      INSERT INTO identity.login_history (merchant_code, member_id, username, success, reason, ip, user_agent, device, at)
      VALUES (${merchant.code}, ${member.id}, ${member.username.slice(0, 100)}, true, null, ${meta.ip}, ${userAgent}, ${device}, ${at}::timestamptz)`);
    // Loyalty counts sign-ins (missions over consecutive days): announced with the session, in its transaction.
    await this.deps.outbox.add(tx, 'member.signed_in', member.id, { memberId: member.id, merchantCode: merchant.code, signedInAt: at });
    const maxAgeDays = merchant.settings.passwordMaxAgeDays;
    const passwordExpired = maxAgeDays > 0 && now.getTime() - new Date(member.password_changed_at).getTime() > maxAgeDays * 86_400_000;
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
      last_seen_at: Date | string;
      expires_at: Date | string;
    }>(
      this.deps.db.orm,
      sql`SELECT s.member_id, m.merchant_code, m.username, m.type, m.status, mc.currency, s.last_seen_at, s.expires_at
          FROM identity.sessions s
          JOIN identity.members m ON m.id = s.member_id
          JOIN identity.merchants mc ON mc.code = m.merchant_code
          WHERE s.token_hash = ${tokenHash} AND s.ended_at IS NULL`,
    );
    if (!session || session.status !== 'active') return null;
    const now = this.clock();
    const merchant = await this.deps.merchants.byCode(session.merchant_code);
    const idleMs = now.getTime() - new Date(session.last_seen_at).getTime();
    const ended = (reason: 'idle' | 'expired') => this.endOne(tokenHash, reason);
    if (new Date(session.expires_at).getTime() <= now.getTime()) {
      await ended('expired');
      return null;
    }
    if (idleMs > merchant.settings.session.idleMinutes * 60_000) {
      await ended('idle');
      return null;
    }
    // Touch at most once a minute: activity keeps the session alive without a write per request.
    if (idleMs >= 60_000) await this.deps.db.orm.execute(sql`UPDATE identity.sessions SET last_seen_at = ${now.toISOString()}::timestamptz WHERE token_hash = ${tokenHash}`);
    return { memberId: session.member_id, merchantCode: session.merchant_code, account: session.username, type: session.type, currency: session.currency };
  }

  async logout(token: string): Promise<{ ended: boolean }> {
    if (!token || token.length > 200) return { ended: false };
    return { ended: await this.endOne(hashSessionToken(token), 'logout') };
  }

  /** Ends one open session and announces it, so every gateway closes its sockets; false when it was already over. */
  private async endOne(tokenHash: Buffer, reason: 'logout' | 'idle' | 'expired'): Promise<boolean> {
    const now = this.clock().toISOString();
    const ended = await this.deps.db.transaction(async (tx) => {
      const [row] = await rows<{ member_id: string; merchant_code: string }>(
        tx,
        sql`UPDATE identity.sessions s SET ended_at = ${now}::timestamptz, end_reason = ${reason}
            FROM identity.members m
            WHERE s.token_hash = ${tokenHash} AND s.ended_at IS NULL AND m.id = s.member_id
            RETURNING s.member_id, m.merchant_code`,
      );
      if (!row) return false;
      await this.deps.outbox.add(tx, 'session.ended', row.member_id, {
        memberId: row.member_id,
        merchantCode: row.merchant_code,
        tokenHashes: [tokenHashText(tokenHash)],
        reason,
        endedAt: now,
      });
      return true;
    });
    if (ended) this.deps.relay()?.wake();
    return ended;
  }

  /**
   * Ends every open session past its brand's idle limit or its absolute end and announces them, so a member who only
   * keeps a socket open (no calls) is signed out on time and stops receiving pushes. Answers how many ended.
   */
  async endTimedOut(): Promise<number> {
    const now = this.clock();
    const at = now.toISOString();
    const ended = await this.deps.db.transaction(async (tx) => {
      const timedOut = await rows<{ token_hash: Buffer | Uint8Array; member_id: string; merchant_code: string; end_reason: 'idle' | 'expired' }>(
        tx,
        sql`UPDATE identity.sessions s
            SET ended_at = ${at}::timestamptz,
                end_reason = CASE WHEN s.expires_at <= ${at}::timestamptz THEN 'expired' ELSE 'idle' END
            FROM identity.members m JOIN identity.merchants mc ON mc.code = m.merchant_code
            WHERE m.id = s.member_id AND s.ended_at IS NULL
              AND (s.expires_at <= ${at}::timestamptz
                   OR s.last_seen_at < ${at}::timestamptz - make_interval(mins => COALESCE((mc.settings #>> '{session,idleMinutes}')::int, ${DEFAULT_IDLE_MINUTES})))
            RETURNING s.token_hash, s.member_id, m.merchant_code, s.end_reason`,
      );
      const byMember = new Map<string, { merchantCode: string; reason: 'idle' | 'expired'; tokenHashes: string[] }>();
      for (const row of timedOut) {
        const key = `${row.member_id}:${row.end_reason}`;
        const entry = byMember.get(key) ?? { merchantCode: row.merchant_code, reason: row.end_reason, tokenHashes: [] };
        entry.tokenHashes.push(tokenHashText(row.token_hash));
        byMember.set(key, entry);
      }
      for (const [key, entry] of byMember) {
        const memberId = key.slice(0, key.indexOf(':'));
        await this.deps.outbox.add(tx, 'session.ended', memberId, { memberId, merchantCode: entry.merchantCode, tokenHashes: entry.tokenHashes, reason: entry.reason, endedAt: at });
      }
      return timedOut.length;
    });
    if (ended > 0) this.deps.relay()?.wake();
    return ended;
  }

  /**
   * Ends the member's open sessions (all but `keepToken`'s) in the caller's transaction and announces them on the bus,
   * so every gateway forgets them at once. Answers the ended sessions' hashes for the gateway that made the call.
   */
  async endAllOf(tx: Executor, input: { memberId: string; merchantCode: string; reason: SessionEnded['reason']; keepToken?: string }): Promise<string[]> {
    const now = this.clock();
    const keep = input.keepToken ? hashSessionToken(input.keepToken) : null;
    const ended = await rows<{ token_hash: Buffer | Uint8Array }>(
      tx,
      sql`UPDATE identity.sessions SET ended_at = ${now.toISOString()}::timestamptz, end_reason = ${input.reason}
          WHERE member_id = ${input.memberId} AND ended_at IS NULL AND (${keep}::bytea IS NULL OR token_hash <> ${keep}::bytea)
          RETURNING token_hash`,
    );
    const tokenHashes = ended.map((row) => tokenHashText(row.token_hash));
    if (tokenHashes.length > 0) {
      await this.deps.outbox.add(tx, 'session.ended', input.memberId, {
        memberId: input.memberId,
        merchantCode: input.merchantCode,
        tokenHashes,
        reason: input.reason,
        endedAt: now.toISOString(),
      });
    }
    return tokenHashes;
  }

  async memberInfo(memberId: string): Promise<MemberInfo> {
    if (!MEMBER_ID.test(memberId)) throw new AppError('NOT_FOUND');
    const [member] = await rows<MemberRow & { merchant_code: string; previous_login_at: Date | string | null; icon: string; language: string | null }>(
      this.deps.db.orm,
      sql`SELECT * FROM identity.members WHERE id = ${memberId}`,
    );
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
      lastLoginAt: iso(member.previous_login_at),
      icon: (MEMBER_ICON_IDS as readonly string[]).includes(member.icon) ? member.icon : MEMBER_ICON_IDS[0],
      language: member.language,
    };
  }
}
