import express, { type Request, type RequestHandler, type Router } from 'express';
import {
  clientSeedBodySchema,
  DICE_CHANCE_LIMITS,
  diceBodySchema,
  HOUSE_BET_LIMITS,
  HOUSE_EDGE,
  houseSoloGameSchema,
  MINES_LIMITS,
  minesCashoutBodySchema,
  minesRevealBodySchema,
  minesStartBodySchema,
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoBodySchema,
  plinkoMultipliers,
  plinkoRtp,
  rotateBodySchema,
  roundsQuerySchema,
  SLOT_GAMES,
  slotBodySchema,
  slotRtp,
  // FISH
  FISH_BET_LIMITS,
  FISH_CANNON_LEVELS,
  FISH_GAME_CODE,
  FISH_KINDS,
  FISH_MAX_SHOTS_PER_SECOND,
  FISH_RTP,
  fishCatchChance,
  fishShotBodySchema,
} from '@wps/contracts';
import { AppError, checkRateLimit } from '@wps/platform';
import { z } from 'zod';
import { jsonBody, ok, type EdgeOptions } from './edge.js';
import { houseRouteGuards } from './house-routes.js';

/** The published rules of a solo game: limits, edge, and the slots' paytables with their exactly computed return. */
function rulesOf(game: string): Record<string, unknown> {
  const limits = { minBet: HOUSE_BET_LIMITS.min, maxBet: HOUSE_BET_LIMITS.max };
  if (game === 'house-dice') return { game, ...limits, houseEdge: HOUSE_EDGE, chance: DICE_CHANCE_LIMITS, rtp: 1 - HOUSE_EDGE };
  if (game === 'house-mines') return { game, ...limits, houseEdge: HOUSE_EDGE, tiles: 25, mines: MINES_LIMITS, rtp: 1 - HOUSE_EDGE };
  if (game === 'house-plinko') {
    const tables = PLINKO_RISKS.flatMap((risk) => PLINKO_ROWS.map((rows) => ({ risk, rows, multipliers: plinkoMultipliers(rows, risk), rtp: plinkoRtp(rows, risk) })));
    return { game, ...limits, tables };
  }
  // FISH: every kind returns the same RTP by construction (catch chance = RTP / multiplier).
  if (game === FISH_GAME_CODE) {
    return { game, minBet: FISH_BET_LIMITS.min, maxBet: FISH_BET_LIMITS.max, cannonLevels: FISH_CANNON_LEVELS, rtp: FISH_RTP, kinds: FISH_KINDS.map((fish) => ({ ...fish, catchChance: fishCatchChance(fish.multiplier) })) };
  }
  const slot = SLOT_GAMES[game]!;
  const rtp = slotRtp(slot);
  return {
    game,
    ...limits,
    symbols: slot.symbols,
    lines: slot.lines,
    reels: slot.reels,
    freeSpins: slot.freeSpins,
    freeSpinMultiplier: slot.freeSpinMultiplier,
    scattersToTrigger: slot.scattersToTrigger,
    rtp: rtp.total,
    rtpBreakdown: rtp,
  };
}

const rules = new Map<string, Record<string, unknown>>();
const idempotencyHeader = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional();

/**
 * The house vendor's player API (issue 6): provable fairness (seed hash, client seed, rotation, the round history with
 * everything needed to verify) and the solo games. Play needs a real member's session; rules are public.
 */
export function houseApi(options: EdgeOptions): Router {
  const router = express.Router();
  const { clients } = options;
  const { limited, session, play, playerOf } = houseRouteGuards(options);
  /** A retried play names its first attempt by body `requestId` or the Idempotency-Key header. */
  const requestIdOf = (req: Request, body: { requestId?: string }): string | undefined => body.requestId ?? idempotencyHeader.parse(req.headers['idempotency-key']);
  const gameQuery = z.object({ game: houseSoloGameSchema });

  router.get('/wps/house/games/:game/rules', limited, (req, res) => {
    const { game } = gameQuery.parse({ game: req.params.game });
    let found = rules.get(game);
    if (!found) rules.set(game, (found = rulesOf(game)));
    ok(res, found);
  });

  router.get('/wps/house/fairness', limited, session, async (req, res) => {
    const { game } = gameQuery.parse(req.query);
    ok(res, await clients.house.fairnessState({ memberId: req.principal!.memberId, game }));
  });
  router.put('/wps/house/fairness/client-seed', limited, session, jsonBody, async (req, res) => {
    const body = clientSeedBodySchema.parse(req.body);
    ok(res, await clients.house.setClientSeed({ memberId: req.principal!.memberId, ...body }));
  });
  router.post('/wps/house/fairness/rotate', limited, session, jsonBody, async (req, res) => {
    const body = rotateBodySchema.parse(req.body);
    ok(res, await clients.house.rotateSeed({ memberId: req.principal!.memberId, game: body.game }));
  });
  router.get('/wps/house/rounds', limited, session, async (req, res) => {
    const query = roundsQuerySchema.parse(req.query);
    ok(res, await clients.house.listRounds({ ...query, memberId: req.principal!.memberId }));
  });

  router.post('/wps/house/dice/play', ...play, async (req, res) => {
    const body = diceBodySchema.parse(req.body);
    ok(res, await clients.house.playDice({ ...body, requestId: requestIdOf(req, body), player: playerOf(req) }));
  });
  router.post('/wps/house/plinko/play', ...play, async (req, res) => {
    const body = plinkoBodySchema.parse(req.body);
    ok(res, await clients.house.playPlinko({ ...body, requestId: requestIdOf(req, body), player: playerOf(req) }));
  });
  router.post('/wps/house/slots/spin', ...play, async (req, res) => {
    const body = slotBodySchema.parse(req.body);
    ok(res, await clients.house.spinSlot({ ...body, requestId: requestIdOf(req, body), player: playerOf(req) }));
  });
  router.post('/wps/house/mines/start', ...play, async (req, res) => {
    const body = minesStartBodySchema.parse(req.body);
    ok(res, await clients.house.minesStart({ ...body, requestId: requestIdOf(req, body), player: playerOf(req) }));
  });
  router.post('/wps/house/mines/reveal', ...play, async (req, res) => {
    const body = minesRevealBodySchema.parse(req.body);
    ok(res, await clients.house.minesReveal({ ...body, player: playerOf(req) }));
  });
  router.post('/wps/house/mines/cashout', ...play, async (req, res) => {
    const body = minesCashoutBodySchema.parse(req.body);
    ok(res, await clients.house.minesCashout({ ...body, player: playerOf(req) }));
  });
  router.get('/wps/house/mines/active', limited, session, async (req, res) => {
    ok(res, await clients.house.minesActive({ memberId: req.principal!.memberId }));
  });
  // FISH: a shot per click; the per-member budget lets a fast clicker through, not a script.
  const fishRate: RequestHandler = async (req, _res, next) => {
    const limit = await checkRateLimit(options.cache, { name: 'house:fish', limit: FISH_MAX_SHOTS_PER_SECOND * 2, windowMs: 1_000 }, req.principal!.memberId);
    next(limit.allowed ? undefined : new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: limit.retryAfterSeconds } }));
  };
  router.post('/wps/house/fish/shoot', ...play, fishRate, async (req, res) => {
    const body = fishShotBodySchema.parse(req.body);
    ok(res, await clients.house.fishShoot({ ...body, requestId: requestIdOf(req, body), player: playerOf(req) }));
  });
  return router;
}
