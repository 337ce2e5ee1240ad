import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows, type Executor } from '@wps/platform';
import type { NewIpMethod, SignInResult, TwoFactorSetup } from '@wps/contracts';
import { newSessionToken } from '../../domain/session-token.js';
import type { MerchantRecord } from '../../infra/merchants.js';
import type { MemberRow } from '../../infra/members.js';
import { newTotpSecret, otpauthUri } from '../../infra/totp.js';
import type { ClientMeta, IdentityDeps } from '../../deps.js';
import type { Sessions } from '../sessions.js';
import type { VerificationCodes } from '../verification-codes.js';
import { recordSecurityEvent } from '../security-events.js';
import { countWrongCode, lockTicket, spendTicket, ticketMerchantCode, TICKET_TTL_SECONDS, type TicketRow } from './second-factor-tickets.js';
import { sameBankAccountName, type FirstFactor, type ProvenFactors, type SecondFactors } from './second-factors.js';

const EMAIL_CODE_TEXT = {
  subject: 'Your sign-in code / Su código de inicio de sesión',
  body: (code: string, minutes: number) =>
    `Someone signed in to your account from a new address. If it was you, enter this code: ${code} (valid ${minutes} minutes).\n\n` +
    `Alguien inició sesión en su cuenta desde una dirección nueva. Si fue usted, ingrese este código: ${code} (válido ${minutes} minutos).`,
};

const hashEmailCode = (ticketHash: Buffer, code: string): Buffer => createHash('sha256').update(ticketHash).update(`\n${code.trim()}`).digest();

type Outcome = { result: SignInResult } | { refusal: AppError };

