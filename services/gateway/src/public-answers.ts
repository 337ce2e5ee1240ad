const PUBLIC_ANSWER_ENTRIES_MAX = 5_000;

/**
 * A short-lived cache of rendered JSON answers that are the same for every guest of a brand and language; concurrent
 * misses for one key share one call, so a burst of home-page visitors costs one service call per query.
 */
export class PublicAnswers {
  private readonly entries = new Map<string, { body: Promise<string>; expiresAt: number }>();

  get(key: string, ttlMs: number, load: () => Promise<unknown>): Promise<string> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.body;
    if (this.entries.size >= PUBLIC_ANSWER_ENTRIES_MAX) this.entries.clear();
    const body = load().then((value) => JSON.stringify({ success: true, value }));
    this.entries.set(key, { body, expiresAt: now + ttlMs });
    body.catch(() => this.entries.delete(key));
    return body;
  }
}
