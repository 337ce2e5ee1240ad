import type { Request } from 'express';
import { webOriginSchema, type GamesRpc, type IdentityRpc, type RpcClient } from '@wps/contracts';
import { AppError, type Logger } from '@wps/platform';
import { merchantHint } from '../auth.js';

/** How often a brand's list is asked for again, and how soon after a failed attempt. */
export const FRAME_ORIGINS_REFRESH_MS = 60_000;
const RETRY_AFTER_FAILURE_MS = 5_000;
/** Distinct brand hints (X-Merchant-Code, host) remembered; the oldest is forgotten first. */
const HINTS_MAX = 1_000;

export type BrandHint = ReturnType<typeof merchantHint>;

interface Entry<T> {
  value: T;
  /** When to ask again; 0 asks on the next request. */
  due: number;
  /** The question under way, if one is. */
  pending?: Promise<void>;
  /** Whether any answer (or a failure) has come yet. */
  settled: boolean;
}

export interface BrandListDeps<T> {
  /** The brand's answer, asked in the background; a MERCHANT_NOT_FOUND answers `empty`. */
  load: (hint: BrandHint) => Promise<T>;
  /** The answer before the first one, and for a brand identity does not know. */
  empty: T;
  /** What the list is, for the log line when it cannot be had. */
  name: string;
  logger?: Logger;
  refreshMs?: number;
  now?: () => number;
}

/**
 * A list that a response header carries for the request's brand, which a request never waits for. Each brand hint (the
 * X-Merchant-Code header, else the host, as `merchantHint` reads them) keeps the last good answer and asks for it again
 * in the background once it is older than the refresh period. Before the first answer, and for a brand identity does
 * not know, the answer is `empty`. When a service is unreachable, the last good answer stays.
 */
export class BrandList<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(private readonly deps: BrandListDeps<T>) {
    this.refreshMs = deps.refreshMs ?? FRAME_ORIGINS_REFRESH_MS;
    this.now = deps.now ?? Date.now;
  }

  /** The answer for this request's brand, as last answered; starts a refresh when the answer is due. */
  of(req: Request): T {
    return this.entryOf(req).value;
  }

  /**
   * Waits, at most `maxWaitMs`, for the first answer of this request's brand when none has come yet; at once
   * otherwise. A page's policy is read once, when the page loads: its first load after a start should not go out with
   * the empty list only because the question had not been asked before.
   */
  async firstAnswer(req: Request, maxWaitMs: number): Promise<void> {
    const entry = this.entryOf(req);
    if (entry.settled || !entry.pending) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([entry.pending, new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)))]);
    clearTimeout(timer);
  }

  private entryOf(req: Request): Entry<T> {
    const hint = merchantHint(req);
    const key = `${hint.merchantCode ?? ''}|${hint.host ?? ''}`;
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= HINTS_MAX) this.entries.delete(this.entries.keys().next().value!);
      entry = { value: this.deps.empty, due: 0, settled: false };
      this.entries.set(key, entry);
    }
    if (!entry.pending && this.now() >= entry.due) entry.pending = this.refresh(entry, hint);
    return entry;
  }

  private async refresh(entry: Entry<T>, hint: BrandHint): Promise<void> {
    try {
      // Asked on the next turn, so that `pending` is set before the answer (or a thrown error) can settle it.
      entry.value = await Promise.resolve(hint)
        .then(this.deps.load)
        .catch((error: unknown) => {
          // A brand identity does not know has nothing of its own; that is an answer, not a failure.
          if (error instanceof AppError && error.code === 'MERCHANT_NOT_FOUND') return this.deps.empty;
          throw error;
        });
      entry.due = this.now() + this.refreshMs;
    } catch (error) {
      this.deps.logger?.warn({ err: error }, `${this.deps.name} unavailable: keeping the last list`);
      entry.due = this.now() + Math.min(RETRY_AFTER_FAILURE_MS, this.refreshMs);
    } finally {
      entry.pending = undefined;
      entry.settled = true;
    }
  }
}

/** Only well-formed http(s) origins: what goes into a response header can never carry a directive of its own. */
export const webOrigins = (origins: readonly string[]): string[] => origins.filter((origin) => webOriginSchema.safeParse(origin).success);

export interface FrameOriginsDeps {
  identity: Pick<RpcClient<IdentityRpc>, 'resolveMerchant'>;
  games: Pick<RpcClient<GamesRpc>, 'frameOrigins'>;
  logger?: Logger;
  refreshMs?: number;
  now?: () => number;
}

/**
 * The web origins the pages of a request's brand may frame besides their own: the origins of the launch URLs of the
 * vendors the brand offers, as the games service answers them, kept per brand hint as `BrandList` keeps them (identity
 * names the brand, games its list). Before the first answer, and for a brand identity does not know, the list is
 * empty: frames from our own origin only.
 */
export class FrameOrigins {
  private readonly list: BrandList<readonly string[]>;

  constructor(deps: FrameOriginsDeps) {
    this.list = new BrandList({
      name: 'frame origins',
      empty: [],
      logger: deps.logger,
      refreshMs: deps.refreshMs,
      now: deps.now,
      load: async (hint) => {
        const brand = await deps.identity.resolveMerchant(hint);
        const { origins } = await deps.games.frameOrigins({ merchantCode: brand.code });
        // The contract checks them on the way; checked again here because they go into a response header.
        return webOrigins(origins);
      },
    });
  }

  /** The origins for this request's brand, as last answered; starts a refresh when the answer is due. */
  of(req: Request): readonly string[] {
    return this.list.of(req);
  }

  /** See `BrandList.firstAnswer`. */
  firstAnswer(req: Request, maxWaitMs: number): Promise<void> {
    return this.list.firstAnswer(req, maxWaitMs);
  }
}
