import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { preferredEncoding } from './edge/web-client.js';

const PUBLIC_ANSWER_ENTRIES_MAX = 5_000;
/** Below this an answer goes out as it is: compressing saves less than its headers cost (as compression.ts). */
const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
type Encoding = 'br' | 'gzip';
const ENCODINGS: readonly { name: Encoding }[] = [{ name: 'br' }, { name: 'gzip' }];

/**
 * One rendered answer, shared by every caller who gets it: its JSON, its entity tag, and its compressed forms, each
 * made once, the first time a caller takes it. The answer is sent as is, with no work per request beyond the headers.
 * Compressed once, it can afford the best compression: it is paid once per answer, not once per request.
 */
export class RenderedAnswer {
  readonly body: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly json: string) {
    this.body = Buffer.from(json);
    // The weak tag of express's own (etag package): length and a SHA-1 of the body.
    this.etag = `W/"${this.body.length.toString(16)}-${createHash('sha1').update(this.body).digest('base64').slice(0, 27)}"`;
  }

  encodedAs(encoding: Encoding): Promise<Buffer> {
    let made = this.encoded.get(encoding);
    if (!made) {
      made = encoding === 'br' ? brotli(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } }) : gzipped(this.body, { level: 9 });
      this.encoded.set(encoding, made);
    }
    return made;
  }

  /**
   * Sends it: compressed as the caller takes it (brotli on a tie, as the web client's files), a 304 to a caller who holds the same tag (express
   * checks it against the ETag set here), HEAD without a body.
   */
  async send(req: Request, res: Response): Promise<void> {
    res.vary('Accept-Encoding');
    res.type('json');
    res.setHeader('ETag', this.etag);
    const accepted = this.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(req.headers['accept-encoding'], ENCODINGS)?.name : undefined;
    if (accepted) {
      const body = await this.encodedAs(accepted);
      res.setHeader('Content-Encoding', accepted);
      res.send(body);
      return;
    }
    res.send(this.body);
  }
}

interface Entry {
  body: Promise<RenderedAnswer>;
  expiresAt: number;
  /**
   * Until when the answer may still be sent while a fresh one is read (stale-while-revalidate): past its TTL, the
   * same as it was, for as long as the TTL again. An answer that names its own end (`validUntil`) is never sent past
   * it, and a brand's changed content drops its answers at once.
   */
  staleUntil: number;
  /** Set once the answer is rendered: only a rendered answer is sent stale. */
  ready: boolean;
  refreshing: boolean;
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
 * call per query; an answer past its TTL is still sent while one call reads it again, so no caller waits for the
 * service once a key is warm. Each gateway process has its own; a brand's entries are dropped on the content-change
 * event.
 */
export class PublicAnswers {
  private readonly entries = new Map<string, Entry>();

  get(key: string, ttlMs: number, load: () => Promise<unknown>, options: AnswerOptions = {}): Promise<RenderedAnswer> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.body;
    if (cached?.ready && cached.staleUntil > now) {
      if (!cached.refreshing) {
        cached.refreshing = true;
        const fresh = this.entry(ttlMs, load, options, now);
        fresh.body.then(
          // Replaced only if the stale answer is still the one kept: a content change meanwhile dropped it, and a
          // call that started before the change may have read the old content.
          () => this.entries.get(key) === cached && this.entries.set(key, fresh),
          () => (cached.refreshing = false),
        );
      }
      return cached.body;
    }
    if (this.entries.size >= PUBLIC_ANSWER_ENTRIES_MAX) this.entries.clear();
    const entry = this.entry(ttlMs, load, options, now);
    this.entries.set(key, entry);
    // A failed call is not kept; only this entry is removed, never a newer one for the same key.
    entry.body.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    return entry.body;
  }

  /** An entry whose answer is being read now. */
  private entry(ttlMs: number, load: () => Promise<unknown>, options: AnswerOptions, now: number): Entry {
    const entry: Entry = { body: Promise.resolve(new RenderedAnswer('')), expiresAt: now + ttlMs, staleUntil: now + 2 * ttlMs, ready: false, refreshing: false, brand: options.brand };
    entry.body = load().then((value) => {
      const until = options.validUntil?.(value);
      if (until !== undefined) {
        entry.expiresAt = Math.min(entry.expiresAt, until);
        entry.staleUntil = Math.min(entry.staleUntil, until);
      }
      const rendered = new RenderedAnswer(JSON.stringify({ success: true, value }));
      entry.ready = true;
      return rendered;
    });
    return entry;
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