/** The second sign-in step: new-IP verification, the authenticator code, and an agent's enrolment before a first session. */
export class SecondFactorSteps {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: Sessions,
    private readonly factors: SecondFactors,
  ) {}

  private get codes(): VerificationCodes {
    return this.deps.verificationCodes;
  }

  private async member(executor: Executor, memberId: string): Promise<MemberRow> {
    const [member] = await rows<MemberRow>(executor, sql`SELECT * FROM identity.members WHERE id = ${memberId}`);
    if (!member || member.status !== 'active') throw new AppError('SIGN_IN_TICKET_INVALID');
    return member;
  }

  /** Runs one ticketed step; a wrong code is counted in the same committed transaction and thrown after it. */
  private async step(ticket: string, purposes: TicketRow['purpose'][], run: (tx: Executor, row: TicketRow, merchant: MerchantRecord) => Promise<Outcome>): Promise<SignInResult> {
    const merchant = await this.deps.merchants.byCode(await ticketMerchantCode(this.deps.db.orm, ticket));
    const outcome = await this.deps.db.transaction(async (tx) => run(tx, await lockTicket(tx, ticket, purposes), merchant));
    this.deps.relay()?.wake();
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.result;
  }

  /** After a step passed: the next step if one is still owed, else the session. */
  private async finish(tx: Executor, row: TicketRow, merchant: MerchantRecord, member: MemberRow, meta: ClientMeta, proven: ProvenFactors): Promise<SignInResult> {
    await spendTicket(tx, row.ticket_hash);
    await this.factors.trustIp(tx, member.id, meta.ip);
    const mustChangePassword = row.must_change_password;
    const next = await this.factors.nextStep(tx, { merchant, member, meta, firstFactor: row.first_factor as FirstFactor, proven, mustChangePassword });
    return { ...(next ?? (await this.sessions.open(tx, merchant, member, newSessionToken(), meta))), mustChangePassword };
  }

  private async refuse(tx: Executor, row: TicketRow, meta: ClientMeta, kind: string, detail: Record<string, unknown>): Promise<Outcome> {
    await recordSecurityEvent(tx, { merchantCode: row.merchant_code, memberId: row.member_id, kind, ip: meta.ip, userAgent: meta.userAgent, detail });
    await this.factors.countFailure(row.member_id);
    return { refusal: await countWrongCode(tx, row.ticket_hash) };
  }

  async sendNewIpCode(input: { ticket: string; method: 'mobile' | 'email' } & ClientMeta): Promise<{ expiredMinutes: number }> {
    const row = await this.deps.db.transaction((tx) => lockTicket(tx, input.ticket, ['new-ip']));
    if (!row.methods.includes(input.method)) throw new AppError('SECOND_FACTOR_METHOD_UNAVAILABLE', { field: 'method' });
    const contacts = await this.factors.contacts(this.deps.db.orm, row.member_id);
    if (input.method === 'mobile') {
      if (!this.codes || !contacts.mobile) throw new AppError('SECOND_FACTOR_METHOD_UNAVAILABLE', { field: 'method' });
      return this.codes.sendCode({ merchantCode: row.merchant_code, purpose: 'new-ip', ...contacts.mobile, ip: input.ip });
    }
    if (!contacts.email) throw new AppError('SECOND_FACTOR_METHOD_UNAVAILABLE', { field: 'method' });
    const limit = await checkRateLimit(this.deps.cache, { name: 'new-ip:email', limit: 3, windowMs: TICKET_TTL_SECONDS * 1000 }, row.ticket_hash.toString('base64url'));
    if (!limit.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } });
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const minutes = TICKET_TTL_SECONDS / 60;
    // A new code replaces the previous one; it expires with the ticket.
    await this.deps.db.orm.execute(sql`
      UPDATE identity.sign_in_tickets SET code_hash = ${hashEmailCode(row.ticket_hash, code)}, code_method = 'email', code_expires_at = expires_at
      WHERE ticket_hash = ${row.ticket_hash}`);
    await this.deps.mailer.send({ to: contacts.email, subject: EMAIL_CODE_TEXT.subject, text: EMAIL_CODE_TEXT.body(code, minutes) });
    return { expiredMinutes: minutes };
  }

  async verifyNewIp(input: { ticket: string; method: NewIpMethod; code: string } & ClientMeta): Promise<SignInResult> {
    const code = input.code.trim();
    if (!code) throw new AppError('INPUT_EMPTY', { field: 'code' });
    // The SMS code store runs its own transaction, so the mobile check happens before the ticket's.
    let mobileAccepted: boolean | undefined;
    if (input.method === 'mobile') {
      const row = await this.deps.db.transaction((tx) => lockTicket(tx, input.ticket, ['new-ip']));
      const contacts = await this.factors.contacts(this.deps.db.orm, row.member_id);
      if (!row.methods.includes('mobile') || !this.codes || !contacts.mobile) throw new AppError('SECOND_FACTOR_METHOD_UNAVAILABLE', { field: 'method' });
      mobileAccepted = await this.codes
        .checkCode({ merchantCode: row.merchant_code, purpose: 'new-ip', ...contacts.mobile, code })
        .then(() => true)
        .catch((error: unknown) => {
          if (error instanceof AppError && (error.code === 'VERIFICATION_CODE_INVALID' || error.code === 'INPUT_EMPTY')) return false;
          throw error;
        });
    }
    return this.step(input.ticket, ['new-ip'], async (tx, row, merchant) => {
      if (!row.methods.includes(input.method)) return { refusal: new AppError('SECOND_FACTOR_METHOD_UNAVAILABLE', { field: 'method' }) };
      const member = await this.member(tx, row.member_id);
      let accepted = false;
      if (input.method === 'mobile') accepted = mobileAccepted === true;
      else if (input.method === 'email') {
        accepted = row.code_hash !== null && row.code_method === 'email' && row.code_expired === false && timingSafeEqual(Buffer.from(row.code_hash), hashEmailCode(row.ticket_hash, code));
      } else if (input.method === 'bankAccountName') {
        const onFile = (await this.factors.contacts(tx, member.id)).bankAccountName;
        accepted = onFile !== null && sameBankAccountName(onFile, code);
      } else {
        const totp = await this.factors.totpState(tx, member.id, true);
        accepted = totp.enabled && totp.secret !== null && (await this.factors.useTotpCode(tx, member.id, totp.secret, totp.lastUsedStep, code));
      }
      if (!accepted) return this.refuse(tx, row, input, 'new-ip-verification-failed', { method: input.method });
      await recordSecurityEvent(tx, { merchantCode: row.merchant_code, memberId: member.id, kind: 'new-ip-verified', ip: input.ip, userAgent: input.userAgent, detail: { method: input.method } });
      return { result: await this.finish(tx, row, merchant, member, input, { newIp: true }) };
    });
  }

  async verifyTwoFactor(input: { ticket: string; code: string } & ClientMeta): Promise<SignInResult> {
    return this.step(input.ticket, ['two-factor'], async (tx, row, merchant) => {
      const member = await this.member(tx, row.member_id);
      const totp = await this.factors.totpState(tx, member.id, true);
      const accepted = totp.enabled && totp.secret !== null && (await this.factors.useTotpCode(tx, member.id, totp.secret, totp.lastUsedStep, input.code));
      if (!accepted) return this.refuse(tx, row, input, 'two-factor-failed', {});
      await recordSecurityEvent(tx, { merchantCode: row.merchant_code, memberId: member.id, kind: 'two-factor-verified', ip: input.ip, userAgent: input.userAgent });
      return { result: await this.finish(tx, row, merchant, member, input, { newIp: true, twoFactor: true }) };
    });
  }

  /** Enrolment for an agent who may not have a session before it; the ticket stays valid until enable. */
  async setupAtLogin(input: { ticket: string } & ClientMeta): Promise<TwoFactorSetup> {
    const merchant = await this.deps.merchants.byCode(await ticketMerchantCode(this.deps.db.orm, input.ticket));
    return this.deps.db.transaction(async (tx) => {
      const row = await lockTicket(tx, input.ticket, ['two-factor-setup']);
      return this.startEnrolment(tx, merchant, await this.member(tx, row.member_id));
    });
  }

  async enableAtLogin(input: { ticket: string; code: string } & ClientMeta): Promise<SignInResult> {
    return this.step(input.ticket, ['two-factor-setup'], async (tx, row, merchant) => {
      const member = await this.member(tx, row.member_id);
      const enabled = await this.completeEnrolment(tx, member.id, input.code);
      if (enabled === 'missing') return { refusal: new AppError('TWO_FACTOR_SETUP_MISSING') };
      if (enabled === 'wrong') return this.refuse(tx, row, input, 'two-factor-failed', { during: 'enrolment' });
      await recordSecurityEvent(tx, { merchantCode: row.merchant_code, memberId: member.id, kind: 'two-factor-enabled', ip: input.ip, userAgent: input.userAgent });
      await spendTicket(tx, row.ticket_hash);
      return { result: { ...(await this.sessions.open(tx, merchant, member, newSessionToken(), input)), mustChangePassword: row.must_change_password } };
    });
  }

  /** A fresh secret kept as pending until a code from it proves the app has it. */
  async startEnrolment(tx: Executor, merchant: MerchantRecord, member: MemberRow): Promise<TwoFactorSetup> {
    const state = await this.factors.totpState(tx, member.id, true);
    if (state.enabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    const secret = newTotpSecret();
    const sealed = this.factors.box.seal(secret, `totp:${member.id}`);
    await tx.execute(sql`
      INSERT INTO identity.member_totp (member_id, pending_sealed_secret) VALUES (${member.id}, ${sealed})
      ON CONFLICT (member_id) DO UPDATE SET pending_sealed_secret = ${sealed}, updated_at = now()`);
    return { secret, otpauthUri: otpauthUri({ issuer: merchant.name, account: member.username, secret }) };
  }

  /** Turns the pending secret on when the code matches; the code's step counts as used. */
  async completeEnrolment(tx: Executor, memberId: string, code: string): Promise<'enabled' | 'missing' | 'wrong'> {
    const state = await this.factors.totpState(tx, memberId, true);
    if (state.enabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    if (!state.pendingSecret) return 'missing';
    if (!(await this.factors.useTotpCode(tx, memberId, state.pendingSecret, state.lastUsedStep, code))) return 'wrong';
    await tx.execute(sql`
      UPDATE identity.member_totp SET sealed_secret = pending_sealed_secret, pending_sealed_secret = NULL, enabled_at = now(), updated_at = now()
      WHERE member_id = ${memberId}`);
    return 'enabled';
  }
}
