import { AppError, type KeyValueStore, type RateLimitRule } from '@wps/platform';

/**
 * A fixed-window count on the shared store (Redis in a cluster) that is read and added to separately, for limits
 * that count a call only once its outcome is known (a failed guess, a verified signature) but refuse before it runs.
 */
export class WindowCounter {
  constructor(
    private readonly store: KeyValueStore,
    readonly rule: RateLimitRule,
  ) {}

  private key(subject: string): string {
    return `ratelimit:${this.rule.name}:${subject}`;
  }

  /** 429 with the seconds until the window frees when the subject has used it up; undefined otherwise. Counts nothing. */
  async refusal(subject: string): Promise<AppError | undefined> {
    const key = this.key(subject);
    const count = Number((await this.store.get(key)) ?? 0);
    if (!(count >= this.rule.limit)) return undefined;
    const until = Number((await this.store.get(`${key}:until`)) ?? 0);
    const seconds = until > Date.now() ? Math.ceil((until - Date.now()) / 1_000) : Math.ceil(this.rule.windowMs / 1_000);
    return new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: Math.max(1, seconds) } });
  }

  /** Counts one for the subject; the count within the current window. */
  async add(subject: string): Promise<number> {
    const key = this.key(subject);
    const { count, resetInMs } = await this.store.incrementWindow(key, this.rule.windowMs);
    // Remembered once, when the window fills, so refusals can say when to come back.
    if (count === this.rule.limit) await this.store.set(`${key}:until`, String(Date.now() + resetInMs), resetInMs);
    return count;
  }
}
