import type { Request } from 'express';
import { webOriginSchema, type GamesRpc, type IdentityRpc, type RpcClient } from '@wps/contracts';
import { AppError, type Logger } from '@wps/platform';
import { merchantHint } from '../auth.js';

/** How often a brand's list is asked for again, and how soon after a failed attempt. */
export const FRAME_ORIGINS_REFRESH_MS = 60_000;
const RETRY_AFTER_FAILURE_MS = 5_000;
/** Distinct brand hints (X-Merchant-Code, host) remembered; the oldest is forgotten first. */
const HINTS_MAX = 1_000;

interface Entry {
  origins: readonly string[];
  /** When to ask again; 0 asks on the next request. */
  due: number;
  refreshing: boolean;
}

export interface FrameOriginsDeps {
  identity: Pick<RpcClient<IdentityRpc>, 'resolveMerchant'>;
  games: Pick<RpcClient<GamesRpc>, 'frameOrigins'>;
  logger?: Logger;
  refreshMs?: number;
  now?: () => number;
}

/**
 * The web origins the pages of a request's brand may frame besides their own: the origins of the launch URLs of the
 * vendors the brand offers, as the games service answers them. A request never waits for them. Each brand hint (the
 * X-Merchant-Code header, else the host, as `merchantHint` reads them) keeps the last good answer and asks identity for
 * the brand and games for its list again in the background once it is older than the refresh period. Before the first
 * answer, and for a brand identity does not know, the list is empty: frames from our own origin only. When a service
 * is unreachable, the last good list stays.
 */
export class FrameOrigins {
  private readonly entries = new Map<string, Entry>();
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(private readonly deps: FrameOriginsDeps) {
    this.refreshMs = deps.refreshMs ?? FRAME_ORIGINS_REFRESH_MS;
    this.now = deps.now ?? Date.now;
  }

  /** The origins for this request's brand, as last answered; starts a refresh when the answer is due. */
  of(req: Request): readonly string[] {
    const hint = merchantHint(req);
    const key = `${hint.merchantCode ?? ''}|${hint.host ?? ''}`;
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= HINTS_MAX) this.entries.delete(this.entries.keys().next().value!);
      entry = { origins: [], due: 0, refreshing: false };
      this.entries.set(key, entry);
    }
    if (!entry.refreshing && this.now() >= entry.due) void this.refresh(entry, hint);
    return entry.origins;
  }

  private async refresh(entry: Entry, hint: { merchantCode?: string; host?: string }): Promise<void> {
    entry.refreshing = true;
    try {
      const brand = await this.deps.identity.resolveMerchant(hint).catch((error: unknown) => {
        // A brand identity does not know frames nothing but our own pages; that is an answer, not a failure.
        if (error instanceof AppError && error.code === 'MERCHANT_NOT_FOUND') return undefined;
        throw error;
      });
      const { origins } = brand ? await this.deps.games.frameOrigins({ merchantCode: brand.code }) : { origins: [] };
      // The contract checks them on the way; checked again here because they go into a response header.
      entry.origins = origins.filter((origin) => webOriginSchema.safeParse(origin).success);
      entry.due = this.now() + this.refreshMs;
    } catch (error) {
      this.deps.logger?.warn({ err: error }, 'frame origins unavailable: keeping the last list');
      entry.due = this.now() + Math.min(RETRY_AFTER_FAILURE_MS, this.refreshMs);
    } finally {
      entry.refreshing = false;
    }
  }
}
