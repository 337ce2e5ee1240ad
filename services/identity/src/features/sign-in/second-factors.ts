import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, rows, type Executor } from '@wps/platform';
import { isAgentType, isTrialType, type LoginResult, type NewIpMethod } from '@wps/contracts';
import type { MerchantRecord } from '../../infra/merchants.js';
import { iso, type MemberRow } from '../../infra/members.js';
import { SecretBox } from '../../infra/secret-box.js';
import { matchTotp } from '../../infra/totp.js';
import type { ClientMeta, IdentityDeps } from '../../deps.js';
import { DEV_IDENTITY_SECRET_KEY } from '../../config.js';
import { recordSecurityEvent } from '../security-events.js';
import { issueTicket } from './second-factor-tickets.js';

/** How the member proved who they are in the first step. */
export type FirstFactor = 'password' | 'sms' | 'social';

/** What a member has on file for each new-IP method; a method is offered only when the member can use it. */
export interface MemberContacts {
  email: string | null;
  mobile: { countryDialingCode: string; mobile: string } | null;
  bankAccountName: string | null;
  authenticator: boolean;
}

export interface TotpState {
  enabled: boolean;
  secret: string | null;
  pendingSecret: string | null;
  lastUsedStep: number;
}

/** Steps a member has already passed in this sign-in. */
export interface ProvenFactors {
  newIp?: boolean;
  twoFactor?: boolean;
}

/**
 * Wrong second-factor codes one member may enter in 15 minutes, across tickets: each ticket allows five, and a new
 * ticket needs the password again, but a thief who has the password must not get unlimited guesses at the code.
 */
