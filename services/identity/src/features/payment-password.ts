import { sql } from 'drizzle-orm';
import { isRepetition, isSimpleSequence } from '@wps/contracts';
import { AppError, rows, type Database } from '@wps/platform';
import type { PasswordHasher } from '../infra/passwords.js';
import { usernameKey } from '../domain/registration.js';

const PAYMENT_PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;
/** Wrong attempts allowed before the payment password locks, and for how long. */
const FAILURES_BEFORE_LOCK = 5;
const LOCK_MINUTES = 15;

interface PaymentPasswordRow {
  password_hash: string;
  failed_attempts: number;
  locked_seconds_left: number | null;
}

const memberIdOk = (memberId: string) => /^\d{1,18}$/.test(memberId);

/** The payment password of a member: set, change, verify with a lockout after repeated wrong attempts. */
export class PaymentPasswords {
  constructor(private readonly deps: { db: Database; hasher: PasswordHasher }) {}

  private async load(memberId: string): Promise<PaymentPasswordRow | undefined> {
    if (!memberIdOk(memberId)) throw new AppError('NOT_FOUND');
    const [row] = await rows<PaymentPasswordRow>(
      this.deps.db.orm,
      sql`SELECT password_hash, failed_attempts,
                 CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()))::int END AS locked_seconds_left
          FROM identity.payment_passwords WHERE member_id = ${memberId}`,
    );
    return row;
  }

  async status(memberId: string): Promise<{ isSet: boolean }> {
    return { isSet: (await this.load(memberId)) !== undefined };
  }

  /** Checks the password, counting wrong attempts; a locked password answers 429 without looking at the guess. */
  private async check(memberId: string, row: PaymentPasswordRow, password: string, field: string): Promise<void> {
    if (row.locked_seconds_left) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: row.locked_seconds_left } });
    if (await this.deps.hasher.verify(row.password_hash, password)) {
      if (row.failed_attempts > 0) await this.deps.db.orm.execute(sql`UPDATE identity.payment_passwords SET failed_attempts = 0 WHERE member_id = ${memberId}`);
      return;
    }
    const [updated] = await rows<{ failed_attempts: number }>(
      this.deps.db.orm,
      sql`UPDATE identity.payment_passwords
          SET failed_attempts = CASE WHEN failed_attempts + 1 >= ${FAILURES_BEFORE_LOCK} THEN 0 ELSE failed_attempts + 1 END,
              locked_until = CASE WHEN failed_attempts + 1 >= ${FAILURES_BEFORE_LOCK} THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE locked_until END
          WHERE member_id = ${memberId} RETURNING failed_attempts`,
    );
    if (updated && updated.failed_attempts === 0) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: LOCK_MINUTES * 60 } });
    throw new AppError('PAYMENT_PASSWORD_WRONG', { field });
  }

  /** Whether the member signs in with this same password: one stolen would then give away the other. */
  private async isLoginPassword(memberId: string, password: string): Promise<boolean> {
    const [member] = await rows<{ password_hash: string }>(this.deps.db.orm, sql`SELECT password_hash FROM identity.members WHERE id = ${memberId}`);
    return member ? this.deps.hasher.verify(member.password_hash, password) : false;
  }

  async set(input: { memberId: string; password: string; confirmPassword: string; oldPassword?: string }): Promise<{ isSet: boolean }> {
    const existing = await this.load(input.memberId);
    if (!input.password) throw new AppError('INPUT_EMPTY', { field: 'password' });
    if (!PAYMENT_PASSWORD_PATTERN.test(input.password)) throw new AppError('PAYMENT_PASSWORD_FORMAT', { field: 'password' });
    if (input.password !== input.confirmPassword) throw new AppError('CONFIRM_PASSWORD_MISMATCH', { field: 'confirmPassword' });
    if (isRepetition(input.password) || isSimpleSequence(input.password) || (await this.isLoginPassword(input.memberId, input.password))) {
      throw new AppError('PAYMENT_PASSWORD_TOO_WEAK', { field: 'password' });
    }
    if (existing) {
      if (!input.oldPassword) throw new AppError('INPUT_EMPTY', { field: 'oldPassword' });
      await this.check(input.memberId, existing, input.oldPassword, 'oldPassword');
    }
    const passwordHash = await this.deps.hasher.hash(input.password);
    if (existing) {
      await this.deps.db.orm.execute(
        sql`UPDATE identity.payment_passwords SET password_hash = ${passwordHash}, failed_attempts = 0, locked_until = NULL, updated_at = now() WHERE member_id = ${input.memberId}`,
      );
    } else {
      // A concurrent first set loses here rather than silently replacing the other one.
      const inserted = await rows<{ member_id: string }>(
        this.deps.db.orm,
        sql`INSERT INTO identity.payment_passwords (member_id, password_hash) VALUES (${input.memberId}, ${passwordHash}) ON CONFLICT DO NOTHING RETURNING member_id`,
      );
      if (inserted.length === 0) throw new AppError('PAYMENT_STATE_CONFLICT');
    }
    return { isSet: true };
  }

  async verify(input: { memberId: string; password: string }): Promise<{ verified: true }> {
    const existing = await this.load(input.memberId);
    if (!existing) throw new AppError('PAYMENT_PASSWORD_NOT_SET', { field: 'paymentPassword' });
    if (!input.password) throw new AppError('INPUT_EMPTY', { field: 'paymentPassword' });
    await this.check(input.memberId, existing, input.password, 'paymentPassword');
    return { verified: true };
  }

  /** The target of a transfer and its place in the tree relative to the sender; null when no such member. */
  async findMemberForTransfer(input: { merchantCode: string; fromMemberId: string; toAccount: string }): Promise<{
    id: string;
    type: number;
    uplineId: string | null;
    isDirectUplineOfCaller: boolean;
    isInDownlineOfCaller: boolean;
  } | null> {
    if (!memberIdOk(input.fromMemberId)) return null;
    const [target] = await rows<{ id: string; type: number; upline_id: string | null; status: string }>(
      this.deps.db.orm,
      sql`SELECT id, type, upline_id, status FROM identity.members WHERE merchant_code = ${input.merchantCode} AND username_key = ${usernameKey(input.toAccount)}`,
    );
    if (!target || target.status !== 'active') return null;
    const [caller] = await rows<{ upline_id: string | null }>(this.deps.db.orm, sql`SELECT upline_id FROM identity.members WHERE id = ${input.fromMemberId}`);
    // Walks up from the target; the depth bound keeps a corrupt (cyclic) tree from looping.
    const [inDownline] = await rows<{ found: boolean }>(
      this.deps.db.orm,
      sql`WITH RECURSIVE ancestors(id, depth) AS (
            SELECT upline_id, 1 FROM identity.members WHERE id = ${target.id} AND upline_id IS NOT NULL
            UNION ALL
            SELECT m.upline_id, a.depth + 1 FROM identity.members m JOIN ancestors a ON m.id = a.id WHERE m.upline_id IS NOT NULL AND a.depth < 100
          )
          SELECT EXISTS (SELECT 1 FROM ancestors WHERE id = ${input.fromMemberId}) AS found`,
    );
    return {
      id: target.id,
      type: target.type,
      uplineId: target.upline_id,
      isDirectUplineOfCaller: caller?.upline_id === target.id,
      isInDownlineOfCaller: inDownline?.found === true,
    };
  }
}
