import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import { liveBetBodySchema, liveCashoutBodySchema, liveTableIdSchema } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { ok, type EdgeOptions } from './edge.js';
import { houseRouteGuards } from './house-routes.js';

const historyQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).catch(20).default(20) });

/**
 * The house vendor's shared-round tables (issue 6, part 2): crash, baccarat, roulette, dragon tiger and cockfight.
 * Anyone may watch a table (its state and history are public, and sockets join its room with `join-table`); betting
 * and cashing out need a real member's session. A player only ever sees and touches their own bets.
 */
export function houseLiveApi(options: EdgeOptions): Router {
  const router = express.Router();
  const { clients } = options;
  const { limited, session, play, playerOf, watcherOf } = houseRouteGuards(options);
  const tableOf = (req: Request): string => {
    const parsed = liveTableIdSchema.safeParse(req.params.tableId);
    if (!parsed.success) throw new AppError('LIVE_TABLE_NOT_FOUND', { field: 'tableId' });
    return parsed.data;
  };

  router.get('/wps/house/live/tables', limited, async (_req, res) => {
    ok(res, await clients.house.liveTables({}));
  });

  // Watching needs no session; a member who sends one also gets their own bets of the current round.
  router.get('/wps/house/live/tables/:tableId', limited, async (req, res) => {
    const tableId = tableOf(req);
    ok(res, await clients.house.liveTableState({ tableId, ...(await watcherOf(req)) }));
  });

  router.get('/wps/house/live/tables/:tableId/history', limited, async (req, res) => {
    const query = historyQuerySchema.parse(req.query);
    ok(res, await clients.house.liveHistory({ tableId: tableOf(req), limit: query.limit }));
  });

  // Public like the history: a settled round's seed and result, for the verify page to recompute it in the browser.
  router.get('/wps/house/live/tables/:tableId/rounds/:roundNo/proof', limited, async (req, res) => {
    const tableId = tableOf(req);
    const roundText = String(req.params.roundNo);
    if (!/^\d{1,9}$/.test(roundText)) throw new AppError('LIVE_ROUND_NOT_FOUND', { field: 'roundNo' });
    ok(res, await clients.house.liveRoundProof({ tableId, roundNo: Number(roundText) }));
  });

  router.get('/wps/house/live/tables/:tableId/my-bets', limited, session, async (req, res) => {
    const query = historyQuerySchema.parse(req.query);
    ok(res, await clients.house.liveMyBets({ tableId: tableOf(req), memberId: req.principal!.memberId, limit: query.limit }));
  });

  router.post('/wps/house/live/tables/:tableId/bets', ...play, async (req, res) => {
    const tableId = tableOf(req);
    const body = liveBetBodySchema.parse(req.body);
    ok(res, await clients.house.placeLiveBets({ ...body, tableId, ...playerOf(req) }));
  });

  router.post('/wps/house/live/tables/:tableId/cashout', ...play, async (req, res) => {
    const tableId = tableOf(req);
    const body = liveCashoutBodySchema.parse(req.body);
    ok(res, await clients.house.liveCashout({ ...body, tableId, ...playerOf(req) }));
  });

  return router;
}
