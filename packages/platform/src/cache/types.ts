/** The cache and rate-limit store: Redis in cluster mode, process memory in embedded mode. */
export interface KeyValueStore {
  readonly transport: 'memory' | 'redis';
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds one to a counter and returns the new value; the window starts (TTL is set) on the first hit. */
  incrementWindow(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  close(): Promise<void>;
}

export interface RateLimitRule {
  /** What is limited, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** A fixed-window limiter on top of any store: one atomic increment per check. */
export async function checkRateLimit(store: KeyValueStore, rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const { count, resetInMs } = await store.incrementWindow(`ratelimit:${rule.name}:${subject}`, rule.windowMs);
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
  };
}
