import type { Request } from 'express';
import type { AppError, KeyValueStore, Logger, RateLimitRule } from '@wps/platform';
import { clientIp } from '../auth.js';
import { WindowCounter } from './window-counter.js';

/** Wrong operator tokens allowed per source address; after that every token from it is refused until the window ends. */
export const OPERATOR_TOKEN_FAILURES: RateLimitRule = { name: 'operator-token', limit: 10, windowMs: 10 * 60_000 };

export interface OperatorTokenGuard {
  /** 429 for an address that used up its wrong guesses, before its token is even compared. */
  refusal(req: Request): Promise<AppError | undefined>;
  /** Counts and logs one wrong token (never the token itself). */
  failed(req: Request): Promise<void>;
}

/** Slows guessing of the operator token: wrong tokens are counted per source address and each one is logged. */
export function operatorTokenGuard(store: KeyValueStore, logger: Logger | undefined, rule: RateLimitRule = OPERATOR_TOKEN_FAILURES): OperatorTokenGuard {
  const failures = new WindowCounter(store, rule);
  return {
    refusal: (req) => failures.refusal(clientIp(req)),
    async failed(req) {
      const count = await failures.add(clientIp(req));
      logger?.warn({ ip: clientIp(req), method: req.method, path: req.path.slice(0, 200), failures: count, limit: rule.limit }, 'operator token refused');
    },
  };
}
