const PUBLIC_ANSWER_ENTRIES_MAX = 5_000;

interface Entry {
  body: Promise<string>;
  expiresAt: number;
  /** The brand the answer belongs to, so a change of the brand's content can drop it. */
  brand: string | undefined;
}

export interface AnswerOptions {
  brand?: string;
  /** When the answer itself says it goes stale (epoch ms), before the TTL runs out. */
  validUntil?: (value: unknown) => number | undefined;
}

/**
 * A cache of rendered JSON answers that are the same for many callers: every guest of a brand and language (lobby
 * lists, kept briefly), or every caller of a brand, language and audience (notices, help centre, kept until the
 * brand's content changes). Concurrent misses for one key share one call, so a burst of visitors costs one service
 * call per query. Each gateway process has its own; a brand's entries are dropped on the content-change event.
 */
export class PublicAnswers {
  private readonly entries = new Map<string, Entry>();

  get(key: string, ttlMs: number, load: () => Promise<unknown>, options: AnswerOptions = {}): Promise<string> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.body;
    if (this.entries.size >= PUBLIC_ANSWER_ENTRIES_MAX) this.entries.clear();
    const entry: Entry = { body: Promise.resolve(''), expiresAt: now + ttlMs, brand: options.brand };
    entry.body = load().then((value) => {
      const until = options.validUntil?.(value);
      if (until !== undefined && until < entry.expiresAt) entry.expiresAt = until;
      return JSON.stringify({ success: true, value });
    });
    this.entries.set(key, entry);
    // A failed call is not kept; only this entry is removed, never a newer one for the same key.
    entry.body.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    return entry.body;
  }

  /**
   * Drops every answer of a brand, including calls still in flight (their callers get what they asked for; the next
   * caller reads again). Answers how many were dropped.
   */
  dropBrand(brand: string): number {
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (entry.brand !== brand) continue;
      this.entries.delete(key);
      dropped++;
    }
    return dropped;
  }
}

/** An answer's own `validUntil` (ISO 8601), as epoch ms; undefined when it has none. */
export const validUntilOf = (value: unknown): number | undefined => {
  const until = typeof value === 'object' && value !== null ? (value as { validUntil?: unknown }).validUntil : undefined;
  const time = typeof until === 'string' ? Date.parse(until) : NaN;
  return Number.isFinite(time) ? time : undefined;
};
