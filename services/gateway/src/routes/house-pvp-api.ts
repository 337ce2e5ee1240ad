import express, { type Request, type Router } from 'express';
import { pvpActBodySchema, pvpSitBodySchema, pvpTableIdSchema } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { ok, type EdgeOptions } from './edge.js';
import { houseRouteGuards } from './house-routes.js';

/**
 * The house vendor's Teen Patti tables (issue 6, PVP). The room list and a table's public state are open to guests,
 * who may watch; sitting, standing and acting need a real member's session. The state answers each member with their
 * own cards only: the member comes from the session, never from the request.
 */
export function housePvpApi(options: EdgeOptions): Router {
  const router = express.Router();
  const { clients } = options;
  const { limited, play, playerOf: housePlayerOf, watcherOf } = houseRouteGuards(options);
  const tableOf = (req: Request): string => {
    const parsed = pvpTableIdSchema.safeParse(req.params.tableId);
    if (!parsed.success) throw new AppError('PVP_TABLE_NOT_FOUND', { field: 'tableId' });
    return parsed.data;
  };
  const playerOf = (req: Request) => ({ ...housePlayerOf(req), account: req.principal!.account });

  // The spec's room list call: the Teen Patti rooms with their boot and how many are seated.
  router.get('/wps/relay/GLS2_roomList', limited, async (_req, res) => {
    ok(res, await clients.house.pvpRooms({}));
  });

  router.get('/wps/house/pvp/tables/:tableId', limited, async (req, res) => {
    const tableId = tableOf(req);
    ok(res, await clients.house.pvpTableState({ tableId, ...(await watcherOf(req)) }));
  });

  // Public like the table's history: a finished hand's seed and result, for the verify page to recompute in the browser.
  router.get('/wps/house/pvp/tables/:tableId/hands/:handNo/proof', limited, async (req, res) => {
    const tableId = tableOf(req);
    const handText = String(req.params.handNo);
    if (!/^\d{1,9}$/.test(handText)) throw new AppError('PVP_HAND_NOT_FOUND', { field: 'handNo' });
    ok(res, await clients.house.pvpHandProof({ tableId, handNo: Number(handText) }));
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
