import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows, type Executor } from '@wps/platform';
import type { SecurityOverview, TwoFactorSetup } from '@wps/contracts';
import type { MemberRow } from '../../infra/members.js';
import type { ClientMeta, IdentityDeps } from '../../deps.js';
import { recordSecurityEvent } from '../security-events.js';
import type { SecondFactorSteps } from './second-factor-steps.js';
import type { SecondFactors } from './second-factors.js';
import type { Sessions } from '../sessions.js';

/** Wrong authenticator codes a signed-in member may enter in 15 minutes while enrolling or turning it off. */
const CODE_TRIES_PER_15_MINUTES = 10;

/** A short label for the login history, from the browser's user agent. */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown';
  const os = /Android/i.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(userAgent)
      ? 'iOS'
      : /Windows/i.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(userAgent)
          ? 'macOS'
          : /Linux/i.test(userAgent)
            ? 'Linux'
            : null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  if (!os && !browser) return userAgent.slice(0, 40);
  return [browser, os].filter(Boolean).join(' · ');
}

/** The security centre: authenticator enrolment for a signed-in member, and the login history. */
export class TwoFactorAccount {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly factors: SecondFactors,
    private readonly steps: SecondFactorSteps,
    private readonly sessions: Sessions,
  ) {}

  private async member(memberId: string): Promise<MemberRow> {
    if (!/^\d{1,18}$/.test(memberId)) throw new AppError('NOT_FOUND');
    const [member] = await rows<MemberRow>(this.deps.db.orm, sql`SELECT * FROM identity.members WHERE id = ${memberId}`);
    if (!member) throw new AppError('NOT_FOUND');
    return member;
  }

  /** A change of second factor signs the member out everywhere but in the session that made it. */
  private async endOtherSessions(tx: Executor, member: MemberRow, input: { token?: string } & ClientMeta): Promise<void> {
    const ended = await this.sessions.endAllOf(tx, { memberId: member.id, merchantCode: member.merchant_code, reason: 'two-factor-changed', ...(input.token ? { keepToken: input.token } : {}) });
    if (ended.length)
      await recordSecurityEvent(tx, { merchantCode: member.merchant_code, memberId: member.id, kind: 'sessions-ended', ip: input.ip, detail: { reason: 'two-factor-changed', count: ended.length } });
  }

  private async limitTries(member: MemberRow): Promise<void> {
    const limit = await checkRateLimit(this.deps.cache, { name: 'totp:member', limit: CODE_TRIES_PER_15_MINUTES, windowMs: 900_000 }, member.id);
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });
  }

  async setup(input: { memberId: string } & ClientMeta): Promise<TwoFactorSetup> {
    const member = await this.member(input.memberId);
    // The brand is resolved first: the directory reads outside any transaction (PGlite has one connection).
    const merchant = await this.deps.merchants.byCode(member.merchant_code);
    return this.deps.db.transaction((tx) => this.steps.startEnrolment(tx, merchant, member));
  }

  async enable(input: { memberId: string; code: string; token?: string } & ClientMeta): Promise<{ twoFactorEnabled: boolean }> {
    const member = await this.member(input.memberId);
    await this.limitTries(member);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const result = await this.steps.completeEnrolment(tx, member.id, input.code);
      if (result === 'enabled') {
        await recordSecurityEvent(tx, { merchantCode: member.merchant_code, memberId: member.id, kind: 'two-factor-enabled', ip: input.ip, userAgent: input.userAgent });
        await this.endOtherSessions(tx, member, input);
      }
      return result;
    });
    this.deps.relay()?.wake();
    if (outcome === 'missing') throw new AppError('TWO_FACTOR_SETUP_MISSING');
    if (outcome === 'wrong') {
      await recordSecurityEvent(this.deps.db.orm, {
        merchantCode: member.merchant_code,
        memberId: member.id,
        kind: 'two-factor-failed',
        ip: input.ip,
        userAgent: input.userAgent,
        detail: { during: 'enrolment' },
      });
      throw new AppError('SECOND_FACTOR_CODE_INVALID', { field: 'code' });
    }
    return { twoFactorEnabled: true };
  }

  /** Turning it off takes a current code, so a stolen session alone cannot remove the second factor. */
  async disable(input: { memberId: string; code: string; token?: string } & ClientMeta): Promise<{ twoFactorEnabled: boolean }> {
    const member = await this.member(input.memberId);
    await this.limitTries(member);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const state = await this.factors.totpState(tx, member.id, true);
      if (!state.enabled || !state.secret) return 'not-enabled' as const;
      if (!(await this.factors.useTotpCode(tx, member.id, state.secret, state.lastUsedStep, input.code))) return 'wrong' as const;
      await tx.execute(sql`UPDATE identity.member_totp SET sealed_secret = NULL, pending_sealed_secret = NULL, enabled_at = NULL, updated_at = now() WHERE member_id = ${member.id}`);
      await recordSecurityEvent(tx, { merchantCode: member.merchant_code, memberId: member.id, kind: 'two-factor-disabled', ip: input.ip, userAgent: input.userAgent });
      await this.endOtherSessions(tx, member, input);
      return 'disabled' as const;
    });
    this.deps.relay()?.wake();
    if (outcome === 'not-enabled') throw new AppError('TWO_FACTOR_NOT_ENABLED');
    if (outcome === 'wrong') {
      await recordSecurityEvent(this.deps.db.orm, {
        merchantCode: member.merchant_code,
        memberId: member.id,
        kind: 'two-factor-failed',
        ip: input.ip,
        userAgent: input.userAgent,
        detail: { during: 'disable' },
      });
      throw new AppError('SECOND_FACTOR_CODE_INVALID', { field: 'code' });
    }
    return { twoFactorEnabled: false };
  }

  /** Only the caller's own rows: the member id comes from the session, never from the request. */
  async overview(input: { memberId: string; pageNo: number; pageSize: number }): Promise<SecurityOverview> {
    const member = await this.member(input.memberId);
    const state = await this.factors.totpState(this.deps.db.orm, member.id);
    const [{ total } = { total: 0 }] = await rows<{ total: number }>(this.deps.db.orm, sql`SELECT count(*)::int AS total FROM identity.login_history WHERE member_id = ${member.id}`);
    const history = await rows<{ entry: { at: string; ip: string | null; user_agent: string | null; device?: string | null; success: boolean } }>(
      this.deps.db.orm,
      sql`SELECT to_jsonb(h) AS entry FROM identity.login_history h WHERE h.member_id = ${member.id}
          ORDER BY h.at DESC, h.id DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`,
    );
    // The sign-in before the current session's: the second most recent success.
    const [previous] = await rows<{ at: Date | string }>(
      this.deps.db.orm,
      sql`SELECT at FROM identity.login_history WHERE member_id = ${member.id} AND success ORDER BY at DESC, id DESC OFFSET 1 LIMIT 1`,
    );
    return {
      twoFactorEnabled: state.enabled,
      previousLoginAt: previous ? new Date(previous.at).toISOString() : null,
      lastLogins: history.map(({ entry }) => ({
        at: new Date(entry.at).toISOString(),
        ip: entry.ip,
        device: entry.device || deviceLabel(entry.user_agent),
        success: entry.success,
      })),
      pageNo: input.pageNo,
      pageSize: input.pageSize,
      totalPages: Math.ceil(total / input.pageSize),
      total,
    };
  }
}
