import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError, checkRateLimit, rows, type Database, type KeyValueStore, type Logger } from '@wps/platform';
import type { SmsProvider } from '../infra/sms.js';

export type VerificationPurpose = 'register' | 'login' | 'reset' | 'new-ip';

export interface PhoneNumber {
  countryDialingCode: string;
  mobile: string;
}

export interface VerificationCodeSettings {
  /** How long a code stays valid. */
  SMS_CODE_TTL_MINUTES: number;
  /** Codes one phone may be sent within five minutes before it must wait five minutes. */
  SMS_CODES_PER_FIVE_MINUTES: number;
  /** Wrong guesses one code survives; after that it is spent and a new one must be requested. */
  SMS_CODE_MAX_ATTEMPTS: number;
  SMS_REQUESTS_PER_IP_PER_HOUR: number;
}

const FIVE_MINUTES_MS = 300_000;

/** Digits only, so "+52 55-1234" and "5255 1234" are the same phone for limits and lookups. */
export function normalisePhone(phone: { countryDialingCode?: string; mobile?: string }): PhoneNumber {
  const countryDialingCode = (phone.countryDialingCode ?? '').replace(/[\s+]/g, '');
  const mobile = (phone.mobile ?? '').replace(/[\s\-()]/g, '');
  if (!mobile) throw new AppError('INPUT_EMPTY', { field: 'mobileNum' });
  if (!/^\d{6,15}$/.test(mobile)) throw new AppError('MOBILE_INVALID', { field: 'mobileNum' });
  if (!/^\d{1,4}$/.test(countryDialingCode)) throw new AppError('MOBILE_INVALID', { field: 'countryDialingCode' });
  return { countryDialingCode, mobile };
}

const hashCode = (merchantCode: string, purpose: string, phoneKey: string, code: string): Buffer => createHash('sha256').update(`${merchantCode}\n${purpose}\n${phoneKey}\n${code}`).digest();

const phoneKeyOf = (phone: PhoneNumber) => `${phone.countryDialingCode}:${phone.mobile}`;

const MESSAGE = {
  EN: (code: string, minutes: number) => `Your verification code is ${code}. It is valid for ${minutes} minutes.`,
  ES: (code: string, minutes: number) => `Su código de verificación es ${code}. Es válido durante ${minutes} minutos.`,
} as const;

/**
 * One-time codes sent by SMS for sign-in, registration, password reset and new-device checks. Codes are stored hashed
 * with an attempt counter; sending is throttled to one a second per phone, and a phone that asks too often waits five
 * minutes.
 */
export class VerificationCodes {
  constructor(
    private readonly deps: { db: Database; cache: KeyValueStore; logger: Logger; config: VerificationCodeSettings },
    readonly sms: SmsProvider,
  ) {}