export const SECOND_FACTOR_FAILURES_PER_15_MINUTES = 10;
const FAILURE_WINDOW_MS = 900_000;
const failureKey = (memberId: string) => `second-factor-failures:${memberId}`;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
// Banks often drop accents from account names, so they are ignored along with case and spacing.
const normaliseName = (name: string): string => name.normalize('NFKD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();

/** Compares names in constant time over their hashes, so the time taken says nothing about a partial match. */
export function sameBankAccountName(onFile: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(normaliseName(value)).digest();
  return timingSafeEqual(digest(onFile), digest(given));
}

/**
 * The step between a correct first factor and a session: a new-IP check or a two-factor code. `challenge` answers
 * null when the member may have a session at once, else the login answer without a token, carrying a ticket.
 */
export class SecondFactors {
  readonly box: SecretBox;

  constructor(private readonly deps: IdentityDeps) {
    this.box = new SecretBox(deps.config.IDENTITY_SECRET_KEY);
    if (deps.config.IDENTITY_SECRET_KEY === DEV_IDENTITY_SECRET_KEY) {
      deps.logger.warn('IDENTITY_SECRET_KEY is the development default: set a random key of your own before real members enrol authenticators');
    }
  }

  /** `mustChangePassword` is carried on the ticket, so the answer after the second step still says so. */
  async challenge(input: { merchant: MerchantRecord; member: MemberRow; meta: ClientMeta; method: FirstFactor; mustChangePassword?: boolean }): Promise<LoginResult | null> {
    return this.nextStep(this.deps.db.orm, { ...input, firstFactor: input.method, proven: {} });
  }

  /**
   * Decides the next step. An enrolled authenticator settles both questions (it proves the person, whatever the
   * address), so it comes first; an agent who must enrol first proves a new address, then enrols.
   */
  async nextStep(
    executor: Executor,
    input: { merchant: MerchantRecord; member: MemberRow; meta: ClientMeta; firstFactor: FirstFactor; proven: ProvenFactors; mustChangePassword?: boolean },
  ): Promise<LoginResult | null> {
    const { merchant, member, meta, firstFactor, mustChangePassword } = input;
    const failures = Number((await this.deps.cache.get(failureKey(member.id))) ?? 0);
    const totp = await this.totpState(executor, member.id);
    const issue = async (purpose: 'new-ip' | 'two-factor' | 'two-factor-setup', methods: NewIpMethod[] = []) => {
      if (failures >= SECOND_FACTOR_FAILURES_PER_15_MINUTES) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: FAILURE_WINDOW_MS / 1000 } });
      const ticket = await issueTicket(executor, { memberId: member.id, merchantCode: merchant.code, purpose, methods, firstFactor, mustChangePassword, ip: meta.ip });
      await recordSecurityEvent(executor, {
        merchantCode: merchant.code,
        memberId: member.id,
        kind: purpose === 'new-ip' ? 'new-ip-verification' : purpose === 'two-factor' ? 'two-factor-required' : 'two-factor-setup-required',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { firstFactor, ...(methods.length ? { methods } : {}) },
      });
      return ticket;
    };

    if (totp.enabled && !input.proven.twoFactor) return this.pending(merchant, member, { twoFactorRequired: { ticket: await issue('two-factor') } });

    const newIpMethods = input.proven.newIp ? [] : await this.newIpMethods(executor, merchant, member, meta);
    if (newIpMethods.length) return this.pending(merchant, member, { verificationRequired: { ticket: await issue('new-ip', newIpMethods), methods: newIpMethods } });

    if (isAgentType(member.type) && merchant.settings.twoFactor.requiredForAgents) {
      return this.pending(merchant, member, { twoFactorSetupRequired: { ticket: await issue('two-factor-setup') } });
    }
    return null;
  }

  /** The methods to offer when the address is new and the brand asks for a check; empty when no check is due. */
  private async newIpMethods(executor: Executor, merchant: MerchantRecord, member: MemberRow, meta: ClientMeta): Promise<NewIpMethod[]> {
    const setting = merchant.settings.newIpVerification;
    // A trial account is new at every sign-in, holds no money and has nothing to verify with.
    if (!setting.enabled || isTrialType(member.type) || (await this.isKnownIp(executor, member.id, meta.ip))) return [];
    const contacts = await this.contacts(executor, member.id);
    const usable: Record<NewIpMethod, boolean> = {
      mobile: contacts.mobile !== null,
      email: contacts.email !== null,
      bankAccountName: contacts.bankAccountName !== null,
      authenticator: contacts.authenticator,
    };
    const methods = setting.methods.filter((method) => usable[method]);
    if (!methods.length) {
      // Nothing to check against: the sign-in goes on, and the audit log says the address went unverified.
      await recordSecurityEvent(executor, { merchantCode: merchant.code, memberId: member.id, kind: 'new-ip-unverifiable', ip: meta.ip, userAgent: meta.userAgent });
    }
    return methods;
  }

  /** Known: a successful sign-in came from it before, or the member proved it with a second factor. */
  async isKnownIp(executor: Executor, memberId: string, ip: string): Promise<boolean> {
    const [known] = await rows<{ known: boolean }>(
      executor,
      sql`SELECT EXISTS (SELECT 1 FROM identity.login_history WHERE member_id = ${memberId} AND ip = ${ip} AND success)
              OR EXISTS (SELECT 1 FROM identity.trusted_ips WHERE member_id = ${memberId} AND ip = ${ip}) AS known`,
    );
    return known?.known ?? false;
  }

  async trustIp(executor: Executor, memberId: string, ip: string): Promise<void> {
    await executor.execute(sql`
      INSERT INTO identity.trusted_ips (member_id, ip) VALUES (${memberId}, ${ip})
      ON CONFLICT (member_id, ip) DO UPDATE SET last_seen_at = now()`);
  }

  async contacts(executor: Executor, memberId: string): Promise<MemberContacts> {
    // Read as JSON: the profile columns belong to registration and the account area, and may grow.
    const [row] = await rows<{ member: Record<string, unknown>; authenticator: boolean }>(
      executor,
      sql`SELECT to_jsonb(m) AS member,
                 EXISTS (SELECT 1 FROM identity.member_totp t WHERE t.member_id = m.id AND t.enabled_at IS NOT NULL) AS authenticator
          FROM identity.members m WHERE m.id = ${memberId}`,
    );
    const member = row?.member ?? {};
    const mobile = text(member.mobile_num) ?? text(member.mobile);
    return {
      email: text(member.email),
      mobile: mobile ? { countryDialingCode: text(member.country_dialing_code) ?? '', mobile } : null,
      bankAccountName: text(member.payee_name) ?? text(member.bank_account_name),
      authenticator: row?.authenticator ?? false,
    };
  }

  async totpState(executor: Executor, memberId: string, lock = false): Promise<TotpState> {
    const [row] = await rows<{ sealed_secret: string | null; pending_sealed_secret: string | null; enabled_at: unknown; last_used_step: string }>(
      executor,
      lock
        ? sql`SELECT sealed_secret, pending_sealed_secret, enabled_at, last_used_step FROM identity.member_totp WHERE member_id = ${memberId} FOR UPDATE`
        : sql`SELECT sealed_secret, pending_sealed_secret, enabled_at, last_used_step FROM identity.member_totp WHERE member_id = ${memberId}`,
    );
    if (!row) return { enabled: false, secret: null, pendingSecret: null, lastUsedStep: 0 };
    const context = `totp:${memberId}`;
    return {
      enabled: row.enabled_at !== null && row.sealed_secret !== null,
      secret: row.sealed_secret ? this.box.open(row.sealed_secret, context) : null,
      pendingSecret: row.pending_sealed_secret ? this.box.open(row.pending_sealed_secret, context) : null,
      lastUsedStep: Number(row.last_used_step),
    };
  }

  /**
   * Checks an authenticator code and records its step, so the same code cannot be used again (RFC 6238 §5.2). The
   * caller must hold the member_totp row lock (totpState with lock) in the same transaction.
   */
  async useTotpCode(executor: Executor, memberId: string, secret: string, lastUsedStep: number, code: string): Promise<boolean> {
    const step = matchTotp(secret, code, Date.now());
    if (step === null || step <= lastUsedStep) return false;
    await executor.execute(sql`UPDATE identity.member_totp SET last_used_step = ${step}, updated_at = now() WHERE member_id = ${memberId}`);
    return true;
  }

  /** Counts a wrong code for the member across tickets (see SECOND_FACTOR_FAILURES_PER_15_MINUTES). */
  async countFailure(memberId: string): Promise<void> {
    await this.deps.cache.incrementWindow(failureKey(memberId), FAILURE_WINDOW_MS);
  }

  /** The login answer while a step is still owed: who signed in, but no token yet. */
  pending(merchant: MerchantRecord, member: MemberRow, step: Pick<LoginResult, 'verificationRequired' | 'twoFactorRequired' | 'twoFactorSetupRequired'>): LoginResult {
    const maxAgeDays = merchant.settings.passwordMaxAgeDays;
    return {
      firstTimeLogin: member.login_count === 0,
      passwordExpired: maxAgeDays > 0 && Date.now() - new Date(member.password_changed_at).getTime() > maxAgeDays * 86_400_000,
      user: { id: member.id, account: member.username, nickname: member.nickname, type: member.type },
      previousLoginAt: iso(member.last_login_at),
      ...step,
    };
  }
}
