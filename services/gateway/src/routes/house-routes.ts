import type { Request, RequestHandler } from 'express';
import { isTrialType, type HousePlayer } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { bearerToken, requireSession } from '../auth.js';
import { ipRateLimit, jsonBody, type EdgeOptions } from './edge.js';

/**
 * The guards every house router puts in front of its routes: the per-IP limit for everything, a session for a member's
 * own data, and for play also a real (not trial) account and a JSON body.
 */
export function houseRouteGuards(options: EdgeOptions) {
  const limited = ipRateLimit(options);
  const session = requireSession(options.sessions);
  const realAccount: RequestHandler = (req, _res, next) => next(isTrialType(req.principal!.type) ? new AppError('TRIAL_ACCOUNT_REFUSED') : undefined);
  const play = [limited, session, realAccount, jsonBody];
  // The player comes from the session, never from the request.
  const playerOf = (req: Request): HousePlayer => ({ memberId: req.principal!.memberId, merchantCode: req.principal!.merchantCode, currency: req.principal!.currency });
  /** Watching needs no session; a member who sends one is named, so the answer can include what is theirs. */
  const watcherOf = async (req: Request): Promise<{ memberId?: string }> => {
    const token = bearerToken(req);
    const principal = token ? await options.sessions.principal(token) : null;
    return principal ? { memberId: principal.memberId } : {};
  };
  return { limited, session, play, playerOf, watcherOf };
}