  async sendCode(input: {
    merchantCode: string;
    purpose: VerificationPurpose;
    countryDialingCode?: string;
    mobile?: string;
    /** The caller's address, for the per-address limit; leave out for sends the server starts itself. */
    ip?: string;
    language?: 'EN' | 'ES';
    /**
     * false runs the same checks and gives the same answer without storing or sending a code: for a phone that belongs
     * to no member, so the answer does not tell a caller which numbers are registered.
     */
    deliver?: boolean;
  }): Promise<{ expiredMinutes: number }> {
    const phone = normalisePhone(input);
    const { config, cache } = this.deps;
    const phoneKey = phoneKeyOf(phone);
    const subject = `${input.merchantCode}:${phoneKey}`;
    const blockKey = `sms-wait:${subject}`;
    const blockedUntil = Number((await cache.get(blockKey)) ?? 0);
    if (blockedUntil > Date.now()) {
      throw new AppError('SMS_WAIT_FIVE_MINUTES', { value: { retryAfterSeconds: Math.ceil((blockedUntil - Date.now()) / 1000) } });
    }
    const perSecond = await checkRateLimit(cache, { name: 'sms:phone:second', limit: 1, windowMs: 1_000 }, subject);
    if (!perSecond.allowed) throw new AppError('SMS_TOO_FREQUENT', { value: { retryAfterSeconds: perSecond.retryAfterSeconds } });
    if (input.ip) {
      const perIp = await checkRateLimit(cache, { name: 'sms:ip', limit: config.SMS_REQUESTS_PER_IP_PER_HOUR, windowMs: 3_600_000 }, `${input.merchantCode}:${input.ip}`);
      if (!perIp.allowed) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: perIp.retryAfterSeconds } });
    }
    const perFiveMinutes = await checkRateLimit(cache, { name: 'sms:phone:5m', limit: config.SMS_CODES_PER_FIVE_MINUTES, windowMs: FIVE_MINUTES_MS }, subject);
    if (!perFiveMinutes.allowed) {
      // The wait starts at the refusal, not at the window's start: "wait 5 minutes" then means what it says.
      await cache.set(blockKey, String(Date.now() + FIVE_MINUTES_MS), FIVE_MINUTES_MS);
      throw new AppError('SMS_WAIT_FIVE_MINUTES', { value: { retryAfterSeconds: FIVE_MINUTES_MS / 1000 } });
    }

    const expiredMinutes = config.SMS_CODE_TTL_MINUTES;
    if (input.deliver === false) return { expiredMinutes };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.deps.db.transaction(async (tx) => {
      // A new code replaces the ones before it, so only the latest message a member received works.
      await tx.execute(sql`
        UPDATE identity.verification_codes SET consumed_at = now()
        WHERE merchant_code = ${input.merchantCode} AND purpose = ${input.purpose} AND mobile = ${phoneKey} AND consumed_at IS NULL`);
      await tx.execute(sql`
        INSERT INTO identity.verification_codes (merchant_code, purpose, mobile, code_hash, expires_at)
        VALUES (${input.merchantCode}, ${input.purpose}, ${phoneKey}, ${hashCode(input.merchantCode, input.purpose, phoneKey, code)},
                now() + make_interval(mins => ${expiredMinutes}))`);
    });
    const text = MESSAGE[input.language ?? 'ES'](code, expiredMinutes);
    await this.sms.send({ ...phone, text, code, purpose: input.purpose });
    return { expiredMinutes };
  }

  /** Consumes the code when it is right; a wrong, spent or expired code is refused with the spec's message. */
  async checkCode(input: { merchantCode: string; purpose: VerificationPurpose; countryDialingCode?: string; mobile?: string; code?: string }): Promise<void> {
    const phone = normalisePhone(input);
    const code = (input.code ?? '').trim();
    if (!code) throw new AppError('INPUT_EMPTY', { field: 'verificationCode' });
    if (code.length > 255) throw new AppError('VERIFICATION_CODE_INVALID', { field: 'verificationCode' });
    const phoneKey = phoneKeyOf(phone);
    const maxAttempts = this.deps.config.SMS_CODE_MAX_ATTEMPTS;
    const accepted = await this.deps.db.transaction(async (tx) => {
      const [open] = await rows<{ id: string; code_hash: Buffer | Uint8Array; attempts: number }>(
        tx,
        sql`SELECT id, code_hash, attempts FROM identity.verification_codes
            WHERE merchant_code = ${input.merchantCode} AND purpose = ${input.purpose} AND mobile = ${phoneKey}
              AND consumed_at IS NULL AND expires_at > now()
            ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      );
      if (!open) return false;
      const expected = Buffer.from(open.code_hash);
      const given = hashCode(input.merchantCode, input.purpose, phoneKey, code);
      if (timingSafeEqual(expected, given)) {
        await tx.execute(sql`UPDATE identity.verification_codes SET consumed_at = now() WHERE id = ${open.id}`);
        return true;
      }
      const attempts = open.attempts + 1;
      await tx.execute(sql`
        UPDATE identity.verification_codes
        SET attempts = ${attempts}, consumed_at = CASE WHEN ${attempts} >= ${maxAttempts} THEN now() ELSE NULL END
        WHERE id = ${open.id}`);
      return false;
    });
    if (!accepted) throw new AppError('VERIFICATION_CODE_INVALID', { field: 'verificationCode' });
  }
}
