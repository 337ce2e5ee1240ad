import express, { type Request, type RequestHandler, type Router } from 'express';
import { isTrialType, pvpActBodySchema, pvpSitBodySchema, pvpTableIdSchema } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { bearerToken, requireSession } from '../auth.js';
import { ipRateLimit, jsonBody, ok, type EdgeOptions } from './edge.js';

/**
 * The house vendor's Teen Patti tables (issue 6, PVP). The room list and a table's public state are open to guests,
 * who may watch; sitting, standing and acting need a real member's session. The state answers each member with their
 * own cards only: the member comes from the session, never from the request.
 */
export function housePvpApi(options: EdgeOptions): Router {
  const router = express.Router();
  const { clients } = options;
  const limited = ipRateLimit(options);
  const session = requireSession(options.sessions);
  const realAccount: RequestHandler = (req, _res, next) => next(isTrialType(req.principal!.type) ? new AppError('TRIAL_ACCOUNT_REFUSED') : undefined);
  const play = [limited, session, realAccount, jsonBody];
  const tableOf = (req: Request): string => {
    const parsed = pvpTableIdSchema.safeParse(req.params.tableId);
    if (!parsed.success) throw new AppError('PVP_TABLE_NOT_FOUND', { field: 'tableId' });
    return parsed.data;
  };
  const playerOf = (req: Request) => ({
    memberId: req.principal!.memberId,
    merchantCode: req.principal!.merchantCode,
    currency: req.principal!.currency,
    account: req.principal!.account,
  });

  // The spec's room list call: the Teen Patti rooms with their boot and how many are seated.
  router.get('/wps/relay/GLS2_roomList', limited, async (_req, res) => {
    ok(res, await clients.house.pvpRooms({}));
  });

  router.get('/wps/house/pvp/tables/:tableId', limited, async (req, res) => {
    const tableId = tableOf(req);
    const token = bearerToken(req);
    const principal = token ? await options.sessions.principal(token) : null;
    ok(res, await clients.house.pvpTableState({ tableId, ...(principal ? { memberId: principal.memberId } : {}) }));
  });

  router.post('/wps/house/pvp/tables/:tableId/sit', ...play, async (req, res) => {
    const tableId = tableOf(req);
    const body = pvpSitBodySchema.parse(req.body ?? {});
    ok(res, await clients.house.pvpSit({ ...body, tableId, ...playerOf(req) }));
  });

  router.post('/wps/house/pvp/tables/:tableId/stand', ...play, async (req, res) => {
    ok(res, await clients.house.pvpStand({ tableId: tableOf(req), memberId: req.principal!.memberId }));
  });

  router.post('/wps/house/pvp/tables/:tableId/act', ...play, async (req, res) => {
    const tableId = tableOf(req);
    const body = pvpActBodySchema.parse(req.body);
    ok(res, await clients.house.pvpAct({ ...body, tableId, ...playerOf(req) }));
  });

  return router;
}
