import { sql } from 'drizzle-orm';
import type { Executor, KeyValueStore } from '@wps/platform';

export interface LockoutPolicy {
  LOGIN_FAILURES_BEFORE_CAPTCHA: number;
  LOGIN_FAILURES_PER_ACCOUNT: number;
  LOGIN_LOCKOUT_MINUTES: number;
  LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA: number;
  LOGIN_ADDRESS_WINDOW_MINUTES: number;
  LOGIN_BRAND_FAILURES_PER_MINUTE_ALARM: number;
  LOGIN_BRAND_ALARM_MINUTES: number;
  LOGIN_DELAY_MAX_SECONDS: number;
}

/** What the failures so far ask of the next attempt. */
export interface SignInPressure {
  /** Failures of this account name within the lockout window. */
  accountFailures: number;
  /** Whether the attempt must solve a captcha: the account's, the address's or the brand's failures call for one. */
  captcha: boolean;
  /** Milliseconds the account must still wait after its last failure (the progressive delay), 0 when none. */
  waitMs: number;
}

/**
 * Failed sign-ins, kept in the shared store (Redis in a cluster) so every instance sees the same counts:
 *
 * - per account name (keyed by the name typed, not the member id, so an unknown name and a real one behave alike): a
 *   captcha after LOGIN_FAILURES_BEFORE_CAPTCHA, a delay before the next try that doubles with each failure (1 s after
 *   the second, 2 s, 4 s… up to LOGIN_DELAY_MAX_SECONDS), and a lockout after LOGIN_FAILURES_PER_ACCOUNT;
 * - per client address: a captcha for every attempt from an address with LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA
 *   failures in LOGIN_ADDRESS_WINDOW_MINUTES, whichever names it tried (password spraying);
 * - per brand: more than LOGIN_BRAND_FAILURES_PER_MINUTE_ALARM failures in a minute raise an alarm (logged and kept as
 *   a security event) and put every password sign-in of the brand behind a captcha for LOGIN_BRAND_ALARM_MINUTES
 *   (spraying and credential stuffing spread over many addresses).
 */
export class SignInFailures {
  constructor(
    private readonly cache: KeyValueStore,
    private readonly policy: LockoutPolicy,
  ) {}

  private failureKey = (merchantCode: string, accountKey: string) => `login-failures:${merchantCode}:${accountKey}`;
  private lastFailureKey = (merchantCode: string, accountKey: string) => `login-last-failure:${merchantCode}:${accountKey}`;
  private lockKey = (merchantCode: string, accountKey: string) => `login-lock:${merchantCode}:${accountKey}`;
  private addressKey = (merchantCode: string, ip: string) => `login-failures-ip:${merchantCode}:${ip}`;
  private brandKey = (merchantCode: string) => `login-failures-brand:${merchantCode}`;
  private alarmKey = (merchantCode: string) => `login-alarm:${merchantCode}`;
  private get windowMs() {
    return this.policy.LOGIN_LOCKOUT_MINUTES * 60_000;
  }

  async count(merchantCode: string, accountKey: string): Promise<number> {
    return Number((await this.cache.get(this.failureKey(merchantCode, accountKey))) ?? 0);
  }

  captchaNeeded(failures: number): boolean {
    return failures >= this.policy.LOGIN_FAILURES_BEFORE_CAPTCHA;
  }

  /** The wait owed after `failures` failures: none after the first, then 1 s, doubling, up to the maximum. */
  delayMs(failures: number): number {
    if (failures < 2) return 0;
    return Math.min(this.policy.LOGIN_DELAY_MAX_SECONDS * 1000, 1000 * 2 ** Math.min(failures - 2, 20));
  }

  /** What the next attempt for this name from this address must go through. */
  async pressure(merchantCode: string, accountKey: string, ip: string): Promise<SignInPressure> {
    const [account, address, alarm, last] = await Promise.all([
      this.count(merchantCode, accountKey),
      this.cache.get(this.addressKey(merchantCode, ip)),
      this.cache.get(this.alarmKey(merchantCode)),
      this.cache.get(this.lastFailureKey(merchantCode, accountKey)),
    ]);
    const captcha = this.captchaNeeded(account) || Number(address ?? 0) >= this.policy.LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA || alarm != null;
    const waitMs = last ? Math.max(0, Number(last) + this.delayMs(account) - Date.now()) : 0;
    return { accountFailures: account, captcha, waitMs };
  }

  /** Seconds left on a lockout, or 0. */
  async lockedFor(merchantCode: string, accountKey: string): Promise<number> {
    const until = Number((await this.cache.get(this.lockKey(merchantCode, accountKey))) ?? 0);
    return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
  }

  /**
   * Counts one failure against the name, the address and the brand. Answers the name's new count, whether it just
   * locked the account, whether the next attempt from here needs a captcha, and whether it raised the brand's alarm.
   */
  async fail(merchantCode: string, accountKey: string, ip: string): Promise<{ failures: number; locked: boolean; captcha: boolean; alarmRaised: boolean }> {
    const [{ count }, address, brand] = await Promise.all([
      this.cache.incrementWindow(this.failureKey(merchantCode, accountKey), this.windowMs),
      this.cache.incrementWindow(this.addressKey(merchantCode, ip), this.policy.LOGIN_ADDRESS_WINDOW_MINUTES * 60_000),
      this.cache.incrementWindow(this.brandKey(merchantCode), 60_000),
    ]);
    await this.cache.set(this.lastFailureKey(merchantCode, accountKey), String(Date.now()), this.windowMs);
    const locked = count >= this.policy.LOGIN_FAILURES_PER_ACCOUNT;
    if (locked) await this.cache.set(this.lockKey(merchantCode, accountKey), String(Date.now() + this.windowMs), this.windowMs);
    // The alarm is raised by the failure that crosses the threshold, once per minute's count.
    const alarmRaised = brand.count === this.policy.LOGIN_BRAND_FAILURES_PER_MINUTE_ALARM + 1;
    if (alarmRaised) await this.cache.set(this.alarmKey(merchantCode), String(Date.now()), this.policy.LOGIN_BRAND_ALARM_MINUTES * 60_000);
    const alarm = alarmRaised || (await this.cache.get(this.alarmKey(merchantCode))) != null;
    const captcha = this.captchaNeeded(count) || address.count >= this.policy.LOGIN_FAILURES_PER_ADDRESS_BEFORE_CAPTCHA || alarm;
    return { failures: count, locked, captcha, alarmRaised };
  }

  async clear(merchantCode: string, accountKey: string): Promise<void> {
    await this.cache.delete(this.failureKey(merchantCode, accountKey));
    await this.cache.delete(this.lastFailureKey(merchantCode, accountKey));
    await this.cache.delete(this.lockKey(merchantCode, accountKey));
  }

  /** Mirrors a lockout onto the member row, where operators see it and can lift it. */
  async persistLock(executor: Executor, memberId: string): Promise<void> {
    await executor.execute(sql`UPDATE identity.members SET locked_until = now() + make_interval(mins => ${this.policy.LOGIN_LOCKOUT_MINUTES}) WHERE id = ${memberId}`);
  }
}
