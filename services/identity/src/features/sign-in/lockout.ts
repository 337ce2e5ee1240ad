import { sql } from 'drizzle-orm';
import type { Executor, KeyValueStore } from '@wps/platform';

export interface LockoutPolicy {
  LOGIN_FAILURES_BEFORE_CAPTCHA: number;
  LOGIN_FAILURES_PER_ACCOUNT: number;
  LOGIN_LOCKOUT_MINUTES: number;
}

/**
 * Failed sign-ins per account name, kept in the shared store (Redis in a cluster) so every instance sees the same
 * count. Keyed by the name typed, not the member id, so an unknown name and a real one behave alike.
 */
export class SignInFailures {
  constructor(
    private readonly cache: KeyValueStore,
    private readonly policy: LockoutPolicy,
  ) {}

  private failureKey = (merchantCode: string, accountKey: string) => `login-failures:${merchantCode}:${accountKey}`;
  private lockKey = (merchantCode: string, accountKey: string) => `login-lock:${merchantCode}:${accountKey}`;
  private get windowMs() {
    return this.policy.LOGIN_LOCKOUT_MINUTES * 60_000;
  }

  async count(merchantCode: string, accountKey: string): Promise<number> {
    return Number((await this.cache.get(this.failureKey(merchantCode, accountKey))) ?? 0);
  }

  captchaNeeded(failures: number): boolean {
    return failures >= this.policy.LOGIN_FAILURES_BEFORE_CAPTCHA;
  }

  /** Seconds left on a lockout, or 0. */
  async lockedFor(merchantCode: string, accountKey: string): Promise<number> {
    const until = Number((await this.cache.get(this.lockKey(merchantCode, accountKey))) ?? 0);
    return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
  }

  /** Counts one failure; answers the new count and whether it just locked the account. */
  async fail(merchantCode: string, accountKey: string): Promise<{ failures: number; locked: boolean }> {
    const { count } = await this.cache.incrementWindow(this.failureKey(merchantCode, accountKey), this.windowMs);
    const locked = count >= this.policy.LOGIN_FAILURES_PER_ACCOUNT;
    if (locked) await this.cache.set(this.lockKey(merchantCode, accountKey), String(Date.now() + this.windowMs), this.windowMs);
    return { failures: count, locked };
  }

  async clear(merchantCode: string, accountKey: string): Promise<void> {
    await this.cache.delete(this.failureKey(merchantCode, accountKey));
    await this.cache.delete(this.lockKey(merchantCode, accountKey));
  }

  /** Mirrors a lockout onto the member row, where operators see it and can lift it. */
  async persistLock(executor: Executor, memberId: string): Promise<void> {
    await executor.execute(sql`UPDATE identity.members SET locked_until = now() + make_interval(mins => ${this.policy.LOGIN_LOCKOUT_MINUTES}) WHERE id = ${memberId}`);
  }
}
